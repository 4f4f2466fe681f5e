import {
  ALARM_RULES_FORMAT,
  ALARM_RULES_IMPORT_MAX,
  type AlarmRulesImportResult,
  alarmRulesFileSchema,
} from '@water/contracts';
import { ApiError } from '../../../shared/api/http.ts';
import { ImportDialog, type ImportFailure, ImportFailures, ImportSummary } from '../../../shared/ui/import-dialog.tsx';
import { useImportRules } from '../api/alarm-rule-queries.ts';
import type { AlarmRulesI18n } from '../use-alarm-rules-i18n.ts';
import { issuePlace } from './rule-form.ts';

/** A file larger than this is refused before it is read (the server takes a 1 MiB body; the file is sent without its indentation). */
const MAX_BYTES = 4 * 1024 * 1024;

/**
 * Rules from a file another installation (or this one) exported: read in the browser, checked to be
 * such a file, sent as the import's body. The report says how many were added and, for each refused
 * rule, its place in the file, its name, the field and why.
 */
export function RuleImportDialog({
  visible,
  onClose,
  i18n,
}: {
  visible: boolean;
  onClose: () => void;
  i18n: AlarmRulesI18n;
}) {
  const { t } = i18n;
  const send = useImportRules();

  const upload = async (file: File): Promise<AlarmRulesImportResult> => {
    // A refusal of the whole file reads as the server's would: in place, in the dialog.
    const refuse = (key: 'alarmRules.import.notJson' | 'alarmRules.import.notRules' | 'alarmRules.import.tooMany') =>
      new ApiError(t(key, { max: ALARM_RULES_IMPORT_MAX }), 400, null);
    let content: unknown;
    try {
      content = JSON.parse(await file.text());
    } catch {
      throw refuse('alarmRules.import.notJson');
    }
    const format = (content as { format?: unknown } | null)?.format;
    const rules = (content as { rules?: unknown } | null)?.rules;
    if (format !== ALARM_RULES_FORMAT || !Array.isArray(rules)) throw refuse('alarmRules.import.notRules');
    if (rules.length > ALARM_RULES_IMPORT_MAX) throw refuse('alarmRules.import.tooMany');
    const body = alarmRulesFileSchema.safeParse(content);
    if (!body.success) throw refuse('alarmRules.import.notRules');
    return send.mutateAsync(body.data);
  };

  return (
    <ImportDialog<AlarmRulesImportResult>
      visible={visible}
      onClose={onClose}
      accept=".json,application/json"
      maxBytes={MAX_BYTES}
      upload={upload}
      texts={{
        title: t('alarmRules.import.title'),
        hint: t('alarmRules.import.hint'),
        choose: t('alarmRules.import.choose'),
        tip: t('alarmRules.import.tip'),
        uploading: t('alarmRules.import.uploading'),
        tooLarge: t('alarmRules.import.tooLarge'),
        requestFailed: t('alarmRules.requestFailed'),
        again: t('alarmRules.import.again'),
        done: t('alarmRules.import.done'),
        cancel: t('alarmRules.cancel'),
      }}
      renderReport={(report) => <ImportReport report={report} i18n={i18n} />}
    />
  );
}

function ImportReport({ report, i18n }: { report: AlarmRulesImportResult; i18n: AlarmRulesI18n }) {
  const { t } = i18n;
  // One row a refused rule, each of its reasons with the field it names.
  const rows = new Map<number, ImportFailure>();
  for (const error of report.errors) {
    const row = rows.get(error.index) ?? { row: error.index + 1, label: error.name, reasons: [] };
    // A condition's field reads as its group and condition, as in the drawer; another by its name in the file.
    const place = issuePlace(error.field.split('.'), t) ?? error.field;
    row.reasons.push(place ? t('alarmRules.import.reason', { field: place, message: error.msg }) : error.msg);
    rows.set(error.index, row);
  }
  return (
    <>
      <ImportSummary
        created={report.created}
        failed={rows.size}
        title={t('alarmRules.import.summary', { created: report.created, failed: rows.size })}
      />
      <ImportFailures
        rows={[...rows.values()]}
        texts={{
          title: t('alarmRules.import.failures'),
          row: t('alarmRules.import.row'),
          label: t('alarmRules.import.name'),
          reasons: t('alarmRules.import.reasons'),
        }}
      />
    </>
  );
}
