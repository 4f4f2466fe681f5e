import { screen, within } from '@testing-library/react';
import type { PumpStationDetail, StationLive } from '@water/contracts';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../shared/testing/render-page.tsx';
import { configOf, fresh, pump, stale, station } from './live-test-fixtures.ts';
import { PumpDots } from './station-card.tsx';
import { declutter, StationMimic } from './station-mimic.tsx';
import { useStationLiveI18n } from './use-station-live-i18n.ts';

function Mimic({ live, config }: { live: StationLive; config: PumpStationDetail }) {
  return <StationMimic station={live} config={config} i18n={useStationLiveI18n()} now={Date.now()} />;
}

function Dots({ live }: { live: StationLive }) {
  return <PumpDots station={live} i18n={useStationLiveI18n()} />;
}

const pumpGroups = (name: RegExp) => within(screen.getByRole('img', { name })).getAllByRole('group');

describe('StationMimic', () => {
  it('draws a station with 2 pumps from its configuration: each pump with its state and values', () => {
    const live = station(5, '东湖雨水泵站', {
      pumps: [pump(1, 'running'), pump(2, 'stopped', { runHours: stale(880) })],
    });
    renderPage(<Mimic live={live} config={configOf(live)} />, { locale: 'en-US' });

    const groups = pumpGroups(/^东湖雨水泵站 mimic: Running, level 2\.35 m, 1 of 2 pumps running$/);
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual([
      'Pump 1 1号泵: Running; frequency 41.0 Hz; current 31.0 A; run hours 1,210 h',
      'Pump 2 2号泵: Stopped; frequency 0.0 Hz; current 0.0 A; run hours 880 h (stale)',
    ]);
    const [first, second] = groups as [HTMLElement, HTMLElement];
    expect(first.getAttribute('class')).toContain('mimic-pump--running');
    expect(within(first).getByText('1#')).toBeTruthy();
    expect(within(first).getByText('41.0 Hz')).toBeTruthy();
    expect(second.getAttribute('class')).toContain('mimic-pump--stopped');
    expect(within(second).getByText('880 h').getAttribute('class')).toContain('mimic__value--stale');
    // Each pump's start and stop levels, in its own column of the well.
    expect(within(first).getByText('P1 start 2.50 m')).toBeTruthy();
    expect(within(second).getByText('P2 stop 1.20 m')).toBeTruthy();
    // The well's set-points, the outlet's flow and the rain.
    expect(screen.getByText('High 4.00 m')).toBeTruthy();
    expect(screen.getByText('Low 0.60 m')).toBeTruthy();
    expect(screen.getByText('Dry-run 0.50 m')).toBeTruthy();
    expect(screen.getByText('1,234 m³/h')).toBeTruthy();
    expect(screen.getByText('2.4 mm/h')).toBeTruthy();
  });

  it('draws a station with 4 pumps, one per state, wider than with 2', () => {
    const two = station(5, '东湖雨水泵站');
    const four = station(7, '城北污水泵站', {
      state: 'fault',
      pumps: [pump(1, 'fault'), pump(2, 'running'), pump(3, 'local'), pump(4, 'offline', { current: stale(12) })],
      level: fresh(3.05),
    });
    renderPage(
      <>
        <Mimic live={two} config={configOf(two)} />
        <Mimic live={four} config={configOf(four)} />
      </>,
    );

    const groups = pumpGroups(/^城北污水泵站 工艺图：故障，液位 3\.05 m，1\/4 台泵运行$/);
    expect(groups).toHaveLength(4);
    expect(groups.map((g) => g.getAttribute('aria-label')?.split('；')[0])).toEqual([
      '1# 1号泵：故障',
      '2# 2号泵：运行',
      '3# 3号泵：就地',
      '4# 4号泵：离线',
    ]);
    expect(groups.map((g) => within(g).getByText(/^\d#$/).textContent)).toEqual(['1#', '2#', '3#', '4#']);
    expect(groups[2]?.getAttribute('class')).toContain('mimic-pump--local');
    // An offline pump's values are all greyed: its controller is silent.
    expect(
      within(groups[3] as HTMLElement)
        .getByText('12.0 A')
        .getAttribute('class'),
    ).toContain('mimic__value--stale');

    const [small, large] = screen.getAllByRole('img');
    const width = (svg: HTMLElement | undefined) => Number(svg?.getAttribute('viewBox')?.split(' ')[2]);
    expect(width(large)).toBeGreaterThan(width(small));
  });

  it('draws a pump under maintenance in its own colour with a wrench, whatever its controller says', () => {
    // The server's state: the locked-out pump's controller reports a fault, yet the station runs.
    const live = station(8, '滨江雨水泵站', {
      state: 'running',
      pumps: [
        pump(1, 'running'),
        pump(2, 'maintenance', { fault: { value: true, ts: fresh(0).ts, stale: false }, current: stale(0) }),
        pump(3, 'stopped'),
      ],
    });
    renderPage(
      <>
        <Mimic live={live} config={configOf(live)} />
        <Dots live={live} />
      </>,
    );

    const groups = pumpGroups(/^滨江雨水泵站 工艺图：运行，液位 2\.35 m，1\/3 台泵运行$/);
    expect(groups.map((g) => g.getAttribute('aria-label')?.split('；')[0])).toEqual([
      '1# 1号泵：运行',
      '2# 2号泵：检修',
      '3# 3号泵：停止',
    ]);
    const locked = groups[1] as HTMLElement;
    expect(locked.getAttribute('class')).toContain('mimic-pump--maintenance');
    expect(within(locked).getByText('检修')).toBeTruthy();
    // A wrench where the impeller would turn; the pumps in service keep theirs.
    expect(locked.querySelector('.mimic-pump__wrench')).not.toBeNull();
    expect(locked.querySelector('.mimic-pump__impeller')).toBeNull();
    expect(groups[0]?.querySelector('.mimic-pump__impeller')).not.toBeNull();
    // The card's dot says the same.
    const dot = screen.getByRole('listitem', { name: '2# 2号泵：检修' });
    expect(dot.className).toContain('pump-dot--maintenance');
    expect(screen.getByText('1/3 台运行')).toBeTruthy();
  });

  it('leaves out what the station does not map (no rain gauge, no pressure gauge)', () => {
    const live = station(6, '西山加压站', { rain: { value: null, ts: null, stale: true } });
    renderPage(<Mimic live={live} config={configOf(live)} />);
    const mimic = screen.getByRole('img', { name: /^西山加压站 工艺图/ });
    expect(within(mimic).queryByText('雨量')).toBeNull();
    expect(within(mimic).queryByText('压力')).toBeNull();
    expect(within(mimic).getByText('流量')).toBeTruthy();
  });
});

describe('declutter', () => {
  it('keeps labels where they are when they do not touch, and spaces them when they do', () => {
    expect(declutter([100, 50, 200], 0, 300)).toEqual([100, 50, 200]);
    expect(declutter([100, 105, 108], 0, 300, 13)).toEqual([100, 113, 126]);
    // Pushed past the bottom: the group moves up instead.
    expect(declutter([295, 298], 0, 300, 13)).toEqual([287, 300]);
  });
});
