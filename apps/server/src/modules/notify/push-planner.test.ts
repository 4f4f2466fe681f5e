import { describe, expect, it } from 'vitest';
import { quietUntil, utc8Time } from './push-planner.ts';
import { maskAddress } from './pushes.repository.ts';

const night = { enabled: true, start: '22:00', end: '07:00' };
const lunch = { enabled: true, start: '12:00', end: '13:30' };
/** An instant given on the utility's clock (UTC+8). */
const at = (local: string) => new Date(`${local}+08:00`);

describe('quiet hours', () => {
  it('hold from the start until the end of a window that crosses midnight', () => {
    expect(quietUntil(night, at('2026-06-01T21:59'))).toBeNull();
    expect(quietUntil(night, at('2026-06-01T22:00'))).toEqual(at('2026-06-02T07:00'));
    expect(quietUntil(night, at('2026-06-01T23:30'))).toEqual(at('2026-06-02T07:00'));
    // After midnight the window ends the same morning, not the next.
    expect(quietUntil(night, at('2026-06-02T03:15'))).toEqual(at('2026-06-02T07:00'));
    expect(quietUntil(night, at('2026-06-02T06:59'))).toEqual(at('2026-06-02T07:00'));
    expect(quietUntil(night, at('2026-06-02T07:00'))).toBeNull();
  });

  it('hold within a window of the same day', () => {
    expect(quietUntil(lunch, at('2026-06-01T11:59'))).toBeNull();
    expect(quietUntil(lunch, at('2026-06-01T12:45'))).toEqual(at('2026-06-01T13:30'));
    expect(quietUntil(lunch, at('2026-06-01T13:30'))).toBeNull();
    expect(quietUntil(lunch, at('2026-06-01T23:00'))).toBeNull();
  });

  it('hold nothing when off, or when the window is empty', () => {
    expect(quietUntil({ ...night, enabled: false }, at('2026-06-01T23:30'))).toBeNull();
    expect(quietUntil({ enabled: true, start: '08:00', end: '08:00' }, at('2026-06-01T08:00'))).toBeNull();
  });

  it('read the utility clock whatever the server clock is (UTC+8 around UTC midnight)', () => {
    // 2026-06-01T16:30Z is 00:30 on 2 June in UTC+8.
    expect(quietUntil(night, new Date('2026-06-01T16:30:00Z'))).toEqual(new Date('2026-06-01T23:00:00Z'));
    expect(utc8Time(new Date('2026-06-01T16:30:00Z'))).toBe('2026-06-02 00:30');
  });
});

describe('addresses in the delivery list', () => {
  it('show enough to tell them apart and no more', () => {
    expect(maskAddress('sms', '13800000001')).toBe('138****0001');
    expect(maskAddress('email', 'zhangwei@lanchuan-water.example')).toBe('z***@lanchuan-water.example');
    expect(maskAddress('email', 'broken')).toBe('***');
    expect(maskAddress('webhook', 'https://bridge.example.com:8443/hook?token=secret')).toBe('bridge.example.com:8443');
    expect(maskAddress('dingtalk', 'https://oapi.dingtalk.com/robot/send?access_token=abc')).toBe('oapi.dingtalk.com');
    expect(maskAddress('feishu', 'not a url')).toBe('***');
    expect(maskAddress('inApp', '42')).toBe('');
    expect(maskAddress('sms', '')).toBe('');
  });
});
