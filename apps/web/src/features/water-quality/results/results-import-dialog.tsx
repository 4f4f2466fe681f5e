import { Alert } from '@arco-design/web-react';
import { WQ_IMPORT_MAX_BYTES, WQ_IMPORT_MAX_ROWS, type WqImportReport } from '@water/contracts';
import { ImportDialog, ImportFailures, ImportSummary } from '../../../shared/ui/import-dialog.tsx';
import { downloadImportTemplate, useImportResults } from './results-queries.ts';
import { useResultsI18n } from './use-results-i18n.ts';

const MB = WQ_IMPORT_MAX_BYTES / 1024 / 1024;

/**
 * Lab results from an XLSX sheet or a UTF-8 CSV file: the template, the upload, then the server's
 * report: how many were stored (and how many of those exceed), and each refused row with its sample
 * id and reasons.
 */
export function ResultsImportDialog({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t, locale } = useResultsI18n();
  const upload = useImportResults(locale);
  return (
    <ImportDialog<WqImportReport>
      visible={visible}
      onClose={onClose}
      accept=".xlsx,.csv"
      maxBytes={WQ_IMPORT_MAX_BYTES}
      texts={{
        title: t('wqResults.import.title'),
        hint: t('wqResults.import.hint', { max: WQ_IMPORT_MAX_ROWS }),
        template: t('wqResults.import.template'),
        choose: t('wqResults.import.choose'),
        tip: t('wqResults.import.tip', { mb: MB }),
        uploading: t('wqResults.import.uploading'),
        tooLarge: t('wqResults.import.tooLarge', { mb: MB }),
        requestFailed: t('wqResults.requestFailed'),
        again: t('wqResults.import.again'),
        done: t('wqResults.import.done'),
        cancel: t('wqResults.cancel'),
      }}
      onTemplate={() => downloadImportTemplate(locale, t('wqResults.import.templateFile'))}
      upload={(file) => upload.mutateAsync(file)}
      renderReport={(report) => (
        <div>
          <ImportSummary
            created={report.created}
            failed={report.failed.length}
            title={t('wqResults.import.summary', { created: report.created, failed: report.failed.length })}
          />
          {report.exceeding > 0 ? (
            <Alert
              className="wq-import__exceeding"
              type="warning"
              content={t('wqResults.import.exceeding', { exceeding: report.exceeding })}
            />
          ) : null}
          <ImportFailures
            rows={report.failed.map((f) => ({ row: f.row, label: f.sampleId, reasons: f.reasons }))}
            texts={{
              title: t('wqResults.import.failures'),
              row: t('wqResults.import.row'),
              label: t('wqResults.import.sampleId'),
              reasons: t('wqResults.import.reasons'),
            }}
          />
        </div>
      )}
    />
  );
}
