import { Button, Drawer, Table, Tag, Tooltip } from '@arco-design/web-react';
import { IconLock } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { WQ_GRADES, WQ_PARAMETERS, type WqLimit, type WqLimitSet, type WqParameter } from '@water/contracts';
import type { ReactNode } from 'react';
import { dialogAttributes } from '../../../shared/ui/dialog-attributes.ts';
import { useWqI18n, type WqCommonI18n } from '../common/use-wq-i18n.ts';
import { formatLimit, gradeName, parameterName } from '../common/wq-format.ts';
import { wqReferenceQueries } from '../common/wq-queries.ts';
import type { SetsI18n } from './use-sets-i18n.ts';

const order = (p: WqParameter) => WQ_PARAMETERS.indexOf(p);
const bound = (value: number | null, i18n: SetsI18n) => (value === null ? i18n.t('wqSets.limits.none') : String(value));

/**
 * A set's limits, read only: per parameter its bounds, NH3-N's cold-water bound and the standard's
 * citation; for a graded set a matrix of parameters by class I–V, each cell's citation on hover.
 */
export function LimitsViewDrawer({
  set,
  onClose,
  i18n,
  actions,
}: {
  set: WqLimitSet | null;
  onClose: () => void;
  i18n: SetsI18n;
  /** Copy (a national set) or edit (a local one), for writers. */
  actions?: ReactNode;
}) {
  const { t } = i18n;
  const title = set ? t('wqSets.limits.title', { name: set.name }) : '';
  return (
    <Drawer
      width="min(920px, calc(100vw - 48px))"
      visible={set !== null}
      title={title}
      onCancel={onClose}
      unmountOnExit
      footer={
        <>
          {actions}
          <Button onClick={onClose}>{t('wqSets.limits.close')}</Button>
        </>
      }
      {...dialogAttributes(title)}
      className="wq-limits-drawer"
    >
      {set ? <LimitsView set={set} i18n={i18n} /> : null}
    </Drawer>
  );
}

function LimitsView({ set, i18n }: { set: WqLimitSet; i18n: SetsI18n }) {
  const { t, locale } = i18n;
  const common = useWqI18n();
  const parameters = useQuery(wqReferenceQueries.parameters(locale));
  const unitOf = (p: WqParameter) => parameters.data?.find((x) => x.code === p)?.unit ?? '';
  return (
    <>
      <div className="wq-limits__head">
        {set.national ? (
          <Tag color="gray" icon={<IconLock />}>
            {t('wqSets.national')}
          </Tag>
        ) : (
          <Tag color="arcoblue">{t('wqSets.local')}</Tag>
        )}
        <span>{set.standard}</span>
        {set.basedOnName ? <span className="wq-muted">{t('wqSets.basedOn', { name: set.basedOnName })}</span> : null}
      </div>
      {set.description ? <p className="wq-limits__description">{set.description}</p> : null}
      {set.graded ? (
        <>
          <p className="wq-muted wq-limits__note">{t('wqSets.limits.gradedNote')}</p>
          <GradedMatrix set={set} i18n={i18n} common={common} unitOf={unitOf} />
        </>
      ) : (
        <Table<WqLimit>
          rowKey={(l) => `${l.parameter}:${l.grade ?? ''}`}
          size="small"
          pagination={false}
          data={[...set.limits].sort((a, b) => order(a.parameter) - order(b.parameter))}
          noDataElement={<span className="wq-muted">{t('wqSets.limits.empty')}</span>}
          columns={[
            {
              title: t('wqSets.limits.parameter'),
              dataIndex: 'parameter',
              width: 160,
              render: (_, l) => parameterName(l.parameter, locale),
            },
            { title: t('wqSets.limits.unit'), dataIndex: 'unit', width: 70, render: (_, l) => unitOf(l.parameter) },
            { title: t('wqSets.limits.lower'), dataIndex: 'lower', width: 100, render: (_, l) => bound(l.lower, i18n) },
            { title: t('wqSets.limits.upper'), dataIndex: 'upper', width: 100, render: (_, l) => bound(l.upper, i18n) },
            {
              title: t('wqSets.limits.coldUpper'),
              dataIndex: 'coldUpper',
              width: 150,
              render: (_, l) => bound(l.coldUpper, i18n),
            },
            { title: t('wqSets.limits.citation'), dataIndex: 'citation' },
          ]}
        />
      )}
    </>
  );
}

type MatrixRow = { parameter: WqParameter; byGrade: Map<number, WqLimit> };

function GradedMatrix({
  set,
  i18n,
  common,
  unitOf,
}: {
  set: WqLimitSet;
  i18n: SetsI18n;
  common: WqCommonI18n;
  unitOf: (p: WqParameter) => string;
}) {
  const { t, locale } = i18n;
  const rows = new Map<WqParameter, MatrixRow>();
  for (const limit of set.limits) {
    const row = rows.get(limit.parameter) ?? { parameter: limit.parameter, byGrade: new Map() };
    row.byGrade.set(limit.grade ?? 0, limit);
    rows.set(limit.parameter, row);
  }
  const data = [...rows.values()].sort((a, b) => order(a.parameter) - order(b.parameter));
  return (
    <Table<MatrixRow>
      rowKey="parameter"
      size="small"
      pagination={false}
      data={data}
      noDataElement={<span className="wq-muted">{t('wqSets.limits.empty')}</span>}
      columns={[
        {
          title: t('wqSets.limits.parameter'),
          dataIndex: 'parameter',
          width: 140,
          render: (_, r) => parameterName(r.parameter, locale),
        },
        { title: t('wqSets.limits.unit'), dataIndex: 'unit', width: 80, render: (_, r) => unitOf(r.parameter) },
        ...WQ_GRADES.map((grade) => ({
          title: gradeName(grade, locale),
          dataIndex: `g${grade}`,
          render: (_: unknown, r: MatrixRow) => {
            const limit = r.byGrade.get(grade);
            if (!limit) return <span className="wq-muted">{t('wqSets.limits.none')}</span>;
            return (
              <Tooltip content={limit.citation} disabled={!limit.citation}>
                <span className="wq-limits__cell">{formatLimit(limit, common)}</span>
              </Tooltip>
            );
          },
        })),
      ]}
    />
  );
}
