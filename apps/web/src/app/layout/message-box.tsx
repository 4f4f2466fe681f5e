import { Badge, Button, Empty, Popover, Skeleton, Spin, Tabs, Tag } from '@arco-design/web-react';
import { IconLeft, IconNotification } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { MESSAGE_TYPES, type Message, type MessageType, type UnreadCounts } from '@water/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type MessageBoxKey, useMessageBoxI18n } from './message-box-locale.ts';
import './message-box.css';
import {
  messageQueries,
  useLiveUnread,
  useReadAllMessages,
  useReadMessage,
} from '../../shared/messages/message-queries.ts';

const LEVELS: Record<0 | 1 | 3, { key: MessageBoxKey; color: string }> = {
  0: { key: 'messageBox.level.0', color: 'arcoblue' },
  1: { key: 'messageBox.level.1', color: 'orange' },
  3: { key: 'messageBox.level.3', color: 'red' },
};

function LevelTag({ level }: { level: Message['messageType'] }) {
  const { t } = useMessageBoxI18n();
  if (level === undefined) return null;
  const { key, color } = LEVELS[level];
  return (
    <Tag size="small" color={color} className="message-box__tag">
      {t(key)}
    </Tag>
  );
}

function useTime() {
  const { locale } = useMessageBoxI18n();
  return (iso: string) =>
    new Date(iso).toLocaleString(locale, { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
}

function MessageDetail({ message, onBack }: { message: Message; onBack: () => void }) {
  const { t } = useMessageBoxI18n();
  const time = useTime();
  return (
    <article className="message-box__detail" aria-label={message.title}>
      <Button type="text" size="small" icon={<IconLeft />} onClick={onBack}>
        {t('messageBox.back')}
      </Button>
      <h3 className="message-box__detail-title">
        {message.title} <LevelTag level={message.messageType} />
      </h3>
      <div className="message-box__meta">
        {message.subTitle ? <span>{message.subTitle}</span> : null}
        <time dateTime={message.time}>{time(message.time)}</time>
      </div>
      <p className="message-box__detail-content">{message.content || t('messageBox.noContent')}</p>
    </article>
  );
}

function MessageList({ type, onOpen }: { type: MessageType; onOpen: (message: Message) => void }) {
  const { t } = useMessageBoxI18n();
  const time = useTime();
  const list = useQuery(messageQueries.list(type));
  if (list.isPending) return <Skeleton animation text={{ rows: 4 }} className="message-box__skeleton" />;
  if (list.isError) {
    return (
      <Empty
        description={
          <>
            {t('messageBox.loadFailed')}{' '}
            <Button type="text" size="mini" onClick={() => void list.refetch()}>
              {t('messageBox.retry')}
            </Button>
          </>
        }
      />
    );
  }
  if (list.data.length === 0) return <Empty description={t(`messageBox.empty.${type}`)} />;
  return (
    <ul className="message-box__list" aria-label={t(`messageBox.tab.${type}`)}>
      {list.data.map((message) => (
        <li key={message.id}>
          <button
            type="button"
            className={`message-box__item${message.status === 1 ? ' message-box__item--read' : ''}`}
            onClick={() => onOpen(message)}
          >
            <span className="message-box__item-head">
              {message.status === 0 ? (
                <Badge status="processing" className="message-box__dot" />
              ) : (
                <span className="message-box__dot-space" />
              )}
              <span className="message-box__item-title">{message.title}</span>
              <LevelTag level={message.messageType} />
              {message.status === 0 ? <span className="sr-only">{t('messageBox.unread')}</span> : null}
            </span>
            {message.content ? <span className="message-box__item-content">{message.content}</span> : null}
            <span className="message-box__meta">
              {message.subTitle ? <span>{message.subTitle}</span> : null}
              <time dateTime={message.time}>{time(message.time)}</time>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The first type, in tab order, with unread messages; the first tab when none has any. */
export function firstWithUnread(unread: UnreadCounts | undefined): MessageType {
  return MESSAGE_TYPES.find((key) => (unread?.[key] ?? 0) > 0) ?? MESSAGE_TYPES[0];
}

/** The message box of spec §3: one tab per type with its unread count, read on click, mark all read. */
export function MessageBox({ unread, onNavigate }: { unread: UnreadCounts | undefined; onNavigate: () => void }) {
  const { t } = useMessageBoxI18n();
  const navigate = useNavigate();
  // Opens where the unread items are (a notice waiting under 通知 while 消息 is empty), else on the first tab.
  const [type, setType] = useState<MessageType>(() => firstWithUnread(unread));
  const [open, setOpen] = useState<Message | null>(null);
  const read = useReadMessage();
  const readAll = useReadAllMessages();

  const onOpen = (message: Message) => {
    if (message.status === 0) read.mutate(message);
    if (message.link) {
      onNavigate();
      navigate(message.link);
      return;
    }
    setOpen({ ...message, status: 1 });
  };

  if (open) {
    return (
      <div className="message-box">
        <MessageDetail message={open} onBack={() => setOpen(null)} />
      </div>
    );
  }

  return (
    <div className="message-box">
      <Tabs activeTab={type} onChange={(key) => setType(key as MessageType)} size="small" justify>
        {MESSAGE_TYPES.map((key) => (
          <Tabs.TabPane
            key={key}
            title={unread?.[key] ? `${t(`messageBox.tab.${key}`)} (${unread[key]})` : t(`messageBox.tab.${key}`)}
          >
            <div className="message-box__body">
              <MessageList type={key} onOpen={onOpen} />
            </div>
          </Tabs.TabPane>
        ))}
      </Tabs>
      <div className="message-box__footer">
        <Button
          type="text"
          size="small"
          disabled={!unread?.[type]}
          loading={readAll.isPending}
          onClick={() => readAll.mutate(type)}
        >
          {t('messageBox.readAll')}
        </Button>
      </div>
    </div>
  );
}

/** The navbar bell: the unread total, live, and the message box on click. */
export function MessageBell() {
  const { t, tApp } = useMessageBoxI18n();
  const [visible, setVisible] = useState(false);
  const unread = useLiveUnread(true);
  const total = unread?.total ?? 0;
  const label = total ? t('navbar.alerts.unread', { count: total }) : tApp('navbar.alerts');
  return (
    <Popover
      position="br"
      trigger="click"
      popupVisible={visible}
      onVisibleChange={setVisible}
      className="message-box__popover"
      // Arco's Popover caps its popup at 350 px; the box is 380 px (tags and long titles fit).
      style={{ maxWidth: 'none' }}
      unmountOnExit
      content={visible ? <MessageBox unread={unread} onNavigate={() => setVisible(false)} /> : <Spin />}
    >
      <Badge count={total} maxCount={99} offset={[-2, 2]}>
        <Button shape="circle" type="secondary" aria-label={label} icon={<IconNotification />} />
      </Badge>
    </Popover>
  );
}
