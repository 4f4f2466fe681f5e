import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifyApi } from '@water/contracts';
import { describe, expect, it, vi } from 'vitest';
import { type ApiCall, fail, mockApi, renderPage } from '../../../shared/testing/render-page.tsx';
import { PushComposeDrawer } from './push-compose-drawer.tsx';
import { composeReads, estimate, push } from './push-test-fixtures.ts';

type User = ReturnType<typeof renderPage>['user'];
/** Tests that pick options through Arco's selects: slow on a busy machine. */
const SLOW = 30_000;

const fill = (element: HTMLElement, text: string) => fireEvent.change(element, { target: { value: text } });

async function open(onCreated = vi.fn()) {
  const view = renderPage(<PushComposeDrawer open onClose={() => undefined} onCreated={onCreated} />);
  const drawer = await screen.findByRole('dialog', { name: '新建推送' });
  return { ...view, drawer, onCreated };
}

/** Title, content, the operators' role, and SMS besides in-app. */
async function compose(user: User, drawer: HTMLElement) {
  fill(within(drawer).getByRole('textbox', { name: '标题' }), '东湖泵站停电检修');
  fill(within(drawer).getByRole('textbox', { name: '内容' }), '今晚 22:00 至次日 06:00 停电检修。');
  await user.click(within(drawer).getByRole('combobox', { name: '角色' }));
  await user.click(within(await screen.findByRole('option', { name: '值班员' })).getByText('值班员'));
  await user.click(within(drawer).getByRole('checkbox', { name: '短信' }));
}

/** A form item by its label's text. */
const fieldOf = (scope: HTMLElement, label: string) =>
  within(scope).getByText(label, { selector: 'label' }).closest('.arco-form-item') as HTMLElement;

/** The day after tomorrow at 09:30 local time: within the 30 days a push may wait. */
function inTwoDays() {
  const soon = new Date(Date.now() + 2 * 86_400_000);
  soon.setHours(9, 30, 0, 0);
  return soon;
}

/** Types a time into the schedule picker and confirms it. */
async function pickTime(user: User, drawer: HTMLElement, at: Date) {
  const pad = (n: number) => String(n).padStart(2, '0');
  const picker = within(drawer).getByRole('textbox', { name: '定时发送时间' });
  await user.click(picker);
  fill(
    picker,
    `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}`,
  );
  await user.click(await screen.findByRole('button', { name: '确定' }));
}

/** The estimate waits for the form to rest (debounced) and then for its answer: on a busy machine, more than a second. */
const ESTIMATE_WAIT = { timeout: 5000 };

const posts = (calls: ApiCall[], path: string) => calls.filter((c) => c.method === 'POST' && c.path === path);

describe('PushComposeDrawer', () => {
  it(
    "shows the estimate's SMS bill as the form changes, then sends the contract body",
    async () => {
      const { calls } = mockApi([
        ...composeReads,
        [notifyApi.estimate, estimate()],
        [notifyApi.create, push(7, '东湖泵站停电检修', { state: 'sending', recipients: 90 })],
      ]);
      const { user, drawer, onCreated } = await open();
      const panel = within(drawer).getByRole('complementary', { name: '发送预估' });
      expect(within(panel).getByText('选择接收人和渠道后，这里显示将发出的投递与短信费用。')).toBeTruthy();

      await compose(user, drawer);
      expect(await within(panel).findByText('90 条 × ¥0.045 = ¥4.05', {}, ESTIMATE_WAIT)).toBeTruthy();
      expect(within(panel).getByText('90 人接收短信，每人最多 1 条')).toBeTruthy();
      expect(within(panel).getByText('短信余额 ¥500.00')).toBeTruthy();
      expect(within(panel).queryByText(/余额不足/)).toBeNull();
      // Debounced: typing the form did not ask for an estimate at every change.
      const estimates = posts(calls, '/api/notify/pushes/estimate');
      expect(estimates.length).toBeLessThanOrEqual(2);
      expect(estimates.at(-1)?.body).toMatchObject({
        title: '东湖泵站停电检修',
        channels: ['inApp', 'sms'],
        audience: { userIds: [], roleCodes: ['operator'], departmentIds: [] },
        scheduledAt: null,
      });

      // Robots are marked as group chats; a channel turned off says so.
      expect(within(drawer).getByRole('checkbox', { name: /钉钉\s*群聊/ })).toBeTruthy();
      expect(within(drawer).getByRole('checkbox', { name: /飞书\s*群聊\s*未启用/ })).toBeTruthy();

      await user.click(within(drawer).getByRole('button', { name: '立即推送' }));
      await waitFor(() => expect(posts(calls, '/api/notify/pushes')).toHaveLength(1));
      expect(posts(calls, '/api/notify/pushes')[0]!.body).toEqual({
        title: '东湖泵站停电检修',
        content: '今晚 22:00 至次日 06:00 停电检修。',
        useTemplate: true,
        channels: ['inApp', 'sms'],
        audience: { userIds: [], roleCodes: ['operator'], departmentIds: [] },
        scheduledAt: null,
        link: '',
      });
      expect(await screen.findByText('推送已排队，共 90 位接收人')).toBeTruthy();
      expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }));
    },
    SLOW,
  );

  it(
    'warns when the SMS balance cannot pay for the push',
    async () => {
      mockApi([...composeReads, [notifyApi.estimate, estimate({ balance: 1.2, enough: false })]]);
      const { user, drawer } = await open();
      await compose(user, drawer);
      const panel = within(drawer).getByRole('complementary', { name: '发送预估' });
      expect(
        await within(panel).findByText(
          '余额不足：本次需 ¥4.05，余额仅 ¥1.20。余额用完后的短信将记为“失败：余额不足”，不会发出。',
          {},
          ESTIMATE_WAIT,
        ),
      ).toBeTruthy();
    },
    SLOW,
  );

  it(
    'names a chosen channel that cannot deliver, as the estimate reports it',
    async () => {
      mockApi([
        ...composeReads,
        [notifyApi.estimate, { ...estimate(), deliveries: { inApp: 90 }, channelsOff: ['sms'] }],
      ]);
      const { user, drawer } = await open();
      await compose(user, drawer);
      const panel = within(drawer).getByRole('complementary', { name: '发送预估' });
      expect(
        await within(panel).findByText('短信未启用或未配置：不会投递，发送时将被拒绝。', {}, ESTIMATE_WAIT),
      ).toBeTruthy();
      const perChannel = within(panel).getByRole('list', { name: '各渠道投递' });
      expect(
        within(perChannel)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['站内消息90', '短信未启用']);
    },
    SLOW,
  );

  it(
    'sends free text at a time without the template',
    async () => {
      const soon = inTwoDays();
      const { calls } = mockApi([
        ...composeReads,
        [notifyApi.estimate, estimate()],
        [
          notifyApi.create,
          push(8, '例会提醒', { state: 'scheduled', scheduledAt: soon.toISOString(), finishedAt: null }),
        ],
      ]);
      const { user, drawer } = await open();
      await compose(user, drawer);
      await user.click(within(drawer).getByRole('switch', { name: '套用“手动通知”模板' }));
      expect(within(drawer).getByText('不套用模板：标题和内容按原文在每个渠道发送。')).toBeTruthy();
      await user.click(within(drawer).getByRole('radio', { name: '定时发送' }));
      await pickTime(user, drawer, soon);
      await user.click(within(drawer).getByRole('button', { name: '定时推送' }));
      await waitFor(() => expect(posts(calls, '/api/notify/pushes')).toHaveLength(1));
      expect(posts(calls, '/api/notify/pushes')[0]!.body).toMatchObject({
        useTemplate: false,
        scheduledAt: soon.toISOString(),
      });
      expect(await screen.findByText(/^已定时于 /)).toBeTruthy();
    },
    SLOW,
  );

  it(
    "puts the server's 400s on their fields: a channel off, nobody reached, a time gone",
    async () => {
      const refusals = [
        fail(400, '渠道“短信”未启用', { errors: [{ field: 'channels.1', message: '渠道“短信”未启用' }] }),
        fail(400, '所选范围内没有可接收的用户', {
          errors: [{ field: 'audience', message: '所选范围内没有可接收的用户' }],
        }),
        fail(400, '发送时间已过', { errors: [{ field: 'scheduledAt', message: '发送时间已过' }] }),
      ];
      const { calls } = mockApi([
        ...composeReads,
        [notifyApi.estimate, estimate()],
        [notifyApi.create, () => refusals.shift()!],
      ]);
      const { user, drawer } = await open();
      await compose(user, drawer);
      await user.click(within(drawer).getByRole('button', { name: '立即推送' }));
      await waitFor(() => expect(posts(calls, '/api/notify/pushes')).toHaveLength(1));
      const channels = fieldOf(drawer, '渠道');
      await waitFor(() => expect(within(channels).getByText('渠道“短信”未启用')).toBeTruthy());

      await user.click(within(drawer).getByRole('button', { name: '立即推送' }));
      await waitFor(() => expect(posts(calls, '/api/notify/pushes')).toHaveLength(2));
      const recipients = within(drawer).getByRole('region', { name: '接收人' });
      expect(await within(recipients).findByRole('alert')).toHaveProperty('textContent', '所选范围内没有可接收的用户');
      // Said once, under the three pickers, not under each; a change of recipients clears it.
      expect(within(drawer).getAllByText('所选范围内没有可接收的用户', { selector: '[role="alert"]' })).toHaveLength(1);
      await user.click(within(drawer).getByRole('combobox', { name: '角色' }));
      await user.click(within(await screen.findByRole('option', { name: '管理员' })).getByText('管理员'));
      await waitFor(() => expect(within(recipients).queryByRole('alert')).toBeNull());

      // The server's clock is the judge: a time it finds gone is refused on the time box.
      await user.click(within(drawer).getByRole('radio', { name: '定时发送' }));
      await pickTime(user, drawer, inTwoDays());
      await user.click(within(drawer).getByRole('button', { name: '定时推送' }));
      await waitFor(() => expect(posts(calls, '/api/notify/pushes')).toHaveLength(3));
      expect(await within(fieldOf(drawer, '定时发送时间')).findByText('发送时间已过')).toBeTruthy();
    },
    SLOW,
  );

  it('refuses before sending a push to nobody, or at a time not chosen', async () => {
    const { calls } = mockApi([...composeReads, [notifyApi.estimate, estimate()]]);
    const { user, drawer } = await open();
    fill(within(drawer).getByRole('textbox', { name: '标题' }), '停电检修');
    await user.click(within(drawer).getByRole('button', { name: '立即推送' }));
    const recipients = within(drawer).getByRole('region', { name: '接收人' });
    expect(await within(recipients).findByRole('alert')).toHaveProperty(
      'textContent',
      '请至少选择一位用户、一个角色或一个部门',
    );

    await user.click(within(drawer).getByRole('radio', { name: '定时发送' }));
    await user.click(within(drawer).getByRole('button', { name: '定时推送' }));
    expect(await within(drawer).findByText('请选择发送时间')).toBeTruthy();
    expect(posts(calls, '/api/notify/pushes')).toEqual([]);
  });
});
