import { Alert, Button, Link, Modal, Result, Table, Upload } from '@arco-design/web-react';
import { IconDownload } from '@arco-design/web-react/icon';
import { type ReactNode, useState } from 'react';
import { errorText } from './form-rules.ts';
import './import-dialog.css';

/** The dialog's texts, in the caller's language (each feature keeps its own in its locale files). */
export interface ImportDialogTexts {
  title: string;
  hint: string;
  /** The template link's text; none where the file is another screen's export (no template). */
  template?: string;
  choose: string;
  tip: string;
  uploading: string;
  /** Shown when the chosen file is over `maxBytes`, before anything is sent. */
  tooLarge: string;
  requestFailed: string;
  again: string;
  done: string;
  cancel: string;
}

/**
 * Rows from a file: the template, the upload, then the server's report (`renderReport`). Good rows
 * are the server's to create; a refusal of the whole file (type, size, header) shows in place.
 */
export function ImportDialog<R>({
  visible,
  onClose,
  texts,
  accept,
  maxBytes,
  onTemplate,
  upload,
  renderReport,
}: {
  visible: boolean;
  onClose: () => void;
  texts: ImportDialogTexts;
  accept: string;
  maxBytes: number;
  /** Downloads the template; without it the hint stands alone. */
  onTemplate?: () => Promise<unknown>;
  upload: (file: File) => Promise<R>;
  renderReport: (report: R) => ReactNode;
}) {
  const [report, setReport] = useState<R | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const send = (file: File) => {
    setFailure(null);
    if (file.size > maxBytes) {
      setFailure(texts.tooLarge);
      return;
    }
    setPending(true);
    upload(file)
      .then(setReport, (error: unknown) => setFailure(errorText(error, texts.requestFailed)))
      .finally(() => setPending(false));
  };

  return (
    <Modal
      visible={visible}
      title={texts.title}
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
          {report ? <Button onClick={() => setReport(null)}>{texts.again}</Button> : null}
          <Button type="primary" onClick={onClose}>
            {report ? texts.done : texts.cancel}
          </Button>
        </>
      }
    >
      {report ? (
        renderReport(report)
      ) : (
        <div className="import-dialog">
          <p className="import-dialog__hint">
            {texts.hint}
            {onTemplate ? (
              <>
                {' '}
                <Link icon={<IconDownload />} onClick={() => void onTemplate().catch(() => undefined)}>
                  {texts.template}
                </Link>
              </>
            ) : null}
          </p>
          <Upload
            drag
            accept={accept}
            // Nothing is kept in the widget: the report is the result.
            fileList={[]}
            showUploadList={false}
            disabled={pending}
            customRequest={({ file }) => send(file)}
            tip={texts.tip}
            aria-label={texts.choose}
          >
            {pending ? <div className="import-dialog__pending">{texts.uploading}</div> : undefined}
          </Upload>
          {failure ? <Alert className="import-dialog__notice" type="error" content={failure} /> : null}
        </div>
      )}
    </Modal>
  );
}

/** The summary of an import: all created, some, or none. */
export function ImportSummary({ created, failed, title }: { created: number; failed: number; title: string }) {
  return (
    <Result
      className="import-dialog__result"
      status={failed === 0 ? 'success' : created > 0 ? 'warning' : 'error'}
      title={title}
    />
  );
}

export interface ImportFailure {
  row: number;
  /** What names the row to its author: a code, a username. */
  label: string;
  reasons: string[];
}

/** The rows that were not imported, with their row number in the file and why. */
export function ImportFailures({
  rows,
  texts,
}: {
  rows: ImportFailure[];
  texts: { title: string; row: string; label: string; reasons: string };
}) {
  if (rows.length === 0) return null;
  return (
    <section aria-label={texts.title}>
      <h3 className="import-dialog__title">{texts.title}</h3>
      <Table<ImportFailure>
        rowKey="row"
        size="small"
        pagination={false}
        scroll={{ y: 240 }}
        data={rows}
        columns={[
          { title: texts.row, dataIndex: 'row', width: 80 },
          { title: texts.label, dataIndex: 'label', width: 140 },
          {
            title: texts.reasons,
            dataIndex: 'reasons',
            render: (_, row) => (
              <ul className="import-dialog__reasons">
                {row.reasons.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            ),
          },
        ]}
      />
    </section>
  );
}
