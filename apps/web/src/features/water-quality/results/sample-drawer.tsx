import {
  Alert,
  Button,
  Checkbox,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  type RulesProps,
  Select,
  Table,
  Tag,
  Tooltip,
} from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import {
  WQ_PARAMETERS,
  WQ_SAMPLE_VALUES_MAX,
  type WqJudgement,
  type WqParameter,
  type WqParameterInfo,
  type WqResult,
  type WqSite,
  wqSampleInputSchema,
} from '@water/contracts';
import { useState } from 'react';
import { FormDrawer, FormRow } from '../../../shared/ui/form-drawer.tsx';
import { showRowIssues, useContractForm } from '../../../shared/ui/use-contract-form.ts';
import { useWqI18n, type WqCommonI18n } from '../common/use-wq-i18n.ts';
import { formatExceedance, formatLimit, formatWqValue, gradeName, parameterName } from '../common/wq-format.ts';
import { wqReferenceQueries } from '../common/wq-queries.ts';
import { DateTimeBox } from './date-time-box.tsx';
import { useCreateSample } from './results-queries.ts';
import { judgedParameters, previewJudgement, type SampleRowValues, temperatureOf } from './sample-preview.ts';
import { type ResultsI18n, useResultsI18n } from './use-results-i18n.ts';
import { appliedLimitText, VerdictTag } from './verdict-tag.tsx';

interface SampleValues {
  siteId?: number;
  sampleId?: string;
  sampledAt?: string;
  analyst?: string;
  values?: SampleRowValues[];
}

type SetFields = Parameters<FormInstance<SampleValues>['setFields']>[0];

const emptyRow = (parameter?: WqParameter): SampleRowValues => ({ parameter, value: undefined, belowDetection: false });

/** Now, to the minute: a sample is timed to the minute. */
const nowToMinute = () => new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();

const blankSample = (): SampleValues => ({ sampledAt: nowToMinute(), analyst: '', values: [emptyRow()] });

/**
 * Enter a lab sample: the site, the sample's id, when it was taken and by whom, and a row per
 * parameter (value, or "not detected" at the method-detection limit). Each row is judged as it is
 * typed, with the contract's `judgeWaterQuality` over the site's limit set and the sample's own
 * temperature row, so the analyst sees red before saving. Saved, the drawer shows the verdicts as the
 * server stored them, and the next sample can follow at the same site.
 */
export function SampleDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const i18n = useResultsI18n();
  const common = useWqI18n();
  const { t, locale } = i18n;
  const create = useCreateSample(locale);
  const [saved, setSaved] = useState<{ sampleId: string; rows: WqResult[] } | null>(null);
  const [next, setNext] = useState<{ key: number; values: SampleValues }>({ key: 0, values: blankSample() });

  const contract = useContractForm({
    schema: wqSampleInputSchema,
    tv: i18n.tv,
    toInput: (values) => toInput(values as SampleValues),
    onInvalid: (issues, form) =>
      showRowIssues(issues, form, {
        list: 'values',
        tv: i18n.tv,
        rowFallback: (field) =>
          i18n.t(field === 'value' ? 'wqResults.entry.valueRequired' : 'wqResults.entry.parameterRequired'),
        rowIssue: (n, message) => i18n.t('wqResults.entry.rowIssue', { n, message }),
      }),
    submit: (body) => create.mutateAsync(body).then((rows) => ({ body, rows })),
    onSaved: ({ body, rows }) => {
      // The drawer itself says what was saved and how it was judged: no toast besides.
      setSaved({ sampleId: body.sampleId, rows });
      // The next sample is often from the same site, the same round, the same analyst.
      setNext((current) => ({
        key: current.key + 1,
        values: {
          siteId: body.siteId,
          sampledAt: body.sampledAt,
          analyst: body.analyst,
          values: body.values.map((v) => emptyRow(v.parameter)),
        },
      }));
    },
  });

  const close = () => {
    setSaved(null);
    setNext((current) => ({ key: current.key + 1, values: blankSample() }));
    onClose();
  };

  return (
    <FormDrawer
      contract={contract}
      open={open}
      title={t('wqResults.entry.title')}
      onClose={close}
      width="min(900px, calc(100vw - 48px))"
      initialValues={next.values as never}
      formKey={next.key}
      className="wq-sample-drawer"
      instead={saved ? <SavedSample sampleId={saved.sampleId} rows={saved.rows} i18n={i18n} common={common} /> : null}
      footer={
        saved ? (
          <>
            <Button onClick={() => setSaved(null)}>{t('wqResults.entry.another')}</Button>
            <Button type="primary" onClick={close}>
              {t('wqResults.entry.close')}
            </Button>
          </>
        ) : undefined
      }
    >
      {open ? (
        <SampleFields
          i18n={i18n}
          common={common}
          form={contract.form as FormInstance<SampleValues>}
          rule={contract.rule}
        />
      ) : null}
    </FormDrawer>
  );
}

/** The form as the contract's body: an emptied number box is null (the contract refuses it by name). */
function toInput(values: SampleValues) {
  return {
    siteId: values.siteId,
    sampleId: values.sampleId ?? '',
    sampledAt: values.sampledAt,
    analyst: values.analyst ?? '',
    values: (values.values ?? []).map((row) => ({
      parameter: row.parameter,
      value: typeof row.value === 'number' ? row.value : null,
      belowDetection: Boolean(row.belowDetection),
    })),
  };
}

function SampleFields({
  i18n,
  common,
  form,
  rule,
}: {
  i18n: ResultsI18n;
  common: WqCommonI18n;
  form: FormInstance<SampleValues>;
  /** The contract's rule of a top-level field. */
  rule: (field: 'sampleId' | 'sampledAt') => RulesProps;
}) {
  const { t, locale } = i18n;
  const watched = form as unknown as FormInstance;
  const siteId: number | undefined = Form.useWatch('siteId', watched);
  const rows: SampleRowValues[] = Form.useWatch('values', watched) ?? [];
  const sites = useQuery(wqReferenceQueries.siteOptions(locale));
  const sets = useQuery(wqReferenceQueries.limitSets(locale));
  const parameters = useQuery(wqReferenceQueries.parameters(locale));
  const site = sites.data?.find((s) => s.id === siteId);
  const set = site ? sets.data?.find((s) => s.id === site.limitSetId) : undefined;
  const info = new Map((parameters.data ?? []).map((p) => [p.code, p]));
  const judged = judgedParameters(set, WQ_PARAMETERS);
  const others = WQ_PARAMETERS.filter((p) => !judged.includes(p));
  const temperature = temperatureOf(rows);
  const required = { required: true, message: t('wqResults.entry.parameterRequired') };

  /** Rows for every parameter the set judges that no row has yet, in place of empty rows. */
  const fillSet = () => {
    const kept = rows.filter((r) => r.parameter || typeof r.value === 'number');
    const have = new Set(kept.map((r) => r.parameter));
    const added = judged.filter((p) => !have.has(p)).map((p) => emptyRow(p));
    form.setFieldValue('values', [...kept, ...added].slice(0, WQ_SAMPLE_VALUES_MAX));
  };

  return (
    <>
      <FormRow>
        <Form.Item label={t('wqResults.entry.site')} field="siteId" required rules={[required]}>
          <Select
            aria-label={t('wqResults.entry.site')}
            placeholder={t('wqResults.entry.sitePlaceholder')}
            showSearch
            filterOption={(input, option) =>
              String((option as { props?: { extra?: unknown } }).props?.extra ?? '')
                .toLowerCase()
                .includes(input.toLowerCase())
            }
            loading={sites.isPending}
          >
            {(sites.data ?? []).map((s) => (
              <Select.Option key={s.id} value={s.id} disabled={!s.enabled} extra={`${s.code} ${s.name}`}>
                {siteLabel(s, t)}
              </Select.Option>
            ))}
          </Select>
        </Form.Item>
        <Form.Item label={t('wqResults.entry.sampleId')} field="sampleId" required rules={[rule('sampleId')]}>
          <Input maxLength={40} placeholder={t('wqResults.entry.sampleIdPlaceholder')} />
        </Form.Item>
      </FormRow>
      <FormRow>
        <Form.Item label={t('wqResults.entry.sampledAt')} field="sampledAt" required rules={[required]}>
          <DateTimeBox label={t('wqResults.entry.sampledAt')} />
        </Form.Item>
        <Form.Item label={t('wqResults.entry.analyst')} field="analyst">
          <Input maxLength={40} />
        </Form.Item>
      </FormRow>

      <section className="wq-sample" aria-label={t('wqResults.entry.values')}>
        <header className="wq-sample__header">
          <h3 className="wq-sample__title">{t('wqResults.entry.values')}</h3>
          <span className="wq-sample__set">
            {site && set ? (
              <>
                {t('wqResults.entry.judgedBy', { set: set.name })}
                {site.targetGrade !== null ? (
                  <Tag size="small" color="arcoblue">
                    {t('wqResults.entry.target', { grade: gradeName(site.targetGrade, locale) })}
                  </Tag>
                ) : null}
              </>
            ) : site ? (
              t('wqResults.entry.noSetYet')
            ) : (
              t('wqResults.entry.chooseSite')
            )}
          </span>
        </header>
        <div className="wq-sample__grid wq-sample__grid--head" aria-hidden>
          <span>{t('wqResults.entry.parameter')}</span>
          <span>{t('wqResults.entry.value')}</span>
          <span>{t('wqResults.entry.belowDetection')}</span>
          <span>{t('wqResults.entry.preview')}</span>
          <span />
        </div>
        <Form.List field="values">
          {(fields, { add, remove }) => (
            <>
              {fields.map((item, index) => {
                const n = index + 1;
                const row = rows[index];
                const unit = row?.parameter ? (info.get(row.parameter)?.unit ?? '') : '';
                const chosenElsewhere = new Set(rows.filter((_, i) => i !== index).map((r) => r.parameter));
                const option = (p: WqParameter) => (
                  <Select.Option key={p} value={p} disabled={chosenElsewhere.has(p)}>
                    {parameterName(p, locale)}
                  </Select.Option>
                );
                return (
                  <div className="wq-sample__grid" key={item.key}>
                    <Form.Item field={`${item.field}.parameter`} rules={[required]} className="wq-sample__cell">
                      <Select
                        aria-label={t('wqResults.entry.rowParameter', { n })}
                        placeholder={t('wqResults.entry.parameter')}
                        showSearch
                        onChange={() => form.setFields({ [`${item.field}.value`]: { error: undefined } } as SetFields)}
                      >
                        {/* An array, not a fragment: Arco's Select reads its groups from its direct children. */}
                        {judged.length
                          ? [
                              <Select.OptGroup key="judged" label={t('wqResults.entry.judged')}>
                                {judged.map(option)}
                              </Select.OptGroup>,
                              <Select.OptGroup key="others" label={t('wqResults.entry.others')}>
                                {others.map(option)}
                              </Select.OptGroup>,
                            ]
                          : WQ_PARAMETERS.map(option)}
                      </Select>
                    </Form.Item>
                    <Form.Item
                      field={`${item.field}.value`}
                      rules={[{ required: true, message: t('wqResults.entry.valueRequired') }]}
                      className="wq-sample__cell"
                    >
                      <InputNumber aria-label={t('wqResults.entry.rowValue', { n })} suffix={unit || undefined} />
                    </Form.Item>
                    <Form.Item
                      field={`${item.field}.belowDetection`}
                      triggerPropName="checked"
                      className="wq-sample__cell wq-sample__cell--check"
                    >
                      <Checkbox
                        aria-label={t('wqResults.entry.rowBelow', { n })}
                        onChange={(checked: boolean) => {
                          // Not detected: the value is the method's detection limit, the lab's own unless typed.
                          const mdl = row?.parameter ? info.get(row.parameter)?.mdl : null;
                          if (checked && typeof row?.value !== 'number' && typeof mdl === 'number') {
                            form.setFieldValue(`${item.field}.value` as never, mdl as never);
                          }
                        }}
                      />
                    </Form.Item>
                    <RowPreview
                      label={t('wqResults.entry.rowPreview', { n })}
                      judgement={previewJudgement(row, set, site?.targetGrade ?? null, temperature)}
                      warm={
                        temperature === null &&
                        Boolean(set?.limits.some((l) => l.parameter === row?.parameter && l.coldUpper !== null))
                      }
                      row={row}
                      info={row?.parameter ? info.get(row.parameter) : undefined}
                      i18n={i18n}
                      common={common}
                    />
                    <Button
                      type="text"
                      status="danger"
                      icon={<IconDelete />}
                      aria-label={t('wqResults.entry.rowRemove', { n })}
                      disabled={fields.length <= 1}
                      onClick={() => remove(index)}
                    />
                  </div>
                );
              })}
              <div className="wq-sample__add">
                <Button
                  type="dashed"
                  icon={<IconPlus />}
                  disabled={fields.length >= WQ_SAMPLE_VALUES_MAX}
                  onClick={() => add(emptyRow())}
                >
                  {t('wqResults.entry.addRow')}
                </Button>
                {judged.length ? (
                  <Button type="text" onClick={fillSet}>
                    {t('wqResults.entry.fillSet')}
                  </Button>
                ) : null}
              </div>
            </>
          )}
        </Form.List>
        <p className="wq-sample__note">{t('wqResults.entry.belowHint')}</p>
      </section>
    </>
  );
}

function siteLabel(site: WqSite, t: ResultsI18n['t']) {
  const name = `${site.code} ${site.name}`;
  return site.enabled ? name : t('wqResults.entry.siteOff', { name });
}

/** One row's verdict as the server will give it: the tag, the limit applied, how far beyond or the class. */
function RowPreview({
  label,
  judgement,
  warm,
  row,
  info,
  i18n,
  common,
}: {
  label: string;
  judgement: WqJudgement | null;
  /** The limit has a cold-water value and the sample no temperature: the warm-water (stricter) one applied. */
  warm: boolean;
  row: SampleRowValues | undefined;
  info: WqParameterInfo | undefined;
  i18n: ResultsI18n;
  common: WqCommonI18n;
}) {
  const { t, locale } = i18n;
  if (!judgement || !row || typeof row.value !== 'number') {
    return <output className="wq-sample__preview wq-sample__preview--empty" aria-label={label} />;
  }
  const limit = formatLimit({ lower: judgement.lower, upper: judgement.upper }, common);
  const beyond = formatExceedance(judgement, row.value, common);
  const detail = [
    judgement.lower !== null || judgement.upper !== null ? `${limit}${info?.unit ? ` ${info.unit}` : ''}` : '',
    judgement.grade !== null ? t('wqResults.entry.previewGrade', { grade: gradeName(judgement.grade, locale) }) : '',
    beyond ?? '',
    judgement.coldApplied ? t('wqResults.entry.previewCold') : '',
    warm && judgement.verdict !== 'unjudged' ? t('wqResults.entry.previewWarm') : '',
  ].filter(Boolean);
  return (
    <Tooltip content={judgement.citation ?? undefined} disabled={!judgement.citation} position="tl">
      <output className="wq-sample__preview" aria-label={label}>
        <VerdictTag verdict={judgement.verdict} reason={judgement.unjudgedReason} i18n={common} />
        <span className={judgement.verdict === 'exceeding' ? 'wq-sample__detail wq-exceeding' : 'wq-sample__detail'}>
          {detail.join(' · ')}
        </span>
      </output>
    </Tooltip>
  );
}

/** The sample as stored: each parameter's value, the limit that applied with its citation, the verdict. */
function SavedSample({
  sampleId,
  rows,
  i18n,
  common,
}: {
  sampleId: string;
  rows: WqResult[];
  i18n: ResultsI18n;
  common: WqCommonI18n;
}) {
  const { t, locale } = i18n;
  const parameters = useQuery(wqReferenceQueries.parameters(locale));
  const info = new Map((parameters.data ?? []).map((p) => [p.code, p]));
  const exceeding = rows.filter((r) => r.applied.verdict === 'exceeding').length;
  return (
    <section aria-label={t('wqResults.entry.savedTitle', { sample: sampleId })}>
      <Alert
        type={exceeding ? 'warning' : 'success'}
        title={t('wqResults.entry.savedTitle', { sample: sampleId })}
        content={t('wqResults.entry.saved', { count: rows.length, exceeding })}
      />
      <Table<WqResult>
        className="wq-sample__saved"
        rowKey="id"
        size="small"
        pagination={false}
        data={rows}
        columns={[
          {
            title: t('wqResults.col.parameter'),
            dataIndex: 'parameter',
            width: 130,
            render: (_, r) => parameterName(r.parameter, locale),
          },
          {
            title: t('wqResults.col.value'),
            dataIndex: 'value',
            width: 120,
            render: (_, r) => {
              const p = info.get(r.parameter);
              return `${formatWqValue(r.value, r.belowDetection, p?.decimals ?? 3, common)}${p?.unit ? ` ${p.unit}` : ''}`;
            },
          },
          {
            title: t('wqResults.col.limit'),
            dataIndex: 'applied.upper',
            width: 110,
            render: (_, r) => appliedLimitText(r.applied, common) || t('wqResults.noLimit'),
          },
          {
            title: t('wqResults.col.verdict'),
            dataIndex: 'applied.verdict',
            width: 190,
            render: (_, r) => {
              const detail = [
                r.applied.grade !== null ? gradeName(r.applied.grade, locale) : '',
                formatExceedance(r.applied, r.value, common) ?? '',
              ].filter(Boolean);
              return (
                <span className="wq-verdict-cell">
                  <VerdictTag verdict={r.applied.verdict} reason={r.applied.unjudgedReason} i18n={common} />
                  <span className={r.applied.verdict === 'exceeding' ? 'wq-exceeding' : 'wq-muted'}>
                    {detail.join(' · ')}
                  </span>
                </span>
              );
            },
          },
          {
            title: common.t('wq.citation'),
            dataIndex: 'applied.citation',
            render: (_, r) => <span className="wq-muted">{r.applied.citation ?? ''}</span>,
          },
        ]}
      />
    </section>
  );
}
