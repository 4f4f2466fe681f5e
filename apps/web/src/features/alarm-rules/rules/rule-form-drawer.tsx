import {
  Button,
  Checkbox,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Message,
  Radio,
  Select,
  TimePicker,
} from '@arco-design/web-react';
import { IconHistory } from '@arco-design/web-react/icon';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { type AlarmRule, alarmRuleInputSchema, type DeviceType, type RegionNode, RULE_SCOPES } from '@water/contracts';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../../../shared/api/http.ts';
import { referenceQueries } from '../../../shared/api/reference-queries.ts';
import { FormDrawer } from '../../../shared/ui/form-drawer.tsx';
import { type IdTreeNode, IdTreeSelect } from '../../../shared/ui/id-tree-select.tsx';
import { useContractForm } from '../../../shared/ui/use-contract-form.ts';
import { usePreviewRule, useSaveRule } from '../api/alarm-rule-queries.ts';
import { DeviceSelect } from '../common/device-select.tsx';
import { RecipientsFields } from '../common/recipients-fields.tsx';
import { CountBox, SeverityField, SwitchField } from '../common/rule-fields.tsx';
import { type AlarmRulesI18n, useAlarmRulesI18n } from '../use-alarm-rules-i18n.ts';
import { ConditionsEditor } from './conditions-editor.tsx';
import {
  dataTypeOf,
  initialValues,
  issueMessage,
  issueText,
  type RuleValues,
  toInput,
  WEEK_DAYS,
} from './rule-form.ts';
import { RulePreviewModal } from './rule-preview.tsx';

/** `null` closed, `{ rule: null }` a new rule, `{ rule }` an edit. */
export type RuleDrawerTarget = { rule: AlarmRule | null } | null;

type SetFields = Parameters<FormInstance<RuleValues>['setFields']>[0];

const regionNodes = (nodes: RegionNode[]): IdTreeNode[] =>
  nodes.map((r) => ({ key: String(r.id), title: r.name, children: regionNodes(r.children) }));

/**
 * Create or edit an alarm rule: what it watches (a device type, and all its devices, chosen ones, a
 * station's or a region's), its conditions (OR groups of AND conditions on the type's thing model),
 * when it raises and clears, and whom it tells. Wide: a condition row holds five boxes. Every issue,
 * the contract's before sending or the server's after, lands on its box in its row, and the failure
 * names the group and condition. "Replay the last 24 h" runs the unsaved rule over stored history.
 */
export function RuleFormDrawer({ target, onClose }: { target: RuleDrawerTarget; onClose: () => void }) {
  const i18n = useAlarmRulesI18n();
  const { t, locale } = i18n;
  const rule = target?.rule ?? null;
  const open = target !== null;
  const save = useSaveRule();
  const types = useQuery({ ...referenceQueries.deviceTypes(locale), enabled: open });
  const preview = usePreviewRule();
  const [previewOpen, setPreviewOpen] = useState(false);

  const contract = useContractForm({
    schema: alarmRuleInputSchema,
    tv: i18n.tv,
    toInput: (values) => toInput(values as RuleValues, dataTypeOf(typeOf(values as RuleValues))),
    // Conditions are rows of rows: each issue goes on its box, the failure names the first's place.
    onInvalid: (issues, form, input) => showIssues(issues, form as FormInstance<RuleValues>, input, i18n),
    submit: (body): Promise<unknown> =>
      save.mutateAsync({ id: rule?.id ?? null, body }).catch((error: unknown) => {
        // The server's field errors land on their boxes (dotted paths reach the rows); the failure
        // names the first one's group and condition, as the console's own check does.
        if (error instanceof ApiError) {
          const first = (error.data as { errors?: { field?: unknown; message?: unknown }[] } | null)?.errors?.[0];
          if (typeof first?.field === 'string' && typeof first.message === 'string') {
            throw new ApiError(issueText(first.field.split('.'), first.message, t), error.code, error.data);
          }
        }
        throw error;
      }),
    onSaved: () => {
      Message.success(t(rule ? 'alarmRules.done.save' : 'alarmRules.done.create'));
      onClose();
    },
  });
  const form = contract.form as unknown as FormInstance<RuleValues>;
  const typeOf = (values: RuleValues) => types.data?.find((type) => type.id === values.deviceTypeId);

  /** The form as it stands, checked as a save would be, sent to the replay. */
  const replay = () => {
    const values = form.getFieldsValue() as RuleValues;
    const input = toInput(values, dataTypeOf(typeOf(values)));
    const parsed = alarmRuleInputSchema.safeParse(input);
    if (!parsed.success) {
      Message.warning(showIssues(parsed.error.issues, form, input, i18n));
      return;
    }
    setPreviewOpen(true);
    preview.mutate(parsed.data);
  };

  return (
    <>
      <FormDrawer
        contract={contract}
        open={open}
        title={rule ? t('alarmRules.drawer.edit', { name: rule.name }) : t('alarmRules.drawer.create')}
        onClose={onClose}
        width="min(960px, calc(100vw - 48px))"
        initialValues={initialValues(rule) as never}
        formKey={rule ? `${rule.id}:${rule.updatedAt}` : 'new'}
        extraFooter={
          <Button icon={<IconHistory />} onClick={replay} className="alarm-rules-drawer__replay">
            {t('alarmRules.preview.button')}
          </Button>
        }
        className="alarm-rules-drawer"
      >
        {open ? <RuleFields i18n={i18n} form={form} types={types} /> : null}
      </FormDrawer>
      <RulePreviewModal
        open={previewOpen}
        run={preview}
        i18n={i18n}
        onClose={() => {
          setPreviewOpen(false);
          preview.reset();
        }}
      />
    </>
  );
}

/** Puts every issue on its box (the first per box) and gives the first in words, with its place. */
function showIssues(
  issues: readonly { path: PropertyKey[]; message: string; code: string }[],
  form: FormInstance<RuleValues>,
  input: unknown,
  i18n: AlarmRulesI18n,
): string {
  const errors: Record<string, { error: { message: string } }> = {};
  for (const issue of issues) {
    if (issue.path.length) {
      errors[issue.path.map(String).join('.')] ??= { error: { message: issueMessage(issue as never, input, i18n) } };
    }
  }
  form.setFields(errors as SetFields);
  const first = issues[0];
  return first ? issueText(first.path, issueMessage(first as never, input, i18n), i18n.t) : i18n.tv('');
}

function Section({ title, children, note }: { title: string; children: ReactNode; note?: ReactNode }) {
  return (
    <section className="alarm-rules-section" aria-label={title}>
      <h3 className="alarm-rules-section__title">{title}</h3>
      {note}
      {children}
    </section>
  );
}

function RuleFields({
  i18n,
  form,
  types,
}: {
  i18n: AlarmRulesI18n;
  form: FormInstance<RuleValues>;
  types: UseQueryResult<DeviceType[]>;
}) {
  const { t } = i18n;
  const watched = form as FormInstance;
  const typeId: RuleValues['deviceTypeId'] = Form.useWatch('deviceTypeId', watched);
  const scope: RuleValues['scope'] = Form.useWatch('scope', watched);
  const repeatOn: boolean | undefined = Form.useWatch('repeatOn', watched);
  const scheduleOn: boolean | undefined = Form.useWatch('scheduleOn', watched);
  const schedule: RuleValues['schedule'] = Form.useWatch('schedule', watched);
  const escalationOn: boolean | undefined = Form.useWatch('escalationOn', watched);
  const groups: RuleValues['groups'] = Form.useWatch('groups', watched);
  const type = types.data?.find((ty) => ty.id === typeId);
  const required = { required: true, message: t('alarmRules.required') };

  return (
    <>
      <Section title={t('alarmRules.section.basic')}>
        <div className="alarm-rules-grid">
          <Form.Item label={t('alarmRules.field.name')} field="name" required rules={[required]}>
            <Input maxLength={60} />
          </Form.Item>
          <SeverityField label={t('alarmRules.field.severity')} />
          <Form.Item className="alarm-rules-span-2" label={t('alarmRules.field.description')} field="description">
            <Input.TextArea maxLength={300} autoSize={{ minRows: 1, maxRows: 3 }} />
          </Form.Item>
          <SwitchField field="enabled" label={t('alarmRules.field.enabled')} />
        </div>
      </Section>
      <TargetSection i18n={i18n} form={form} types={types} typeId={typeId} scope={scope} />
      <Section
        title={t('alarmRules.section.conditions')}
        note={<p className="alarm-rules-muted alarm-rules-note">{t('alarmRules.conditionsNote')}</p>}
      >
        <ConditionsEditor i18n={i18n} form={form as FormInstance} type={type} />
      </Section>
      <TriggerSection i18n={i18n} repeatOn={repeatOn ?? false} scheduleOn={scheduleOn ?? false} schedule={schedule} />
      <Section title={t('alarmRules.section.clear')}>
        <div className="alarm-rules-grid">
          <Form.Item
            label={t('alarmRules.field.deadband')}
            field="clearDeadband"
            extra={t('alarmRules.field.deadbandHelp')}
          >
            <InputNumber
              aria-label={t('alarmRules.field.deadband')}
              min={0}
              suffix={deadbandUnit(groups, type) || undefined}
            />
          </Form.Item>
          <Form.Item
            label={t('alarmRules.field.clearDelay')}
            field="clearDelayMinutes"
            extra={t('alarmRules.field.clearDelayHelp')}
          >
            <CountBox label={t('alarmRules.field.clearDelay')} unit={t('alarmRules.unit.minutes')} min={0} max={1440} />
          </Form.Item>
        </div>
      </Section>
      <NotifySection i18n={i18n} escalationOn={escalationOn ?? false} />
    </>
  );
}

/** The dead band is in the unit of the threshold conditions' metrics, when they share one. */
function deadbandUnit(groups: RuleValues['groups'], type: DeviceType | undefined): string {
  const units = new Set(
    (groups ?? []).flatMap((g) =>
      (g.conditions ?? [])
        .filter((c) => c.kind === 'compare' || c.kind === 'range')
        .map((c) => type?.model.metrics.find((m) => m.key === c.metric)?.unit ?? ''),
    ),
  );
  return units.size === 1 ? ([...units][0] ?? '') : '';
}

/** The device type, and which of its devices: all, chosen ones, a station's, a region's (and below). */
function TargetSection({
  i18n,
  form,
  types,
  typeId,
  scope,
}: {
  i18n: AlarmRulesI18n;
  form: FormInstance<RuleValues>;
  types: UseQueryResult<DeviceType[]>;
  typeId: number | undefined;
  scope: RuleValues['scope'];
}) {
  const { t, locale } = i18n;
  const regions = useQuery(referenceQueries.regionTree(locale));
  const stations = useQuery(referenceQueries.stations(locale));
  const required = { required: true, message: t('alarmRules.required') };

  const onType = () => {
    // Another thing model: the conditions' metrics, values, set-points and events, and the chosen
    // devices, were the other type's.
    const values = form.getFieldsValue() as RuleValues;
    form.setFieldsValue({
      deviceIds: [],
      groups: (values.groups ?? []).map((g) => ({
        conditions: (g.conditions ?? []).map((c) => ({
          ...c,
          metric: undefined,
          event: undefined,
          value: undefined,
          setpoint: null,
        })),
      })),
    });
  };

  return (
    <Section title={t('alarmRules.section.target')}>
      <div className="alarm-rules-grid">
        <Form.Item
          label={t('alarmRules.field.deviceType')}
          field="deviceTypeId"
          required
          rules={[required]}
          extra={t('alarmRules.field.deviceTypeHelp')}
        >
          <Select
            aria-label={t('alarmRules.field.deviceType')}
            placeholder={t('alarmRules.field.deviceTypePlaceholder')}
            showSearch
            loading={types.isPending}
            onChange={onType}
            options={(types.data ?? []).map((ty) => ({
              label: locale === 'zh-CN' ? ty.nameZh : ty.nameEn,
              value: ty.id,
            }))}
          />
        </Form.Item>
        <Form.Item label={t('alarmRules.field.scope')} field="scope">
          <Radio.Group type="button" aria-label={t('alarmRules.field.scope')}>
            {RULE_SCOPES.map((s) => (
              <Radio key={s} value={s}>
                {t(`alarmRules.scope.${s}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        {scope === 'devices' ? (
          <Form.Item className="alarm-rules-span-2" label={t('alarmRules.field.devices')} field="deviceIds" required>
            <DeviceSelect
              multiple
              i18n={i18n}
              typeId={typeId}
              label={t('alarmRules.field.devices')}
              placeholder={t('alarmRules.field.devicesPlaceholder')}
            />
          </Form.Item>
        ) : null}
        {scope === 'station' ? (
          <Form.Item label={t('alarmRules.field.station')} field="stationId" required>
            <Select
              aria-label={t('alarmRules.field.station')}
              placeholder={t('alarmRules.field.stationPlaceholder')}
              showSearch
              loading={stations.isPending}
              options={(stations.data ?? []).map((s) => ({ label: s.name, value: s.id }))}
            />
          </Form.Item>
        ) : null}
        {scope === 'region' ? (
          <Form.Item
            label={t('alarmRules.field.region')}
            field="regionId"
            required
            extra={t('alarmRules.field.regionHelp')}
          >
            <IdTreeSelect
              label={t('alarmRules.field.region')}
              placeholder={t('alarmRules.field.regionPlaceholder')}
              loading={regions.isPending}
              treeData={regionNodes(regions.data ?? [])}
            />
          </Form.Item>
        ) : null}
      </div>
    </Section>
  );
}

/** When the alarm is raised: held for a time, repeated within a window, only at some hours. */
function TriggerSection({
  i18n,
  repeatOn,
  scheduleOn,
  schedule,
}: {
  i18n: AlarmRulesI18n;
  repeatOn: boolean;
  scheduleOn: boolean;
  schedule: RuleValues['schedule'];
}) {
  const { t } = i18n;
  const required = { required: true, message: t('alarmRules.required') };
  const minutes = t('alarmRules.unit.minutes');
  return (
    <Section title={t('alarmRules.section.trigger')}>
      <div className="alarm-rules-grid">
        <Form.Item
          label={t('alarmRules.field.duration')}
          field="durationMinutes"
          extra={t('alarmRules.field.durationHelp')}
        >
          <CountBox label={t('alarmRules.field.duration')} unit={minutes} min={0} max={1440} />
        </Form.Item>
        <div>
          <SwitchField
            field="repeatOn"
            label={t('alarmRules.field.repeat')}
            extra={repeatOn ? t('alarmRules.field.repeatHelp') : undefined}
          />
          {repeatOn ? (
            <div className="alarm-rules-inline">
              <Form.Item field="repeat.count" rules={[required]}>
                <CountBox
                  label={t('alarmRules.field.repeatCount')}
                  unit={t('alarmRules.unit.times')}
                  min={2}
                  max={100}
                />
              </Form.Item>
              <Form.Item field="repeat.withinMinutes" rules={[required]}>
                <CountBox
                  label={t('alarmRules.field.repeatWindow')}
                  prefix={t('alarmRules.field.repeatWithin')}
                  unit={t('alarmRules.unit.minutesWithin')}
                  min={1}
                  max={1440}
                />
              </Form.Item>
            </div>
          ) : null}
        </div>
        <div className="alarm-rules-span-2">
          <SwitchField
            field="scheduleOn"
            label={t('alarmRules.field.schedule')}
            extra={scheduleOn ? undefined : t('alarmRules.field.scheduleAlways')}
          />
          {scheduleOn ? (
            <div className="alarm-rules-schedule">
              <Form.Item field="schedule.days" rules={[required]}>
                <Checkbox.Group
                  aria-label={t('alarmRules.field.scheduleDays')}
                  options={WEEK_DAYS.map((d) => ({ label: t(`alarmRules.day.${d}`), value: d }))}
                />
              </Form.Item>
              <div className="alarm-rules-inline">
                <Form.Item field="schedule.from" rules={[required]}>
                  <TimePicker format="HH:mm" aria-label={t('alarmRules.field.scheduleFrom')} allowClear={false} />
                </Form.Item>
                <span className="alarm-rules-muted">~</span>
                <Form.Item field="schedule.to" rules={[required]}>
                  <TimePicker format="HH:mm" aria-label={t('alarmRules.field.scheduleTo')} allowClear={false} />
                </Form.Item>
                {schedule?.from && schedule.to && schedule.to < schedule.from ? (
                  <span className="alarm-rules-muted">{t('alarmRules.field.pastMidnight')}</span>
                ) : null}
              </div>
            </div>
          ) : null}
        </div>
      </div>
    </Section>
  );
}

/** Whom to tell, how often, reminders, escalation and SMS. */
function NotifySection({ i18n, escalationOn }: { i18n: AlarmRulesI18n; escalationOn: boolean }) {
  const { t } = i18n;
  const minutes = t('alarmRules.unit.minutes');
  return (
    <Section title={t('alarmRules.section.notify')}>
      <RecipientsFields base="recipients" kind="notify" i18n={i18n} />
      <div className="alarm-rules-grid alarm-rules-grid--3">
        <Form.Item
          label={t('alarmRules.field.throttle')}
          field="throttleMinutes"
          extra={t('alarmRules.field.throttleHelp')}
        >
          <CountBox label={t('alarmRules.field.throttle')} unit={minutes} min={0} max={1440} />
        </Form.Item>
        <Form.Item
          label={t('alarmRules.field.reminder')}
          field="reminderMinutes"
          extra={t('alarmRules.field.reminderHelp')}
        >
          <CountBox
            label={t('alarmRules.field.reminder')}
            unit={minutes}
            min={1}
            max={1440}
            placeholder={t('alarmRules.field.reminderNone')}
          />
        </Form.Item>
        <SwitchField field="sms" label={t('alarmRules.field.sms')} extra={t('alarmRules.field.smsHelp')} />
      </div>
      <SwitchField
        field="escalationOn"
        label={t('alarmRules.field.escalation')}
        extra={t('alarmRules.field.escalationHelp')}
      />
      {escalationOn ? (
        <div className="alarm-rules-escalation">
          <Form.Item
            label={t('alarmRules.field.escalationAfter')}
            field="escalation.afterMinutes"
            rules={[{ required: true, message: t('alarmRules.required') }]}
          >
            <CountBox label={t('alarmRules.field.escalationAfter')} unit={minutes} min={1} max={1440} />
          </Form.Item>
          <RecipientsFields base="escalation.recipients" kind="escalate" i18n={i18n} />
        </div>
      ) : null}
    </Section>
  );
}
