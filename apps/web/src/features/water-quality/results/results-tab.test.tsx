import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Permissions, waterQualityApi } from '@water/contracts';
import { describe, expect, it } from 'vitest';
import { mockApi, renderPage, reply } from '../../../shared/testing/render-page.tsx';
import { page, result, wqLimitSets, wqParameters, wqSites, wwtpSite } from '../common/wq-admin-test-fixtures.ts';
import { ResultsTab } from './results-tab.tsx';

const fill = (element: HTMLElement, text: string) => fireEvent.change(element, { target: { value: text } });
type User = ReturnType<typeof renderPage>['user'];

async function choose(user: User, scope: HTMLElement, box: string, option: string | RegExp) {
  await user.click(within(scope).getByRole('combobox', { name: box }));
  await user.click(await screen.findByRole('option', { name: option }));
}

const reads = [
  reply(waterQualityApi.parameters, wqParameters),
  reply(waterQualityApi.limitSets, wqLimitSets),
  reply(waterQualityApi.sites, page(wqSites)),
] as const;

const exceeding = result(11);
const online = result(12, {
  source: 'online',
  sampleId: null,
  analyst: null,
  deviceCode: 'WWTP-WQ01',
  parameter: 'cod',
  value: 3,
  belowDetection: true,
  applied: {
    ...exceeding.applied,
    verdict: 'compliant',
    upper: 50,
    exceedance: null,
    citation: 'GB 18918-2002 表1 第1项',
  },
});
const SLOW = 30_000;

describe('ResultsTab', () => {
  it('shows an exceeding result red with the limit that applied, a value below detection as <MDL, and keeps filters in the address', async () => {
    const { calls } = mockApi([...reads, [waterQualityApi.results, page([exceeding, online])]]);
    const { user } = renderPage(<ResultsTab />, { route: '/water/waterList?tab=results', showLocation: false });

    const row = (await screen.findByText('S-1126-01')).closest('tr') as HTMLElement;
    expect(within(row).getByText('6.200 mg/L').className).toContain('wq-exceeding');
    expect(within(row).getByText('≤5')).toBeTruthy();
    expect(within(row).getByText('超标')).toBeTruthy();
    expect(within(row).getByText('超标 0.24 倍')).toBeTruthy();
    // Online rows are the analysers': no correction, no deletion.
    const onlineRow = (await screen.findByText('分析仪 WWTP-WQ01')).closest('tr') as HTMLElement;
    expect(within(onlineRow).getByText('<3.0（未检出） mg/L')).toBeTruthy();
    expect(within(onlineRow).queryByRole('button', { name: /更正/ })).toBeNull();
    expect(within(row).getByRole('button', { name: '更正样品 S-1126-01 的氨氮' })).toBeTruthy();

    // The lab's results first; online or all on request.
    expect(calls.find((c) => c.path === '/api/water-quality/results')?.query.get('source')).toBe('lab');
    await user.click(screen.getByRole('radio', { name: '全部' }));
    await waitFor(() => expect(calls.at(-1)?.query.has('source')).toBe(false));
    await choose(user, document.body, '评价', '超标');
    await waitFor(() => expect(calls.at(-1)?.query.get('verdict')).toBe('exceeding'));
    expect(calls.at(-1)?.query.has('source')).toBe(false);
    await user.click(screen.getByRole('radio', { name: '在线' }));
    await waitFor(() => expect(calls.at(-1)?.query.get('source')).toBe('online'));
  });

  it('offers no entry, import or row actions without water:result:write', async () => {
    mockApi([...reads, [waterQualityApi.results, page([exceeding])]]);
    renderPage(<ResultsTab />, { permissions: ['monitor:list'] });
    const row = (await screen.findByText('S-1126-01')).closest('tr') as HTMLElement;
    expect(within(row).queryByRole('button', { name: /更正|删除/ })).toBeNull();
    expect(within(row).getByRole('button', { name: '≤5' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '录入化验结果' })).toBeNull();
    expect(screen.queryByRole('button', { name: '导入' })).toBeNull();
  });

  it(
    'judges each row as it is typed (red before saving, the sample’s own temperature for NH3-N) and sends the sample',
    async () => {
      const stored = [
        result(21, {
          value: 6.2,
          sampleId: 'S-1127-02',
          applied: {
            ...exceeding.applied,
            temperature: 10,
            coldApplied: true,
            upper: 8,
            verdict: 'compliant',
            exceedance: null,
          },
        }),
      ];
      const { calls } = mockApi([
        ...reads,
        [waterQualityApi.results, page([])],
        [waterQualityApi.createSample, stored],
      ]);
      const { user } = renderPage(<ResultsTab />, { permissions: [Permissions.waterResultWrite] });
      await user.click(await screen.findByRole('button', { name: '录入化验结果' }));
      const drawer = await screen.findByRole('dialog', { name: '录入化验结果' });

      await choose(user, drawer, '监测点', `${wwtpSite.code} ${wwtpSite.name}`);
      fill(within(drawer).getByRole('textbox', { name: '样品编号' }), 'S-1127-02');
      expect(await within(drawer).findByText('按 GB 18918-2002 一级A 评价')).toBeTruthy();
      await choose(user, drawer, '第 1 行 指标', '氨氮');
      fill(within(drawer).getByRole('spinbutton', { name: '第 1 行 数值' }), '6.2');

      // Above 5 mg/L with no temperature: the stricter limit, red before saving.
      const preview = within(drawer).getByRole('status', { name: '第 1 行 评价预览' });
      await waitFor(() => expect(within(preview).getByText('超标')).toBeTruthy());
      expect(preview.textContent).toContain('≤5 mg/L');
      expect(preview.textContent).toContain('超标 0.24 倍');
      expect(preview.textContent).toContain('无水温，取>12°C限值');

      // The sample's water at 10 °C: GB 18918's bracketed limit (8) applies, and 6.2 complies.
      await user.click(within(drawer).getByRole('button', { name: '添加指标' }));
      await choose(user, drawer, '第 2 行 指标', '水温');
      fill(within(drawer).getByRole('spinbutton', { name: '第 2 行 数值' }), '10');
      await waitFor(() => expect(within(preview).getByText('达标')).toBeTruthy());
      expect(preview.textContent).toContain('≤8 mg/L');

      await user.click(within(drawer).getByRole('button', { name: '保存' }));
      await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
      const post = calls.find((c) => c.method === 'POST');
      expect(post?.path).toBe('/api/water-quality/results');
      expect(post?.body).toMatchObject({
        siteId: wwtpSite.id,
        sampleId: 'S-1127-02',
        analyst: '',
        values: [
          { parameter: 'nh3n', value: 6.2, belowDetection: false },
          { parameter: 'temperature', value: 10, belowDetection: false },
        ],
      });
      expect(typeof (post as { body: { sampledAt: unknown } }).body.sampledAt).toBe('string');
      // The verdicts as stored, with the limit that applied.
      const saved = await within(drawer).findByRole('region', { name: '样品 S-1127-02 的评价结果（已保存）' });
      expect(within(saved).getByText('≤8')).toBeTruthy();
      expect(within(saved).getByText('达标')).toBeTruthy();
      expect(within(drawer).getByRole('button', { name: '录入下一个样品' })).toBeTruthy();
    },
    SLOW,
  );

  it('fills the value of a parameter not detected with its detection limit', async () => {
    mockApi([...reads, [waterQualityApi.results, page([])]]);
    const { user } = renderPage(<ResultsTab />, { permissions: [Permissions.waterResultWrite] });
    await user.click(await screen.findByRole('button', { name: '录入化验结果' }));
    const drawer = await screen.findByRole('dialog', { name: '录入化验结果' });
    await choose(user, drawer, '监测点', `${wwtpSite.code} ${wwtpSite.name}`);
    await choose(user, drawer, '第 1 行 指标', '氨氮');
    await user.click(within(drawer).getByRole('checkbox', { name: '第 1 行 未检出' }));
    await waitFor(() =>
      expect((within(drawer).getByRole('spinbutton', { name: '第 1 行 数值' }) as HTMLInputElement).value).toBe(
        '0.025',
      ),
    );
    const preview = within(drawer).getByRole('status', { name: '第 1 行 评价预览' });
    await waitFor(() => expect(within(preview).getByText('达标')).toBeTruthy());
  });

  it('imports a sheet and reports the refused rows with their sample ids and reasons', async () => {
    const { calls } = mockApi([
      ...reads,
      [waterQualityApi.results, page([])],
      [
        waterQualityApi.importResults,
        {
          created: 12,
          exceeding: 2,
          failed: [
            { row: 4, sampleId: 'S-1127-09', reasons: ['没有编号为 WQ-X 的监测点'] },
            { row: 7, sampleId: 'S-1127-11', reasons: ['数值不是数字', '指标“氨”无法识别'] },
          ],
        },
      ],
    ]);
    const { user } = renderPage(<ResultsTab />, { permissions: [Permissions.waterResultWrite] });
    await user.click(await screen.findByRole('button', { name: '导入' }));
    const dialog = await screen.findByRole('dialog', { name: '导入化验结果' });
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File(['x'], 'lab.xlsx'));

    expect(await within(dialog).findByText('已导入 12 条结果，2 行未导入')).toBeTruthy();
    expect(within(dialog).getByText('导入的结果中有 2 条超标，可在列表中按“超标”筛选查看')).toBeTruthy();
    const failures = within(dialog).getByRole('region', { name: '未导入的行' });
    const row = within(failures).getByText('S-1127-11').closest('tr') as HTMLElement;
    expect(within(row).getByText('7')).toBeTruthy();
    expect(within(row).getByText('指标“氨”无法识别')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe('/api/water-quality/results/import');
    expect((post as { body: FormData }).body.get('file')).toBeInstanceOf(File);
  });
  it('corrects a lab result with the new verdict previewed, and deletes one after asking', async () => {
    const { calls } = mockApi([
      ...reads,
      [waterQualityApi.results, page([exceeding])],
      [waterQualityApi.updateResult, { ...exceeding, value: 4.1 }],
      [waterQualityApi.deleteResult, null],
    ]);
    const { user } = renderPage(<ResultsTab />, { permissions: [Permissions.waterResultWrite] });
    await user.click(await screen.findByRole('button', { name: '更正样品 S-1126-01 的氨氮' }));
    const drawer = await screen.findByRole('dialog', { name: '更正化验结果' });
    const value = within(drawer).getByRole('spinbutton', { name: '数值' }) as HTMLInputElement;
    expect(value.value).toBe('6.2');
    fill(value, '4.1');
    // Judged by the site's set now, with the temperature the first judgement read (16 °C: the 5 mg/L limit).
    const preview = within(drawer).getByRole('status', { name: '评价预览' });
    await waitFor(() => expect(within(preview).getByText('达标')).toBeTruthy());
    expect(preview.textContent).toContain('≤5');
    await user.click(within(drawer).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/api/water-quality/results/11');
    expect(put?.body).toEqual({
      value: 4.1,
      belowDetection: false,
      sampledAt: exceeding.sampledAt,
      analyst: '李工',
    });

    await user.click(screen.getByRole('button', { name: '删除样品 S-1126-01 的氨氮' }));
    expect(await screen.findByText('删除样品 S-1126-01 的氨氮结果？')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '删除' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/water-quality/results/11');
  });
});
