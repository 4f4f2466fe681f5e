import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../shared/testing/render-page.tsx';
import { station } from './station-map-fixtures.ts';
import { StationPopup } from './station-popup.tsx';
import { useStationMapI18n } from './use-station-map-i18n.ts';

function Popup(props: Omit<Parameters<typeof StationPopup>[0], 'i18n'>) {
  return <StationPopup {...props} i18n={useStationMapI18n()} />;
}

const value = (popup: HTMLElement, label: string) => within(popup).getByText(label).nextElementSibling as HTMLElement;

describe('StationPopup', () => {
  it('shows the live values: state, level against its high alarm, pumps, flow, pressure, rain, last update', () => {
    renderPage(
      <Popup
        station={station(7, {
          name: 'River Road PS',
          state: 'fault',
          kind: 'sewage',
          level: { value: 4.2, ts: '2026-11-25T08:30:00.000Z', stale: false },
          pumpsRunning: 1,
          pumpsTotal: 3,
          flow: { value: 1234.4, ts: '2026-11-25T08:30:00.000Z', stale: false },
          pressure: { value: 0.318, ts: '2026-11-25T08:30:00.000Z', stale: false },
          rain: { value: 12.34, ts: '2026-11-25T08:30:00.000Z', stale: false },
        })}
      />,
      { locale: 'en-US' },
    );
    const popup = screen.getByRole('region', { name: 'River Road PS' });
    expect(within(popup).getByText('Fault')).toBeTruthy();
    expect(within(popup).getByText('PS07 · Sewage · East catchment')).toBeTruthy();
    expect(value(popup, 'Wet-well level').textContent).toBe('4.20 / high alarm 4.00 mAbove high alarm');
    expect(value(popup, 'Pumps running').textContent).toBe('1 of 3');
    expect(value(popup, 'Outlet flow').textContent).toBe('1,234 m³/h');
    expect(value(popup, 'Outlet pressure').textContent).toBe('0.32 MPa');
    expect(value(popup, 'Rain').textContent).toBe('12.3 mm/h');
    expect(value(popup, 'Last update').querySelector('time')?.getAttribute('dateTime')).toBe(
      '2026-11-25T08:30:00.000Z',
    );
    expect(within(popup).getByRole('link', { name: 'Details' }).getAttribute('href')).toBe(
      '/bz/pumpStationList?station=7',
    );
  });

  it('greys stale readings and says so; a missing one is a dash; a silent station never reported', () => {
    renderPage(
      <Popup
        station={station(3, {
          state: 'offline',
          level: { value: 2.5, ts: '2026-11-24T08:30:00.000Z', stale: true },
          pressure: { value: 0.2, ts: '2026-11-24T08:30:00.000Z', stale: true },
          rain: { value: null, ts: null, stale: true },
          lastUpdate: null,
        })}
      />,
      { locale: 'en-US' },
    );
    const popup = screen.getByRole('region', { name: 'Station 3' });
    const level = value(popup, 'Wet-well level').firstElementChild as HTMLElement;
    expect(level.className).toBe('station-popup__value--stale');
    expect(level.title).toBe('Stale: not a current value');
    expect(level.textContent).toBe('2.50 / high alarm 4.00 m (stale)');
    // A stale level above the alarm would not be the current level: no alarm is claimed.
    expect(within(popup).queryByText('Above high alarm')).toBeNull();
    expect(value(popup, 'Outlet pressure').textContent).toBe('0.20 MPa (stale)');
    expect(value(popup, 'Rain').textContent).toBe('—');
    expect(value(popup, 'Last update').textContent).toBe('Never reported');
  });

  it('speaks Chinese and carries a note when given one', () => {
    renderPage(<Popup station={station(5, { name: '滨江雨水泵站' })} note="该泵站没有坐标，未在地图上显示" />);
    const popup = screen.getByRole('region', { name: '滨江雨水泵站' });
    expect(value(popup, '前池液位').textContent).toBe('1.50 / 高报警 4.00 m');
    expect(value(popup, '水泵运行').textContent).toBe('0 / 3 台');
    expect(within(popup).getByText('停机')).toBeTruthy();
    expect(within(popup).getByText('该泵站没有坐标，未在地图上显示')).toBeTruthy();
    expect(within(popup).getByRole('link', { name: '查看详情' })).toBeTruthy();
  });
});
