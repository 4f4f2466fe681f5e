import type { StationLive } from '@water/contracts';

export type AlarmSeverity = 'critical' | 'major' | 'minor';

export interface DerivedAlarm {
  key: string;
  severity: AlarmSeverity;
  kind: 'high' | 'low' | 'fault' | 'offline';
  /** When the reading that shows it was taken. */
  ts: string | null;
  params: Record<string, string | number>;
}

/**
 * A station's active alarms as its live state shows them, until the alarm issue lands with alarm
 * records. The rule is the server's (`derivedAlarmCounts` in station-live.derive.ts), so this list
 * and the home's counts agree: communication lost and each pump in fault are major; a fresh level at
 * or above its high alarm level is critical, else at or below its low alarm level minor. A pump under
 * maintenance raises nothing: its state is `maintenance`, never `fault`, and the server does not count
 * its controller's silence as the station's communication lost.
 */
export function derivedAlarms(s: StationLive, formatLevel: (m: number) => string): DerivedAlarm[] {
  const alarms: DerivedAlarm[] = [];
  const level = s.level.stale ? null : s.level.value;
  if (level !== null) {
    const { highAlarm, lowAlarm } = s.setPoints;
    const params = (limit: number) => ({ level: formatLevel(level), limit: formatLevel(limit) });
    if (highAlarm !== null && level >= highAlarm) {
      alarms.push({ key: 'high', severity: 'critical', kind: 'high', ts: s.level.ts, params: params(highAlarm) });
    } else if (lowAlarm !== null && level <= lowAlarm) {
      alarms.push({ key: 'low', severity: 'minor', kind: 'low', ts: s.level.ts, params: params(lowAlarm) });
    }
  }
  if (s.state === 'offline') {
    alarms.push({ key: 'offline', severity: 'major', kind: 'offline', ts: s.lastUpdate, params: {} });
  }
  for (const p of s.pumps) {
    if (p.state !== 'fault') continue;
    alarms.push({
      key: `fault-${p.id}`,
      severity: 'major',
      kind: 'fault',
      ts: p.fault.ts,
      params: { number: p.number, name: p.name },
    });
  }
  return alarms;
}
