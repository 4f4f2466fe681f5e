import { Alert, Button, Link, Modal, Result, Table, Upload } from '@arco-design/web-react';
import { IconDownload } from '@arco-design/web-react/icon';
import { type ImportReport, USER_IMPORT_MAX_BYTES } from '@water/contracts';
import { useState } from 'react';
import { CopyableSecret } from '../../../shared/ui/copyable-secret.tsx';
import { errorText } from '../../../shared/ui/form-rules.ts';
import { downloadImportTemplate, useImportUsers } from '../api/users-queries.ts';
import { useUsersI18n } from '../use-users-i18n.ts';

type Failed = ImportReport['failed'][number];
type Password = ImportReport['passwords'][number];

/**
 * Users from a workbook: the template, the upload, then the server's report. Good rows are created,
 * bad ones listed with their errors; the created users' temporary passwords are shown this once.
 */
export function UserImportModal({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t, locale } = useUsersI18n();
  const upload = useImportUsers();
  const [report, setReport] = useState<ImportReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const send = (file: File) => {
    setFailure(null);
    if (file.size > USER_IMPORT_MAX_BYTES) {
      setFailure(t('users.import.tooLarge', { mb: USER_IMPORT_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    upload.mutate(file, {
      onSuccess: setReport,
      onError: (error) => setFailure(errorText(error, t('users.requestFailed'))),
    });
  };

  return (
    <Modal
      visible={visible}
      title={t('users.import.title')}
      onCancel={onClose}
      afterClose={() => {
        setReport(null);
        setFailure(null);
      }}
      maskClosable={false}
      unmountOnExit
      style={{ width: 680, maxWidth: 'calc(100vw - 32px)' }}
      footer={
        <>
          {report ? <Button onClick={() => setReport(null)}>{t('users.import.again')}</Button> : null}
          <Button type="primary" onClick={onClose}>
            {t(report ? 'users.password.done' : 'users.cancel')}
          </Button>
        </>
      }
    >
      {report ? (
        <ImportResult report={report} />
      ) : (
        <div className="users-import">
          <p className="users-import__hint">
            {t('users.import.hint')}{' '}
            <Link
              icon={<IconDownload />}
              onClick={() => void downloadImportTemplate(locale, t('users.import.templateFile')).catch(() => undefined)}
            >
              {t('users.import.template')}
            </Link>
          </p>
          <Upload
            drag
            accept=".xlsx"
            // Nothing is kept in the widget: the report below is the result.
            fileList={[]}
            showUploadList={false}
            disabled={upload.isPending}
            customRequest={({ file }) => send(file)}
            tip={t('users.import.tip')}
            aria-label={t('users.import.choose')}
          >
            {upload.isPending ? <div className="users-import__pending">{t('users.import.uploading')}</div> : undefined}
          </Upload>
          {failure ? <Alert className="users-form-notice" type="error" content={failure} /> : null}
        </div>
      )}
    </Modal>
  );
}

function ImportResult({ report }: { report: ImportReport }) {
  const { t } = useUsersI18n();
  return (
    <div className="users-import">
      <Result
        className="users-import__result"
        status={report.failed.length === 0 ? 'success' : report.created > 0 ? 'warning' : 'error'}
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
      {report.failed.length > 0 ? (
        <section aria-label={t('users.import.failed')}>
          <h3 className="users-section-title">{t('users.import.failed')}</h3>
          <Table<Failed>
            rowKey="row"
            size="small"
            pagination={false}
            scroll={{ y: 240 }}
            data={report.failed}
            columns={[
              { title: t('users.import.row'), dataIndex: 'row', width: 80 },
              { title: t('users.col.username'), dataIndex: 'username', width: 140 },
              {
                title: t('users.import.errors'),
                dataIndex: 'errors',
                render: (_, row) => (
                  <ul className="users-import__errors">
                    {row.errors.map((e) => (
                      <li key={e}>{e}</li>
                    ))}
                  </ul>
                ),
              },
            ]}
          />
        </section>
      ) : null}
    </div>
  );
}
