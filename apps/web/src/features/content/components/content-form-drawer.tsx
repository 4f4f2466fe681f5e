import { Alert, Form, Input, Message, Radio, Select } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { CONTENT_STATUSES, CONTENT_TYPES, type ContentItem, contentInputSchema } from '@water/contracts';
import { useState } from 'react';
import type { z } from 'zod';
import { FormDrawer } from '../../../shared/ui/form-drawer.tsx';
import { EditorField } from '../../../shared/ui/rich-text/editor-field.tsx';
import { useContractForm } from '../../../shared/ui/use-contract-form.ts';
import { contentQueries, inputOf, useSaveContent } from '../api/content-queries.ts';
import { useContentI18n } from '../use-content-i18n.ts';
import { ContentFileField } from './content-file-field.tsx';
import { statusText, typeText } from './content-labels.tsx';

type Values = z.input<typeof contentInputSchema>;

/** `null` closed, `{ item: null }` a new item, `{ item }` an item to edit (as the list has it). */
export type ContentDrawerTarget = { item: ContentItem | null } | null;

const NEW: Values = { type: 'text', categoryCode: '', title: '', summary: '', bodyHtml: '', status: 'draft' };

/** Only text items have a body; the server drops it for the others anyway. */
const toInput = (values: Values): Values => ({
  ...values,
  bodyHtml: values.type === 'text' ? (values.bodyHtml ?? '') : '',
});

/**
 * Create or edit an item. A new image or video item has no file yet: after saving it the drawer
 * stays open on the stored item so the file can be uploaded at once.
 */
export function ContentFormDrawer({ target, onClose }: { target: ContentDrawerTarget; onClose: () => void }) {
  const { t, tv, locale } = useContentI18n();
  const [saved, setSaved] = useState<ContentItem | null>(null);
  const item = saved ?? target?.item ?? null;
  const save = useSaveContent();
  const categories = useQuery({ ...contentQueries.categories(locale), enabled: target !== null });

  const close = () => {
    onClose();
    setSaved(null);
  };
  const contract = useContractForm({
    schema: contentInputSchema,
    toInput,
    tv,
    submit: (body) => save.mutateAsync({ id: item?.id ?? null, body }),
    onSaved: (stored) => {
      if (stored.type !== 'text' && !stored.fileUrl) {
        setSaved(stored);
        return;
      }
      Message.success(t('content.done.save'));
      close();
    },
  });
  const { rule } = contract;
  const type: Values['type'] = Form.useWatch('type', contract.form) ?? item?.type ?? 'text';

  return (
    <FormDrawer
      contract={contract}
      open={target !== null}
      title={t(item === null ? 'content.drawer.create' : 'content.drawer.edit')}
      onClose={close}
      width={760}
      initialValues={item ? inputOf(item) : NEW}
      formKey={item?.id ?? 'new'}
      intro={
        saved && saved.type !== 'text' && !saved.fileUrl ? (
          <Alert className="content-form-notice" type="success" content={t('content.savedMedia')} />
        ) : null
      }
    >
      <Form.Item
        label={t('content.field.type')}
        field="type"
        extra={item ? t('content.field.typeFixed') : undefined}
        disabled={item !== null}
      >
        <Radio.Group type="button" aria-label={t('content.field.type')}>
          {CONTENT_TYPES.map((value) => (
            <Radio key={value} value={value}>
              {typeText(value, t)}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item label={t('content.field.category')} field="categoryCode" required rules={[rule('categoryCode')]}>
        <Select
          aria-label={t('content.field.category')}
          placeholder={t('content.field.categoryPlaceholder')}
          loading={categories.isPending}
          options={(categories.data ?? []).map((c) => ({ label: c.name, value: c.code }))}
        />
      </Form.Item>
      <Form.Item label={t('content.field.title')} field="title" required rules={[rule('title')]}>
        <Input placeholder={t('content.field.titlePlaceholder')} maxLength={100} showWordLimit />
      </Form.Item>
      <Form.Item label={t('content.field.summary')} field="summary" rules={[rule('summary')]}>
        <Input.TextArea
          placeholder={t('content.field.summaryPlaceholder')}
          maxLength={300}
          showWordLimit
          autoSize={{ minRows: 2, maxRows: 5 }}
        />
      </Form.Item>
      {type === 'text' ? (
        <Form.Item
          label={t('content.field.body')}
          field="bodyHtml"
          extra={t('content.field.bodyHelp')}
          rules={[rule('bodyHtml')]}
        >
          <EditorField placeholder={t('content.editor.placeholder')} ariaLabel={t('content.editor.label')} />
        </Form.Item>
      ) : (
        <Form.Item label={t('content.field.file')}>
          {item ? (
            <ContentFileField item={item} onUploaded={setSaved} />
          ) : (
            <span className="content-muted">{t('content.file.saveFirst')}</span>
          )}
        </Form.Item>
      )}
      <Form.Item label={t('content.field.status')} field="status">
        <Radio.Group aria-label={t('content.field.status')}>
          {CONTENT_STATUSES.map((value) => (
            <Radio key={value} value={value}>
              {statusText(value, t)}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
    </FormDrawer>
  );
}
