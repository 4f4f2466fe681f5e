import { Tag, Tooltip } from '@arco-design/web-react';
import type { WqSite } from '@water/contracts';
import type { ListColumn } from '../../../shared/ui/list-page.tsx';
import { ConfirmAction, RowAction, RowActions } from '../../../shared/ui/row-actions.tsx';
import { StackedCell } from '../../../shared/ui/stacked-cell.tsx';
import { SeverityTag } from '../../alarm-rules/public.ts';
import { gradeName, siteKindName } from '../common/wq-format.ts';
import type { SitesI18n } from './use-sites-i18n.ts';

interface Actions {
  onEdit: (site: WqSite) => void;
  onDelete: (site: WqSite) => Promise<unknown> | undefined;
}

/** The sites list's columns, within 1366 px: the kind under the name, the target class under the set. */
export function siteColumns({
  i18n,
  writer,
  actions,
}: {
  i18n: SitesI18n;
  writer: boolean;
  actions: Actions;
}): ListColumn<WqSite>[] {
  const { t, locale } = i18n;
  const columns: ListColumn<WqSite>[] = [
    { key: 'code', choice: 'always', title: t('wqSites.col.code'), dataIndex: 'code', width: 100 },
    {
      key: 'name',
      choice: 'always',
      title: t('wqSites.col.name'),
      dataIndex: 'name',
      width: 170,
      render: (_, site) => <StackedCell primary={site.name} secondary={siteKindName(site.kind, locale)} strong />,
    },
    {
      key: 'region',
      title: t('wqSites.col.region'),
      dataIndex: 'regionName',
      width: 120,
      ellipsis: true,
      render: (_, site) => site.regionName || <span className="wq-muted">—</span>,
    },
    {
      key: 'limitSet',
      choice: 'always',
      title: t('wqSites.col.limitSet'),
      dataIndex: 'limitSetName',
      width: 210,
      render: (_, site) => (
        <StackedCell
          primary={site.limitSetName}
          secondary={
            site.targetGrade === null ? undefined : t('wqSites.target', { grade: gradeName(site.targetGrade, locale) })
          }
        />
      ),
    },
    {
      key: 'analysers',
      title: t('wqSites.col.analysers'),
      dataIndex: 'devices',
      width: 130,
      render: (_, site) => <Analysers site={site} i18n={i18n} />,
    },
    {
      key: 'alarm',
      title: t('wqSites.col.alarm'),
      dataIndex: 'alarmSeverity',
      width: 90,
      render: (_, site) =>
        site.alarmEnabled ? (
          <SeverityTag severity={site.alarmSeverity} />
        ) : (
          <span className="wq-muted">{t('wqSites.alarmOff')}</span>
        ),
    },
    {
      key: 'enabled',
      choice: 'always',
      title: t('wqSites.col.enabled'),
      dataIndex: 'enabled',
      width: 80,
      render: (_, site) => (
        <Tag size="small" color={site.enabled ? 'green' : 'gray'}>
          {t(site.enabled ? 'wqSites.enabled' : 'wqSites.disabled')}
        </Tag>
      ),
    },
  ];
  if (writer) {
    columns.push({
      key: 'actions',
      choice: 'always',
      title: t('wqSites.col.actions'),
      dataIndex: 'id',
      width: 110,
      fixed: 'right',
      render: (_, site) => (
        <RowActions>
          <RowAction
            text={t('wqSites.edit')}
            label={t('wqSites.editLabel', { name: site.name })}
            onClick={() => actions.onEdit(site)}
          />
          <ConfirmAction
            danger
            text={t('wqSites.delete')}
            label={t('wqSites.deleteLabel', { name: site.name })}
            question={t('wqSites.deleteQuestion', { name: site.name })}
            hint={t('wqSites.deleteHint')}
            onConfirm={() => actions.onDelete(site)}
          />
        </RowActions>
      ),
    });
  }
  return columns;
}

/** The site's analysers, each with its connection dot (green online, grey offline); a site without any is lab only. */
function Analysers({ site, i18n }: { site: WqSite; i18n: SitesI18n }) {
  const { t } = i18n;
  if (site.devices.length === 0) return <span className="wq-muted">{t('wqSites.noAnalysers')}</span>;
  return (
    <span className="wq-analysers">
      {site.devices.map((d) => (
        <Tooltip key={d.id} content={`${d.name} · ${t(d.online ? 'wqSites.online' : 'wqSites.offline')}`}>
          <span className="wq-analyser">
            <span
              className={`wq-analyser__dot${d.online ? ' wq-analyser__dot--online' : ''}`}
              role="img"
              aria-label={t(d.online ? 'wqSites.online' : 'wqSites.offline')}
            />
            {d.code}
          </span>
        </Tooltip>
      ))}
    </span>
  );
}
