import type { Locale } from '@water/contracts/common/locale';
import { useMemo } from 'react';
import { useI18n } from '../../shared/i18n/i18n-provider.tsx';
import { format } from '../../shared/i18n/messages.ts';

/**
 * The message box's texts. They load with the console shell, not with the entry's dictionaries: the
 * sign-in screen never shows them, and it has a 250 KB budget.
 */
const zhCN = {
  'navbar.alerts.unread': '消息通知，{count} 条未读',
  'messageBox.tab.message': '消息',
  'messageBox.tab.notice': '通知',
  'messageBox.tab.todo': '待办',
  'messageBox.empty.message': '暂无消息',
  'messageBox.empty.notice': '暂无通知',
  'messageBox.empty.todo': '暂无待办',
  'messageBox.level.0': '普通',
  'messageBox.level.1': '重要',
  'messageBox.level.3': '紧急',
  'messageBox.readAll': '全部已读',
  'messageBox.back': '返回列表',
  'messageBox.unread': '未读',
  'messageBox.noContent': '（无正文）',
  'messageBox.loadFailed': '消息加载失败',
  'messageBox.retry': '重试',
} as const;

const enUS = {
  'navbar.alerts.unread': 'Notifications, {count} unread',
  'messageBox.tab.message': 'Message',
  'messageBox.tab.notice': 'Notice',
  'messageBox.tab.todo': 'To-do',
  'messageBox.empty.message': 'No messages',
  'messageBox.empty.notice': 'No notices',
  'messageBox.empty.todo': 'No to-dos',
  'messageBox.level.0': 'Normal',
  'messageBox.level.1': 'Important',
  'messageBox.level.3': 'Urgent',
  'messageBox.readAll': 'Mark all read',
  'messageBox.back': 'Back to the list',
  'messageBox.unread': 'Unread',
  'messageBox.noContent': '(no text)',
  'messageBox.loadFailed': 'The messages failed to load',
  'messageBox.retry': 'Retry',
} as const satisfies Record<keyof typeof zhCN, string>;

export type MessageBoxKey = keyof typeof zhCN;
export const messageBoxDictionaries: Record<Locale, Record<MessageBoxKey, string>> = { 'zh-CN': zhCN, 'en-US': enUS };

/** The message box's translator, in the console's language. */
export function useMessageBoxI18n() {
  const { locale, t: tApp } = useI18n();
  return useMemo(() => {
    const dictionary = messageBoxDictionaries[locale];
    return {
      locale,
      tApp,
      t: (key: MessageBoxKey, values?: Record<string, string | number>) => format(dictionary[key], values),
    };
  }, [locale, tApp]);
}
