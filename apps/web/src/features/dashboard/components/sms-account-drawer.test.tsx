import { screen, waitFor, within } from '@testing-library/react';
import { authApi, Permissions, type RoleInfo, type SmsLedgerEntry, workplaceApi } from '@water/contracts';
import { describe, expect, it } from 'vitest';
import { mockApi, renderPage, reply } from '../../../shared/testing/render-page.tsx';
import { workplaceOptions } from '../testing/workplace-harness.ts';
import { OverviewPanel } from './overview-panel.tsx';

const account = {
  balance: 1280.5,
  price: 0.05,
  lowThreshold: 100,
  ledger: [],
};
const topups: SmsLedgerEntry[] = [
  {
    id: 2,
    kind: 'topup',
    amount: 500,
    note: '11 月充值',
    userName: '张伟',
    createdAt: '2026-11-20T02:00:00.000Z',
  },
];
const charges: SmsLedgerEntry[] = [
  {
    id: 9,
    kind: 'charge',
    amount: -0.05,
    note: '',
    userName: '',
    createdAt: '2026-11-21T02:00:00.000Z',
    phone: '139****0004',
    purpose: 'notice',
  },
];

/** The signed-in administrator's role-info, holding `permissions`. */
const roleInfo = (permissions: string[]): RoleInfo => ({
  name: '张伟',
  avatar: '',
  job: '',
  organization: '',
  location: '',
  email: '',
  introduction: '',
  personalWebsite: '',
  jobName: '',
  organizationName: '',
  locationName: '',
  phone: '13800000001',
  registrationDate: '2026-01-01T00:00:00.000Z',
  accountId: '1',
  certification: 0,
  role: 'admin',
  roles: [],
  menus: [],
  permissions,
  userInfos: { userId: 1, username: 'admin', enterpriseId: null, departmentId: null, mustChangePassword: false },
});

// Answers typed by the contracts: each is checked against its endpoint's data schema.
function answers(permissions: string[]) {
  return [
    reply(authApi.roleInfo, roleInfo(permissions)),
    reply(workplaceApi.overview, {
      balance: { amount: 1280.5, currency: 'CNY', low: false, lowThreshold: 100, price: 0.05 },
      pendingOrders: 0,
      renewalOrders: 3,
      onlineContent: 27,
      operations: {
        stationsRunning: 5,
        stationsFault: 1,
        stationsOffline: 2,
        stationsTotal: 12,
        devicesOnline: 140,
        devicesTotal: 158,
        pumpedToday: 18234.6,
      },
    }),
    reply(workplaceApi.smsAccount, account),
    reply(workplaceApi.smsLedger, (call) => (call.query.get('kind') === 'charge' ? charges : topups)),
    reply(workplaceApi.smsTopup, (call) => ({
      ...account,
      balance: account.balance + (call.body as { amount: number }).amount,
    })),
    reply(workplaceApi.smsSettings, (call) => ({
      ...account,
      ...(call.body as { price: number; lowThreshold: number }),
    })),
  ] as const;
}

const manager = [Permissions.smsAccountWrite, Permissions.systemSmsOutbox];

async function openDrawer(permissions = manager, locale: 'zh-CN' | 'en-US' = 'zh-CN') {
  const { calls } = mockApi([...answers(permissions)]);
  const { user } = renderPage(<OverviewPanel />, { ...workplaceOptions, locale });
  await user.click(await screen.findByRole('button', { name: locale === 'zh-CN' ? '充值与计费' : 'Top-ups & price' }));
  const drawer = await screen.findByRole('dialog', { name: locale === 'zh-CN' ? '短信账户' : 'SMS account' });
  return { calls, user, drawer };
}

describe('SMS account drawer', () => {
  it('shows the balance, price, threshold and recent top-ups and charges to an SMS account manager', async () => {
    const { drawer, user } = await openDrawer();
    expect(await within(drawer).findByText('¥1,280.50')).toBeTruthy();
    expect(within(drawer).getByText('约可发送 25,610 条')).toBeTruthy();
    expect(within(drawer).getByText('¥0.05')).toBeTruthy();
    expect(within(drawer).getByText('¥100.00')).toBeTruthy();
    expect(await within(drawer).findByText('11 月充值')).toBeTruthy();
    expect(within(drawer).getByText('+¥500.00')).toBeTruthy();
    await user.click(within(drawer).getByRole('tab', { name: '最近扣费' }));
    expect(await within(drawer).findByText('139****0004')).toBeTruthy();
    expect(within(drawer).getByText('通知公告')).toBeTruthy();
  }, 15_000);

  it('records a top-up with the amount and note it was given', async () => {
    const { drawer, user, calls } = await openDrawer();
    const amount = await within(drawer).findByRole('spinbutton', { name: '充值金额' });
    await user.type(amount, '300.5');
    await user.type(within(drawer).getByRole('textbox', { name: '备注' }), '12 月充值');
    await user.click(within(drawer).getByRole('button', { name: '记录充值' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === '/api/sms/topups')?.body).toEqual({
        amount: 300.5,
        note: '12 月充值',
      }),
    );
    expect(await screen.findByText('已记录充值 ¥300.50')).toBeTruthy();
  }, 15_000);

  it('refuses an amount of zero on the field, without calling the server', async () => {
    const { drawer, user, calls } = await openDrawer();
    await user.type(await within(drawer).findByRole('spinbutton', { name: '充值金额' }), '0');
    await user.click(within(drawer).getByRole('button', { name: '记录充值' }));
    expect(await within(drawer).findByText('请输入大于 0 且不超过 ¥1,000,000.00 的金额')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/sms/topups')).toBe(false);
  }, 15_000);

  it('changes the price and the warning threshold', async () => {
    const { drawer, user, calls } = await openDrawer(manager, 'en-US');
    const price = await within(drawer).findByRole('spinbutton', { name: 'Price per SMS' });
    await user.clear(price);
    await user.type(price, '0.045');
    const threshold = within(drawer).getByRole('spinbutton', { name: 'Low-balance threshold' });
    await user.clear(threshold);
    await user.type(threshold, '300');
    await user.click(within(drawer).getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ price: 0.045, lowThreshold: 300 }),
    );
  }, 15_000);

  it('offers no SMS account button without the permission', async () => {
    mockApi([...answers([])]);
    renderPage(<OverviewPanel />, workplaceOptions);
    expect(await screen.findByText('¥1,280.50')).toBeTruthy();
    // The permissions have arrived with the name.
    expect(await screen.findByText('欢迎回来，张伟')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '充值与计费' })).toBeNull();
  });

  it('offers no button to a holder of only the outbox permission', async () => {
    mockApi([...answers([Permissions.systemSmsOutbox])]);
    renderPage(<OverviewPanel />, workplaceOptions);
    expect(await screen.findByText('¥1,280.50')).toBeTruthy();
    // The permissions have arrived with the name.
    expect(await screen.findByText('欢迎回来，张伟')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '充值与计费' })).toBeNull();
  });
});
