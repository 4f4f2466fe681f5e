import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type Notice, noticesApi, rolesApi } from '@water/contracts';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi, renderPage, reply } from '../../../shared/testing/render-page.tsx';
import { NoticeListPage } from './notice-list-page.tsx';

// Quill needs a real layout engine; the page's own behaviour is what is tested here, the editor in
// e2e/tests/notices.spec.ts. The stand-in keeps the editor's contract: HTML in, HTML out.
vi.mock('../../../shared/ui/rich-text/rich-text-editor.tsx', () => ({
  default: ({
    initialHtml,
    onChange,
    ariaLabel,
  }: {
    initialHtml: string;
    onChange: (html: string) => void;
    ariaLabel: string;
  }) => <textarea aria-label={ariaLabel} defaultValue={initialHtml} onChange={(e) => onChange(e.target.value)} />,
}));

const ROLE_OPTIONS = reply(rolesApi.options, [
  { code: 'admin', name: '管理员' },
  { code: 'user', name: '普通用户' },
]);

type Summary = Omit<Notice, 'contentHtml' | 'sms' | 'attachments'>;

const summary = (id: number, status: Notice['status'], extra: Partial<Summary> = {}): Summary => ({
  id,
  title: `通知 ${id}`,
  level: 0,
  status,
  audience: { type: 'all' },
  authorName: '张伟',
  publishedAt: status === 'draft' ? null : '2026-03-01T02:03:04.000Z',
  updatedAt: '2026-03-01T02:03:04.000Z',
  recipients: status === 'published' ? 4 : 0,
  reads: status === 'published' ? 1 : 0,
  ...extra,
});

const page = (list: Summary[], total = list.length, pageNo = 1) => ({ list, total, page: pageNo, pageSize: 10 });

describe('NoticeListPage', () => {
  it('lists notices with their level, state, audience, reads and the actions each state allows', async () => {
    const { calls } = mockApi([
      ROLE_OPTIONS,
      [
        noticesApi.list,
        page([
          summary(1, 'draft', { level: 3, audience: { type: 'roles', codes: ['user', 'admin'] } }),
          summary(2, 'published', { level: 1 }),
          summary(3, 'withdrawn'),
        ]),
      ],
    ]);
    renderPage(<NoticeListPage />);

    const rowOf = async (title: string) =>
      (await screen.findByRole('button', { name: `预览：${title}` })).closest('tr');
    const draft = await rowOf('通知 1');
    const published = await rowOf('通知 2');
    const withdrawn = await rowOf('通知 3');
    expect(within(draft!).getByText('紧急')).toBeTruthy();
    expect(within(draft!).getByText('草稿')).toBeTruthy();
    expect(within(draft!).getByText('角色：普通用户、管理员')).toBeTruthy();
    expect(within(draft!).getByText('未发布')).toBeTruthy();
    expect(within(draft!).getByRole('button', { name: '编辑：通知 1' })).toBeTruthy();
    expect(within(draft!).getByRole('button', { name: '发布：通知 1' })).toBeTruthy();
    expect(within(draft!).getByRole('button', { name: '删除：通知 1' })).toBeTruthy();
    expect(within(draft!).queryByRole('button', { name: '撤回：通知 1' })).toBeNull();

    expect(within(published!).getByText('重要')).toBeTruthy();
    expect(within(published!).getByText('全体用户')).toBeTruthy();
    expect(within(published!).getByText('1 / 4')).toBeTruthy();
    expect(within(published!).getByRole('button', { name: '撤回：通知 2' })).toBeTruthy();
    expect(within(published!).queryByRole('button', { name: '删除：通知 2' })).toBeNull();
    expect(within(published!).queryByRole('button', { name: '编辑：通知 2' })).toBeNull();

    expect(within(withdrawn!).getByText('已撤回')).toBeTruthy();
    expect(within(withdrawn!).getByRole('button', { name: '删除：通知 3' })).toBeTruthy();
    expect(within(withdrawn!).queryByRole('button', { name: '发布：通知 3' })).toBeNull();

    expect(calls.find((c) => c.path === '/api/notices')?.query.toString()).toBe('page=1&pageSize=10');
  });

  it('filters by keyword and status and pages, in English too', async () => {
    const { calls } = mockApi([
      ROLE_OPTIONS,
      [
        noticesApi.list,
        (call) =>
          call.query.get('page') === '2'
            ? page([summary(11, 'published')], 11, 2)
            : page(
                Array.from({ length: 10 }, (_, i) => summary(i + 1, 'published')),
                11,
              ),
      ],
    ]);
    const { user } = renderPage(<NoticeListPage />, { locale: 'en-US' });

    expect(await screen.findByText('11 in total')).toBeTruthy();
    const search = screen.getByRole('textbox', { name: 'Search titles' });
    await user.type(search, 'water');
    // Arco reads keyCode, which user-event leaves out.
    fireEvent.keyDown(search, { key: 'Enter', keyCode: 13 });
    await waitFor(() => expect(calls.at(-1)?.query.get('keyword')).toBe('water'));

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Withdrawn' }));
    await waitFor(() =>
      // In the contract's order of the query.
      expect(calls.at(-1)?.query.toString()).toBe('page=1&pageSize=10&status=withdrawn&keyword=water'),
    );

    await user.click(screen.getByText('2', { selector: '.arco-pagination-item' }));
    await waitFor(() => expect(calls.at(-1)?.query.get('page')).toBe('2'));
    expect(await screen.findByText('通知 11')).toBeTruthy();
  });

  it('opens with the search its address holds', async () => {
    const { calls } = mockApi([ROLE_OPTIONS, [noticesApi.list, page([summary(3, 'withdrawn')], 21, 3)]]);
    renderPage(<NoticeListPage />, { route: '/?status=withdrawn&keyword=停水&page=3&pageSize=oops' });

    expect(await screen.findByText('通知 3')).toBeTruthy();
    expect(Object.fromEntries(calls.filter((c) => c.path === '/api/notices').at(-1)?.query ?? [])).toEqual({
      page: '3',
      pageSize: '10',
      status: 'withdrawn',
      keyword: '停水',
    });
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: '搜索标题' }).value).toBe('停水');
    expect(screen.getByRole('button', { name: '重置筛选' })).toBeTruthy();
  });

  it('creates a draft: the contract rules first, then the notice as the server stored it', async () => {
    const stored: Notice = {
      ...summary(7, 'draft', { title: '停水通知', level: 1, audience: { type: 'roles', codes: ['user'] } }),
      contentHtml: '<p><strong>明日停水</strong></p>',
      sms: false,
      attachments: [],
    };
    const { calls } = mockApi([
      ROLE_OPTIONS,
      [noticesApi.list, page([])],
      [noticesApi.create, stored],
      [noticesApi.get, stored],
    ]);
    const { user } = renderPage(<NoticeListPage />);

    expect(await screen.findByText('暂无通知')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '新建通知' }));
    const drawer = await screen.findByRole('dialog');
    await user.click(within(drawer).getByText('指定角色'));
    await user.click(within(drawer).getByRole('button', { name: '保存草稿' }));

    expect(await within(drawer).findByText('必填')).toBeTruthy();
    expect(within(drawer).getByText('请至少选择一个角色')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    // Spaces only: the contract trims, so this is still empty.
    await user.type(within(drawer).getByRole('textbox', { name: '标题' }), '   ');
    await user.click(within(drawer).getByRole('button', { name: '保存草稿' }));
    expect(await within(drawer).findByText('必填')).toBeTruthy();

    await user.clear(within(drawer).getByRole('textbox', { name: '标题' }));
    await user.type(within(drawer).getByRole('textbox', { name: '标题' }), ' 停水通知 ');
    await user.click(within(drawer).getByText('重要'));
    await user.click(within(drawer).getByText('普通用户'));
    await user.type(
      await within(drawer).findByRole('textbox', { name: '通知正文编辑器' }),
      '<p><strong>明日停水</strong><script>x</script></p>',
    );
    await user.click(within(drawer).getByRole('button', { name: '保存草稿' }));

    expect(await within(drawer).findByText(/草稿已保存。以下为服务器实际保存的内容/)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/notices',
      body: {
        title: '停水通知',
        level: 1,
        audience: { type: 'roles', codes: ['user'] },
        contentHtml: '<p><strong>明日停水</strong><script>x</script></p>',
      },
    });
    // The preview is the server's answer, not the editor's text.
    const content = drawer.querySelector('.notice-content') as HTMLElement;
    expect(content.innerHTML).toBe('<p><strong>明日停水</strong></p>');
    expect(within(drawer).getByText('角色：普通用户')).toBeTruthy();
  });

  it('edits a draft with what the server has, saves it with PUT, and previews a notice from its title', async () => {
    const draft: Notice = {
      ...summary(5, 'draft', { title: '旧标题', audience: { type: 'roles', codes: ['admin'] } }),
      contentHtml: '<p>原文</p>',
      sms: false,
      attachments: [],
    };
    const { calls } = mockApi([
      ROLE_OPTIONS,
      [noticesApi.list, page([summary(5, 'draft', { title: '旧标题' })])],
      [noticesApi.get, draft],
      [noticesApi.update, (call) => ({ ...draft, ...(call.body as object) })],
    ]);
    const { user } = renderPage(<NoticeListPage />);

    await user.click(await screen.findByRole('button', { name: '编辑：旧标题' }));
    const drawer = await screen.findByRole('dialog', { name: '编辑通知' });
    const title = await within(drawer).findByRole('textbox', { name: '标题' });
    expect((title as HTMLInputElement).value).toBe('旧标题');
    expect(
      ((await within(drawer).findByRole('textbox', { name: '通知正文编辑器' })) as HTMLTextAreaElement).value,
    ).toBe('<p>原文</p>');
    await user.clear(title);
    await user.type(title, '新标题');
    await user.click(within(drawer).getByRole('button', { name: '保存草稿' }));

    expect(await within(drawer).findByText('新标题')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      title: '新标题',
      level: 0,
      audience: { type: 'roles', codes: ['admin'] },
      contentHtml: '<p>原文</p>',
    });
    await user.click(within(drawer).getByRole('button', { name: '关闭' }));

    await user.click(screen.getByRole('button', { name: '预览：旧标题' }));
    const preview = await screen.findByRole('dialog', { name: '通知预览' });
    expect(await within(preview).findByText('原文')).toBeTruthy();
    // How it reaches people: in the console only, unless it also goes out by SMS.
    expect(within(preview).getByText('站内消息')).toBeTruthy();
  });

  it('says in the preview that a notice also goes out by SMS', async () => {
    const notice: Notice = {
      ...summary(6, 'draft', { title: '短信通知' }),
      contentHtml: '<p>正文</p>',
      sms: true,
      attachments: [],
    };
    mockApi([
      ROLE_OPTIONS,
      [noticesApi.list, page([summary(6, 'draft', { title: '短信通知' })])],
      [noticesApi.get, notice],
    ]);
    const { user } = renderPage(<NoticeListPage />);
    await user.click(await screen.findByRole('button', { name: '预览：短信通知' }));
    const preview = await screen.findByRole('dialog', { name: '通知预览' });
    expect(await within(preview).findByText('站内消息 + 短信')).toBeTruthy();
  });

  it('publishes a draft only after confirmation and shows the new state', async () => {
    let status: 'draft' | 'published' = 'draft';
    const { calls } = mockApi([
      ROLE_OPTIONS,
      [noticesApi.list, () => page([summary(1, status)])],
      [
        noticesApi.publish,
        () => {
          status = 'published';
          return { ...summary(1, 'published'), contentHtml: '', sms: false, attachments: [], smsDelivery: null };
        },
      ],
    ]);
    const { user } = renderPage(<NoticeListPage />);

    await user.click(await screen.findByRole('button', { name: '发布：通知 1' }));
    const confirm = await screen.findByText(/发布后将向接收范围内的每位用户发送通知消息/);
    expect(calls.some((c) => c.path.endsWith('/publish'))).toBe(false);
    const popup = confirm.closest('.arco-popconfirm') as HTMLElement;
    await user.click(within(popup).getByRole('button', { name: '发布' }));

    expect(await screen.findByText('1 / 4')).toBeTruthy();
    expect(await screen.findByText('已发布')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/notices/1/publish')).toHaveLength(1);
    expect(screen.getByRole('button', { name: '撤回：通知 1' })).toBeTruthy();
  });

  it('tells the publisher how the SMS copies fared, and warns when the balance ran short', async () => {
    const deliveries = [
      { queued: 4, failed: 0, skipped: 0 },
      { queued: 3, failed: 0, skipped: 1 },
      { queued: 2, failed: 2, skipped: 0 },
    ];
    mockApi([
      ROLE_OPTIONS,
      [noticesApi.list, page([summary(1, 'draft')])],
      [
        noticesApi.publish,
        () => ({
          ...summary(1, 'published'),
          contentHtml: '',
          sms: true,
          attachments: [],
          smsDelivery: deliveries.shift() ?? null,
        }),
      ],
    ]);
    const { user } = renderPage(<NoticeListPage />);
    const publish = async () => {
      await user.click(await screen.findByRole('button', { name: '发布：通知 1' }));
      const popup = (await screen.findByText(/发布后将向接收范围内的每位用户发送通知消息/)).closest(
        '.arco-popconfirm',
      ) as HTMLElement;
      await user.click(within(popup).getByRole('button', { name: '发布' }));
    };
    await publish();
    expect(await screen.findByText('已发布，短信已发送 4 条')).toBeTruthy();
    await publish();
    expect(await screen.findByText('已发布，短信已发送 3 条；1 人没有手机号，未发短信')).toBeTruthy();
    await publish();
    const warning = await screen.findByText(/短信余额不足：2 条短信未发送（已发送 2 条）/);
    expect(warning.closest('.arco-message-warning')).toBeTruthy();
  });

  it("says when the list cannot be loaded, with the server's message and a retry", async () => {
    let attempts = 0;
    mockApi([
      ROLE_OPTIONS,
      [
        noticesApi.list,
        () => {
          attempts += 1;
          return attempts === 1 ? fail(500, '服务器内部错误') : page([summary(1, 'draft')]);
        },
      ],
    ]);
    const { user } = renderPage(<NoticeListPage />);

    expect(await screen.findByText('加载失败')).toBeTruthy();
    expect(screen.getByText('服务器内部错误')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('通知 1')).toBeTruthy();
  });

  it("keeps the drawer open with the server's refusal when saving fails", async () => {
    mockApi([ROLE_OPTIONS, [noticesApi.list, page([])], [noticesApi.create, fail(400, '内容过长')]]);
    const { user } = renderPage(<NoticeListPage />, { locale: 'en-US' });

    await user.click(await screen.findByRole('button', { name: 'New notice' }));
    const drawer = await screen.findByRole('dialog');
    await user.type(within(drawer).getByRole('textbox', { name: 'Title' }), 'Water off tomorrow');
    await user.click(within(drawer).getByRole('button', { name: 'Save draft' }));

    expect(await within(drawer).findByText('内容过长')).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Save draft' })).toBeTruthy();
  });

  it('tells a user without the notice permission, and never asks the server for notices', async () => {
    const { fetchMock } = mockApi([]);
    renderPage(<NoticeListPage />, { permissions: [] });

    expect(await screen.findByText('没有发布通知的权限')).toBeTruthy();
    expect(screen.getByText(/发布通知需由管理员为你的角色开通/)).toBeTruthy();
    // Never the raw permission key.
    expect(document.body.textContent).not.toMatch(/message:notice:write/);
    expect(screen.queryByRole('button', { name: '新建通知' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
