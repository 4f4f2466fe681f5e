import { Button, DatePicker, Descriptions, Modal, Select, Tag, Tooltip } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import {
  type CommandSpec,
  type ControlStation,
  PUMP_COMMAND_STATES,
  type PumpCommand,
  type PumpCommandState,
  pumpCommandListQuerySchema,
} from '@water/contracts';
import { useMemo, useState } from 'react';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { type ListColumn, ListView } from '../../../shared/ui/list-page.tsx';
import { StackedCell } from '../../../shared/ui/stacked-cell.tsx';
import { useListFilters } from '../../../shared/ui/use-list-filters.ts';
import { COMMAND_STATE_COLORS, nameOf, paramsText } from './control-format.ts';
import { pumpControlQueries } from './pump-control-queries.ts';
import type { PumpControlI18n } from './use-pump-control-i18n.ts';

/** The history's filters as the address keeps them (beside the page's station). */
export const HISTORY_QUERY = pumpCommandListQuerySchema.pick({
  page: true,
  pageSize: true,
  state: true,
  command: true,
  from: true,
  to: true,
});

/** Every command the station's pumps declare, once each: the command filter's options and parameter names. */
export function stationCommands(station: ControlStation): CommandSpec[] {
  const seen = new Map<string, CommandSpec>();
  for (const pump of station.pumps) for (const spec of pump.commands) if (!seen.has(spec.key)) seen.set(spec.key, spec);
  return [...seen.values()];
}

/** The station's command history, newest first: every attempt (sent, blocked, refused, expired), filtered and paged. */
export function CommandHistory({ station, i18n }: { station: ControlStation; i18n: PumpControlI18n }) {
  const { t, locale } = i18n;
  const list = useListFilters(HISTORY_QUERY);
  const { page, pageSize, state, command, from, to } = list.filters;
  const stationId = station.station.id;
  const query = useMemo(
    () => ({ stationId, page, pageSize, state, command, from, to }),
    [stationId, page, pageSize, state, command, from, to],
  );
  const history = useQuery(pumpControlQueries.list(query, locale));
  const [detail, setDetail] = useState<PumpCommand | null>(null);
  const specs = stationCommands(station);
  const specOf = (key: string) => specs.find((s) => s.key === key);
  const person = (p: PumpCommand['requestedBy']) => p?.name ?? t('pumpControl.detail.none');

  const columns: ListColumn<PumpCommand>[] = [
    {
      key: 'requestedAt',
      title: t('pumpControl.history.col.time'),
      dataIndex: 'requestedAt',
      width: 170,
      choice: 'always',
      render: (_, c) => formatDateTime(c.requestedAt, locale, { seconds: true }),
    },
    {
      key: 'pump',
      title: t('pumpControl.history.col.pump'),
      dataIndex: 'pumpNumber',
      width: 120,
      render: (_, c) => t('pumpControl.pump.title', { number: c.pumpNumber, name: c.pumpName }),
    },
    {
      key: 'command',
      title: t('pumpControl.history.col.command'),
      dataIndex: 'command',
      width: 200,
      choice: 'always',
      render: (_, c) => <StackedCell primary={c.commandName} secondary={paramsText(c, specOf(c.command), locale)} />,
    },
    {
      key: 'reason',
      title: t('pumpControl.history.col.reason'),
      dataIndex: 'reason',
      width: 200,
      ellipsis: true,
      render: (_, c) => (
        <Tooltip content={c.reason} mini>
          <span>{c.reason}</span>
        </Tooltip>
      ),
    },
    {
      key: 'requester',
      title: t('pumpControl.history.col.requester'),
      dataIndex: 'requestedBy',
      width: 110,
      render: (_, c) => person(c.requestedBy),
    },
    {
      key: 'approver',
      title: t('pumpControl.history.col.approver'),
      dataIndex: 'approvedBy',
      width: 110,
      render: (_, c) => (c.approvalRequired ? person(c.approvedBy) : t('pumpControl.detail.none')),
    },
    {
      key: 'state',
      title: t('pumpControl.history.col.state'),
      dataIndex: 'state',
      width: 190,
      choice: 'always',
      render: (_, c) => (
        <span className="pump-control-history__state">
          <Tag size="small" color={COMMAND_STATE_COLORS[c.state]}>
            {t(`pumpControl.state.${c.state}`)}
          </Tag>
          {c.detail ? <span className="pump-control-history__detail">{c.detail}</span> : null}
        </span>
      ),
    },
    {
      key: 'actions',
      title: t('pumpControl.history.col.actions'),
      dataIndex: 'id',
      width: 80,
      fixed: 'right',
      choice: 'always',
      render: (_, c) => (
        <Button
          type="text"
          size="small"
          aria-label={t('pumpControl.history.detailLabel', { id: c.id })}
          onClick={() => setDetail(c)}
        >
          {t('pumpControl.history.detail')}
        </Button>
      ),
    },
  ];

  const filters = (
    <>
      <Select
        className="list-page__select"
        aria-label={t('pumpControl.history.state')}
        placeholder={t('pumpControl.history.allStates')}
        allowClear
        value={state}
        onChange={(value: PumpCommandState | undefined) => list.set({ state: value })}
        options={PUMP_COMMAND_STATES.map((s) => ({ value: s, label: t(`pumpControl.state.${s}`) }))}
      />
      <Select
        className="list-page__select"
        aria-label={t('pumpControl.history.command')}
        placeholder={t('pumpControl.history.allCommands')}
        allowClear
        value={command}
        onChange={(value: string | undefined) => list.set({ command: value })}
        options={specs.map((s) => ({ value: s.key, label: nameOf(s, locale) }))}
      />
      <DatePicker.RangePicker
        className="pump-control-history__dates"
        aria-label={t('pumpControl.history.time')}
        showTime={{ format: 'HH:mm' }}
        format="YYYY-MM-DD HH:mm"
        allowClear
        value={from && to ? [new Date(from), new Date(to)] : []}
        onChange={(_: string[], dates?: { toISOString: () => string }[]) =>
          list.set({ from: dates?.[0]?.toISOString(), to: dates?.[1]?.toISOString() })
        }
      />
    </>
  );

  return (
    <>
      <ListView<PumpCommand>
        filters={filters}
        list={list}
        query={history}
        columns={columns}
        columnsId="pump-control-history"
        rowKey="id"
        emptyText={t('pumpControl.history.empty')}
        totalText={(total) => t('pumpControl.history.total', { total })}
      />
      {detail ? (
        <CommandDetail command={detail} spec={specOf(detail.command)} i18n={i18n} onClose={() => setDetail(null)} />
      ) : null}
    </>
  );
}

/** One command whole: who asked, why, who approved, each step's time and what the device said. */
export function CommandDetail({
  command: c,
  spec,
  i18n,
  onClose,
}: {
  command: PumpCommand;
  spec: CommandSpec | undefined;
  i18n: PumpControlI18n;
  onClose: () => void;
}) {
  const { t, locale } = i18n;
  const none = t('pumpControl.detail.none');
  const time = (v: string | null) => (v ? formatDateTime(v, locale, { seconds: true }) : none);
  const rows: { label: string; value: React.ReactNode }[] = [
    {
      label: t('pumpControl.history.col.state'),
      value: (
        <Tag size="small" color={COMMAND_STATE_COLORS[c.state]}>
          {t(`pumpControl.state.${c.state}`)}
        </Tag>
      ),
    },
    { label: t('pumpControl.detail.station'), value: c.stationName },
    {
      label: t('pumpControl.history.col.pump'),
      value: t('pumpControl.pump.title', { number: c.pumpNumber, name: c.pumpName }),
    },
    { label: t('pumpControl.detail.device'), value: c.deviceCode || none },
    { label: t('pumpControl.history.col.command'), value: c.commandName },
    { label: t('pumpControl.detail.params'), value: paramsText(c, spec, locale) || none },
    { label: t('pumpControl.detail.reason'), value: c.reason },
    {
      label: t('pumpControl.detail.requested'),
      value: `${c.requestedBy?.name ?? t('pumpControl.history.system')} · ${time(c.requestedAt)}`,
    },
    ...(c.approvalRequired
      ? [
          { label: t('pumpControl.detail.approvalDeadline'), value: time(c.approvalDeadline) },
          {
            label: t('pumpControl.detail.approval'),
            value: c.approvedBy ? `${c.approvedBy.name} · ${time(c.approvedAt)}` : none,
          },
        ]
      : []),
    { label: t('pumpControl.detail.sent'), value: time(c.sentAt) },
    { label: t('pumpControl.detail.acknowledged'), value: time(c.acknowledgedAt) },
    { label: t('pumpControl.detail.finished'), value: time(c.finishedAt) },
    ...(c.expiresAt ? [{ label: t('pumpControl.detail.expires'), value: time(c.expiresAt) }] : []),
    ...(c.detail ? [{ label: t('pumpControl.detail.why'), value: c.detail }] : []),
    ...(c.result && Object.keys(c.result).length
      ? [{ label: t('pumpControl.detail.result'), value: <code>{JSON.stringify(c.result)}</code> }]
      : []),
    ...(c.batchId ? [{ label: t('pumpControl.detail.batch'), value: <code>{c.batchId}</code> }] : []),
  ];
  return (
    <Modal
      visible
      title={t('pumpControl.history.detailTitle', { id: c.id })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('pumpControl.detail.close')}</Button>}
    >
      <Descriptions column={1} size="small" data={rows} labelStyle={{ width: 110 }} />
    </Modal>
  );
}
