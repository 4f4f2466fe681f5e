import { Button, Dropdown, Menu, Message, Modal, Progress } from '@arco-design/web-react';
import { IconDownload } from '@arco-design/web-react/icon';
import type { HistoryExportFormat, HistoryExportResolution } from '@water/contracts';
import { useEffect, useRef, useState } from 'react';
import type { DownloadProgress } from '../../../shared/api/download.ts';
import { exportHistory, type HistoryRequest } from '../api/monitoring-queries.ts';
import type { MonitoringI18n, MonitoringMessageKey } from '../use-monitoring-i18n.ts';

const CHOICES = [
  ['csv', 'auto'],
  ['csv', 'raw'],
  ['xlsx', 'auto'],
  ['xlsx', 'raw'],
] as const satisfies readonly (readonly [HistoryExportFormat, HistoryExportResolution])[];

interface Job {
  format: HistoryExportFormat;
  progress: DownloadProgress | null;
}

/** How far the file has come, 0–100: rows against X-Total-Rows for a CSV, else bytes against the length. */
export function exportPercent(progress: DownloadProgress | null, format: HistoryExportFormat): number | null {
  if (!progress) return null;
  if (format === 'csv' && progress.totalRows !== null) {
    if (progress.totalRows === 0) return 100;
    return Math.min(100, Math.floor((Math.max(0, progress.lines - 1) / progress.totalRows) * 100));
  }
  if (progress.totalBytes) return Math.min(100, Math.floor((progress.bytes / progress.totalBytes) * 100));
  return null;
}

function sizeText(bytes: number, locale: string): string {
  const [value, unit] = bytes >= 1_048_576 ? [bytes / 1_048_576, 'MB'] : [bytes / 1024, 'KB'];
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value)} ${unit}`;
}

/**
 * The history's Export menu: CSV or XLSX, of what the chart shows or of every raw reading. The file
 * is read as a stream with its progress in a dialog, which cancels the transfer.
 */
export function HistoryExport({
  request,
  i18n,
  disabled,
}: {
  request: HistoryRequest;
  i18n: MonitoringI18n;
  disabled?: boolean;
}) {
  const { t, locale } = i18n;
  const [job, setJob] = useState<Job | null>(null);
  const controller = useRef<AbortController | null>(null);
  // Leaving the page stops a transfer nobody is waiting for.
  useEffect(() => () => controller.current?.abort(), []);

  const start = (format: HistoryExportFormat, resolution: HistoryExportResolution) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setJob({ format, progress: null });
    exportHistory(
      request,
      { format, resolution },
      {
        locale,
        signal: abort.signal,
        onProgress: (progress) => {
          if (!abort.signal.aborted) setJob({ format, progress });
        },
      },
    ).then(
      () => {
        if (abort.signal.aborted) return;
        setJob(null);
        Message.success(t('monitoring.export.done'));
      },
      // The failure has been shown where it happened (or it was the user's cancel).
      () => {
        if (controller.current === abort) setJob(null);
      },
    );
  };
  const cancel = () => {
    controller.current?.abort();
    controller.current = null;
    setJob(null);
  };

  const percent = job ? exportPercent(job.progress, job.format) : null;
  let status = t('monitoring.export.preparing');
  const progress = job?.progress;
  if (job && progress) {
    status =
      job.format === 'csv' && progress.totalRows !== null
        ? t('monitoring.export.rows', {
            done: new Intl.NumberFormat(locale).format(Math.min(progress.totalRows, Math.max(0, progress.lines - 1))),
            total: new Intl.NumberFormat(locale).format(progress.totalRows),
          })
        : t('monitoring.export.bytes', { size: sizeText(progress.bytes, locale) });
  }

  return (
    <>
      <Dropdown
        trigger="click"
        position="br"
        disabled={disabled || job !== null}
        droplist={
          <Menu
            onClickMenuItem={(key) => {
              const [format, resolution] = key.split(':') as [HistoryExportFormat, HistoryExportResolution];
              start(format, resolution);
            }}
          >
            {CHOICES.map(([format, resolution]) => (
              <Menu.Item key={`${format}:${resolution}`}>
                {t(`monitoring.export.${format}.${resolution}` as MonitoringMessageKey)}
              </Menu.Item>
            ))}
          </Menu>
        }
      >
        <Button size="small" icon={<IconDownload />} disabled={disabled || job !== null}>
          {t('monitoring.export')}
        </Button>
      </Dropdown>
      <Modal
        visible={job !== null}
        title={t('monitoring.export.title', { format: job?.format.toUpperCase() ?? '' })}
        closable={false}
        maskClosable={false}
        escToExit={false}
        unmountOnExit
        footer={<Button onClick={cancel}>{t('monitoring.export.cancel')}</Button>}
      >
        <Progress
          percent={percent ?? 0}
          animation={percent === null}
          status={percent === 100 ? 'success' : 'normal'}
          aria-label={t('monitoring.export.progress')}
        />
        <p className="monitoring-history__hint" role="status">
          {status}
        </p>
      </Modal>
    </>
  );
}
