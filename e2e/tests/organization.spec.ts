import { expect, type Page, test } from '@playwright/test';
import { creditCodeCheckChar } from '@water/contracts/common/validation';
import { ADMIN, clientAddress, signIn } from './support.ts';

const ENTERPRISES = '/organizationss/organManagers';
const DEPARTMENTS = '/organizationss/deptManager';
const MEMBERS = '/organizationss/memberManager';
const DEMO = '岚川市水务集团有限公司';

// An address of its own: failed sign-ins of other journeys never make this one need a captcha.
test.use(clientAddress('organization'));

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test('the admin adds a contractor and a department, is refused a delete, and reads members by subtree', async ({
  page,
}) => {
  const stamp = String(Date.now()).slice(-7);
  // A credit code of this run (the seed's is taken), its check character computed as the standard says.
  const first17 = `91330781MA${stamp}`;
  const creditCode = first17 + creditCodeCheckChar(first17);
  const enterprise = `岚川管网工程有限公司 ${stamp}`;
  const department = `雨污分流班 ${stamp}`;

  // A contractor enterprise.
  await signIn(page, ADMIN, ENTERPRISES);
  await expect(page.getByRole('heading', { name: '企业信息' })).toBeVisible();
  await page.getByRole('button', { name: '新建企业' }).click();
  const drawer = page.getByRole('dialog', { name: '新建企业' });
  await drawer.getByRole('textbox', { name: '企业名称' }).fill(enterprise);
  // A wrong check character first: refused in place.
  const codeBox = drawer.getByRole('textbox', { name: '统一社会信用代码' });
  await codeBox.fill(first17 + (creditCode.endsWith('0') ? '1' : '0'));
  await drawer.getByRole('button', { name: '保存' }).click();
  await expect(drawer.getByText('统一社会信用代码应为 18 位，且校验位正确')).toBeVisible();
  await codeBox.fill(creditCode);
  await drawer.getByRole('radiogroup', { name: '企业类型' }).getByText('承包商', { exact: true }).click();
  await drawer.getByRole('textbox', { name: '联系人' }).fill('王工');
  await drawer.getByRole('textbox', { name: '电话' }).fill('0579-88006666');
  await drawer.getByRole('button', { name: '保存' }).click();
  await expect(drawer).toHaveCount(0);
  const search = page.getByRole('textbox', { name: '搜索名称或信用代码' });
  await search.fill(creditCode);
  await search.press('Enter');
  await expect(rowOf(page, enterprise).getByText('承包商')).toBeVisible();
  await expect(rowOf(page, enterprise).getByText(creditCode)).toBeVisible();

  // A department of the demo enterprise, under 排水管理部.
  await page.goto(`/#${DEPARTMENTS}`);
  await expect(page.getByRole('heading', { name: '部门管理' })).toBeVisible();
  await page.getByRole('combobox', { name: '所属企业' }).click();
  await page.getByRole('option', { name: DEMO, exact: true }).click();
  await page.getByRole('button', { name: '添加下级：排水管理部' }).click();
  const form = page.getByRole('dialog', { name: '新建部门' });
  // The parent is the tree select's value. Arco keeps a hidden mirror of it for sizing, and hides
  // the value itself while the picker has the drawer's first focus: present is what counts.
  await expect(form.locator('.arco-tree-select-view-value', { hasText: '排水管理部' }).first()).toBeAttached();
  await form.getByRole('textbox', { name: '部门名称' }).fill(department);
  await form.getByRole('textbox', { name: '负责人' }).fill('孙丽');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(form).toHaveCount(0);
  await expect(rowOf(page, department).getByText('孙丽')).toBeVisible();

  // 排水管理部 has sub-departments: the server refuses, and says so.
  await page.getByRole('button', { name: '删除：排水管理部' }).click();
  await page.locator('.arco-popconfirm').getByRole('button', { name: '删除' }).click();
  await expect(page.getByText(/该部门下还有 3 个下级部门/)).toBeVisible();
  await expect(page.getByRole('button', { name: '删除：排水管理部' })).toBeVisible();

  // Members of 排水管理部: none of its own, 王明 (泵站运维班) with the sub-departments.
  await page.goto(`/#${MEMBERS}`);
  await expect(page.getByRole('heading', { name: '部门成员' })).toBeVisible();
  await page.getByRole('complementary', { name: '部门' }).getByText('排水管理部', { exact: true }).click();
  await expect(page.getByText('排水管理部 的成员')).toBeVisible();
  await expect(page.getByText('该部门暂无成员')).toBeVisible();
  await page.getByRole('switch', { name: '包含下级部门' }).click();
  const wang = rowOf(page, '王明');
  await expect(wang).toBeVisible();
  await expect(wang.getByText('泵站运维班')).toBeVisible();
  await expect(wang.getByText('主部门')).toBeVisible();
});
