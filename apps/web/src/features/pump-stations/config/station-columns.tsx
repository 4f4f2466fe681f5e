import { Tag } from '@arco-design/web-react';
import type { PumpStation } from '@water/contracts';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import type { ListColumn } from '../../../shared/ui/list-page.tsx';
import { ConfirmAction, RowAction, RowActions } from '../../../shared/ui/row-actions.tsx';
import type { SortOrder } from '../../../shared/ui/use-list-filters.ts';
import type { StationConfigI18n } from './use-station-config-i18n.ts';

export interface StationRowActions {
  onEdit: (row: PumpStation) => void;
  onDelete: (row: PumpStation) => Promise<unknown>;
}

const KIND_COLORS = { rainwater: 'arcoblue', sewage: 'orangered', combined: 'purple', booster: 'cyan' } as const;

/**
 * The configuration list's columns. At 1366×768 the default set (code, name, kind, region, pumps,
 * capacity, responsible person, actions: 940 px) fits the 1025 px the layout leaves a list, in both
 * languages; the level set-points, address, device count and update time wait in the column chooser.
 */
export function stationColumns({
  i18n,
  sortOrder,
  writer,
  actions,
}: {
  i18n: StationConfigI18n;
  sortOrder: (field: string) => SortOrder;
  writer: boolean;
  actions: StationRowActions;
}): ListColumn<PumpStation>[] {
  const { t, locale } = i18n;
  const none = <span className="list-page__muted">{t('stationConfig.none')}</span>;
  const sortable = (field: string) => ({ sorter: true, sortOrder: sortOrder(field) });
  const ellipsis = (text: string) =>
    text ? (
      <span className="list-page__ellipsis" title={text}>
        {text}
      </span>
    ) : (
      none
    );

  return [
    {
      key: 'code',
      choice: 'always',
      title: t('stationConfig.col.code'),
      dataIndex: 'code',
      width: 110,
      ...sortable('code'),
      render: (_, row) => <code className="list-page__ellipsis">{row.code}</code>,
    },
    {
      key: 'name',
      choice: 'always',
      title: t('stationConfig.col.name'),
      dataIndex: 'name',
      width: 160,
      ...sortable('name'),
      render: (_, row) => ellipsis(row.name),
    },
    {
      key: 'kind',
      title: t('stationConfig.col.kind'),
      dataIndex: 'kind',
      width: 110,
      render: (_, row) => (
        <Tag size="small" color={KIND_COLORS[row.kind]} bordered>
          {t(`stationConfig.kind.${row.kind}`)}
        </Tag>
      ),
    },
    {
      key: 'region',
      title: t('stationConfig.col.region'),
      dataIndex: 'regionName',
      width: 130,
      render: (_, row) => ellipsis(row.regionName),
    },
    {
      key: 'pumps',
      title: t('stationConfig.col.pumps'),
      dataIndex: 'pumpCount',
      width: 70,
      align: 'right',
      render: (_, row) => t('stationConfig.pumps', { n: row.pumpCount }),
    },
    {
      key: 'capacity',
      title: t('stationConfig.col.capacity'),
      dataIndex: 'designCapacity',
      width: 130,
      align: 'right',
      ...sortable('designCapacity'),
      render: (_, row) => (row.designCapacity === null ? none : row.designCapacity.toLocaleString(locale)),
    },
    {
      key: 'setPoints',
      choice: 'hidden',
      title: t('stationConfig.col.setPoints'),
      width: 200,
      render: (_, row) => {
        const m = (v: number | null) => (v === null ? '—' : v.toLocaleString(locale));
        if (row.highAlarmLevel === null && row.lowAlarmLevel === null && row.protectionLevel === null) return none;
        return (
          <span className="list-page__nowrap">
            {t('stationConfig.setPointsCell', {
              high: m(row.highAlarmLevel),
              low: m(row.lowAlarmLevel),
              protection: m(row.protectionLevel),
            })}
          </span>
        );
      },
    },
    {
      key: 'responsible',
      title: t('stationConfig.col.responsible'),
      dataIndex: 'responsibleUserName',
      width: 100,
      render: (_, row) => ellipsis(row.responsibleUserName),
    },
    {
      key: 'address',
      choice: 'hidden',
      title: t('stationConfig.col.address'),
      dataIndex: 'address',
      width: 180,
      render: (_, row) => ellipsis(row.address),
    },
    {
      key: 'devices',
      choice: 'hidden',
      title: t('stationConfig.col.devices'),
      dataIndex: 'deviceCount',
      width: 80,
      align: 'right',
    },
    {
      key: 'updatedAt',
      choice: 'hidden',
      title: t('stationConfig.col.updatedAt'),
      dataIndex: 'updatedAt',
      width: 150,
      ...sortable('updatedAt'),
      render: (_, row) => <span className="list-page__nowrap">{formatDateTime(row.updatedAt, locale)}</span>,
    },
    ...(writer
      ? [
          {
            key: 'actions',
            choice: 'always' as const,
            title: t('stationConfig.col.actions'),
            fixed: 'right' as const,
            width: 130,
            render: (_: unknown, row: PumpStation) => <StationRowButtons row={row} i18n={i18n} actions={actions} />,
          },
        ]
      : []),
  ];
}

function StationRowButtons({
  row,
  i18n,
  actions,
}: {
  row: PumpStation;
  i18n: StationConfigI18n;
  actions: StationRowActions;
}) {
  const { t } = i18n;
  const edit = t('stationConfig.action.edit');
  const remove = t('stationConfig.action.delete');
  return (
    <RowActions>
      <RowAction
        text={edit}
        label={t('stationConfig.actionLabel', { action: edit, name: row.name })}
        onClick={() => actions.onEdit(row)}
      />
      <ConfirmAction
        danger
        text={remove}
        label={t('stationConfig.actionLabel', { action: remove, name: row.name })}
        question={t('stationConfig.confirm.delete', { name: row.name })}
        hint={t('stationConfig.confirm.deleteHint')}
        onConfirm={() => actions.onDelete(row)}
      />
    </RowActions>
  );
}
