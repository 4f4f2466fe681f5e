import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type ContentItem, contentApi } from '@water/contracts';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi, renderPage, reply } from '../../../shared/testing/render-page.tsx';
import { ContentListPage } from './content-list-page.tsx';

// Quill needs a real layout engine; the page's own behaviour is what is tested here, the editor in
// e2e/tests/content-library.spec.ts. The stand-in keeps the editor's contract: HTML in, HTML out.
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

const item = (
  id: number,
  type: ContentItem['type'],
  status: ContentItem['status'] = 'published',
  extra: Partial<ContentItem> = {},
): ContentItem => ({
  id,
  type,
  categoryCode: 'safety',
  categoryName: '安全规程',
  title: `内容 ${id}`,
  summary: `摘要 ${id}`,
  bodyHtml: type === 'text' ? `<p>正文 ${id}</p>` : '',
  fileUrl: type === 'image' ? `/uploads/content/demo-${id}.png` : '',
  authorName: '张伟',
  status,
  publishedAt: status === 'draft' ? null : '2026-03-01T02:03:04.000Z',
  viewCount: 1234,
  updatedAt: '2026-03-01T02:03:04.000Z',
  ...extra,
});

const page = (list: ContentItem[], total = list.length) => ({ list, total, page: 1, pageSize: 10 });
const categories = reply(contentApi.categories, [
  { code: 'safety', name: '安全规程' },
  { code: 'training', name: '培训资料' },
]);

describe('ContentListPage', () => {
  it('shows a reader the published items with no editor actions, and opens one once', async () => {
    const { calls } = mockApi([
      categories,
      [contentApi.list, page([item(1, 'text'), item(2, 'image')])],
      [contentApi.get, item(1, 'text', 'published', { bodyHtml: '<p><strong>关阀</strong>步骤</p>' })],
    ]);
    const { user } = renderPage(<ContentListPage />, { permissions: [] });

    const open = await screen.findByRole('button', { name: '查看：内容 1' });
    const row = open.closest('tr') as HTMLElement;
    expect(within(row).getByText('图文')).toBeTruthy();
    expect(within(row).getByText('安全规程')).toBeTruthy();
    expect(within(row).getByText('张伟')).toBeTruthy();
    expect(within(row).getByText('1,234')).toBeTruthy();
    const imageRow = screen.getByRole('button', { name: '查看：内容 2' }).closest('tr') as HTMLElement;
    expect(within(imageRow).getByRole('img', { name: '内容 2 的缩略图' }).getAttribute('src')).toBe(
      '/uploads/content/demo-2.png',
    );

    expect(screen.queryByRole('button', { name: '新建内容' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: '状态' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^(编辑|发布|撤回|删除)：/ })).toBeNull();
    expect(screen.queryByText('操作')).toBeNull();

    await user.click(open);
    const viewer = await screen.findByRole('dialog', { name: '查看内容' });
    expect(await within(viewer).findByText('关阀')).toBeTruthy();
    expect((viewer.querySelector('.content-body') as HTMLElement).innerHTML).toBe('<p><strong>关阀</strong>步骤</p>');
    expect(calls.filter((c) => c.path === '/api/content/1')).toHaveLength(1);
  });

  it('filters by type, category and keyword, and shows an opened picture', async () => {
    const { calls } = mockApi([
      categories,
      [
        contentApi.list,
        (call) =>
          call.query.get('type') === 'image' ? page([item(2, 'image')]) : page([item(1, 'text'), item(2, 'image')]),
      ],
      [contentApi.get, item(2, 'image')],
    ]);
    const { user } = renderPage(<ContentListPage />, { locale: 'en-US', permissions: [] });

    expect(await screen.findByText('2 in total')).toBeTruthy();
    await user.click(within(screen.getByRole('radiogroup', { name: 'Content type' })).getByText('Image'));
    await waitFor(() => expect(calls.at(-1)?.query.toString()).toBe('page=1&pageSize=10&type=image'));
    expect(await screen.findByText('1 in total')).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: '培训资料' }));
    await waitFor(() => expect(calls.at(-1)?.query.get('category')).toBe('training'));

    const search = screen.getByRole('textbox', { name: 'Search titles' });
    await user.type(search, 'valve');
    // Arco reads keyCode, which user-event leaves out.
    fireEvent.keyDown(search, { key: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(calls.at(-1)?.query.toString()).toBe('page=1&pageSize=10&type=image&category=training&keyword=valve'),
    );

    await user.click(screen.getByRole('button', { name: 'Open: 内容 2' }));
    const viewer = await screen.findByRole('dialog', { name: 'View item' });
    expect((await within(viewer).findByRole('img', { name: '内容 2' })).getAttribute('src')).toBe(
      '/uploads/content/demo-2.png',
    );
  });

  it('opens with the search its address holds', async () => {
    const { calls } = mockApi([categories, [contentApi.list, page([item(2, 'image', 'draft')])]]);
    renderPage(<ContentListPage />, { route: '/?type=image&status=draft&category=training&keyword=阀门&page=3' });

    expect(await screen.findByText('内容 2')).toBeTruthy();
    expect(Object.fromEntries(calls.filter((c) => c.path === '/api/content').at(-1)?.query ?? [])).toEqual({
      page: '3',
      pageSize: '10',
      type: 'image',
      status: 'draft',
      category: 'training',
      keyword: '阀门',
    });
    const type = screen.getByRole('radiogroup', { name: '内容类型' });
    expect(within(type).getByRole<HTMLInputElement>('radio', { name: '图片' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: '搜索标题' }).value).toBe('阀门');
    expect(screen.getByRole('button', { name: '重置筛选' })).toBeTruthy();
  });

  it('lets an editor create a text item: the POST carries the contract input', async () => {
    const stored = item(9, 'text', 'published', { title: '加氯操作规程', summary: '步骤与注意事项' });
    const { calls } = mockApi([categories, [contentApi.list, page([])], [contentApi.create, stored]]);
    const { user } = renderPage(<ContentListPage />);

    expect(await screen.findByText('暂无内容')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: '状态' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '新建内容' }));
    const drawer = await screen.findByRole('dialog', { name: '新建内容' });

    await user.click(within(drawer).getByRole('combobox', { name: '分类' }));
    await user.click(await screen.findByRole('option', { name: '培训资料' }));
    await user.type(within(drawer).getByRole('textbox', { name: '标题' }), ' 加氯操作规程 ');
    await user.type(within(drawer).getByRole('textbox', { name: '摘要' }), '步骤与注意事项');
    await user.type(
      await within(drawer).findByRole('textbox', { name: '正文编辑器' }),
      '<p>先<strong>关阀</strong></p>',
    );
    await user.click(within(drawer).getByText('已发布'));
    await user.click(within(drawer).getByRole('button', { name: '保存' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/content',
      body: {
        type: 'text',
        categoryCode: 'training',
        title: '加氯操作规程',
        summary: '步骤与注意事项',
        bodyHtml: '<p>先<strong>关阀</strong></p>',
        status: 'published',
      },
    });
    expect(await screen.findByText('已保存')).toBeTruthy();
    // The list is read again after the write.
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/content')).toHaveLength(2));
  });

  it('refuses a blank title by the contract rule before any call', async () => {
    const { calls } = mockApi([categories, [contentApi.list, page([])]]);
    const { user } = renderPage(<ContentListPage />, { locale: 'en-US' });

    await user.click(await screen.findByRole('button', { name: 'New item' }));
    const drawer = await screen.findByRole('dialog', { name: 'New item' });
    await user.click(within(drawer).getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: '安全规程' }));
    // Spaces only: the contract trims, so this is still empty.
    await user.type(within(drawer).getByRole('textbox', { name: 'Title' }), '   ');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));

    expect(await within(drawer).findByText('Required')).toBeTruthy();
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);
  });

  it("shows the server's refusal of an uploaded file next to it", async () => {
    const picture = item(4, 'image', 'draft', { fileUrl: '' });
    const { calls } = mockApi([
      categories,
      [contentApi.list, page([picture])],
      [contentApi.upload, fail(415, '文件类型不支持，仅允许 PNG, JPEG, WebP')],
    ]);
    const { user } = renderPage(<ContentListPage />);

    await user.click(await screen.findByRole('button', { name: '编辑：内容 4' }));
    const drawer = await screen.findByRole('dialog', { name: '编辑内容' });
    expect(within(drawer).getByText('还没有上传文件。')).toBeTruthy();
    const input = drawer.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['GIF89a'], 'x.png', { type: 'image/png' }));

    expect(await within(drawer).findByText('上传失败：文件类型不支持，仅允许 PNG, JPEG, WebP')).toBeTruthy();
    const upload = calls.find((c) => c.method === 'POST');
    expect(upload?.path).toBe('/api/content/4/file');
    expect(upload?.body).toBeInstanceOf(FormData);
    expect((upload?.body as FormData | undefined)?.get('file')).toBeInstanceOf(File);
  });

  it('publishes a draft after confirmation with a PUT of the item', async () => {
    let status: 'draft' | 'published' = 'draft';
    const { calls } = mockApi([
      categories,
      [contentApi.list, () => page([item(3, 'text', status)])],
      [
        contentApi.update,
        (call) => {
          status = 'published';
          return { ...item(3, 'text', 'published'), ...(call.body as object) };
        },
      ],
    ]);
    const { user } = renderPage(<ContentListPage />);

    await user.click(await screen.findByRole('button', { name: '发布：内容 3' }));
    const confirm = await screen.findByText(/发布后所有用户都能看到这条内容/);
    const popup = confirm.closest('.arco-popconfirm') as HTMLElement;
    await user.click(within(popup).getByRole('button', { name: '发布' }));

    expect(await screen.findByRole('button', { name: '撤回：内容 3' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      type: 'text',
      categoryCode: 'safety',
      title: '内容 3',
      summary: '摘要 3',
      bodyHtml: '<p>正文 3</p>',
      status: 'published',
    });
  });

  it("says when the list cannot be loaded, with the server's message and a retry", async () => {
    let attempts = 0;
    mockApi([
      categories,
      [
        contentApi.list,
        () => {
          attempts += 1;
          return attempts === 1 ? fail(500, '服务器内部错误') : page([item(1, 'video', 'published')]);
        },
      ],
    ]);
    const { user } = renderPage(<ContentListPage />);

    expect(await screen.findByText('加载失败')).toBeTruthy();
    expect(screen.getByText('服务器内部错误')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('内容 1')).toBeTruthy();
  });
});
