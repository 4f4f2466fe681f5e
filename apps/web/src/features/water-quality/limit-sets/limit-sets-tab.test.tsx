import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Permissions, type WqLimitSet, waterQualityApi } from '@water/contracts';
import { describe, expect, it } from 'vitest';
import { mockApi, renderPage } from '../../../shared/testing/render-page.tsx';
import { localSet, riverSet, wastewater1A, wqLimitSets, wqParameters } from '../common/wq-admin-test-fixtures.ts';
import { LimitSetsTab } from './limit-sets-tab.tsx';

const fill = (element: HTMLElement, text: string) => fireEvent.change(element, { target: { value: text } });
const WRITER = { permissions: [Permissions.waterConfigWrite] };
const SLOW = 30_000;

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('LimitSetsTab', () => {
  it('groups the sets by kind, marks the national ones read only (no edit), and lets a local one be edited', async () => {
    mockApi([
      [waterQualityApi.limitSets, wqLimitSets],
      [waterQualityApi.parameters, wqParameters],
    ]);
    renderPage(<LimitSetsTab />, WRITER);
    const wastewater = await screen.findByRole('region', { name: '污水排放' });
    const national = (await within(wastewater).findByText('GB 18918-2002 一级A', { selector: 'span *, span' })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(national).getAllByText('国家标准，只读').length).toBeGreaterThan(0);
    expect(within(national).getByRole('button', { name: '复制 GB 18918-2002 一级A' })).toBeTruthy();
    expect(within(national).queryByRole('button', { name: /^编辑/ })).toBeNull();
    expect(within(national).queryByRole('button', { name: /^删除/ })).toBeNull();

    const local = await rowOf('本厂内控 一级A');
    expect(within(local).getByText('复制自 GB 18918-2002 一级A')).toBeTruthy();
    expect(within(local).getByRole('button', { name: '编辑 本厂内控 一级A' })).toBeTruthy();
    expect(within(local).getByRole('button', { name: '删除 本厂内控 一级A' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: '地表水' })).getByText('2 项指标 × I–V类')).toBeTruthy();
  });

  it('shows a graded set as a matrix of parameters by class, and a cold-water limit in its own column', async () => {
    mockApi([
      [waterQualityApi.limitSets, wqLimitSets],
      [waterQualityApi.parameters, wqParameters],
    ]);
    const { user } = renderPage(<LimitSetsTab />, { permissions: [] });
    await user.click(await screen.findByRole('button', { name: `查看 ${riverSet.name} 的限值` }));
    const drawer = await screen.findByRole('dialog', { name: riverSet.name });
    const headers = within(drawer)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['指标', '单位', 'I类', 'II类', 'III类', 'IV类', 'V类']);
    const oxygen = within(drawer).getByText('溶解氧').closest('tr') as HTMLElement;
    expect(
      within(oxygen)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['溶解氧', 'mg/L', '≥7.5', '≥6', '≥5', '≥3', '≥2']);
    // Read only, and no copy without water:config:write.
    expect(within(drawer).queryByRole('button', { name: '复制为本地标准' })).toBeNull();
    await user.click(within(drawer).getByRole('button', { name: '关闭' }));

    await user.click(await screen.findByRole('button', { name: `查看 ${wastewater1A.name} 的限值` }));
    const flat = await screen.findByRole('dialog', { name: wastewater1A.name });
    const nh3n = within(flat).getByText('氨氮').closest('tr') as HTMLElement;
    expect(
      within(nh3n)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['氨氮', 'mg/L', '—', '5', '8', 'GB 18918-2002 表1 第8项 氨氮（以N计）：水温>12°C 5，≤12°C 8']);
  });

  it(
    'copies a national set under a name, opens the copy to edit, shows the contract’s refusal on its row, and saves the limits',
    async () => {
      const copy: WqLimitSet = {
        ...wastewater1A,
        id: 20,
        code: null,
        national: false,
        name: '城东厂内控',
        basedOnId: wastewater1A.id,
        basedOnName: wastewater1A.name,
        siteCount: 0,
      };
      let sets = [...wqLimitSets];
      const { calls } = mockApi([
        [waterQualityApi.limitSets, () => sets],
        [waterQualityApi.parameters, wqParameters],
        [
          waterQualityApi.copyLimitSet,
          () => {
            sets = [...sets, copy];
            return copy;
          },
        ],
        [waterQualityApi.updateLimitSet, copy],
      ]);
      const { user } = renderPage(<LimitSetsTab />, WRITER);
      await user.click(await screen.findByRole('button', { name: `复制 ${wastewater1A.name}` }));
      const modal = await screen.findByRole('dialog', { name: `复制“${wastewater1A.name}”` });
      const name = within(modal).getByRole('textbox', { name: '新标准名称' }) as HTMLInputElement;
      expect(name.value).toBe('GB 18918-2002 一级A（本地）');
      await user.clear(name);
      await user.type(name, '城东厂内控');
      await user.click(within(modal).getByRole('button', { name: '复制' }));
      await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
      const post = calls.find((c) => c.method === 'POST');
      expect(post?.path).toBe(`/api/water-quality/limit-sets/${wastewater1A.id}/copy`);
      expect(post?.body).toEqual({ name: '城东厂内控' });

      const editor = await screen.findByRole('dialog', { name: '编辑本地标准 城东厂内控' });
      // Rows in the contract's parameter order: pH, COD, NH3-N, TP.
      const nh3n = within(editor).getByRole('spinbutton', { name: '第 3 行 上限' }) as HTMLInputElement;
      expect(nh3n.value).toBe('5');
      expect(
        (within(editor).getByRole('spinbutton', { name: '第 3 行 水温≤12°C 上限' }) as HTMLInputElement).value,
      ).toBe('8');

      // A row with no bound is refused in place, as the server would.
      fill(within(editor).getByRole('spinbutton', { name: '第 2 行 上限' }), '');
      await user.click(within(editor).getByRole('button', { name: '保存' }));
      expect(
        await within(editor).findByText('第 2 行：限值至少要有上限或下限（低温限值须同时有常规上限）'),
      ).toBeTruthy();
      expect(calls.some((c) => c.method === 'PUT')).toBe(false);

      fill(within(editor).getByRole('spinbutton', { name: '第 2 行 上限' }), '40');
      fill(nh3n, '3');
      await user.clear(within(editor).getByRole('textbox', { name: '第 3 行 依据' }));
      await user.type(within(editor).getByRole('textbox', { name: '第 3 行 依据' }), '厂内控制指标');
      await user.click(within(editor).getByRole('button', { name: '保存' }));
      await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
      const put = calls.find((c) => c.method === 'PUT');
      expect(put?.path).toBe('/api/water-quality/limit-sets/20');
      const body = put?.body as { name: string; limits: unknown[] };
      expect(body.name).toBe('城东厂内控');
      expect(body.limits).toContainEqual({
        parameter: 'nh3n',
        grade: null,
        lower: null,
        upper: 3,
        coldUpper: 8,
        citation: '厂内控制指标',
      });
      expect(body.limits).toContainEqual({
        parameter: 'cod',
        grade: null,
        lower: null,
        upper: 40,
        coldUpper: null,
        citation: 'GB 18918-2002 表1 第1项 化学需氧量（COD）',
      });
    },
    SLOW,
  );

  it('does not offer to delete a local set a site is judged by', async () => {
    mockApi([
      [waterQualityApi.limitSets, [{ ...localSet, siteCount: 2 }]],
      [waterQualityApi.parameters, wqParameters],
    ]);
    renderPage(<LimitSetsTab />, WRITER);
    const row = await rowOf('本厂内控 一级A');
    expect((within(row).getByRole('button', { name: '删除 本厂内控 一级A' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('edits a parameter’s detection limit and method', async () => {
    const { calls } = mockApi([
      [waterQualityApi.limitSets, wqLimitSets],
      [waterQualityApi.parameters, wqParameters],
      [waterQualityApi.updateParameter, { ...wqParameters[6], mdl: 0.02 } as never],
    ]);
    const { user } = renderPage(<LimitSetsTab />, WRITER);
    await user.click(await screen.findByRole('button', { name: '编辑 氨氮 的检出限与方法' }));
    const drawer = await screen.findByRole('dialog', { name: '编辑检测指标 氨氮' });
    fill(within(drawer).getByRole('spinbutton', { name: '方法检出限' }), '0.02');
    await user.click(within(drawer).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/api/water-quality/parameters/nh3n');
    expect(put?.body).toEqual({ mdl: 0.02, method: 'HJ 535-2009 纳氏试剂分光光度法' });
  });
});
