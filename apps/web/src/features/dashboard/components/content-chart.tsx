import { Card } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { workplaceQueries } from '../api/workplace-queries.ts';
import { useWorkplaceI18n } from '../use-workplace-i18n.ts';
import { type ChartColors, EChart } from './echart.tsx';
import { WidgetState } from './widget-state.tsx';

type Point = { x: string; y: number };

function ContentLine({ points }: { points: Point[] }) {
  const { t } = useWorkplaceI18n();
  const seriesName = t('workplace.contentData.views');
  const build = useCallback(
    (c: ChartColors) => ({
      grid: { left: 48, right: 16, top: 16, bottom: 32 },
      tooltip: {
        trigger: 'axis' as const,
        backgroundColor: c.background,
        borderColor: c.border,
        textStyle: { color: c.text },
      },
      xAxis: {
        type: 'category' as const,
        boundaryGap: false,
        data: points.map((p) => p.x.slice(5)),
        axisLine: { lineStyle: { color: c.border } },
        axisLabel: { color: c.textSecondary },
        axisTick: { show: false },
      },
      yAxis: {
        type: 'value' as const,
        axisLabel: { color: c.textSecondary },
        splitLine: { lineStyle: { color: c.border, type: 'dashed' as const } },
      },
      series: [
        {
          name: seriesName,
          type: 'line' as const,
          smooth: true,
          data: points.map((p) => p.y),
          symbolSize: 8,
          showSymbol: false,
          lineStyle: { width: 3, color: c.primary },
          itemStyle: { color: c.primary },
          areaStyle: { color: c.primaryLight },
        },
      ],
    }),
    [points, seriesName],
  );
  const summary = points.map((p) => `${p.x}: ${p.y}`).join(', ');
  return (
    <div role="img" aria-label={t('workplace.contentData.summary', { points: summary })}>
      <EChart build={build} height={280} />
    </div>
  );
}

/** Daily content views over the last 8 days (`GET /api/content-data`). */
export function ContentChart() {
  const { t } = useWorkplaceI18n();
  const query = useQuery(workplaceQueries.contentData());
  return (
    <Card
      className="workplace__card"
      bordered={false}
      title={<h3 className="workplace__title">{t('workplace.contentData')}</h3>}
    >
      <WidgetState query={query} skeletonRows={6} isEmpty={(points) => points.length === 0}>
        {(points) => <ContentLine points={points} />}
      </WidgetState>
    </Card>
  );
}
