import { Alert } from '@arco-design/web-react';
import { DEVICE_IMPORT_MAX_BYTES, DEVICE_IMPORT_MAX_ROWS, type DeviceImportReport } from '@water/contracts';
import { ImportDialog, ImportFailures, ImportSummary } from '../../../shared/ui/import-dialog.tsx';
import { downloadDeviceImportTemplate, useImportDevices } from '../api/device-transfer-queries.ts';
import { useDeviceTransferI18n } from '../use-device-transfer-i18n.ts';

const MB = DEVICE_IMPORT_MAX_BYTES / 1024 / 1024;

/** Devices from an XLSX or UTF-8 CSV file: the template, the upload, then the server's row report. */
export function DeviceImportModal({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t, locale } = useDeviceTransferI18n();
  const upload = useImportDevices();
  return (
    <ImportDialog<DeviceImportReport>
      visible={visible}
      onClose={onClose}
      accept=".xlsx,.csv"
      maxBytes={DEVICE_IMPORT_MAX_BYTES}
      texts={{
        title: t('deviceTransfer.import.title'),
        hint: t('deviceTransfer.import.hint', { max: DEVICE_IMPORT_MAX_ROWS }),
        template: t('deviceTransfer.import.template'),
        choose: t('deviceTransfer.import.choose'),
        tip: t('deviceTransfer.import.tip', { mb: MB }),
        uploading: t('deviceTransfer.import.uploading'),
        tooLarge: t('deviceTransfer.import.tooLarge', { mb: MB }),
        requestFailed: t('deviceTransfer.requestFailed'),
        again: t('deviceTransfer.import.again'),
        done: t('deviceTransfer.import.done'),
        cancel: t('deviceTransfer.cancel'),
      }}
      onTemplate={() => downloadDeviceImportTemplate(locale, t('deviceTransfer.import.templateFile'))}
      upload={(file) => upload.mutateAsync(file)}
      renderReport={(report) => (
        <div>
          <ImportSummary
            created={report.created}
            failed={report.failed.length}
            title={t('deviceTransfer.import.summary', { created: report.created, failed: report.failed.length })}
          />
          {report.created > 0 ? <Alert type="info" content={report.note} /> : null}
          <ImportFailures
            rows={report.failed.map((f) => ({ row: f.row, label: f.code, reasons: f.reasons }))}
            texts={{
              title: t('deviceTransfer.import.failed'),
              row: t('deviceTransfer.import.row'),
              label: t('deviceTransfer.import.code'),
              reasons: t('deviceTransfer.import.reasons'),
            }}
          />
        </div>
      )}
    />
  );
}
