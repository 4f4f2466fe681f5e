import { Tag } from '@arco-design/web-react';
import type { SystemAdminI18n, SystemAdminMessageKey } from '../use-system-admin-i18n.ts';

type T = SystemAdminI18n['t'];

const MODULES = new Set([
  'account',
  'auth',
  'content',
  'devices',
  'logs',
  'menus',
  'messages',
  'notices',
  'organization',
  'roles',
  'system',
  'users',
  'workplace',
]);
const ACTIONS = new Set(['create', 'update', 'delete', 'logout', 'retention']);
const REASONS = new Set(['bad_credentials', 'locked', 'disabled', 'captcha_missing', 'captcha_wrong', 'no_role']);

/** A module the server audits, in words; one added later reads as its code until it has a text. */
export function moduleText(module: string, t: T): string {
  return MODULES.has(module) ? t(`sys.log.module.${module}` as SystemAdminMessageKey) : module;
}

export function actionText(action: string, t: T): string {
  return ACTIONS.has(action) ? t(`sys.log.action.${action}` as SystemAdminMessageKey) : action;
}

/** Why a sign-in failed; an unknown reason is shown as the server wrote it. */
export function reasonText(reason: string, t: T): string {
  return REASONS.has(reason) ? t(`sys.log.reason.${reason}` as SystemAdminMessageKey) : reason;
}

export function ResultTag({ success, t }: { success: boolean; t: T }) {
  return (
    <Tag size="small" color={success ? 'green' : 'red'}>
      {t(success ? 'sys.log.result.success' : 'sys.log.result.failure')}
    </Tag>
  );
}
