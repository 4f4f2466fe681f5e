import { Form, type FormInstance, Input, InputNumber, Message, Select, Switch, Tag } from '@arco-design/web-react';
import { IconLock } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import {
  type RegionNode,
  WQ_GRADES,
  WQ_SET_KIND_OF_SITE,
  WQ_SITE_ALARM_SEVERITIES,
  WQ_SITE_KINDS,
  type WqLimitSet,
  type WqSite,
  type WqSiteInput,
  type WqSiteKind,
  wqSiteInputSchema,
} from '@water/contracts';
import { type ReactNode, useState } from 'react';
import { referenceQueries } from '../../../shared/api/reference-queries.ts';
import { FormDrawer, FormRow } from '../../../shared/ui/form-drawer.tsx';
import { type IdTreeNode, IdTreeSelect } from '../../../shared/ui/id-tree-select.tsx';
import { RecipientsFields } from '../../../shared/ui/recipients-fields.tsx';
import { blankAsNull, type ContractForm, useContractForm } from '../../../shared/ui/use-contract-form.ts';
import { useSeverityText } from '../../alarm-rules/public.ts';
import { useWqI18n } from '../common/use-wq-i18n.ts';
import { gradeName, siteKindName } from '../common/wq-format.ts';
import { wqReferenceQueries } from '../common/wq-queries.ts';
import { ANALYSER_TYPE_CODE, useSaveSite } from './sites-queries.ts';
import { type SitesI18n, useSitesI18n } from './use-sites-i18n.ts';

/** `null` closed, `{ site: null }` a new site, `{ site }` an edit. */
export type SiteDrawerTarget = { site: WqSite | null } | null;

type SiteValues = Partial<WqSiteInput>;

const regionNodes = (nodes: RegionNode[]): IdTreeNode[] =>
  nodes.map((r) => ({ key: String(r.id), title: r.name, children: regionNodes(r.children) }));

function initialValues(site: WqSite | null): SiteValues {
  if (!site) {
    return {
      address: '',
      targetGrade: null,
      deviceIds: [],
      alarmEnabled: true,
      alarmSeverity: 'major',
      recipients: { userIds: [], roleCodes: [], departmentIds: [] },
      enabled: true,
    };
  }
  return {
    code: site.code,
    name: site.name,
    kind: site.kind,
    regionId: site.regionId,
    longitude: site.longitude,
    latitude: site.latitude,
    address: site.address,
    limitSetId: site.limitSetId,
    targetGrade: site.targetGrade,
    deviceIds: site.devices.map((d) => d.id),
    alarmEnabled: site.alarmEnabled,
    alarmSeverity: site.alarmSeverity,
    recipients: site.recipients,
    enabled: site.enabled,
  };
}

/** Whether a set may judge a site of this kind (the server refuses another, naming the field). */
const fits = (set: WqLimitSet | undefined, kind: WqSiteKind | undefined) =>
  Boolean(set && kind && set.kind === WQ_SET_KIND_OF_SITE[kind]);

/**
 * Create or edit a site: where it is, the limit set it is judged by (only the sets for its kind; a
 * target class for a graded set), its online analysers (water-quality analysers only), and whether
 * an exceedance raises an alarm, how severe, to whom.
 */
export function SiteFormDrawer({ target, onClose }: { target: SiteDrawerTarget; onClose: () => void }) {
  const i18n = useSitesI18n();
  const { t, locale } = i18n;
  const site = target?.site ?? null;
  const open = target !== null;
  const save = useSaveSite(locale);
  const sets = useQuery({ ...wqReferenceQueries.limitSets(locale), enabled: open });
  const setOf = (id: number) => sets.data?.find((s) => s.id === id);

  const contract = useContractForm({
    schema: wqSiteInputSchema,
    tv: i18n.tv,
    toInput: (raw) => {
      const values = raw as SiteValues;
      return {
        ...values,
        code: values.code ?? '',
        name: values.name ?? '',
        address: values.address ?? '',
        regionId: blankAsNull(values.regionId),
        longitude: blankAsNull(values.longitude),
        latitude: blankAsNull(values.latitude),
        targetGrade: setOf(Number(values.limitSetId))?.graded ? blankAsNull(values.targetGrade) : null,
      };
    },
    submit: (body) => save.mutateAsync({ id: site?.id ?? null, body }),
    onSaved: () => {
      Message.success(t(site ? 'wqSites.saved' : 'wqSites.created'));
      onClose();
    },
  });

  return (
    <FormDrawer
      contract={contract}
      open={open}
      title={site ? t('wqSites.drawer.edit', { name: site.name }) : t('wqSites.drawer.create')}
      onClose={onClose}
      width={640}
      initialValues={initialValues(site) as never}
      formKey={site ? `${site.id}:${site.updatedAt}` : 'new'}
      className="wq-site-drawer"
    >
      {open ? (
        <SiteFields
          i18n={i18n}
          form={contract.form as FormInstance<SiteValues>}
          rule={contract.rule}
          sets={sets.data ?? []}
          setsLoading={sets.isPending}
          site={site}
        />
      ) : null}
    </FormDrawer>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="wq-site-section" aria-label={title}>
      <h3 className="wq-site-section__title">{title}</h3>
      {children}
    </section>
  );
}

function SiteFields({
  i18n,
  form,
  rule,
  sets,
  setsLoading,
  site,
}: {
  i18n: SitesI18n;
  form: FormInstance<SiteValues>;
  rule: ContractForm<typeof wqSiteInputSchema>['rule'];
  sets: WqLimitSet[];
  setsLoading: boolean;
  site: WqSite | null;
}) {
  const { t, tv, locale } = i18n;
  const common = useWqI18n();
  const severityText = useSeverityText();
  const watched = form as unknown as FormInstance;
  const kind: WqSiteKind | undefined = Form.useWatch('kind', watched);
  const limitSetId: number | undefined = Form.useWatch('limitSetId', watched);
  const alarmEnabled: boolean | undefined = Form.useWatch('alarmEnabled', watched);
  const regions = useQuery(referenceQueries.regionTree(locale));
  const chosen = sets.find((s) => s.id === limitSetId);
  const fitting = kind ? sets.filter((s) => s.kind === WQ_SET_KIND_OF_SITE[kind]) : [];
  // A set chosen before that no longer fits (a kind changed elsewhere) still shows, by name, refused.
  const offered = chosen && !fitting.includes(chosen) ? [...fitting, chosen] : fitting;
  const required = { required: true, message: tv('validation.required') };

  const onKind = (next: WqSiteKind) => {
    // Another kind is judged by another standard: a set that does not fit is dropped, not kept silently.
    if (chosen && !fits(chosen, next)) form.setFieldsValue({ limitSetId: undefined, targetGrade: null });
  };

  return (
    <>
      <Section title={t('wqSites.section.basic')}>
        <FormRow>
          <Form.Item
            label={t('wqSites.field.code')}
            field="code"
            required
            rules={[rule('code')]}
            extra={t('wqSites.field.codeHelp')}
          >
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item label={t('wqSites.field.name')} field="name" required rules={[rule('name')]}>
            <Input maxLength={60} />
          </Form.Item>
        </FormRow>
        <FormRow>
          <Form.Item label={t('wqSites.field.kind')} field="kind" required rules={[required]}>
            <Select
              aria-label={t('wqSites.field.kind')}
              onChange={onKind}
              options={WQ_SITE_KINDS.map((k) => ({ label: siteKindName(k, locale), value: k }))}
            />
          </Form.Item>
          <Form.Item label={t('wqSites.field.region')} field="regionId">
            <IdTreeSelect
              label={t('wqSites.field.region')}
              placeholder={t('wqSites.field.regionPlaceholder')}
              loading={regions.isPending}
              treeData={regionNodes(regions.data ?? [])}
            />
          </Form.Item>
        </FormRow>
        <FormRow>
          <Form.Item label={t('wqSites.field.longitude')} field="longitude" rules={[rule('longitude')]}>
            <InputNumber aria-label={t('wqSites.field.longitude')} precision={6} min={-180} max={180} />
          </Form.Item>
          <Form.Item label={t('wqSites.field.latitude')} field="latitude" rules={[rule('latitude')]}>
            <InputNumber aria-label={t('wqSites.field.latitude')} precision={6} min={-90} max={90} />
          </Form.Item>
        </FormRow>
        <Form.Item label={t('wqSites.field.address')} field="address">
          <Input maxLength={200} />
        </Form.Item>
      </Section>

      <Section title={t('wqSites.section.standard')}>
        <Form.Item
          label={t('wqSites.field.limitSet')}
          field="limitSetId"
          required
          extra={
            kind
              ? t('wqSites.field.limitSetHelp', {
                  kind: siteKindName(kind, locale),
                  setKind: common.t(`wq.setKind.${WQ_SET_KIND_OF_SITE[kind]}`),
                })
              : undefined
          }
          rules={[
            {
              validator: (value: number | undefined, callback) => {
                if (!value) return callback(tv('validation.required'));
                const set = sets.find((s) => s.id === value);
                callback(set && kind && !fits(set, kind) ? tv('validation.wqSetKind') : undefined);
              },
            },
          ]}
        >
          <Select
            aria-label={t('wqSites.field.limitSet')}
            placeholder={kind ? t('wqSites.field.limitSetPlaceholder') : t('wqSites.field.kindFirst')}
            disabled={!kind}
            loading={setsLoading}
            onChange={() => form.setFieldsValue({ targetGrade: null })}
          >
            {offered.map((s) => (
              <Select.Option key={s.id} value={s.id}>
                <span className="wq-set-option">
                  {s.national ? <IconLock aria-label={t('wqSites.field.national')} /> : null}
                  {s.name}
                </span>
              </Select.Option>
            ))}
          </Select>
        </Form.Item>
        {chosen?.graded ? (
          <Form.Item
            label={t('wqSites.field.targetGrade')}
            field="targetGrade"
            required
            extra={t('wqSites.field.targetGradeHelp')}
            rules={[{ validator: (v, cb) => cb(v ? undefined : tv('validation.wqTargetGrade')) }]}
          >
            <Select
              aria-label={t('wqSites.field.targetGrade')}
              options={WQ_GRADES.map((g) => ({ label: gradeName(g, locale), value: g }))}
            />
          </Form.Item>
        ) : null}
      </Section>

      <Section title={t('wqSites.section.analysers')}>
        {/* The section's title names the box (its select carries the name for assistive technology). */}
        <Form.Item field="deviceIds" extra={t('wqSites.field.analysersHelp')}>
          <AnalyserSelect i18n={i18n} known={site?.devices ?? []} />
        </Form.Item>
      </Section>

      <Section title={t('wqSites.section.alarm')}>
        <FormRow>
          <Form.Item label={t('wqSites.field.alarmEnabled')} field="alarmEnabled" triggerPropName="checked">
            <Switch aria-label={t('wqSites.field.alarmEnabled')} />
          </Form.Item>
          <Form.Item label={t('wqSites.field.alarmSeverity')} field="alarmSeverity">
            <Select
              aria-label={t('wqSites.field.alarmSeverity')}
              disabled={!alarmEnabled}
              options={WQ_SITE_ALARM_SEVERITIES.map((s) => ({ label: severityText(s), value: s }))}
            />
          </Form.Item>
        </FormRow>
        {alarmEnabled ? (
          <RecipientsFields
            base="recipients"
            labels={{
              users: t('wqSites.field.recipientsUsers'),
              roles: t('wqSites.field.recipientsRoles'),
              departments: t('wqSites.field.recipientsDepartments'),
            }}
          />
        ) : null}
        <Form.Item
          label={t('wqSites.field.enabled')}
          field="enabled"
          triggerPropName="checked"
          extra={t('wqSites.field.enabledHelp')}
        >
          <Switch aria-label={t('wqSites.field.enabled')} />
        </Form.Item>
      </Section>
    </>
  );
}

/**
 * Water-quality analysers found by code or name on the server (the first 50 a search); the site's
 * own are named from its record when the search does not list them.
 */
function AnalyserSelect({
  i18n,
  known,
  value,
  onChange,
}: {
  i18n: SitesI18n;
  known: WqSite['devices'];
  value?: number[];
  onChange?: (ids: number[]) => void;
}) {
  const { t, locale } = i18n;
  const [keyword, setKeyword] = useState('');
  const types = useQuery(referenceQueries.deviceTypes(locale));
  const typeId = types.data?.find((type) => type.code === ANALYSER_TYPE_CODE)?.id;
  const devices = useQuery({
    ...referenceQueries.devicesOfType(typeId ?? 0, keyword, locale),
    enabled: Boolean(typeId),
  });
  const options = new Map((devices.data?.list ?? []).map((d) => [d.id, `${d.code} ${d.name}`]));
  for (const d of known) if (!options.has(d.id)) options.set(d.id, `${d.code} ${d.name}`);
  const noType = types.isSuccess && !typeId;
  return (
    <>
      <Select
        aria-label={t('wqSites.field.analysers')}
        mode="multiple"
        allowClear
        showSearch
        filterOption={false}
        placeholder={t('wqSites.field.analysersPlaceholder')}
        notFoundContent={t('wqSites.field.analysersNone')}
        disabled={noType}
        loading={devices.isFetching}
        onSearch={setKeyword}
        options={[...options].map(([id, label]) => ({ label, value: id }))}
        value={value ?? []}
        onChange={(ids: number[]) => onChange?.(ids)}
      />
      {noType ? (
        <Tag className="wq-site-section__note" color="orange">
          {t('wqSites.field.noAnalyserType')}
        </Tag>
      ) : null}
    </>
  );
}
