import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type NotifyTemplate, notifyApi } from '@water/contracts';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, renderPage } from '../../../shared/testing/render-page.tsx';
import { MessageTemplatesPage } from './message-templates-page.tsx';
import { allChannels, allTemplates, channel, previewOf, template } from './templates-test-fixtures.ts';

/** Sets a box's value in one change event (braces are keys to user-event's typing). */
const fill = (element: HTMLElement, text: string) => fireEvent.change(element, { target: { value: text } });
const rowOf = async (purpose: string) => (await screen.findByText(purpose)).closest('tr') as HTMLElement;
const WRITER = ['notify:view', 'notify:template:write'];
const READER = ['notify:view'];
/** Tests that type, wait for the debounced preview and save: slow on a busy machine. */
const SLOW = 40_000;

const editedSms = template('alarm.raised', 'sms', {
  enabled: true,
  isDefault: false,
  fallback: 'email',
  body: {
    'zh-CN': '【{severity}】{station} 液位 {value}{unit}',
    'en-US': '[{severity}] {station} level {value}{unit}',
  },
  updatedAt: '2026-11-27T06:00:00.000Z',
  updatedBy: '系统管理员',
});
const templates = allTemplates((t) => (t.id === editedSms.id ? editedSms : {}));

describe('MessageTemplatesPage: templates', () => {
  it('shows each purpose by channel: on or off, edited, its fallback, and opens it', async () => {
    mockApi([[notifyApi.templates, templates]]);
    renderPage(<MessageTemplatesPage />, { permissions: WRITER });
    const raised = await rowOf('告警触发');
    const header = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(header).toEqual(['用途', '站内消息', '短信', '电子邮件', 'Webhook', '企业微信', '钉钉', '飞书']);
    expect(within(raised).getAllByText('启用')).toHaveLength(2);
    expect(within(raised).getAllByText('停用')).toHaveLength(5);
    expect(within(raised).getByText('已修改')).toBeTruthy();
    expect(within(raised).getByText('失败转电子邮件')).toBeTruthy();
    expect(screen.getAllByText('已修改')).toHaveLength(1);
    expect(within(raised).getByRole('button', { name: '编辑：告警触发 · 短信' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^编辑：/ })).toHaveLength(42);
  });

  it('filters by purpose and channel through the address', async () => {
    const { calls } = mockApi([
      [notifyApi.templates, ({ query }) => templates.filter((t) => t.channel === (query.get('channel') ?? t.channel))],
    ]);
    const { user } = renderPage(<MessageTemplatesPage />, { permissions: WRITER, route: '/?channel=sms' });
    await rowOf('告警触发');
    expect(calls[0]?.query.get('channel')).toBe('sms');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['用途', '短信']);
    expect(screen.getAllByRole('row')).toHaveLength(7);

    await user.click(screen.getByRole('combobox', { name: '用途' }));
    await user.click(await screen.findByRole('option', { name: '工单待办' }));
    await waitFor(() => expect(calls.at(-1)?.query.get('purpose')).toBe('workorder.todo'));
    expect(calls.at(-1)?.query.get('channel')).toBe('sms');
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: '重置筛选' }));
    await waitFor(() => expect([...(calls.at(-1)?.query.keys() ?? [])]).toEqual([]));
  });

  it('shows a reader the templates without any edit action, read-only', async () => {
    mockApi([
      [notifyApi.templates, templates],
      [notifyApi.previewTemplate, previewOf],
    ]);
    const { user } = renderPage(<MessageTemplatesPage />, { permissions: READER });
    await rowOf('告警触发');
    expect(screen.queryByRole('button', { name: /^编辑/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: '查看：告警触发 · 短信' }));
    const drawer = await screen.findByRole('dialog', { name: '模板：告警触发 · 短信' });
    expect((within(drawer).getByRole('textbox', { name: '正文 · 中文' }) as HTMLTextAreaElement).disabled).toBe(true);
    expect(within(drawer).queryByRole('button', { name: '保存' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: /恢复默认/ })).toBeNull();
    expect(within(drawer).queryByRole('group', { name: '可用变量' })).toBeNull();
    expect(within(drawer).getByRole('button', { name: '关闭' })).toBeTruthy();
  });

  it(
    'previews as you type, inserts a variable at the cursor, and shows the server refusal on its field',
    async () => {
      const { calls } = mockApi([
        [notifyApi.templates, templates],
        [notifyApi.previewTemplate, previewOf],
        [
          notifyApi.updateTemplate,
          fail(400, '请求参数不正确：body.en-US: 未知变量 {foo}：此用途的模板可用 {title}、{device}', {
            errors: [{ field: 'body.en-US', message: '未知变量 {foo}：此用途的模板可用 {title}、{device}' }],
          }),
        ],
      ]);
      const { user } = renderPage(<MessageTemplatesPage />, { permissions: WRITER });
      await user.click(await screen.findByRole('button', { name: '编辑：告警触发 · 短信' }));
      const drawer = await screen.findByRole('dialog', { name: '编辑模板：告警触发 · 短信' });
      expect(within(drawer).getByText('系统管理员 于 2026/11/27 06:00 修改')).toBeTruthy();
      // SMS has no title (said in each language's pane).
      expect(within(drawer).getAllByText('短信没有标题，只发送正文。')).toHaveLength(2);

      // The preview renders the text with the samples, as a bubble with its characters and parts.
      const preview = within(drawer).getByRole('region', { name: '实时预览' });
      const zh = within(preview).getByRole('article', { name: '中文' });
      expect(await within(zh).findByText('【严重】城东泵站 液位 7.05m')).toBeTruthy();
      expect(within(zh).getByText('17 字 · 1 条')).toBeTruthy();
      expect(within(preview).getByText('未发现问题')).toBeTruthy();

      // A chip goes where the cursor is.
      const body = within(drawer).getByRole('textbox', { name: '正文 · 中文' }) as HTMLTextAreaElement;
      await user.click(body);
      body.setSelectionRange(0, 0);
      await user.click(within(drawer).getByRole('button', { name: /^插入变量 \{region\}：泵站所在片区/ }));
      expect(body.value).toBe('{region}【{severity}】{station} 液位 {value}{unit}');
      // Debounced: the preview asks again with the new text.
      await waitFor(() =>
        expect(
          calls
            .filter((c) => c.path === '/api/notify/templates/preview')
            .map((c) => (c.body as { body: { 'zh-CN': string } }).body['zh-CN']),
        ).toContain('{region}【{severity}】{station} 液位 {value}{unit}'),
      );

      // An unknown variable in English: said under the box and in the preview before saving…
      await user.click(within(drawer).getByRole('tab', { name: '英文' }));
      fill(within(drawer).getByRole('textbox', { name: '正文 · 英文' }), 'Level {foo} at {station}');
      expect(await within(drawer).findByText('{foo}', { selector: '.tpl-preview__names *' })).toBeTruthy();

      // …and the server's refusal lands on that box, its tab marked, back in front after switching away.
      await user.click(within(drawer).getByRole('tab', { name: '中文' }));
      await user.click(within(drawer).getByRole('button', { name: '保存' }));
      expect(await within(drawer).findByText('未知变量 {foo}：此用途的模板可用 {title}、{device}')).toBeTruthy();
      expect(within(drawer).getByRole('tab', { name: '英文（有错误）' }).getAttribute('aria-selected')).toBe('true');
      const put = calls.find((c) => c.method === 'PUT');
      expect(put?.path).toBe(`/api/notify/templates/${editedSms.id}`);
      expect(put?.body).toEqual({
        enabled: true,
        fallback: 'email',
        title: { 'zh-CN': '', 'en-US': '' },
        body: { 'zh-CN': '{region}【{severity}】{station} 液位 {value}{unit}', 'en-US': 'Level {foo} at {station}' },
      });
      expect(screen.getByRole('dialog', { name: '编辑模板：告警触发 · 短信' })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'flags an SMS over the segment cap in the preview',
    async () => {
      mockApi([
        [notifyApi.templates, templates],
        [notifyApi.previewTemplate, previewOf],
      ]);
      const { user } = renderPage(<MessageTemplatesPage />, { permissions: WRITER });
      await user.click(await screen.findByRole('button', { name: '编辑：告警触发 · 短信' }));
      const drawer = await screen.findByRole('dialog', { name: '编辑模板：告警触发 · 短信' });
      fill(within(drawer).getByRole('textbox', { name: '正文 · 中文' }), '泵'.repeat(300));
      expect(
        await within(drawer).findByText('中文：短信渲染后为 5 条（300 字），超过 4 条上限', {}, { timeout: 5000 }),
      ).toBeTruthy();
      expect(within(drawer).getByText('300 字 · 5 条')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'saves a Chinese edit with the English left unopened: both languages go, as they were',
    async () => {
      const { calls } = mockApi([
        [notifyApi.templates, templates],
        [notifyApi.previewTemplate, previewOf],
        [notifyApi.updateTemplate, editedSms],
      ]);
      const { user } = renderPage(<MessageTemplatesPage />, { permissions: WRITER });
      await user.click(await screen.findByRole('button', { name: '编辑：告警触发 · 短信' }));
      const drawer = await screen.findByRole('dialog', { name: '编辑模板：告警触发 · 短信' });
      fill(within(drawer).getByRole('textbox', { name: '正文 · 中文' }), '【{severity}】{station} {value}{unit}');
      await user.click(within(drawer).getByRole('button', { name: '保存' }));
      await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
      expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
        body: { 'zh-CN': '【{severity}】{station} {value}{unit}', 'en-US': editedSms.body['en-US'] },
      });
    },
    SLOW,
  );

  it('resets a template to its default after asking', async () => {
    const fresh: NotifyTemplate = template('alarm.raised', 'sms', {
      enabled: true,
      updatedAt: '2026-11-27T07:00:00.000Z',
    });
    const { calls } = mockApi([
      [notifyApi.templates, templates],
      [notifyApi.previewTemplate, previewOf],
      [notifyApi.resetTemplate, fresh],
    ]);
    const { user } = renderPage(<MessageTemplatesPage />, { permissions: WRITER });
    await user.click(await screen.findByRole('button', { name: '编辑：告警触发 · 短信' }));
    const drawer = await screen.findByRole('dialog', { name: '编辑模板：告警触发 · 短信' });
    await user.click(within(drawer).getByRole('button', { name: '恢复默认：告警触发 · 短信' }));
    expect(await screen.findByText('将“告警触发 · 短信”恢复为默认文本？')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/reset'))).toBe(false);
    await user.click(screen.getByRole('button', { name: '恢复默认' }));
    expect(await screen.findByText('已恢复为默认文本')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.path.endsWith('/reset')).map((c) => c.path)).toEqual([
      `/api/notify/templates/${editedSms.id}/reset`,
    ]);
    const reopened = await screen.findByRole('dialog', { name: '编辑模板：告警触发 · 短信' });
    await waitFor(() =>
      expect((within(reopened).getByRole('textbox', { name: '正文 · 中文' }) as HTMLTextAreaElement).value).toBe(
        fresh.body['zh-CN'],
      ),
    );
    expect(within(reopened).getByText('默认文本')).toBeTruthy();
    // Already the default: nothing to reset.
    expect(
      (within(reopened).getByRole('button', { name: '恢复默认：告警触发 · 短信' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});

describe('MessageTemplatesPage: channels', () => {
  it('sends a test and shows the failure with its time', async () => {
    const { calls } = mockApi([
      [notifyApi.channels, allChannels()],
      [
        notifyApi.testChannel,
        ({ params }) =>
          params.channel === 'email'
            ? { ok: false, error: 'SMTP 服务器拒绝连接', ms: 42.4 }
            : { ok: true, error: '', ms: 8 },
      ],
    ]);
    const { user } = renderPage(<MessageTemplatesPage />, { permissions: WRITER, route: '/?tab=channels' });
    const email = await screen.findByRole('region', { name: '电子邮件' });
    expect(within(email).getByText('127.0.0.1')).toBeTruthy();
    expect(within(email).getByText('Water Ops <noreply@water.local>')).toBeTruthy();
    expect(within(email).getByText('未配置')).toBeTruthy();
    await user.click(within(email).getByRole('button', { name: '发送测试：电子邮件' }));
    expect(await within(email).findByText('发送失败：SMTP 服务器拒绝连接 · 42 ms')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/notify/channels/email/test']);

    const sms = screen.getByRole('region', { name: '短信' });
    expect(within(sms).getByText('就绪')).toBeTruthy();
    expect(within(sms).getByText('outbox')).toBeTruthy();
    await user.click(within(sms).getByRole('button', { name: '发送测试：短信' }));
    expect(await within(sms).findByText('测试消息已发送 · 8 ms')).toBeTruthy();
  });

  it('saves a robot address and secret, keeps a secret unsaid, and shows a refusal on its field', async () => {
    const { calls } = mockApi([
      [
        notifyApi.channels,
        [
          ...allChannels().filter((c) => c.channel !== 'dingtalk'),
          channel('dingtalk', { hasSecret: true, url: 'https://oapi.dingtalk.com/robot/send?access_token=old' }),
        ],
      ],
      [
        notifyApi.updateChannel,
        ({ body }) =>
          (body as { enabled: boolean }).enabled
            ? fail(400, '请求参数不正确：url: 请填写有效的网址', {
                errors: [{ field: 'url', message: '请填写有效的网址' }],
              })
            : channel('dingtalk', { url: (body as { url: string }).url, hasSecret: true }),
      ],
    ]);
    const { user } = renderPage(<MessageTemplatesPage />, { permissions: WRITER, route: '/?tab=channels' });
    const ding = await screen.findByRole('region', { name: '钉钉' });
    expect(within(ding).getByText('已停用')).toBeTruthy();
    const secret = within(ding).getByLabelText('钉钉 · 签名密钥') as HTMLInputElement;
    expect(secret.value).toBe('');
    expect(secret.placeholder).toBe('已保存（留空则不变）');

    const url = within(ding).getByRole('textbox', { name: '钉钉 · Webhook 地址' });
    fill(url, 'https://oapi.dingtalk.com/robot/send?access_token=new');
    await user.click(within(ding).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    // The secret was left empty: kept, so not sent.
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      enabled: false,
      url: 'https://oapi.dingtalk.com/robot/send?access_token=new',
    });
    expect(calls.find((c) => c.method === 'PUT')?.path).toBe('/api/notify/channels/dingtalk');
    expect(await screen.findByText('渠道设置已保存')).toBeTruthy();

    // Turning it on: the server refuses the address, on its box.
    const again = await screen.findByRole('region', { name: '钉钉' });
    await user.click(within(again).getByRole('switch', { name: '启用渠道：钉钉' }));
    expect(
      await within(again).findByText('请填写有效的网址', { selector: '.arco-form-message *, .arco-form-message' }),
    ).toBeTruthy();
  });

  it('removes a secret only when asked', async () => {
    const { calls } = mockApi([
      [
        notifyApi.channels,
        [channel('webhook', { hasSecret: true, url: 'https://hooks.example.com/w', enabled: true, ready: true })],
      ],
      [notifyApi.updateChannel, channel('webhook', { url: 'https://hooks.example.com/w', enabled: true, ready: true })],
    ]);
    const { user } = renderPage(<MessageTemplatesPage />, { permissions: WRITER, route: '/?tab=channels' });
    const hook = await screen.findByRole('region', { name: 'Webhook' });
    await user.click(within(hook).getByRole('button', { name: '清除密钥' }));
    expect(within(hook).getByText('保存后将清除密钥')).toBeTruthy();
    await user.click(within(hook).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      enabled: true,
      url: 'https://hooks.example.com/w',
      secret: '',
    });
  });

  it('shows a reader the channels without switches that work, tests or saving', async () => {
    mockApi([[notifyApi.channels, allChannels()]]);
    renderPage(<MessageTemplatesPage />, { permissions: READER, route: '/?tab=channels' });
    const sms = await screen.findByRole('region', { name: '短信' });
    expect(within(sms).getByRole('switch').hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: /发送测试/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
    expect(screen.queryByRole('button', { name: '清除密钥' })).toBeNull();
  });
});

describe('MessageTemplatesPage: access', () => {
  it('tells a user without notify:view, and asks nothing', async () => {
    const { fetchMock } = mockApi([]);
    renderPage(<MessageTemplatesPage />, { permissions: ['alarm:view'] });
    expect(await screen.findByText('无权查看消息模板')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reads in English', async () => {
    mockApi([[notifyApi.templates, templates]]);
    renderPage(<MessageTemplatesPage />, { permissions: WRITER, locale: 'en-US' });
    const raised = await rowOf('Alarm raised');
    expect(within(raised).getByText('Edited')).toBeTruthy();
    expect(within(raised).getByText('Else E-mail')).toBeTruthy();
    expect(within(raised).getByRole('button', { name: 'Edit: Alarm raised · SMS' })).toBeTruthy();
  });
});
