import { Alert, Button, Drawer, Form, type FormInstance, Input, Message, Radio, Select } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { CONTENT_STATUSES, CONTENT_TYPES, type ContentItem, contentInputSchema } from '@water/contracts';
import { useState } from 'react';
import { dialogAttributes } from '../../../shared/ui/dialog-attributes.ts';
import { contractRule, errorText } from '../../../shared/ui/form-rules.ts';
import { EditorField } from '../../../shared/ui/rich-text/editor-field.tsx';
import { contentQueries, inputOf, useSaveContent } from '../api/content-queries.ts';
import { type ContentI18n, useContentI18n } from '../use-content-i18n.ts';
import { ContentFileField } from './content-file-field.tsx';
import { statusText, typeText } from './content-labels.tsx';

type Values = {
  type: ContentItem['type'];
  categoryCode: string;
  title: string;
  summary: string;
  bodyHtml: string;
  status: ContentItem['status'];
};

const fields = contentInputSchema.shape;

/** `null` closed, `{ item: null }` a new item, `{ item }` an item to edit (as the list has it). */
export type ContentDrawerTarget = { item: ContentItem | null } | null;

/**
 * Create or edit an item. A new image or video item has no file yet: after saving it the drawer
 * stays open on the stored item so the file can be uploaded at once.
 */
export function ContentFormDrawer({ target, onClose }: { target: ContentDrawerTarget; onClose: () => void }) {
  const i18n = useContentI18n();
  const { t } = i18n;
  const [saved, setSaved] = useState<ContentItem | null>(null);
  const item = saved ?? target?.item ?? null;
  // The drawer's footer submits the form, so both live here.
  const [form] = Form.useForm<Values>();
  const save = useSaveContent();

  const close = () => {
    onClose();
    setSaved(null);
  };

  const drawerTitle = t(item === null ? 'content.drawer.create' : 'content.drawer.edit');
  return (
    <Drawer
      width={760}
      visible={target !== null}
      title={drawerTitle}
      onCancel={close}
      footer={
        <>
          <Button onClick={close}>{t(saved ? 'content.close' : 'content.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {t('content.save')}
          </Button>
        </>
      }
      unmountOnExit
      // Arco's drawer gives itself no role; its wrapper takes extra attributes.
      {...dialogAttributes(drawerTitle)}
      className="content-drawer"
    >
      {saved && saved.type !== 'text' && !saved.fileUrl ? (
        <Alert className="content-form-notice" type="success" content={t('content.savedMedia')} />
      ) : null}
      <ContentForm
        key={item?.id ?? 'new'}
        item={item}
        i18n={i18n}
        form={form}
        save={save}
        onSaved={(stored) => {
          if (stored.type !== 'text' && !stored.fileUrl) {
            setSaved(stored);
            return;
          }
          Message.success(t('content.done.save'));
          close();
        }}
        onUploaded={setSaved}
      />
    </Drawer>
  );
}

function initialValues(item: ContentItem | null): Values {
  if (!item) return { type: 'text', categoryCode: '', title: '', summary: '', bodyHtml: '', status: 'draft' };
  return inputOf(item) as Values;
}

function ContentForm({
  item,
  i18n,
  form,
  save,
  onSaved,
  onUploaded,
}: {
  item: ContentItem | null;
  i18n: ContentI18n;
  form: FormInstance<Values>;
  save: ReturnType<typeof useSaveContent>;
  onSaved: (item: ContentItem) => void;
  onUploaded: (item: ContentItem) => void;
}) {
  const { t, tv, locale } = i18n;
  const [failure, setFailure] = useState<string | null>(null);
  const categories = useQuery(contentQueries.categories(locale));
  const type: Values['type'] = Form.useWatch('type', form as FormInstance) ?? item?.type ?? 'text';

  async function submit(values: Values) {
    setFailure(null);
    const parsed = contentInputSchema.safeParse({
      ...values,
      // Only text items have a body; the server drops it for the others anyway.
      bodyHtml: values.type === 'text' ? (values.bodyHtml ?? '') : '',
    });
    if (!parsed.success) {
      setFailure(tv(parsed.error.issues[0]?.message ?? ''));
      return;
    }
    try {
      onSaved(await save.mutateAsync({ id: item?.id ?? null, body: parsed.data }));
    } catch (error) {
      setFailure(errorText(error, t('content.requestFailed')));
    }
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      disabled={save.isPending}
      initialValues={initialValues(item)}
      onSubmit={submit}
      onChange={() => setFailure(null)}
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
      <Form.Item
        label={t('content.field.category')}
        field="categoryCode"
        required
        rules={[contractRule(fields.categoryCode, tv)]}
      >
        <Select
          aria-label={t('content.field.category')}
          placeholder={t('content.field.categoryPlaceholder')}
          loading={categories.isPending}
          options={(categories.data ?? []).map((c) => ({ label: c.name, value: c.code }))}
        />
      </Form.Item>
      <Form.Item label={t('content.field.title')} field="title" required rules={[contractRule(fields.title, tv)]}>
        <Input placeholder={t('content.field.titlePlaceholder')} maxLength={100} showWordLimit />
      </Form.Item>
      <Form.Item label={t('content.field.summary')} field="summary" rules={[contractRule(fields.summary, tv)]}>
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
          rules={[contractRule(fields.bodyHtml, tv)]}
        >
          <EditorField placeholder={t('content.editor.placeholder')} ariaLabel={t('content.editor.label')} />
        </Form.Item>
      ) : (
        <Form.Item label={t('content.field.file')}>
          {item ? (
            <ContentFileField item={item} onUploaded={onUploaded} />
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
      {failure ? <Alert className="content-form-notice" type="error" content={failure} /> : null}
    </Form>
  );
}
