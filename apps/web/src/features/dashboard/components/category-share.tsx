import { Card } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import type { categoryShareSchema } from '@water/contracts';
import { useCallback } from 'react';
import type { z } from 'zod';
import { workplaceQueries } from '../api/workplace-queries.ts';
import { useWorkplaceI18n } from '../use-workplace-i18n.ts';
import { type ChartColors, EChart } from './echart.tsx';
import { WidgetState } from './widget-state.tsx';

type Share = z.infer<typeof categoryShareSchema>;

function Donut({ shares }: { shares: Share[] }) {
  const { t } = useWorkplaceI18n();
  const seriesName = t('workplace.categoryShare');
  const build = useCallback(
    (c: ChartColors) => ({
      color: c.palette,
      tooltip: {
        trigger: 'item' as const,
        formatter: '{b}: {c} ({d}%)',
        backgroundColor: c.background,
        borderColor: c.border,
        textStyle: { color: c.text },
      },
      legend: {
        bottom: 0,
        left: 'center',
        icon: 'circle',
        itemWidth: 8,
        itemHeight: 8,
        textStyle: { color: c.text },
      },
      series: [
        {
          name: seriesName,
          type: 'pie' as const,
          radius: ['48%', '70%'],
          center: ['50%', '42%'],
          avoidLabelOverlap: true,
          label: { show: false },
          itemStyle: { borderColor: c.surface, borderWidth: 2, borderRadius: 4 },
          data: shares.map((s) => ({ name: s.name, value: s.count })),
        },
      ],
    }),
    [shares, seriesName],
  );
  const summary = shares.map((s) => `${s.name} ${s.percent}%`).join(', ');
  return (
    <div role="img" aria-label={t('workplace.categoryShare.summary', { shares: summary })}>
      <EChart build={build} height={300} />
    </div>
  );
}

/** Published content by category: the donut of spec §1. */
export function CategoryShare() {
  const { t, locale } = useWorkplaceI18n();
  const query = useQuery(workplaceQueries.categoryShare(locale));
  return (
    <Card
      className="workplace__card"
      bordered={false}
      title={<h3 className="workplace__title">{t('workplace.categoryShare')}</h3>}
    >
      <WidgetState query={query} skeletonRows={6} isEmpty={(shares) => shares.length === 0}>
        {(shares) => <Donut shares={shares} />}
      </WidgetState>
    </Card>
  );
}
