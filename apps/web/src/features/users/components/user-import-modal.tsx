import { Alert, Table } from '@arco-design/web-react';
import { type ImportReport, USER_IMPORT_MAX_BYTES } from '@water/contracts';
import { CopyableSecret } from '../../../shared/ui/copyable-secret.tsx';
import { ImportDialog, ImportFailures, ImportSummary } from '../../../shared/ui/import-dialog.tsx';
import { downloadImportTemplate, useImportUsers } from '../api/users-queries.ts';
import { useUsersI18n } from '../use-users-i18n.ts';

type Password = ImportReport['passwords'][number];

/**
 * Users from a workbook: the template, the upload, then the server's report. Good rows are created,
 * bad ones listed with their errors; the created users' temporary passwords are shown this once.
 */
export function UserImportModal({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t, locale } = useUsersI18n();
  const upload = useImportUsers();
  return (
    <ImportDialog<ImportReport>
      visible={visible}
      onClose={onClose}
      accept=".xlsx,.csv"
      maxBytes={USER_IMPORT_MAX_BYTES}
      texts={{
        title: t('users.import.title'),
        hint: t('users.import.hint'),
        template: t('users.import.template'),
        choose: t('users.import.choose'),
        tip: t('users.import.tip'),
        uploading: t('users.import.uploading'),
        tooLarge: t('users.import.tooLarge', { mb: USER_IMPORT_MAX_BYTES / 1024 / 1024 }),
        requestFailed: t('users.requestFailed'),
        again: t('users.import.again'),
        done: t('users.password.done'),
        cancel: t('users.cancel'),
      }}
      onTemplate={() => downloadImportTemplate(locale, t('users.import.templateFile'))}
      upload={(file) => upload.mutateAsync(file)}
      renderReport={(report) => <ImportResult report={report} />}
    />
  );
}

function ImportResult({ report }: { report: ImportReport }) {
  const { t } = useUsersI18n();
  return (
    <div className="users-import">
      <ImportSummary
        created={report.created}
        failed={report.failed.length}
        title={t('users.import.summary', { created: report.created, failed: report.failed.length })}
      />
      {report.passwords.length > 0 ? (
        <section aria-label={t('users.import.passwords')}>
          <h3 className="users-section-title">{t('users.import.passwords')}</h3>
          <Alert type="warning" className="users-form-notice" content={t('users.import.passwordsOnce')} />
          <Table<Password>
            rowKey="username"
            size="small"
            pagination={false}
            scroll={{ y: 200 }}
            data={report.passwords}
            columns={[
              { title: t('users.col.username'), dataIndex: 'username' },
              {
                title: t('users.password.label'),
                dataIndex: 'temporaryPassword',
                render: (_, row) => (
                  <CopyableSecret
                    value={row.temporaryPassword}
                    label={t('users.password.of', { username: row.username })}
                  />
                ),
              },
            ]}
          />
        </section>
      ) : null}
      <ImportFailures
        rows={report.failed.map((f) => ({ row: f.row, label: f.username, reasons: f.errors }))}
        texts={{
          title: t('users.import.failed'),
          row: t('users.import.row'),
          label: t('users.col.username'),
          reasons: t('users.import.errors'),
        }}
      />
    </div>
  );
}
