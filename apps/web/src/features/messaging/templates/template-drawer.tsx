import {
  Button,
  Form,
  type FormInstance,
  Input,
  Message,
  Select,
  Switch,
  Tabs,
  Tag,
  Tooltip,
} from '@arco-design/web-react';
import {
  isRobotChannel,
  LOCALES,
  type Locale,
  type NotifyTemplate,
  type NotifyTemplateInput,
  notifyTemplateInputSchema,
  PERSONAL_CHANNELS,
  TEMPLATE_VARIABLES,
  unknownTemplateVariables,
} from '@water/contracts';
import { useRef, useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../../shared/api/http.ts';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { FormDrawer } from '../../../shared/ui/form-drawer.tsx';
import { ConfirmAction } from '../../../shared/ui/row-actions.tsx';
import { blankAsNull, useContractForm } from '../../../shared/ui/use-contract-form.ts';
import { useResetTemplate, useSaveTemplate } from '../api/notify-template-queries.ts';
import { type TemplatesI18n, type TemplatesMessageKey, useTemplatesI18n } from '../use-templates-i18n.ts';
import { bodyLabel, channelName, purposeHelp, purposeName, titleLabel, variableHelp } from './template-labels.ts';
import { TemplatePreview } from './template-preview.tsx';

type Values = z.input<typeof notifyTemplateInputSchema>;
type SetFields = Parameters<FormInstance<Values>['setFields']>[0];
type TextField = `${'title' | 'body'}.${Locale}`;

const TITLE_MAX = 120;
const BODY_MAX = 2000;

interface TemplateDrawerProps {
  /** The template open in the drawer; null closed. */
  template: NotifyTemplate | null;
  /** May edit (notify:template:write); otherwise the drawer shows the template read-only. */
  writer: boolean;
  onClose: () => void;
  /** The template as the server answered a reset: the drawer opens it afresh. */
  onReset: (template: NotifyTemplate) => void;
}

/** The language of a field path such as `body.en-US`, when it has one. */
function localeOf(path: string): Locale | undefined {
  return LOCALES.find((locale) => path.endsWith(`.${locale}`));
}

/**
 * One template: whether it is used, the channel a failure falls back to, and its title and body in
 * each language (a tab each; SMS has no title), with the purpose's variables as chips that insert
 * `{name}` where the cursor is, and the live preview beside. A refusal, the contract's before sending
 * or the server's (an unknown variable it names, an SMS too long), lands on its box, and the tab of
 * its language comes forward. "Reset to default" asks first.
 */
export function TemplateDrawer({ template, writer, onClose, onReset }: TemplateDrawerProps) {
  const i18n = useTemplatesI18n();
  const { t, locale } = i18n;
  const open = template !== null;
  const save = useSaveTemplate();
  const reset = useResetTemplate();
  const [lang, setLang] = useState<Locale>(locale);
  const [errorLangs, setErrorLangs] = useState<Locale[]>([]);
  // Another template opens in the console's language, with nothing marked.
  const [seen, setSeen] = useState(template?.id);
  if (template && template.id !== seen) {
    setSeen(template.id);
    setLang(locale);
    setErrorLangs([]);
  }

  /** Marks the languages whose boxes are refused and brings the first forward. */
  const flagLanguages = (paths: string[]) => {
    const langs = LOCALES.filter((l) => paths.some((p) => localeOf(p) === l));
    setErrorLangs(langs);
    const first = paths.map(localeOf).find(Boolean);
    if (first) setLang(first);
  };

  const contract = useContractForm({
    schema: notifyTemplateInputSchema,
    tv: i18n.tv,
    // The form holds only the boxes it shows: an SMS has no title boxes, so its (empty) title is ''.
    toInput: (values) => ({
      ...values,
      title: { 'zh-CN': values.title?.['zh-CN'] ?? '', 'en-US': values.title?.['en-US'] ?? '' },
      fallback: blankAsNull(values.fallback),
    }),
    onInvalid: (issues, form) => {
      const errors: Record<string, { error: { message: string } }> = {};
      for (const issue of issues)
        errors[issue.path.map(String).join('.')] ??= { error: { message: i18n.tv(issue.message) } };
      form.setFields(errors as SetFields);
      flagLanguages(Object.keys(errors));
      return i18n.tv(issues[0]?.message ?? '');
    },
    submit: (body: NotifyTemplateInput) =>
      save.mutateAsync({ id: template?.id ?? 0, body }).catch((error: unknown) => {
        // The shared form puts the server's field errors on their boxes; the tab must show them.
        if (error instanceof ApiError) {
          const errors = (error.data as { errors?: { field?: unknown }[] } | null)?.errors ?? [];
          flagLanguages(errors.map((e) => (typeof e.field === 'string' ? e.field : '')));
        }
        throw error;
      }),
    onSaved: () => {
      Message.success(t('messaging.templates.done.save'));
      onClose();
    },
  });
  const form = contract.form as unknown as FormInstance<Values>;

  const names = template
    ? { purpose: purposeName(t, template.purpose), channel: channelName(t, template.channel) }
    : { purpose: '', channel: '' };
  const initialValues: Partial<Values> | null = template
    ? {
        enabled: template.enabled,
        title: { ...template.title },
        body: { ...template.body },
        // An empty picker is "none" (its placeholder says so).
        fallback: template.fallback ?? undefined,
      }
    : null;

  return (
    <FormDrawer<typeof notifyTemplateInputSchema>
      contract={{
        ...contract,
        clearFailure: () => {
          contract.clearFailure();
          setErrorLangs([]);
        },
      }}
      open={open}
      title={t(writer ? 'messaging.templates.drawer.edit' : 'messaging.templates.drawer.view', names)}
      onClose={onClose}
      width="min(1120px, calc(100vw - 48px))"
      initialValues={initialValues ?? {}}
      formKey={template ? `${template.id}:${template.updatedAt}` : 'none'}
      className="tpl-drawer"
      footer={writer ? undefined : <Button onClick={onClose}>{t('messaging.templates.close')}</Button>}
      extraFooter={
        writer && template ? (
          <span className="tpl-drawer__reset">
            <ConfirmAction
              danger
              text={t('messaging.templates.reset')}
              label={t('messaging.templates.actionLabel', { action: t('messaging.templates.reset'), ...names })}
              disabled={template.isDefault}
              question={t('messaging.templates.reset.question', names)}
              hint={t('messaging.templates.reset.hint')}
              onConfirm={() =>
                reset.mutateAsync(template.id).then(
                  (fresh) => {
                    Message.success(t('messaging.templates.done.reset'));
                    setErrorLangs([]);
                    onReset(fresh);
                  },
                  // The request layer has shown the server's message.
                  () => undefined,
                )
              }
            />
          </span>
        ) : null
      }
      intro={template ? <TemplateMeta template={template} i18n={i18n} /> : null}
    >
      {template ? (
        <TemplateFields
          template={template}
          writer={writer}
          form={form}
          lang={lang}
          onLang={setLang}
          errorLangs={errorLangs}
          i18n={i18n}
        />
      ) : null}
    </FormDrawer>
  );
}

function TemplateMeta({ template, i18n }: { template: NotifyTemplate; i18n: TemplatesI18n }) {
  const { t, locale } = i18n;
  return (
    <p className="tpl-drawer__meta">
      <span>{purposeHelp(t, template.purpose)}</span>
      {template.isDefault ? (
        <Tag size="small">{t('messaging.templates.drawer.isDefault')}</Tag>
      ) : (
        <Tag size="small" color="arcoblue">
          {t('messaging.templates.drawer.edited', {
            by: template.updatedBy,
            time: formatDateTime(template.updatedAt, locale),
          })}
        </Tag>
      )}
    </p>
  );
}

function TemplateFields({
  template,
  writer,
  form,
  lang,
  onLang,
  errorLangs,
  i18n,
}: {
  template: NotifyTemplate;
  writer: boolean;
  form: FormInstance<Values>;
  lang: Locale;
  onLang: (lang: Locale) => void;
  errorLangs: Locale[];
  i18n: TemplatesI18n;
}) {
  const { t } = i18n;
  const { purpose, channel } = template;
  const watched = form as FormInstance;
  const titleZh: string | undefined = Form.useWatch('title.zh-CN', watched);
  const titleEn: string | undefined = Form.useWatch('title.en-US', watched);
  const bodyZh: string | undefined = Form.useWatch('body.zh-CN', watched);
  const bodyEn: string | undefined = Form.useWatch('body.en-US', watched);
  const texts = {
    title: { 'zh-CN': titleZh ?? '', 'en-US': titleEn ?? '' },
    body: { 'zh-CN': bodyZh ?? '', 'en-US': bodyEn ?? '' },
  };
  const previewBody = { purpose, channel, ...texts };

  // The box last typed in, and its element, so a chip goes where the cursor is.
  const boxes = useRef(new Map<TextField, HTMLInputElement | HTMLTextAreaElement>());
  const last = useRef<TextField | null>(null);
  const track = (field: TextField) => (event: { target: EventTarget }) => {
    boxes.current.set(field, event.target as HTMLInputElement | HTMLTextAreaElement);
    last.current = field;
  };

  const insert = (name: string) => {
    const token = `{${name}}`;
    // The box last used in the language shown, else that language's body.
    const field: TextField = last.current && localeOf(last.current) === lang ? last.current : `body.${lang}`;
    const value = String(form.getFieldValue(field as never) ?? '');
    const box = boxes.current.get(field);
    const start = box?.selectionStart ?? value.length;
    const end = box?.selectionEnd ?? start;
    form.setFieldValue(field as never, `${value.slice(0, start)}${token}${value.slice(end)}` as never);
    const caret = start + token.length;
    requestAnimationFrame(() => {
      box?.focus();
      box?.setSelectionRange(caret, caret);
    });
  };

  const title = titleLabel(t, channel);
  const robot = isRobotChannel(channel);
  const langName = (l: Locale) => t(`messaging.templates.lang.${l}` as TemplatesMessageKey);

  return (
    <div className="tpl-drawer__grid">
      <div className="tpl-drawer__form">
        <div className="tpl-drawer__row">
          <Form.Item
            label={t('messaging.templates.field.enabled')}
            field="enabled"
            triggerPropName="checked"
            extra={t('messaging.templates.field.enabledHelp')}
            disabled={!writer}
          >
            <Switch aria-label={t('messaging.templates.field.enabled')} />
          </Form.Item>
          {robot ? null : (
            <Form.Item
              label={t('messaging.templates.field.fallback')}
              field="fallback"
              extra={t('messaging.templates.field.fallbackHelp')}
              disabled={!writer}
            >
              <Select
                aria-label={t('messaging.templates.field.fallback')}
                placeholder={t('messaging.templates.field.fallbackNone')}
                allowClear
                options={PERSONAL_CHANNELS.filter((c) => c !== channel).map((c) => ({
                  label: channelName(t, c),
                  value: c,
                }))}
              />
            </Form.Item>
          )}
        </div>
        {writer ? <VariableChips purpose={purpose} onInsert={insert} i18n={i18n} /> : null}
        {/* Both languages' boxes stay mounted (Arco's tabs mount a pane on first view): the form sends
            every box, and an English left unseen is still checked and saved. */}
        <Tabs activeTab={lang} onChange={(key) => onLang(key as Locale)} className="tpl-drawer__tabs" lazyload={false}>
          {LOCALES.map((l) => {
            const unknownTitle = unknownTemplateVariables(purpose, texts.title[l]);
            const unknownBody = unknownTemplateVariables(purpose, texts.body[l]);
            return (
              <Tabs.TabPane
                key={l}
                title={
                  errorLangs.includes(l) ? (
                    <span className="tpl-drawer__tab-error">
                      {t('messaging.templates.lang.hasError', { lang: langName(l) })}
                    </span>
                  ) : (
                    langName(l)
                  )
                }
              >
                {title === null ? (
                  <p className="tpl-muted tpl-drawer__note">{t('messaging.templates.field.smsNoTitle')}</p>
                ) : (
                  <Form.Item
                    label={`${title} · ${langName(l)}`}
                    field={`title.${l}`}
                    disabled={!writer}
                    extra={<UnknownNote names={unknownTitle} i18n={i18n} />}
                  >
                    <Input
                      aria-label={`${title} · ${langName(l)}`}
                      maxLength={TITLE_MAX}
                      showWordLimit
                      onFocus={track(`title.${l}`)}
                      onSelect={track(`title.${l}`)}
                    />
                  </Form.Item>
                )}
                <Form.Item
                  label={`${bodyLabel(t, channel)} · ${langName(l)}`}
                  field={`body.${l}`}
                  disabled={!writer}
                  extra={<UnknownNote names={unknownBody} i18n={i18n} />}
                >
                  <Input.TextArea
                    aria-label={`${bodyLabel(t, channel)} · ${langName(l)}`}
                    className={robot || channel === 'webhook' ? 'tpl-mono' : undefined}
                    maxLength={BODY_MAX}
                    showWordLimit
                    autoSize={{ minRows: channel === 'sms' ? 3 : 6, maxRows: 14 }}
                    onFocus={track(`body.${l}`)}
                    onSelect={track(`body.${l}`)}
                  />
                </Form.Item>
              </Tabs.TabPane>
            );
          })}
        </Tabs>
      </div>
      <TemplatePreview body={previewBody} active={lang} i18n={i18n} />
    </div>
  );
}

/** Said as the user types, before any save: the variables this purpose does not offer. */
function UnknownNote({ names, i18n }: { names: string[]; i18n: TemplatesI18n }) {
  if (names.length === 0) return null;
  return (
    <span className="tpl-warning">
      {i18n.t('messaging.templates.preview.unknown')} {names.map((n) => `{${n}}`).join(' ')}
    </span>
  );
}

function VariableChips({
  purpose,
  onInsert,
  i18n,
}: {
  purpose: NotifyTemplate['purpose'];
  onInsert: (name: string) => void;
  i18n: TemplatesI18n;
}) {
  const { t } = i18n;
  return (
    <div className="tpl-vars">
      <div className="tpl-vars__head">
        <span className="tpl-vars__title">{t('messaging.templates.vars.title')}</span>
        <span className="tpl-muted">{t('messaging.templates.vars.hint')}</span>
      </div>
      <fieldset className="tpl-vars__chips" aria-label={t('messaging.templates.vars.title')}>
        {TEMPLATE_VARIABLES[purpose].map((name) => {
          const description = variableHelp(t, name);
          return (
            <Tooltip key={name} content={description} mini>
              <Button
                size="mini"
                className="tpl-vars__chip tpl-mono"
                aria-label={t('messaging.templates.vars.insert', { name: `{${name}}`, description })}
                // Keeps the cursor where it is in the box being edited.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => onInsert(name)}
              >
                {`{${name}}`}
              </Button>
            </Tooltip>
          );
        })}
      </fieldset>
    </div>
  );
}
