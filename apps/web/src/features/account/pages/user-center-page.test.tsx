import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accountApi, type Profile } from '@water/contracts';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, renderPage } from '../../../shared/testing/render-page.tsx';
import { UserCenterPage } from './user-center-page.tsx';

const profile: Profile = {
  userId: 4,
  username: 'user',
  displayName: '普通用户',
  phone: '13800000004',
  email: '',
  avatar: '',
  job: '',
  jobName: '巡检员',
  location: '',
  locationName: '',
  introduction: '',
  personalWebsite: '',
  enterpriseName: '城市水务集团',
  departmentName: '管网所',
  roles: [{ code: 'user', name: '普通用户角色' }],
  registrationDate: '2026-01-05T08:00:00.000Z',
  lastLoginAt: null,
};

function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

describe('UserCenterPage', () => {
  it('shows the profile fields, marking the empty ones', async () => {
    mockApi([[accountApi.profile, profile]]);
    renderPage(<UserCenterPage />, { signedIn: false });

    expect(await screen.findByRole('heading', { name: '普通用户' })).toBeTruthy();
    expect(screen.getByText('管网所', { selector: 'td *, td' })).toBeTruthy();
    expect(screen.getByText('城市水务集团')).toBeTruthy();
    expect(screen.getAllByText('普通用户角色').length).toBeGreaterThan(0);
    expect(screen.getByText('13800000004')).toBeTruthy();
    expect(screen.getAllByText('未填写').length).toBeGreaterThanOrEqual(4);
    expect(screen.getByText('暂无记录')).toBeTruthy();
    expect(screen.getByText(/2026/)).toBeTruthy();
  });

  it("edits the profile with the contract's rules and shows what the server saved", async () => {
    let current = profile;
    const { calls } = mockApi([
      [accountApi.profile, () => current],
      [
        accountApi.updateProfile,
        (call) => {
          current = { ...current, ...(call.body as object) };
          return current;
        },
      ],
    ]);
    const { user } = renderPage(<UserCenterPage />, { signedIn: false, locale: 'en-US' });

    await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
    const name = screen.getByRole('textbox', { name: 'Display name' });
    await user.clear(name);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.type(screen.getByRole('textbox', { name: 'Personal website' }), 'ftp://example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Required')).toBeTruthy();
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Enter a URL starting with http(s)://')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.type(name, ' Wang Fang ');
    await user.clear(screen.getByRole('textbox', { name: 'Email' }));
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'wang@example.com');
    await user.clear(screen.getByRole('textbox', { name: 'Personal website' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { name: 'Wang Fang' })).toBeTruthy();
    expect(await screen.findByText('Profile saved')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({
      displayName: 'Wang Fang',
      email: 'wang@example.com',
      jobName: '巡检员',
      locationName: '',
      introduction: '',
      personalWebsite: '',
    });
    expect(put?.headers.get('Accept-Language')).toBe('en-US');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it("keeps the form open with the server's message when saving fails", async () => {
    mockApi([
      [accountApi.profile, profile],
      [accountApi.updateProfile, fail(500, '服务器内部错误')],
    ]);
    const { user } = renderPage(<UserCenterPage />, { signedIn: false });

    await user.click(await screen.findByRole('button', { name: '编辑资料' }));
    await user.click(screen.getByRole('button', { name: '保存' }));

    expect(await screen.findByText('服务器内部错误')).toBeTruthy();
    expect(screen.getByRole('button', { name: '保存' })).toBeTruthy();
  });

  it('says when the profile cannot be loaded and retries on request', async () => {
    let answer = fail(404, '接口不存在');
    const { calls } = mockApi([[accountApi.profile, () => answer]]);
    const { user } = renderPage(<UserCenterPage />, { signedIn: false });

    expect(await screen.findByText('加载失败')).toBeTruthy();
    expect(screen.getByText('接口不存在')).toBeTruthy();

    answer = ok(profile);
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('heading', { name: '普通用户' })).toBeTruthy();
    expect(calls).toHaveLength(2);
  });

  it('checks the avatar file before uploading it and refreshes the profile after', async () => {
    let avatar = '';
    const { calls } = mockApi([
      [accountApi.profile, () => ({ ...profile, avatar })],
      [
        accountApi.uploadAvatar,
        () => {
          avatar = '/api/user/avatar/4.png';
          return { avatar };
        },
      ],
    ]);
    renderPage(<UserCenterPage />, { signedIn: false });
    await screen.findByRole('heading', { name: '普通用户' });
    // The browser's picker honours `accept`; a drop or a forced choice does not, which is what this checks.
    const user = userEvent.setup({ applyAccept: false });
    const upload = (file: File) => user.upload(fileInput(), file);

    await upload(new File(['gif'], 'a.gif', { type: 'image/gif' }));
    expect(await screen.findByText('头像须为 PNG、JPEG 或 WebP 图片')).toBeTruthy();
    await upload(new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText('头像不能超过 2 MB')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await upload(new File(['png'], 'me.png', { type: 'image/png' }));
    expect(await screen.findByText('头像已更新')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe('/api/user/avatar');
    expect(post?.body).toBeInstanceOf(FormData);
    expect((post?.body as FormData | undefined)?.get('file')).toBeInstanceOf(File);
    await waitFor(() => expect(screen.getByAltText('头像').getAttribute('src')).toBe('/api/user/avatar/4.png'));
  });
});
