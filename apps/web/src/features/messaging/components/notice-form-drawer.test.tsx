import { screen, waitFor, within } from '@testing-library/react';
import { type Notice, noticesApi } from '@water/contracts';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage } from '../../../shared/testing/render-page.tsx';
import { NoticeFormDrawer } from './notice-form-drawer.tsx';

// Quill needs a real layout engine; the stand-in keeps the editor's contract: HTML in, HTML out.
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

const stored = (extra: Partial<Notice> = {}): Notice => ({
  id: 7,
  title: '停水通知',
  level: 0,
  status: 'draft',
  audience: { type: 'all' },
  authorName: '张伟',
  publishedAt: null,
  updatedAt: '2026-11-20T02:00:00.000Z',
  recipients: 0,
  reads: 0,
  contentHtml: '<p>明日停水</p>',
  sms: false,
  attachments: [],
  ...extra,
});

describe('notice editor: also send by SMS', () => {
  it('sends sms: true when the publisher ticks the box, and nothing about SMS otherwise', async () => {
    const { calls } = mockApi([
      [noticesApi.create, (call) => stored(call.body as Partial<Notice>)],
      [noticesApi.get, stored({ sms: true })],
    ]);
    const { user } = renderPage(<NoticeFormDrawer target={{ id: null }} onClose={() => {}} />);
    const drawer = await screen.findByRole('dialog', { name: '新建通知' });
    const sms = within(drawer).getByRole('checkbox', { name: '同时发送短信（按接收人计费）' });
    expect((sms as HTMLInputElement).checked).toBe(false);
    expect(within(drawer).getByText(/每条按短信账户单价扣费/)).toBeTruthy();
    await user.type(within(drawer).getByRole('textbox', { name: '标题' }), '停水通知');
    await user.click(sms);
    await user.click(within(drawer).getByRole('button', { name: '保存草稿' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        title: '停水通知',
        level: 0,
        audience: { type: 'all' },
        contentHtml: '',
        sms: true,
      }),
    );
  });

  it('shows a draft’s choice and sends the box unticked as no SMS', async () => {
    const { calls } = mockApi([
      [noticesApi.get, stored({ sms: true })],
      [noticesApi.update, (call) => stored(call.body as Partial<Notice>)],
    ]);
    const { user } = renderPage(<NoticeFormDrawer target={{ id: 7 }} onClose={() => {}} />, { locale: 'en-US' });
    const drawer = await screen.findByRole('dialog', { name: 'Edit notice' });
    const sms = await within(drawer).findByRole('checkbox', { name: 'Also send by SMS (charged per recipient)' });
    expect((sms as HTMLInputElement).checked).toBe(true);
    await user.click(sms);
    await user.click(within(drawer).getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        title: '停水通知',
        level: 0,
        audience: { type: 'all' },
        contentHtml: '<p>明日停水</p>',
      }),
    );
  });
});
