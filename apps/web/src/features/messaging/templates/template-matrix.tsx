import { Badge, Button, Select, Table, type TableColumnProps, Tag } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import {
  NOTIFY_CHANNELS,
  NOTIFY_PURPOSES,
  type NotifyChannel,
  type NotifyPurpose,
  type NotifyTemplate,
  notifyApi,
} from '@water/contracts';
import { QueryState } from '../../../shared/ui/list-scaffold.tsx';
import { RowAction } from '../../../shared/ui/row-actions.tsx';
import { StackedCell } from '../../../shared/ui/stacked-cell.tsx';
import { useListFilters } from '../../../shared/ui/use-list-filters.ts';
import { notifyTemplateQueries } from '../api/notify-template-queries.ts';
import type { TemplatesI18n } from '../use-templates-i18n.ts';
import { channelName, purposeHelp, purposeName } from './template-labels.ts';

const PURPOSE_WIDTH = 190;
const CHANNEL_WIDTH = 118;

interface Row {
  purpose: NotifyPurpose;
  cells: Partial<Record<NotifyChannel, NotifyTemplate>>;
}

/**
 * The templates as a matrix: a row per purpose, a column per channel, each cell saying whether the
 * template is used, whether its text was edited and where a failure falls back to, with the action
 * that opens it. Six rows by seven channels fit a 1366×768 screen whole, which a paged list of 42
 * rows would not. Purpose and channel filters narrow rows and columns and live in the address.
 */
export function TemplateMatrix({
  i18n,
  writer,
  onOpen,
}: {
  i18n: TemplatesI18n;
  writer: boolean;
  onOpen: (template: NotifyTemplate) => void;
}) {
  const { t, locale } = i18n;
  const list = useListFilters(notifyApi.templates.query);
  const { purpose, channel } = list.filters;
  const templates = useQuery(notifyTemplateQueries.list({ purpose, channel }, locale));

  const purposes = purpose ? [purpose] : [...NOTIFY_PURPOSES];
  const channels = channel ? [channel] : [...NOTIFY_CHANNELS];
  const rows: Row[] = purposes.map((p) => ({
    purpose: p,
    cells: Object.fromEntries(
      (templates.data ?? []).filter((tpl) => tpl.purpose === p).map((tpl) => [tpl.channel, tpl]),
    ),
  }));

  const columns: TableColumnProps<Row>[] = [
    {
      key: 'purpose',
      title: t('messaging.templates.col.purpose'),
      dataIndex: 'purpose',
      width: PURPOSE_WIDTH,
      fixed: 'left',
      render: (_, row) => (
        <StackedCell strong primary={purposeName(t, row.purpose)} secondary={purposeHelp(t, row.purpose)} />
      ),
    },
    ...channels.map(
      (c): TableColumnProps<Row> => ({
        key: c,
        title: channelName(t, c),
        width: CHANNEL_WIDTH,
        render: (_, row) => <TemplateCell template={row.cells[c]} writer={writer} onOpen={onOpen} i18n={i18n} />,
      }),
    ),
  ];

  return (
    <>
      <search className="list-page__filters" aria-label={t('messaging.templates.filter.purpose')}>
        <Select
          className="list-page__select"
          aria-label={t('messaging.templates.filter.purpose')}
          placeholder={t('messaging.templates.filter.allPurposes')}
          allowClear
          value={purpose}
          onChange={(value: NotifyPurpose | undefined) => list.set({ purpose: value })}
          options={NOTIFY_PURPOSES.map((p) => ({ label: purposeName(t, p), value: p }))}
        />
        <Select
          className="list-page__select"
          aria-label={t('messaging.templates.filter.channel')}
          placeholder={t('messaging.templates.filter.allChannels')}
          allowClear
          value={channel}
          onChange={(value: NotifyChannel | undefined) => list.set({ channel: value })}
          options={NOTIFY_CHANNELS.map((c) => ({ label: channelName(t, c), value: c }))}
        />
        {list.filtered ? (
          <Button type="text" onClick={list.reset}>
            {t('messaging.templates.filter.reset')}
          </Button>
        ) : null}
      </search>
      <QueryState
        query={templates}
        failedTitle={t('messaging.templates.loadFailed')}
        requestFailed={t('messaging.templates.requestFailed')}
        retryLabel={t('messaging.templates.retry')}
        skeletonClassName="list-page__skeleton"
      >
        <Table<Row>
          className="tpl-matrix"
          rowKey="purpose"
          columns={columns}
          data={rows}
          loading={templates.isFetching}
          pagination={false}
          size="small"
          border={{ wrapper: true, cell: true }}
          tableLayoutFixed
          scroll={{ x: PURPOSE_WIDTH + CHANNEL_WIDTH * channels.length }}
        />
        <p className="tpl-muted tpl-matrix__legend">{t('messaging.templates.legend')}</p>
      </QueryState>
    </>
  );
}

function TemplateCell({
  template,
  writer,
  onOpen,
  i18n,
}: {
  template: NotifyTemplate | undefined;
  writer: boolean;
  onOpen: (template: NotifyTemplate) => void;
  i18n: TemplatesI18n;
}) {
  const { t } = i18n;
  if (!template) return <span className="tpl-muted">{t('messaging.templates.cell.none')}</span>;
  const names = { purpose: purposeName(t, template.purpose), channel: channelName(t, template.channel) };
  const action = t(writer ? 'messaging.templates.action.edit' : 'messaging.templates.action.view');
  return (
    <div className="tpl-cell">
      <Badge
        status={template.enabled ? 'success' : 'default'}
        text={t(template.enabled ? 'messaging.templates.cell.on' : 'messaging.templates.cell.off')}
      />
      {template.fallback ? (
        <span className="tpl-muted tpl-cell__fallback" title={t('messaging.templates.field.fallbackHelp')}>
          {t('messaging.templates.cell.fallback', { channel: channelName(t, template.fallback) })}
        </span>
      ) : null}
      <div className="tpl-cell__foot">
        <RowAction
          text={action}
          label={t('messaging.templates.actionLabel', { action, ...names })}
          onClick={() => onOpen(template)}
        />
        {template.isDefault ? null : (
          <Tag size="small" color="arcoblue" className="tpl-cell__edited">
            {t('messaging.templates.cell.edited')}
          </Tag>
        )}
      </div>
    </div>
  );
}
