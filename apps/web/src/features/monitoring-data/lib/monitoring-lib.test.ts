import { QueryClient } from '@tanstack/react-query';
import type { MetricSpec, MonitoringPoint } from '@water/contracts';
import { describe, expect, it } from 'vitest';
import { applyTelemetry, mergeReadings, monitoringQueries } from '../api/monitoring-queries.ts';
import { axisFloor, axisTimeLabel, gapThresholdMs, withGaps } from './history-chart-option.ts';
import { formatReading, qualityFlags, rangeState } from './metric-format.ts';
import { readHistorySelection, writeHistorySelection } from './url-state.ts';

const t = (key: string) => key;
const metric = (extra: Partial<MetricSpec>): MetricSpec => ({
  key: 'm',
  nameZh: '指标',
  nameEn: 'Metric',
  dataType: 'number',
  unit: '',
  min: null,
  max: null,
  precision: 2,
  options: [],
  ...extra,
});

describe('monitoring helpers', () => {
  it('formats readings by data type and judges them against the range', () => {
    expect(formatReading(metric({ precision: 3 }), 1.23456, 'en-US', t)).toBe('1.235');
    expect(formatReading(metric({ dataType: 'integer' }), 12.6, 'en-US', t)).toBe('13');
    expect(formatReading(metric({ precision: 1 }), '7.25', 'zh-CN', t)).toBe('7.3');
    expect(formatReading(metric({ dataType: 'boolean' }), 1, 'en-US', t)).toBe('monitoring.value.true');
    expect(formatReading(metric({ dataType: 'enum', options: [] }), 'x', 'en-US', t)).toBe('x');
    expect(formatReading(undefined, 'raw', 'en-US', t)).toBe('raw');
    const ranged = metric({ min: 0, max: 5 });
    expect([rangeState(ranged, -1), rangeState(ranged, 5), rangeState(ranged, 5.01)]).toEqual([
      'low',
      'normal',
      'high',
    ]);
    expect(qualityFlags(5)).toEqual(['outOfRange', 'coerced']);
  });

  it('merges readings keeping the newer of each metric', () => {
    const merged = mergeReadings(
      [
        { key: 'a', value: 1, ts: '2026-01-01T00:00:02Z', quality: 0 },
        { key: 'b', value: 1, ts: '2026-01-01T00:00:00Z', quality: 0 },
      ],
      [
        { key: 'a', value: 2, ts: '2026-01-01T00:00:01Z', quality: 0 },
        { key: 'b', value: 3, ts: '2026-01-01T00:00:05Z', quality: 0 },
      ],
    );
    expect(merged.map((r) => [r.key, r.value])).toEqual([
      ['a', 1],
      ['b', 3],
    ]);
  });

  it('writes telemetry into every cached page holding the device', () => {
    const client = new QueryClient();
    const point = { deviceId: 3, stale: true, lastSeenAt: null, readings: [] } as unknown as MonitoringPoint;
    const key = monitoringQueries.points({ page: 1 }, 'zh-CN').queryKey;
    client.setQueryData(key, { list: [point], total: 1, page: 1, pageSize: 200 });
    applyTelemetry(client, {
      type: 'telemetry',
      deviceId: 3,
      readings: [{ key: 'level', value: 1, ts: '2026-01-01T00:00:00Z', quality: 0 }],
    });
    const updated = client.getQueryData(key)?.list[0];
    expect(updated?.stale).toBe(false);
    expect(updated?.lastSeenAt).toBe('2026-01-01T00:00:00Z');
    expect(updated?.readings).toHaveLength(1);
  });

  it('finds gaps: twice a bucket when aggregated, three median intervals for raw readings', () => {
    expect(gapThresholdMs([], '1h', 0)).toBe(7_200_000);
    expect(gapThresholdMs([0, 10, 20, 30], 'raw', 0)).toBe(30);
    expect(gapThresholdMs([0, 10], 'raw', 0)).toBe(Number.POSITIVE_INFINITY);
    const points = [0, 60, 120, 300].map((s) => ({ t: new Date(s * 1000).toISOString(), v: s }));
    expect(withGaps(points, '1m', 60).map((p) => p[1])).toEqual([0, 60, 120, null, 300]);
  });

  it('never draws an axis below the thing model minimum its data come near, and leaves a distant one alone', () => {
    const flow = axisFloor([{ min: 0 }, { min: 0 }]);
    // 0–400 m³/h: aligned ticks would have gone to −400; the axis starts at 0.
    expect(flow?.({ min: 0, max: 400 })).toBe(0);
    expect(flow?.({ min: 150, max: 400 })).toBe(0);
    // A level between 1.2 and 2.0 m keeps its detail.
    expect(flow?.({ min: 1.2, max: 2 })).toBeUndefined();
    // A series without a minimum leaves the axis free.
    expect(axisFloor([{ min: 0 }, { min: null }])).toBeUndefined();
    expect(axisFloor([{ min: -20 }, { min: 0 }])?.({ min: -5, max: 30 })).toBe(-20);
  });

  it('labels a midnight tick with month and day, a new year with its year, other ticks with the time', () => {
    const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min).getTime();
    expect(axisTimeLabel(local(2026, 11, 25), 'zh-CN')).toBe('11月25日');
    expect(axisTimeLabel(local(2026, 11, 25), 'en-US')).toBe('Nov 25');
    expect(axisTimeLabel(local(2027, 1, 1), 'en-US')).toBe('Jan 2027');
    expect(axisTimeLabel(local(2026, 11, 25, 14, 30), 'zh-CN')).toBe('14:30');
  });

  it('round-trips the history selection through the address and drops malformed series', () => {
    const params = new URLSearchParams('series=12:level,bad,14:flow&range=30d&view=table');
    const selection = readHistorySelection(params, 8);
    expect(selection).toEqual({ devices: [12, 14], series: ['12:level', '14:flow'], range: '30d', view: 'table' });
    expect(decodeURIComponent(writeHistorySelection(selection).toString())).toBe(
      'devices=12,14&series=12:level,14:flow&range=30d&view=table',
    );
  });
});
