import type { CommandSpec, ControlPump, ControlStation, PumpCommand, StationLive } from '@water/contracts';
import { DEFAULT_CONTROL_SETTINGS } from '@water/contracts';
import { pump, station } from '../live/live-test-fixtures.ts';

/**
 * A station as the control screen reads it, typed by the contracts: the pump controller's commands as
 * the built-in thing model declares them, each pump's interlocks, and commands in any state.
 */
const bare = { params: [], confirm: true };
export const START: CommandSpec = { key: 'start', nameZh: '启泵', nameEn: 'Start pump', ...bare };
export const STOP: CommandSpec = { key: 'stop', nameZh: '停泵', nameEn: 'Stop pump', ...bare };
export const RESET: CommandSpec = { key: 'reset_fault', nameZh: '故障复位', nameEn: 'Reset fault', ...bare };
export const SET_FREQUENCY: CommandSpec = {
  key: 'set_frequency',
  nameZh: '设定频率',
  nameEn: 'Set frequency',
  confirm: true,
  params: [
    {
      key: 'frequency',
      nameZh: '频率',
      nameEn: 'Frequency',
      dataType: 'number',
      unit: 'Hz',
      min: 20,
      max: 50,
      precision: 1,
      options: [],
    },
  ],
};
export const SET_MODE: CommandSpec = {
  key: 'set_mode',
  nameZh: '切换控制方式',
  nameEn: 'Set mode',
  confirm: true,
  params: [
    {
      key: 'mode',
      nameZh: '控制方式',
      nameEn: 'Mode',
      dataType: 'enum',
      unit: '',
      min: null,
      max: null,
      precision: 0,
      options: [
        { value: 'auto', nameZh: '自动', nameEn: 'Automatic' },
        { value: 'remote', nameZh: '远程手动', nameEn: 'Remote manual' },
      ],
    },
  ],
};
export const COMMANDS = [START, STOP, SET_FREQUENCY, RESET, SET_MODE];

export const liveStation: StationLive = station(5, '东湖雨水泵站', {
  pumps: [pump(1, 'stopped'), pump(2, 'running')],
});

export function controlPump(number: number, extra: Partial<ControlPump> = {}): ControlPump {
  return {
    pumpId: 100 + number,
    number,
    name: `${number}号泵`,
    deviceId: 200 + number,
    deviceCode: `PS05-P${number}`,
    mode: 'remote',
    commands: COMMANDS,
    checks: { start: null, stop: null, set_frequency: null, reset_fault: null, set_mode: null },
    startsLastHour: 1,
    lastStopAt: null,
    restUntil: null,
    openCommand: null,
    ...extra,
  };
}

export function controlStation(extra: Partial<ControlStation> = {}): ControlStation {
  return {
    station: liveStation,
    settings: DEFAULT_CONTROL_SETTINGS,
    pumps: [
      controlPump(1, {
        checks: { start: null, stop: 'already', set_frequency: null, reset_fault: null, set_mode: null },
      }),
      controlPump(2, {
        checks: { start: 'already', stop: null, set_frequency: null, reset_fault: null, set_mode: null },
        startsLastHour: 2,
      }),
    ],
    at: new Date().toISOString(),
    ...extra,
  };
}

let nextId = 900;
export function command(extra: Partial<PumpCommand> = {}): PumpCommand {
  const now = new Date().toISOString();
  return {
    id: nextId++,
    stationId: 5,
    stationName: '东湖雨水泵站',
    pumpId: 101,
    pumpNumber: 1,
    pumpName: '1号泵',
    deviceId: 201,
    deviceCode: 'PS05-P1',
    command: 'start',
    commandName: '启泵',
    params: {},
    reason: '前池液位上涨',
    state: 'sent',
    interlock: null,
    detail: '',
    result: null,
    batchId: null,
    requestedBy: { id: 1, name: '张伟' },
    requestedAt: now,
    approvalRequired: false,
    approvalDeadline: null,
    approvedBy: null,
    approvedAt: null,
    sentAt: now,
    acknowledgedAt: null,
    finishedAt: null,
    expiresAt: new Date(Date.now() + 30_000).toISOString(),
    ...extra,
  };
}

export const pageOfCommands = (list: PumpCommand[]) => ({ list, total: list.length, page: 1, pageSize: 20 });
