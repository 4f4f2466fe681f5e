import { Alert, Button, Modal, Spin, Statistic, Table } from '@arco-design/web-react';
import type { AlarmRulePreview } from '@water/contracts';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { LoadFailedResult } from '../../../shared/ui/list-scaffold.tsx';
import type { usePreviewRule } from '../api/alarm-rule-queries.ts';
import { minutesText } from '../common/durations.ts';
import type { AlarmRulesI18n } from '../use-alarm-rules-i18n.ts';

type Row = AlarmRulePreview['byDevice'][number];

/**
 * What the unsaved rule would have done over the last 24 h of stored readings: devices watched and
 * replayed, readings replayed, alarms it would have raised, per device; and what the replay cannot
 * judge (events are not stored as readings). Loading, and a failure with a retry, in place.
 */
export function RulePreviewModal({
  open,
  run,
  i18n,
  onClose,
}: {
  open: boolean;
  run: ReturnType<typeof usePreviewRule>;
  i18n: AlarmRulesI18n;
  onClose: () => void;
}) {
  const { t, locale } = i18n;
  const result = run.data;
  let body: React.ReactNode;
  if (run.isPending || (!result && !run.isError)) {
    body = (
      <div className="alarm-rules-preview__pending">
        <Spin tip={t('alarmRules.preview.running')} />
      </div>
    );
  } else if (run.isError || !result) {
    body = (
      <LoadFailedResult
        error={run.error}
        onRetry={() => run.variables && run.mutate(run.variables)}
        title={t('alarmRules.preview.failed')}
        requestFailed={t('alarmRules.requestFailed')}
        retryLabel={t('alarmRules.retry')}
      />
    );
  } else {
    body = (
      <div className="alarm-rules-preview">
        <p className="alarm-rules-muted">
          {t('alarmRules.preview.window', {
            from: formatDateTime(result.from, locale),
            to: formatDateTime(result.to, locale),
          })}
        </p>
        <div className="alarm-rules-preview__stats">
          <Statistic title={t('alarmRules.preview.devices')} value={result.devices} groupSeparator />
          <Statistic title={t('alarmRules.preview.replayed')} value={result.replayed} groupSeparator />
          <Statistic title={t('alarmRules.preview.points')} value={result.points} groupSeparator />
          <Statistic
            title={t('alarmRules.preview.raised')}
            value={result.raised}
            groupSeparator
            styleValue={result.raised > 0 ? { color: 'rgb(var(--orange-6))' } : undefined}
          />
        </div>
        {result.replayed < result.devices ? (
          <Alert
            type="info"
            content={t('alarmRules.preview.capped', { replayed: result.replayed, devices: result.devices })}
          />
        ) : null}
        {result.notReplayed.length ? (
          <Alert
            type="warning"
            title={t('alarmRules.preview.notReplayed')}
            content={
              <ul className="alarm-rules-preview__notes">
                {result.notReplayed.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            }
          />
        ) : null}
        <Table<Row>
          rowKey="deviceId"
          size="small"
          pagination={result.byDevice.length > 10 ? { pageSize: 10, size: 'mini' } : false}
          aria-label={t('alarmRules.preview.byDevice')}
          data={result.byDevice}
          noDataElement={<p className="alarm-rules-muted">{t('alarmRules.preview.none')}</p>}
          columns={[
            {
              title: t('alarmRules.preview.col.device'),
              dataIndex: 'code',
              render: (_, row) => (
                <span>
                  <code>{row.code}</code> {row.name}
                </span>
              ),
            },
            { title: t('alarmRules.preview.col.raised'), dataIndex: 'raised', width: 110, align: 'right' },
            {
              title: t('alarmRules.preview.col.active'),
              dataIndex: 'activeMinutes',
              width: 140,
              align: 'right',
              render: (_, row) => minutesText(Math.round(row.activeMinutes), t),
            },
            {
              title: t('alarmRules.preview.col.firstAt'),
              dataIndex: 'firstAt',
              width: 160,
              render: (_, row) => (row.firstAt ? formatDateTime(row.firstAt, locale) : '—'),
            },
          ]}
        />
      </div>
    );
  }
  return (
    <Modal
      visible={open}
      title={t('alarmRules.preview.title')}
      onCancel={onClose}
      unmountOnExit
      style={{ width: 760, maxWidth: 'calc(100vw - 32px)' }}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('alarmRules.preview.close')}
        </Button>
      }
    >
      {body}
    </Modal>
  );
}
