import { Alert, Button, Descriptions, Drawer, Empty, Skeleton, Table } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { actorLabel, type OperationLogDetail } from '@water/contracts';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { dialogAttributes } from '../../../shared/ui/dialog-attributes.ts';
import { LoadFailedResult } from '../../../shared/ui/list-scaffold.tsx';
import { logQueries } from '../api/log-queries.ts';
import { type SystemAdminI18n, useSystemAdminI18n } from '../use-system-admin-i18n.ts';
import { actionText, moduleText, ResultTag } from './log-labels.tsx';

/** One operation: its facts, its parameters, its error, and what it changed field by field. */
export function OperationLogDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useSystemAdminI18n();
  const drawerTitle = t('sys.log.detail.title');
  return (
    <Drawer
      width={760}
      visible={id !== null}
      title={drawerTitle}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('sys.close')}</Button>}
      unmountOnExit
      // Arco's drawer gives itself no role; its wrapper takes extra attributes.
      {...dialogAttributes(drawerTitle)}
      className="sys-drawer"
    >
      {id === null ? null : <Detail id={id} />}
    </Drawer>
  );
}

function Detail({ id }: { id: number }) {
  const i18n = useSystemAdminI18n();
  const { t, locale } = i18n;
  const log = useQuery(logQueries.operation(id, locale));

  if (log.data) return <DetailView log={log.data} i18n={i18n} />;
  if (log.isError) {
    return (
      <LoadFailedResult
        error={log.error}
        onRetry={() => log.refetch()}
        title={t('sys.loadFailed')}
        requestFailed={t('sys.requestFailed')}
        retryLabel={t('sys.retry')}
      />
    );
  }
  return <Skeleton animation text={{ rows: 8 }} className="sys-skeleton" />;
}

/** A logged value as text: strings as they are, everything else as JSON. */
function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2) ?? String(value);
}

function hasParams(params: unknown): boolean {
  if (params === null || params === undefined) return false;
  if (typeof params === 'object') return Object.keys(params).length > 0;
  return true;
}

type Change = OperationLogDetail['changes'][number];

function DetailView({ log, i18n }: { log: OperationLogDetail; i18n: SystemAdminI18n }) {
  const { t, locale } = i18n;
  const side = (value: unknown, kind: 'before' | 'after') =>
    value === undefined || value === null ? (
      <span className="sys-muted">{t('sys.log.detail.absent')}</span>
    ) : (
      <pre className={`sys-diff sys-diff--${kind}`}>{valueText(value)}</pre>
    );

  return (
    <article className="sys-log-detail">
      <Descriptions
        column={2}
        size="small"
        border
        colon={locale === 'zh-CN' ? '：' : ':'}
        data={[
          { label: t('sys.log.col.time'), value: formatDateTime(log.createdAt, locale, { seconds: true }) },
          {
            label: t('sys.log.col.user'),
            value: actorLabel(log.displayName, log.username) || t('sys.none'),
          },
          { label: t('sys.log.col.module'), value: moduleText(log.module, locale) },
          { label: t('sys.log.col.action'), value: actionText(log.action, locale) },
          { label: t('sys.log.col.target'), value: log.targetId || t('sys.none') },
          { label: t('sys.log.col.result'), value: <ResultTag result={log.result} t={t} /> },
          { label: t('sys.log.col.duration'), value: t('sys.log.duration', { ms: log.durationMs }) },
          { label: t('sys.log.col.ip'), value: log.ip || t('sys.none') },
          {
            label: t('sys.log.col.request'),
            value: (
              <span className="sys-request">
                <span className={`sys-method sys-method--${log.method.toLowerCase()}`}>{log.method}</span>
                <code className="sys-code">{log.path}</code>
              </span>
            ),
            span: 2,
          },
        ]}
      />
      {log.error ? (
        <section className="sys-log-detail__section">
          <h3 className="sys-section-title">{t('sys.log.detail.error')}</h3>
          <Alert type="error" content={log.error} />
        </section>
      ) : null}
      <section className="sys-log-detail__section">
        <h3 className="sys-section-title">{t('sys.log.detail.changes')}</h3>
        <Table<Change>
          rowKey="path"
          size="small"
          border={{ wrapper: true, cell: true }}
          pagination={false}
          tableLayoutFixed
          data={log.changes}
          noDataElement={<Empty description={t('sys.log.detail.noChanges')} />}
          columns={[
            {
              title: t('sys.log.detail.field'),
              dataIndex: 'path',
              width: 180,
              // A create or delete changes the record as a whole: its path is empty.
              render: (_, row) =>
                row.path ? (
                  <code className="sys-code">{row.path}</code>
                ) : (
                  <span className="sys-muted">{t('sys.log.detail.wholeRecord')}</span>
                ),
            },
            {
              title: t('sys.log.detail.before'),
              dataIndex: 'before',
              render: (_, row) => side(row.before, 'before'),
            },
            { title: t('sys.log.detail.after'), dataIndex: 'after', render: (_, row) => side(row.after, 'after') },
          ]}
        />
      </section>
      <section className="sys-log-detail__section">
        <h3 className="sys-section-title">{t('sys.log.detail.params')}</h3>
        {hasParams(log.params) ? (
          <pre className="sys-json">{JSON.stringify(log.params, null, 2)}</pre>
        ) : (
          <span className="sys-muted">{t('sys.log.detail.noParams')}</span>
        )}
      </section>
    </article>
  );
}
