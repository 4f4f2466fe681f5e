import { Button, Drawer, Spin } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { dialogAttributes } from '../../../shared/ui/dialog-attributes.ts';
import { LoadFailedResult } from '../../../shared/ui/list-scaffold.tsx';
import { noticeQueries } from '../api/notice-queries.ts';
import { useMessagingI18n } from '../use-messaging-i18n.ts';
import { NoticeDetails } from './notice-details.tsx';

/** Reads one notice from the server, so what is shown is what was stored. */
export function NoticePreviewDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const i18n = useMessagingI18n();
  const { t, locale } = i18n;
  const notice = useQuery({ ...noticeQueries.detail(id ?? 0, locale), enabled: id !== null });

  const drawerTitle = t('messaging.notices.drawer.preview');
  return (
    <Drawer
      width={720}
      visible={id !== null}
      title={drawerTitle}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('messaging.notices.close')}</Button>}
      unmountOnExit
      // Arco's drawer gives itself no role; its wrapper takes extra attributes.
      {...dialogAttributes(drawerTitle)}
    >
      {notice.data ? (
        <NoticeDetails notice={notice.data} i18n={i18n} />
      ) : notice.isError ? (
        <LoadFailedResult
          error={notice.error}
          onRetry={() => notice.refetch()}
          title={t('messaging.notices.loadFailed')}
          requestFailed={t('messaging.notices.requestFailed')}
          retryLabel={t('messaging.notices.retry')}
        />
      ) : (
        <Spin className="notice-drawer-loading" />
      )}
    </Drawer>
  );
}
