import { Badge, Tag, Tooltip } from '@arco-design/web-react';
import type { Camera, CameraStatus } from '@water/contracts';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import type { ListColumn } from '../../../shared/ui/list-page.tsx';
import { ConfirmAction, RowAction, RowActions } from '../../../shared/ui/row-actions.tsx';
import { StackedCell } from '../../../shared/ui/stacked-cell.tsx';
import type { RegistryI18n } from './use-registry-i18n.ts';

export interface CameraActions {
  onWatch: (camera: Camera) => void;
  onEdit: (camera: Camera) => void;
  onEnabled: (camera: Camera, enabled: boolean) => Promise<unknown> | undefined;
  onShare: (camera: Camera) => void;
  onDelete: (camera: Camera) => Promise<unknown> | undefined;
}

const shortFormats = new Map<string, Intl.DateTimeFormat>();

/** Month, day and time: when the state was found, short enough for the cell. */
function shortTime(value: string, locale: string): string {
  let format = shortFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    });
    shortFormats.set(locale, format);
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : format.format(date);
}

const STATUS_BADGE: Record<CameraStatus, 'success' | 'error' | 'default'> = {
  online: 'success',
  offline: 'error',
  unknown: 'default',
};

/** Where the camera is: its station, site or (for an underpass) region, and which of these it is. */
export function placeOf(camera: Camera, { t }: RegistryI18n): { name: string; kind: string } {
  if (camera.stationId !== null) return { name: camera.stationName, kind: t('cam.place.station') };
  if (camera.siteId !== null) return { name: camera.siteName, kind: t('cam.place.site') };
  return { name: camera.regionName, kind: t('cam.place.region') };
}

/** The registry's columns, within 1366 px: the location under the name, the kind of place under the place. */
export function cameraColumns({
  i18n,
  writer,
  sharer,
  actions,
}: {
  i18n: RegistryI18n;
  writer: boolean;
  sharer: boolean;
  actions: CameraActions;
}): ListColumn<Camera>[] {
  const { t, locale } = i18n;
  return [
    { key: 'code', choice: 'always', title: t('cam.col.code'), dataIndex: 'code', width: 120, ellipsis: true },
    {
      key: 'name',
      choice: 'always',
      title: t('cam.col.name'),
      dataIndex: 'name',
      width: 170,
      render: (_, camera) => <StackedCell primary={camera.name} secondary={camera.location} strong />,
    },
    {
      key: 'place',
      title: t('cam.col.place'),
      dataIndex: 'stationName',
      width: 130,
      render: (_, camera) => {
        const place = placeOf(camera, i18n);
        return <StackedCell primary={place.name || '—'} secondary={place.kind} />;
      },
    },
    {
      key: 'kind',
      title: t('cam.col.kind'),
      dataIndex: 'sourceKind',
      width: 110,
      render: (_, camera) => (
        <Tag size="small" color="arcoblue">
          {t(`cam.kind.${camera.sourceKind}`)}
        </Tag>
      ),
    },
    {
      key: 'ptz',
      // Offered in the column chooser: the default set fits a 1366 px screen.
      choice: 'hidden',
      title: t('cam.col.ptz'),
      dataIndex: 'ptz',
      width: 70,
      render: (_, camera) => (camera.ptz ? t('cam.ptz.yes') : <span className="cam-muted">{t('cam.ptz.no')}</span>),
    },
    {
      key: 'status',
      choice: 'always',
      title: t('cam.col.status'),
      dataIndex: 'status',
      width: 120,
      render: (_, camera) => {
        const checked = camera.statusCheckedAt
          ? t('cam.status.checked', { time: formatDateTime(camera.statusCheckedAt, locale) })
          : t('cam.status.never');
        // Why the last check failed (or what answered) and when, on hover; the time of day under the state.
        const tip = camera.statusDetail ? `${camera.statusDetail} · ${checked}` : checked;
        return (
          <Tooltip content={tip}>
            <span className="cam-status">
              <StackedCell
                primary={<Badge status={STATUS_BADGE[camera.status]} text={t(`cam.status.${camera.status}`)} />}
                secondary={camera.statusCheckedAt ? shortTime(camera.statusCheckedAt, locale) : undefined}
                secondaryTitle=""
              />
            </span>
          </Tooltip>
        );
      },
    },
    {
      key: 'enabled',
      title: t('cam.col.enabled'),
      dataIndex: 'enabled',
      width: 70,
      render: (_, camera) => (
        <Tag size="small" color={camera.enabled ? 'green' : 'gray'}>
          {t(camera.enabled ? 'cam.enabled' : 'cam.disabled')}
        </Tag>
      ),
    },
    {
      key: 'actions',
      choice: 'always',
      title: t('cam.col.actions'),
      dataIndex: 'id',
      // Five short words in Chinese, longer ones in English.
      width: (writer ? (sharer ? 250 : 200) : sharer ? 120 : 80) + (locale === 'en-US' ? (writer ? 40 : 20) : 0),
      fixed: 'right',
      render: (_, camera) => (
        <RowActions>
          <RowAction
            text={t('cam.watch')}
            label={t('cam.watchLabel', { name: camera.name })}
            disabled={!camera.enabled}
            onClick={() => actions.onWatch(camera)}
          />
          {writer ? (
            <RowAction
              text={t('cam.edit')}
              label={t('cam.editLabel', { name: camera.name })}
              onClick={() => actions.onEdit(camera)}
            />
          ) : null}
          {writer ? (
            camera.enabled ? (
              <ConfirmAction
                text={t('cam.disable')}
                label={t('cam.disableLabel', { name: camera.name })}
                question={t('cam.disableQuestion', { name: camera.name })}
                hint={t('cam.disableHint')}
                onConfirm={() => actions.onEnabled(camera, false)}
              />
            ) : (
              <ConfirmAction
                text={t('cam.enable')}
                label={t('cam.enableLabel', { name: camera.name })}
                question={t('cam.enableQuestion', { name: camera.name })}
                onConfirm={() => actions.onEnabled(camera, true)}
              />
            )
          ) : null}
          {sharer ? (
            <RowAction
              text={t('cam.share')}
              label={t('cam.shareLabel', { name: camera.name })}
              onClick={() => actions.onShare(camera)}
            />
          ) : null}
          {writer ? (
            <ConfirmAction
              danger
              text={t('cam.delete')}
              label={t('cam.deleteLabel', { name: camera.name })}
              question={t('cam.deleteQuestion', { name: camera.name })}
              hint={t('cam.deleteHint')}
              onConfirm={() => actions.onDelete(camera)}
            />
          ) : null}
        </RowActions>
      ),
    },
  ];
}
