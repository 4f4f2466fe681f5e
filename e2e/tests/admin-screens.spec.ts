import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, clientAddress, presetSettings, shots, signIn } from './support.ts';

// Every administration screen (#5) in both languages and both themes, each shot taken once the page
// has rendered its heading and its table, with the role drawer, the menu drawer (icon picker open)
// and an operation's details opened once. SHOTS_DIR sends the pictures elsewhere (a helper's folder).
test.use(clientAddress('admin-screens'));

const folder = process.env.SHOTS_DIR ?? shots;

async function shot(page: Page, name: string) {
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await page.screenshot({ path: path.join(folder, `${name}.png`) });
}

/** The page's heading and the first row of its (first) table. */
async function rendered(page: Page, heading: string) {
  await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  await expect(page.getByRole('table').first().locator('tbody').getByRole('row').first()).toBeVisible();
  // Arco's table and drawers animate their first paint.
  await page.waitForTimeout(300);
}

for (const locale of ['zh-CN', 'en-US'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`administration screens, ${locale}, ${theme}`, async ({ page }) => {
      test.setTimeout(120_000);
      const zh = locale === 'zh-CN';
      const name = (screen: string) => `admin-${screen}-${locale}-${theme}`;
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/#/login');
      await page.evaluate((value) => localStorage.setItem('arco-locale', value), locale);
      await presetSettings(page, { theme, tabBar: true });
      const token = await signIn(page, ADMIN, '/organizationss/organManagers');

      // A write of this journey, so the operation log has an entry with a change to open: the
      // retention moved and put back.
      const auth = { Authorization: `Bearer ${token}` };
      const kept = (await (await page.request.get('/api/system/logs/retention', { headers: auth })).json()).data;
      const moved = { ...kept, loginDays: kept.loginDays === 90 ? 91 : 90 };
      for (const data of [moved, kept]) {
        const res = await page.request.put('/api/system/logs/retention', { headers: auth, data });
        expect((await res.json()).code).toBe(200);
      }

      await rendered(page, zh ? '企业信息' : 'Enterprises');
      await shot(page, name('enterprises'));

      await page.goto('/#/organizationss/deptManager');
      await rendered(page, zh ? '部门管理' : 'Departments');
      await shot(page, name('departments'));

      await page.goto('/#/organizationss/memberManager');
      await expect(page.getByRole('heading', { name: zh ? '部门成员' : 'Department members' })).toBeVisible();
      // Department names are data: the same in both languages.
      await page
        .getByRole('complementary', { name: zh ? '部门' : 'Departments' })
        .getByText('泵站运维班', { exact: true })
        .click();
      await expect(page.getByRole('row').filter({ hasText: '王明' })).toBeVisible();
      await page.waitForTimeout(300);
      await shot(page, name('members'));

      await page.goto('/#/uuuser/manager');
      await rendered(page, zh ? '用户列表' : 'User list');
      await shot(page, name('users'));

      await page.goto('/#/uuuser/roleManager');
      await rendered(page, zh ? '角色列表' : 'Role list');
      await shot(page, name('roles'));
      // The user role (code "user"), its grants in the checkable tree.
      await page
        .getByRole('row')
        .filter({ has: page.getByText('user', { exact: true }) })
        .getByRole('button', { name: zh ? /^编辑：/ : /^Edit: / })
        .click();
      const roleDrawer = page.getByRole('dialog', { name: zh ? '编辑角色' : 'Edit role' });
      await expect(roleDrawer.getByRole('tree').getByRole('treeitem').first()).toBeVisible();
      await page.waitForTimeout(400);
      await shot(page, name('role-drawer'));
      await page.keyboard.press('Escape');
      await expect(roleDrawer).toHaveCount(0);

      await page.goto('/#/sys/menuManager');
      await rendered(page, zh ? '菜单管理' : 'Menus');
      await shot(page, name('menus'));
      await page.getByRole('button', { name: zh ? '新增下级：系统配置' : 'Add child: System' }).click();
      const menuDrawer = page.getByRole('dialog', { name: zh ? '新增下级菜单' : 'New child entry' });
      await menuDrawer.getByRole('combobox', { name: zh ? '图标' : 'Icon' }).click();
      await expect(page.getByRole('option', { name: 'icon-folder' })).toBeVisible();
      await page.waitForTimeout(300);
      await shot(page, name('menu-drawer'));
      await page.keyboard.press('Escape');

      await page.goto('/#/sys/logManager');
      await rendered(page, zh ? '日志管理' : 'Logs');
      await shot(page, name('operation-log'));
      await page
        .locator('.sys-log-table .arco-table-tr')
        .filter({ hasText: ADMIN.username })
        .first()
        .getByRole('button', { name: zh ? /^详情：/ : /^Details: / })
        .click();
      const detail = page.getByRole('dialog', { name: zh ? '操作详情' : 'Operation details' });
      await expect(detail.locator('.sys-json').first()).toBeVisible();
      await page.waitForTimeout(400);
      await shot(page, name('operation-detail'));
      await detail.getByRole('button', { name: zh ? '关闭' : 'Close' }).click();
      await expect(detail).toHaveCount(0);

      await page.getByRole('tab', { name: zh ? '登录日志' : 'Sign-in log' }).click();
      // The operation table is gone with its tab: the admin's rows now are sign-ins.
      await expect(page.getByRole('row').filter({ hasText: ADMIN.username }).first()).toBeVisible();
      await page.waitForTimeout(300);
      await shot(page, name('sign-in-log'));
    });
  }
}
