import { type APIRequestContext, expect, type Locator, test } from '@playwright/test';
import { ADMIN, clientAddress, demoSecret, ingest, signIn } from './support.ts';

// An address of its own: failed sign-ins of other journeys never make this one need a captcha.
test.use(clientAddress('pump-control'));

interface LiveStation {
  id: number;
  code: string;
  name: string;
  setPoints: { protection: number | null };
}

interface DeviceCommand {
  id: number;
  command: string;
  params: Record<string, unknown>;
}

/**
 * The pump controller as the journey plays it: the e2e server runs no broker and no simulator, so
 * PS01's first pump is a gateway on the HTTP ingest that fetches its commands, answers them and
 * reports what it then does, as a real controller would. (The simulator's own behaviour is tested
 * in the server's tests.)
 */
function controller(request: APIRequestContext, code: string) {
  const headers = { Authorization: `Device ${demoSecret(code)}` };
  return {
    /** Waits for the one command the console sent, fetched as the gateway fetches (it then counts as sent). */
    async next(command: string): Promise<DeviceCommand> {
      let found: DeviceCommand | undefined;
      await expect
        .poll(
          async () => {
            const answer = await (await request.get(`/api/ingest/${code}/commands`, { headers })).json();
            expect(answer.code, JSON.stringify(answer)).toBe(200);
            found ??= (answer.data as DeviceCommand[]).find((c) => c.command === command);
            return found?.command;
          },
          { timeout: 15_000 },
        )
        .toBe(command);
      return found as DeviceCommand;
    },
    async reply(id: number, status: 'accepted' | 'succeeded') {
      const answer = await (
        await request.post(`/api/ingest/${code}/commands/ack`, { headers, data: { id, status } })
      ).json();
      expect(answer.code, JSON.stringify(answer)).toBe(200);
    },
  };
}

/** Confirms the open dialog's command with a reason. */
async function confirmWith(dialog: Locator, reason: string) {
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: '操作原因' }).fill(reason);
  await dialog.getByRole('button', { name: '确认执行' }).click();
  await expect(dialog).toHaveCount(0);
}

/**
 * Issue 17's journey: an administrator opens pump control for PS01, switches pump 1 to remote
 * manual, starts it with a confirm and a reason, sees it run and the wet-well level fall; with the
 * level below dry-run protection a start of pump 2 is refused with the reason (on screen, and by the
 * server); pump 1 is stopped; both commands are in the station's command history and in the
 * operation log.
 */
test('an operator starts a pump with confirm and reason, sees it run, meets the dry-run interlock, stops it and finds it all in the records', async ({
  page,
}) => {
  const token = await signIn(page, ADMIN, '/bz/pumpStationControl');
  const auth = { Authorization: `Bearer ${token}` };
  const found = await (await page.request.get('/api/pump-stations/live?keyword=PS01', { headers: auth })).json();
  const ps01 = (found.data.list as LiveStation[]).find((s) => s.code === 'PS01') as LiveStation;
  expect(ps01, 'the demo city has PS01').toBeTruthy();
  const protection = ps01.setPoints.protection ?? 0.5;

  // The journey starts and stops within a minute: no anti-short-cycle wait (the settings route is the drawer's).
  const settings = await (await page.request.get(`/api/pump-control/stations/${ps01.id}`, { headers: auth })).json();
  const saved = await (
    await page.request.put(`/api/pump-control/stations/${ps01.id}/settings`, {
      headers: auth,
      data: { ...settings.data.settings, requireApproval: false, minOffSeconds: 0 },
    })
  ).json();
  expect(saved.code, JSON.stringify(saved)).toBe(200);

  // The site now: a full wet well, pump 1 stopped in automatic, pump 2 stopped in remote manual.
  await ingest(page.request, 'PS01-LT01', { values: { level: protection + 2.5 } });
  await ingest(page.request, 'PS01-P1', {
    values: { running: false, fault: false, mode: 'auto', frequency: 0, current: 0, power: 0 },
  });
  await ingest(page.request, 'PS01-P2', {
    values: { running: false, fault: false, mode: 'remote', frequency: 0, current: 0, power: 0 },
  });

  // Choose the station: its id goes into the address.
  await page.getByRole('combobox', { name: '泵站' }).click();
  await page.keyboard.type('PS01');
  await page.getByRole('option', { name: new RegExp(`^PS01 ${ps01.name}`) }).click();
  await expect.poll(() => page.url()).toContain(`station=${ps01.id}`);

  const pump1 = page.getByRole('article', { name: /^1# / });
  const pump2 = page.getByRole('article', { name: /^2# / });
  const p1 = controller(page.request, 'PS01-P1');
  await expect(pump1.getByText('自动', { exact: true })).toBeVisible();
  // In automatic the PLC owns the pump: start waits for remote manual.
  await expect(pump1.getByRole('button', { name: '启泵' })).toBeDisabled();

  // 1. Remote manual first (set_mode), then start, each confirmed with a reason.
  await pump1.getByRole('button', { name: '切换控制方式' }).click();
  const modeDialog = page.getByRole('dialog', { name: /^切换控制方式 · 1# / });
  await expect(modeDialog.getByText('远程手动')).toBeVisible();
  await confirmWith(modeDialog, '交接班：改为远程手动');
  const setMode = await p1.next('set_mode');
  expect(setMode.params).toEqual({ mode: 'remote' });
  await p1.reply(setMode.id, 'accepted');
  await ingest(page.request, 'PS01-P1', { values: { mode: 'remote' } });
  await p1.reply(setMode.id, 'succeeded');
  await expect(pump1.getByText('远程手动', { exact: true })).toBeVisible();
  await expect(pump1.getByRole('button', { name: '启泵' })).toBeEnabled();

  await pump1.getByRole('button', { name: '启泵' }).click();
  const startDialog = page.getByRole('dialog', { name: /^启泵 · 1# / });
  // The dialog shows the pump as it is: stopped, remote manual, the level against dry-run protection.
  await expect(startDialog.getByText('停止', { exact: true })).toBeVisible();
  await expect(startDialog.getByText(/干运行保护/)).toBeVisible();
  await confirmWith(startDialog, '前池液位上涨，启泵排水');
  const start = await p1.next('start');
  // The open command on the pump, its state tag at "sent" (the gateway fetched it).
  await expect(
    pump1.getByRole('region', { name: /当前命令/ }).locator('.arco-tag', { hasText: '已下发' }),
  ).toBeVisible();
  await p1.reply(start.id, 'accepted');
  await ingest(page.request, 'PS01-P1', { values: { running: true, frequency: 45, current: 62.5, power: 41.2 } });
  await p1.reply(start.id, 'succeeded');

  // 2. It runs, and the wet well empties.
  await expect(pump1.getByText('运行', { exact: true })).toBeVisible();
  await expect(pump1.getByText('上一条：启泵 · 执行成功')).toBeVisible();
  await expect(pump1.getByText('45.0 Hz')).toBeVisible();
  const level = page.getByRole('meter', { name: `${ps01.name} 液位` });
  const before = Number(await level.getAttribute('aria-valuenow'));
  await ingest(page.request, 'PS01-LT01', { values: { level: protection + 1.5 } });
  await expect.poll(async () => Number(await level.getAttribute('aria-valuenow'))).toBeLessThan(before);

  // 3. Below dry-run protection a start is refused with the reason: on screen before it is sent…
  await ingest(page.request, 'PS01-LT01', { values: { level: Math.max(protection - 0.1, 0) } });
  const start2 = pump2.getByRole('button', { name: '启泵' });
  await expect(start2).toBeDisabled({ timeout: 20_000 });
  await expect(start2).toHaveAccessibleDescription('前池液位不高于干运行保护液位，禁止启泵');
  // …and by the server, in the caller's language, for whoever sends it anyway.
  const pumps = settings.data.pumps as { pumpId: number; number: number }[];
  const pump2Id = pumps.find((p) => p.number === 2)?.pumpId;
  const refused = await (
    await page.request.post('/api/pump-control/commands', {
      headers: { ...auth, 'Accept-Language': 'zh-CN' },
      data: { pumpId: pump2Id, command: 'start', reason: '试启 2# 泵', idempotencyKey: `journey-${Date.now()}` },
    })
  ).json();
  expect(refused.code).not.toBe(200);
  expect(refused.msg).toContain('干运行');

  // 4. Stop pump 1.
  await pump1.getByRole('button', { name: '停泵' }).click();
  const stopDialog = page.getByRole('dialog', { name: /^停泵 · 1# / });
  await expect(stopDialog.getByText('运行', { exact: true })).toBeVisible();
  await confirmWith(stopDialog, '液位已降至干运行保护以下');
  const stop = await p1.next('stop');
  await p1.reply(stop.id, 'accepted');
  await ingest(page.request, 'PS01-P1', { values: { running: false, frequency: 0, current: 0, power: 0 } });
  await p1.reply(stop.id, 'succeeded');
  await expect(pump1.getByText('停止', { exact: true })).toBeVisible();
  await expect(pump1.getByText('上一条：停泵 · 执行成功')).toBeVisible();

  // 5. Both in the station's command history…
  const startRow = page.getByRole('row', { name: /前池液位上涨，启泵排水/ });
  const stopRow = page.getByRole('row', { name: /液位已降至干运行保护以下/ });
  await expect(startRow).toContainText('执行成功');
  await expect(stopRow).toContainText('执行成功');
  await expect(page.getByRole('row', { name: /试启 2# 泵/ })).toContainText('联锁拒绝');
  await stopRow.getByRole('button', { name: /详情/ }).click();
  const detail = page.getByRole('dialog', { name: /^命令详情 #/ });
  await expect(detail.getByText('液位已降至干运行保护以下')).toBeVisible();
  await detail.getByRole('button', { name: '关闭' }).click();

  // …and in the operation log, with who sent them and why.
  await page.goto('/#/sys/logManager?op.module=pump-control');
  const logRows = page.locator('.sys-log-table .arco-table-tr').filter({ hasText: ADMIN.username });
  await expect(logRows.filter({ hasText: '下发指令' }).first()).toBeVisible();
  await expect(logRows.filter({ hasText: '指令被联锁拒绝' }).first()).toBeVisible();
  await expect.poll(() => logRows.filter({ hasText: '下发指令' }).count()).toBeGreaterThanOrEqual(3);
});
