import { Checkbox, Form, type FormInstance, Input, InputNumber, Message } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { type WqResult, wqResultUpdateSchema } from '@water/contracts';
import { FormDrawer, FormRow } from '../../../shared/ui/form-drawer.tsx';
import { useContractForm } from '../../../shared/ui/use-contract-form.ts';
import { useWqI18n } from '../common/use-wq-i18n.ts';
import { formatExceedance, formatLimit, gradeName, parameterName, verdictName } from '../common/wq-format.ts';
import { wqReferenceQueries } from '../common/wq-queries.ts';
import { DateTimeBox } from './date-time-box.tsx';
import { useUpdateResult } from './results-queries.ts';
import { previewJudgement } from './sample-preview.ts';
import { useResultsI18n } from './use-results-i18n.ts';
import { VerdictTag } from './verdict-tag.tsx';

interface CorrectValues {
  value?: number | null;
  belowDetection?: boolean;
  sampledAt?: string;
  analyst?: string;
}

/**
 * Correct a lab result (a mistyped value, time or analyst): judged again on saving by the site's set
 * as it is now, which the preview shows beforehand with the temperature the first judgement read.
 */
export function CorrectDrawer({ result, onClose }: { result: WqResult | null; onClose: () => void }) {
  const i18n = useResultsI18n();
  const { t, locale } = i18n;
  const update = useUpdateResult(locale);
  const contract = useContractForm({
    schema: wqResultUpdateSchema,
    tv: i18n.tv,
    toInput: (values) => {
      const v = values as CorrectValues;
      return {
        value: typeof v.value === 'number' ? v.value : null,
        belowDetection: Boolean(v.belowDetection),
        sampledAt: v.sampledAt,
        analyst: v.analyst ?? '',
      };
    },
    submit: (body) => update.mutateAsync({ id: result?.id ?? 0, body }),
    onSaved: () => {
      Message.success(t('wqResults.correct.saved'));
      onClose();
    },
  });
  const initial: CorrectValues = result
    ? {
        value: result.value,
        belowDetection: result.belowDetection,
        sampledAt: result.sampledAt,
        analyst: result.analyst ?? '',
      }
    : {};

  return (
    <FormDrawer
      contract={contract}
      open={result !== null}
      title={t('wqResults.correct.title')}
      onClose={onClose}
      initialValues={initial as never}
      formKey={result ? `${result.id}` : 'none'}
      intro={
        result ? (
          <div className="wq-correct__intro">
            <strong>
              {t('wqResults.correct.intro', {
                site: result.siteName,
                parameter: parameterName(result.parameter, locale),
                sample: result.sampleId ?? '',
              })}
            </strong>
            <p className="wq-muted">
              {t('wqResults.correct.note', { verdict: verdictName(result.applied.verdict, locale) })}
            </p>
          </div>
        ) : null
      }
    >
      {result ? (
        <>
          <FormRow>
            <Form.Item
              label={t('wqResults.entry.value')}
              field="value"
              required
              rules={[{ required: true, message: t('wqResults.entry.valueRequired') }]}
            >
              <ValueBox result={result} label={t('wqResults.entry.value')} />
            </Form.Item>
            <Form.Item label=" " field="belowDetection" triggerPropName="checked">
              <Checkbox>{t('wqResults.entry.belowDetection')}</Checkbox>
            </Form.Item>
          </FormRow>
          <CorrectPreview form={contract.form as FormInstance<CorrectValues>} result={result} />
          <FormRow>
            <Form.Item
              label={t('wqResults.entry.sampledAt')}
              field="sampledAt"
              required
              rules={[contract.rule('sampledAt')]}
            >
              <DateTimeBox label={t('wqResults.entry.sampledAt')} />
            </Form.Item>
            <Form.Item label={t('wqResults.entry.analyst')} field="analyst">
              <Input maxLength={40} />
            </Form.Item>
          </FormRow>
        </>
      ) : null}
    </FormDrawer>
  );
}

/** The value box with the parameter's unit; Form.Item gives it the value and onChange. */
function ValueBox({ result, label, ...props }: { result: WqResult; label: string }) {
  const { locale } = useResultsI18n();
  const parameters = useQuery(wqReferenceQueries.parameters(locale));
  const unit = parameters.data?.find((p) => p.code === result.parameter)?.unit;
  return <InputNumber {...props} aria-label={label} suffix={unit || undefined} />;
}

/** The verdict the correction will get: the site's set now, the temperature the first judgement read. */
function CorrectPreview({ form, result }: { form: FormInstance<CorrectValues>; result: WqResult }) {
  const { t, locale } = useResultsI18n();
  const common = useWqI18n();
  const watched = form as unknown as FormInstance;
  const value: number | null | undefined = Form.useWatch('value', watched);
  const belowDetection: boolean | undefined = Form.useWatch('belowDetection', watched);
  const sites = useQuery(wqReferenceQueries.siteOptions(locale));
  const sets = useQuery(wqReferenceQueries.limitSets(locale));
  const site = sites.data?.find((s) => s.id === result.siteId);
  const set = sets.data?.find((s) => s.id === site?.limitSetId);
  const judgement = previewJudgement(
    { parameter: result.parameter, value, belowDetection },
    set,
    site?.targetGrade ?? null,
    result.applied.temperature,
  );
  if (!judgement || typeof value !== 'number') return null;
  const beyond = formatExceedance(judgement, value, common);
  return (
    <output className="wq-sample__preview wq-correct__preview" aria-label={t('wqResults.entry.preview')}>
      <VerdictTag verdict={judgement.verdict} reason={judgement.unjudgedReason} i18n={common} />
      <span className="wq-sample__detail">
        {[
          formatLimit({ lower: judgement.lower, upper: judgement.upper }, common),
          judgement.grade !== null ? gradeName(judgement.grade, locale) : '',
          beyond ?? '',
        ]
          .filter(Boolean)
          .join(' · ')}
      </span>
    </output>
  );
}
