import { Button, Empty, Skeleton, Timeline } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AttachmentList } from '../../../shared/ui/attachment-list.tsx';
import { Permission, useButtonPermission } from '../../../shared/ui/permission.tsx';
import { deviceArchiveQueries, downloadArchiveFile } from '../api/device-archive-queries.ts';
import { useDeviceArchivesI18n } from '../use-device-archives-i18n.ts';
import { type ArchiveDrawerTarget, ArchiveEntryDrawer } from './archive-entry-drawer.tsx';
import { ARCHIVE_WRITE, asAttachmentItems, KindTag, kindColor, LoadFailed } from './archive-labels.tsx';
import '../device-archives.css';

/** The most entries one timeline shows; a longer life is read on the archives page. */
const TIMELINE_MAX = 200;

/**
 * One device's archive, newest first, with its files; holders of the device write permission add
 * and edit entries here. Made to sit on a device's detail page: `<DeviceArchiveTimeline deviceId={n} />`.
 */
export function DeviceArchiveTimeline({ deviceId }: { deviceId: number }) {
  const i18n = useDeviceArchivesI18n();
  const { t, locale } = i18n;
  const writer = useButtonPermission(ARCHIVE_WRITE);
  const [drawer, setDrawer] = useState<ArchiveDrawerTarget>(null);
  const entries = useQuery(deviceArchiveQueries.list({ deviceId, page: 1, pageSize: TIMELINE_MAX }, locale));
  const list = entries.data?.list ?? [];
  // An archived device's record is closed: the server refuses writes, so the buttons go.
  const open = !list.some((e) => e.deviceArchived);

  let body: React.ReactNode;
  if (entries.isError && !entries.data) {
    body = <LoadFailed error={entries.error} onRetry={() => entries.refetch()} t={t} />;
  } else if (entries.isPending) {
    body = <Skeleton animation text={{ rows: 5 }} className="device-archives-skeleton" />;
  } else if (list.length === 0) {
    body = <Empty description={t('deviceArchives.timeline.empty')} />;
  } else {
    body = (
      <>
        <Timeline className="device-archives-timeline">
          {list.map((entry) => (
            <Timeline.Item key={entry.id} label={entry.date} dotColor={`rgb(var(--${kindColor(entry.kind)}-6))`}>
              <div className="device-archives-timeline__head">
                <KindTag kind={entry.kind} t={t} />
                <span className="device-archives-timeline__by">{entry.performedBy}</span>
                {writer && open ? (
                  <Button
                    type="text"
                    size="mini"
                    aria-label={t('deviceArchives.actionLabel', {
                      action: t('deviceArchives.action.edit'),
                      name: `${entry.deviceCode} ${entry.date}`,
                    })}
                    onClick={() => setDrawer({ entry })}
                  >
                    {t('deviceArchives.action.edit')}
                  </Button>
                ) : null}
              </div>
              {entry.description ? <p className="device-archives-timeline__text">{entry.description}</p> : null}
              {entry.nextDue ? (
                <p className="device-archives-muted">{t('deviceArchives.timeline.nextDue', { date: entry.nextDue })}</p>
              ) : null}
              <AttachmentList
                items={asAttachmentItems(entry.attachments)}
                onDownload={(file) => downloadArchiveFile(entry.id, file, locale)}
              />
            </Timeline.Item>
          ))}
        </Timeline>
        {(entries.data?.total ?? 0) > list.length ? (
          <p className="device-archives-muted">{t('deviceArchives.timeline.more', { n: list.length })}</p>
        ) : null}
      </>
    );
  }

  return (
    <section className="device-archives-timeline-card" aria-label={t('deviceArchives.timeline.title')}>
      <header className="device-archives-timeline-card__header">
        <h3>{t('deviceArchives.timeline.title')}</h3>
        {open ? (
          <Permission permissions={ARCHIVE_WRITE}>
            <Button size="small" type="primary" icon={<IconPlus />} onClick={() => setDrawer({ entry: null })}>
              {t('deviceArchives.create')}
            </Button>
          </Permission>
        ) : null}
      </header>
      {body}
      <ArchiveEntryDrawer target={drawer} deviceId={deviceId} onClose={() => setDrawer(null)} />
    </section>
  );
}
