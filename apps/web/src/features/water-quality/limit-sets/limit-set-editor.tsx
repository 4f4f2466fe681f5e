import {
  Button,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Message,
  type RulesProps,
  Select,
} from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { WQ_GRADES, WQ_PARAMETERS, type WqLimitSet, type WqParameter, wqLimitSetInputSchema } from '@water/contracts';
import { FormDrawer } from '../../../shared/ui/form-drawer.tsx';
import { showRowIssues, useContractForm } from '../../../shared/ui/use-contract-form.ts';
import { gradeName, parameterName } from '../common/wq-format.ts';
import { wqReferenceQueries } from '../common/wq-queries.ts';
import { useUpdateSet } from './limit-sets-queries.ts';
import { type SetsI18n, useSetsI18n } from './use-sets-i18n.ts';

interface LimitRow {
  parameter?: WqParameter;
  grade?: number | null;
  lower?: number | null;
  upper?: number | null;
  coldUpper?: number | null;
  citation?: string;
}

interface SetValues {
  name?: string;
  description?: string;
  limits?: LimitRow[];
}

type SetFields = Parameters<FormInstance<SetValues>['setFields']>[0];

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const order = (p: WqParameter | undefined) => (p ? WQ_PARAMETERS.indexOf(p) : WQ_PARAMETERS.length);

function initialValues(set: WqLimitSet): SetValues {
  return {
    name: set.name,
    description: set.description,
    limits: [...set.limits]
      .sort((a, b) => order(a.parameter) - order(b.parameter) || (a.grade ?? 0) - (b.grade ?? 0))
      .map((l) => ({ ...l })),
  };
}

/**
 * A local set's name, description and limits, as rows: parameter (and class, in a graded set),
 * lower and upper bound, NH3-N's cold-water bound, and the citation. The contract's refusals (no
 * bound, lower above upper, a row twice) land on their row's box; results judged before keep their
 * verdict, which the note says.
 */
export function LimitSetEditor({ set, onClose }: { set: WqLimitSet | null; onClose: () => void }) {
  const i18n = useSetsI18n();
  const { t, locale } = i18n;
  const update = useUpdateSet(locale);
  const contract = useContractForm({
    schema: wqLimitSetInputSchema,
    tv: i18n.tv,
    toInput: (raw) => {
      const values = raw as SetValues;
      return {
        name: values.name ?? '',
        description: values.description ?? '',
        limits: (values.limits ?? []).map((row) => ({
          parameter: row.parameter,
          grade: set?.graded ? num(row.grade) : null,
          lower: num(row.lower),
          upper: num(row.upper),
          coldUpper: num(row.coldUpper),
          citation: row.citation ?? '',
        })),
      };
    },
    onInvalid: (issues, form) =>
      showRowIssues(issues, form, {
        list: 'limits',
        tv: i18n.tv,
        rowFallback: (field) =>
          i18n.t(field === 'parameter' || field === 'grade' ? 'wqSets.editor.required' : 'wqSets.editor.number'),
        rowIssue: (n, message) => i18n.t('wqSets.editor.rowIssue', { n, message }),
      }),
    submit: (body) => update.mutateAsync({ id: set?.id ?? 0, body }),
    onSaved: () => {
      Message.success(t('wqSets.saved'));
      onClose();
    },
  });

  return (
    <FormDrawer
      contract={contract}
      open={set !== null}
      title={set ? t('wqSets.editor.title', { name: set.name }) : ''}
      onClose={onClose}
      width="min(1040px, calc(100vw - 48px))"
      initialValues={(set ? initialValues(set) : {}) as never}
      formKey={set ? `${set.id}:${set.updatedAt}` : 'none'}
      className="wq-set-editor"
    >
      {set ? (
        <EditorFields
          i18n={i18n}
          form={contract.form as FormInstance<SetValues>}
          graded={set.graded}
          rule={contract.rule}
        />
      ) : null}
    </FormDrawer>
  );
}

function EditorFields({
  i18n,
  form,
  graded,
  rule,
}: {
  i18n: SetsI18n;
  form: FormInstance<SetValues>;
  graded: boolean;
  rule: (field: 'name' | 'description') => RulesProps;
}) {
  const { t, locale } = i18n;
  const rows: LimitRow[] = Form.useWatch('limits', form as unknown as FormInstance) ?? [];
  const parameters = useQuery(wqReferenceQueries.parameters(locale));
  const unitOf = (p: WqParameter | undefined) => (p ? parameters.data?.find((x) => x.code === p)?.unit : undefined);
  const clear = (field: string) => form.setFields({ [field]: { error: undefined } } as SetFields);
  const grid = graded ? 'wq-set-editor__grid wq-set-editor__grid--graded' : 'wq-set-editor__grid';

  return (
    <>
      <Form.Item label={t('wqSets.editor.name')} field="name" required rules={[rule('name')]}>
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item label={t('wqSets.editor.description')} field="description" rules={[rule('description')]}>
        <Input.TextArea maxLength={500} autoSize={{ minRows: 1, maxRows: 3 }} />
      </Form.Item>
      <section className="wq-set-editor__limits" aria-label={t('wqSets.editor.limits')}>
        <h3 className="wq-set-editor__title">{t('wqSets.editor.limits')}</h3>
        <p className="wq-muted wq-set-editor__note">{t('wqSets.editor.note')}</p>
        <div className={`${grid} wq-set-editor__head`} aria-hidden>
          <span>{t('wqSets.limits.parameter')}</span>
          {graded ? <span>{t('wqSets.editor.grade')}</span> : null}
          <span>{t('wqSets.limits.lower')}</span>
          <span>{t('wqSets.limits.upper')}</span>
          {graded ? null : <span>{t('wqSets.limits.coldUpper')}</span>}
          <span>{t('wqSets.limits.citation')}</span>
          <span />
        </div>
        <Form.List field="limits">
          {(fields, { add, remove }) => (
            <>
              {fields.map((item, index) => {
                const n = index + 1;
                const row = rows[index];
                const unit = unitOf(row?.parameter) || undefined;
                const boundBox = (name: 'lower' | 'upper' | 'coldUpper', label: string, disabled = false) => (
                  <Form.Item field={`${item.field}.${name}`} className="wq-set-editor__cell">
                    <InputNumber
                      aria-label={label}
                      min={0}
                      suffix={unit}
                      disabled={disabled}
                      onChange={() => {
                        // The cross-field refusals (no bound, lower above upper) sit on one box of the pair.
                        clear(`${item.field}.lower`);
                        clear(`${item.field}.upper`);
                        clear(`${item.field}.coldUpper`);
                      }}
                    />
                  </Form.Item>
                );
                return (
                  <div className={grid} key={item.key}>
                    <Form.Item field={`${item.field}.parameter`} className="wq-set-editor__cell">
                      <Select
                        aria-label={t('wqSets.editor.rowParameter', { n })}
                        showSearch
                        onChange={() => clear(`${item.field}.parameter`)}
                        options={WQ_PARAMETERS.map((p) => ({ label: parameterName(p, locale), value: p }))}
                      />
                    </Form.Item>
                    {graded ? (
                      <Form.Item
                        field={`${item.field}.grade`}
                        className="wq-set-editor__cell"
                        rules={[{ required: true, message: t('wqSets.editor.required') }]}
                      >
                        <Select
                          aria-label={t('wqSets.editor.rowGrade', { n })}
                          onChange={() => clear(`${item.field}.parameter`)}
                          options={WQ_GRADES.map((g) => ({ label: gradeName(g, locale), value: g }))}
                        />
                      </Form.Item>
                    ) : null}
                    {boundBox('lower', t('wqSets.editor.rowLower', { n }))}
                    {boundBox('upper', t('wqSets.editor.rowUpper', { n }))}
                    {graded
                      ? null
                      : boundBox(
                          'coldUpper',
                          t('wqSets.editor.rowColdUpper', { n }),
                          row?.parameter !== 'nh3n' && typeof row?.coldUpper !== 'number',
                        )}
                    <Form.Item field={`${item.field}.citation`} className="wq-set-editor__cell">
                      <Input
                        aria-label={t('wqSets.editor.rowCitation', { n })}
                        maxLength={120}
                        placeholder={t('wqSets.editor.citationPlaceholder')}
                      />
                    </Form.Item>
                    <Button
                      type="text"
                      status="danger"
                      icon={<IconDelete />}
                      aria-label={t('wqSets.editor.rowRemove', { n })}
                      onClick={() => remove(index)}
                    />
                  </div>
                );
              })}
              <Button
                type="dashed"
                icon={<IconPlus />}
                disabled={fields.length >= WQ_PARAMETERS.length * 5}
                onClick={() =>
                  add({ parameter: undefined, grade: null, lower: null, upper: null, coldUpper: null, citation: '' })
                }
              >
                {t('wqSets.editor.add')}
              </Button>
            </>
          )}
        </Form.List>
      </section>
    </>
  );
}
