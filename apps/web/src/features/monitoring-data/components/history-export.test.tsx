import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../shared/testing/render-page.tsx';
import type { HistoryRequest } from '../api/monitoring-queries.ts';
import { useMonitoringI18n } from '../use-monitoring-i18n.ts';
import { exportPercent, HistoryExport } from './history-export.tsx';

const request: HistoryRequest = {
  series: ['12:level'],
  from: '2026-10-23T00:00:00.000Z',
  to: '2026-11-22T00:00:00.000Z',
  maxPoints: 2000,
};

function Harness() {
  return <HistoryExport request={request} i18n={useMonitoringI18n()} />;
}

/** A streamed CSV answer the test feeds line by line; it fails as a real one does when the fetch is aborted. */
function streamingFetch(totalRows: number) {
  let feed!: ReadableStreamDefaultController<Uint8Array>;
  const encoder = new TextEncoder();
  const seen: { url: string; signal?: AbortSignal | null }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    seen.push({ url: String(input), signal: init?.signal });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        feed = controller;
      },
    });
    init?.signal?.addEventListener('abort', () => feed.error(init.signal?.reason));
    return new Response(body, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="history.csv"; filename*=UTF-8''${encodeURIComponent('历史数据-20261023-20261122.csv')}`,
        'x-total-rows': String(totalRows),
      },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    seen,
    push: (text: string) => feed.enqueue(encoder.encode(text)),
    end: () => feed.close(),
  };
}

function catchDownloads() {
  const saved: string[] = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:file'), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const dialog = () => screen.getByRole('dialog', { name: /正在导出/ });

describe('HistoryExport', () => {
  it('streams the file with its progress against X-Total-Rows, then saves it under the server’s name', async () => {
    const server = streamingFetch(4);
    const saved = catchDownloads();
    const { user } = renderPage(<Harness />);
    await user.click(screen.getByRole('button', { name: '导出' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV：全部原始数据' }));

    await waitFor(() => expect(server.seen).toHaveLength(1));
    // The head has come with the count; no row yet.
    expect(await screen.findByText('已接收 0 / 4 行')).toBeTruthy();
    const url = new URL(server.seen[0]!.url, 'http://localhost');
    expect(url.pathname).toBe('/api/monitoring/history/export');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      series: '12:level',
      format: 'csv',
      resolution: 'raw',
      maxPoints: '2000',
      from: request.from,
    });

    server.push('\uFEFF"时间","设备编码"\r\n"2026-10-23T08:00:00+08:00","PS02-LT01"\r\n');
    expect(await screen.findByText('已接收 1 / 4 行')).toBeTruthy();
    server.push('"a","b"\r\n"c","d"\r\n');
    expect(await screen.findByText('已接收 3 / 4 行')).toBeTruthy();
    expect(dialog().textContent).toContain('75%');
    server.push('"e","f"\r\n');
    server.end();

    await waitFor(() => expect(saved).toEqual(['历史数据-20261023-20261122.csv']));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('导出完成')).toBeTruthy();
  });

  it('cancels: the transfer is aborted, nothing is saved and no error is shown', async () => {
    const server = streamingFetch(1000);
    const saved = catchDownloads();
    const { user } = renderPage(<Harness />);
    await user.click(screen.getByRole('button', { name: '导出' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV：当前粒度' }));
    await waitFor(() => expect(server.seen).toHaveLength(1));
    expect(new URL(server.seen[0]!.url, 'http://localhost').searchParams.get('resolution')).toBe('auto');
    server.push('"h"\r\n"1"\r\n"2"\r\n');
    expect(await screen.findByText('已接收 2 / 1,000 行')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '取消导出' }));
    expect(server.seen[0]!.signal?.aborted).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Let the aborted read settle: still nothing saved, no toast.
    await new Promise((r) => setTimeout(r, 20));
    expect(saved).toEqual([]);
    expect(document.querySelector('.arco-message-error')).toBeNull();
    expect(screen.getByRole('button', { name: '导出' })).toHaveProperty('disabled', false);
  });

  it('measures an XLSX by its bytes, a CSV by its rows', () => {
    const p = { bytes: 512, lines: 11, totalBytes: 2048, totalRows: 20 };
    expect(exportPercent(p, 'csv')).toBe(50);
    expect(exportPercent(p, 'xlsx')).toBe(25);
    expect(exportPercent({ ...p, totalRows: 0 }, 'csv')).toBe(100);
    expect(exportPercent({ ...p, totalBytes: null }, 'xlsx')).toBeNull();
    expect(exportPercent(null, 'csv')).toBeNull();
  });
});
