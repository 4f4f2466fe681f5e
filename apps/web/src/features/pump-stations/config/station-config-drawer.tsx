import {
  Alert,
  Button,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Message,
  Result,
  Select,
  Skeleton,
} from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import {
  type PumpStation,
  type PumpStationDetail,
  STATION_KINDS,
  type StationConfigInput,
  stationConfigInputSchema,
} from '@water/contracts';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../../../shared/api/http.ts';
import { referenceQueries } from '../../../shared/api/reference-queries.ts';
import { FormDrawer } from '../../../shared/ui/form-drawer.tsx';
import { useContractForm } from '../../../shared/ui/use-contract-form.ts';
import { devicePicker } from './device-picker.ts';
import { PumpsEditor } from './pumps-editor.tsx';
import { SensorsEditor } from './sensors-editor.tsx';
import { initialValues, issueText, type StationValues, toInput } from './station-config-form.ts';
import { stationConfigQueries, useSaveStation } from './station-config-queries.ts';
import { StationPhotosEditor } from './station-photos-editor.tsx';
import { DepartmentTreeSelect, RegionTreeSelect } from './tree-selects.tsx';
import {
  type StationConfigI18n,
  type StationConfigMessageKey,
  useStationConfigI18n,
} from './use-station-config-i18n.ts';

/** `null` closed, `{ station: null }` a new station, `{ station }` an edit (its configuration is read first). */
export type StationDrawerTarget = { station: PumpStation | null } | null;

type SetFields = Parameters<FormInstance<StationConfigInput>['setFields']>[0];

/**
 * Create or edit a station's whole configuration: the station and its wet well with the level
 * set-points, the pumps (each with its controller and the metric of each point) and the sensors.
 * Wide: a pump's card holds four fields a line. Every issue, the contract's before sending or the
 * server's after, lands on its field in its row, and the failure names the row.
 */
export function StationConfigDrawer({ target, onClose }: { target: StationDrawerTarget; onClose: () => void }) {
  const i18n = useStationConfigI18n();
  const { t, locale } = i18n;
  const row = target?.station ?? null;
  const open = target !== null;
  const detail = useQuery({ ...stationConfigQueries.detail(row?.id ?? 0, locale), enabled: row !== null });
  const station = row ? (detail.data ?? null) : null;

  const instead: ReactNode =
    row === null ? null : detail.isPending ? (
      <Skeleton text={{ rows: 8 }} animation />
    ) : detail.isError ? (
      <Result
        status="error"
        title={t('stationConfig.drawer.loadFailed')}
        subTitle={detail.error instanceof Error ? detail.error.message : undefined}
        extra={
          <Button type="primary" onClick={() => detail.refetch()}>
            {t('stationConfig.drawer.retry')}
          </Button>
        }
      />
    ) : null;

  return (
    <StationForm
      key={row?.id ?? 'new'}
      i18n={i18n}
      open={open}
      row={row}
      station={station}
      instead={instead}
      onClose={onClose}
    />
  );
}

function StationForm({
  i18n,
  open,
  row,
  station,
  instead,
  onClose,
}: {
  i18n: StationConfigI18n;
  open: boolean;
  row: PumpStation | null;
  station: PumpStationDetail | null;
  instead: ReactNode;
  onClose: () => void;
}) {
  const { t, tv, locale } = i18n;
  const save = useSaveStation();
  const contract = useContractForm({
    schema: stationConfigInputSchema,
    tv,
    toInput: (values) => toInput(values as StationValues),
    // The configuration's rules span rows: each issue goes on its field in its row, the failure names the first.
    onInvalid: (issues, form) => {
      const errors: Record<string, { error: { message: string } }> = {};
      for (const issue of issues) {
        if (issue.path.length) errors[issue.path.join('.')] ??= { error: { message: tv(issue.message) } };
      }
      form.setFields(errors as SetFields);
      const first = issues[0];
      return first ? issueText(first.path, tv(first.message), i18n) : tv('');
    },
    submit: (body: StationConfigInput): Promise<unknown> =>
      save.mutateAsync({ id: row?.id ?? null, body }).catch((error: unknown) => {
        // The server's field errors land on their fields (dotted paths reach the rows); the failure
        // names the first one's row, as the console's own check does.
        if (error instanceof ApiError) {
          const first = (error.data as { errors?: { field?: unknown; message?: unknown }[] } | null)?.errors?.[0];
          if (error.code === 409 && !first) {
            contract.form.setFields({ code: { error: { message: error.message } } } as SetFields);
          }
          if (typeof first?.field === 'string' && typeof first.message === 'string') {
            throw new ApiError(issueText(first.field.split('.'), first.message, i18n), error.code, error.data);
          }
        }
        throw error;
      }),
    onSaved: () => {
      Message.success(t(row === null ? 'stationConfig.done.create' : 'stationConfig.done.save'));
      onClose();
    },
  });
  const { rule, form } = contract;
  const enabled = open && instead == null;
  const regions = useQuery({ ...referenceQueries.regionTree(locale), enabled });
  const departments = useQuery({ ...referenceQueries.departmentTree(locale), enabled });
  const options = useQuery({ ...stationConfigQueries.deviceOptions(row?.id ?? null, locale), enabled });
  const picker = devicePicker(options.data, options.isPending, station, i18n);

  const number = (
    field: keyof StationValues & keyof StationConfigInput,
    key: StationConfigMessageKey,
    precision = 2,
  ) => (
    <Form.Item label={t(key)} field={field} rules={[rule(field)]}>
      <InputNumber aria-label={t(key)} precision={precision} />
    </Form.Item>
  );

  return (
    <FormDrawer
      contract={contract}
      open={open}
      title={row === null ? t('stationConfig.drawer.create') : t('stationConfig.drawer.edit', { name: row.name })}
      onClose={onClose}
      width="min(880px, calc(100vw - 48px))"
      initialValues={initialValues(station) as never}
      formKey={station ? `${station.id}:${station.updatedAt}` : 'new'}
      instead={instead}
      className="station-config-drawer"
    >
      <section className="station-config-section" aria-label={t('stationConfig.section.basic')}>
        <h3 className="station-config-section__title">{t('stationConfig.section.basic')}</h3>
        <div className="station-config-grid">
          <Form.Item
            label={t('stationConfig.field.code')}
            field="code"
            required
            extra={t('stationConfig.field.codeHelp')}
            rules={[rule('code')]}
          >
            <Input maxLength={32} autoComplete="off" />
          </Form.Item>
          <Form.Item label={t('stationConfig.field.name')} field="name" required rules={[rule('name')]}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item label={t('stationConfig.field.kind')} field="kind" required rules={[contract.required]}>
            <Select
              aria-label={t('stationConfig.field.kind')}
              options={STATION_KINDS.map((kind) => ({ label: t(`stationConfig.kind.${kind}`), value: kind }))}
            />
          </Form.Item>
          <Form.Item label={t('stationConfig.field.region')} field="regionId">
            <RegionTreeSelect
              label={t('stationConfig.field.region')}
              placeholder={t('stationConfig.field.regionPlaceholder')}
              loading={regions.isPending}
              data={regions.data ?? []}
            />
          </Form.Item>
          {number('longitude', 'stationConfig.field.longitude', 6)}
          {number('latitude', 'stationConfig.field.latitude', 6)}
          <Form.Item
            className="station-config-span-2"
            label={t('stationConfig.field.address')}
            field="address"
            rules={[rule('address')]}
          >
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item
            className="station-config-span-2"
            label={t('stationConfig.field.department')}
            field="responsibleDepartmentId"
          >
            <DepartmentTreeSelect
              label={t('stationConfig.field.department')}
              placeholder={t('stationConfig.field.departmentPlaceholder')}
              loading={departments.isPending}
              data={departments.data ?? []}
            />
          </Form.Item>
          <Form.Item className="station-config-span-2" label={t('stationConfig.field.user')} field="responsibleUserId">
            <PersonSelect i18n={i18n} enabled={enabled} current={station} />
          </Form.Item>
        </div>
      </section>
      <section className="station-config-section" aria-label={t('stationConfig.section.well')}>
        <h3 className="station-config-section__title">{t('stationConfig.section.well')}</h3>
        <Alert className="station-config-note" type="info" content={t('stationConfig.setPointsNote')} />
        <div className="station-config-grid">
          {number('designCapacity', 'stationConfig.field.designCapacity', 0)}
          {number('wellArea', 'stationConfig.field.wellArea', 1)}
          {number('wellBottomElevation', 'stationConfig.field.wellBottomElevation')}
          {number('wellDepth', 'stationConfig.field.wellDepth')}
          {number('highAlarmLevel', 'stationConfig.field.highAlarmLevel')}
          {number('lowAlarmLevel', 'stationConfig.field.lowAlarmLevel')}
          {number('protectionLevel', 'stationConfig.field.protectionLevel')}
        </div>
      </section>
      <section className="station-config-section" aria-label={t('stationConfig.section.pumps')}>
        <h3 className="station-config-section__title">{t('stationConfig.section.pumps')}</h3>
        {picker.capped ? <p className="station-config-muted">{t('stationConfig.device.capped')}</p> : null}
        <PumpsEditor i18n={i18n} form={form as FormInstance} picker={picker} />
      </section>
      <section className="station-config-section" aria-label={t('stationConfig.section.sensors')}>
        <h3 className="station-config-section__title">{t('stationConfig.section.sensors')}</h3>
        <SensorsEditor
          i18n={i18n}
          form={form as FormInstance}
          picker={picker}
          required={contract.required as { required: true; message: string }}
        />
      </section>
      <section className="station-config-section" aria-label={t('stationConfig.section.photos')}>
        <h3 className="station-config-section__title">{t('stationConfig.section.photos')}</h3>
        {station ? (
          <StationPhotosEditor station={station} i18n={i18n} />
        ) : (
          <p className="station-config-muted">{t('stationConfig.photos.saveFirst')}</p>
        )}
      </section>
    </FormDrawer>
  );
}

/**
 * The responsible person: enabled users found by name (the user list, which needs system:user:list;
 * without it only the station's current person is offered).
 */
function PersonSelect({
  i18n,
  enabled,
  current,
  value,
  onChange,
}: {
  i18n: StationConfigI18n;
  enabled: boolean;
  current: PumpStationDetail | null;
  value?: number | null;
  onChange?: (id: number | null) => void;
}) {
  const { t, locale } = i18n;
  const [keyword, setKeyword] = useState('');
  const users = useQuery({ ...stationConfigQueries.users(keyword, locale), enabled });
  const options = (users.data?.list ?? []).map((u) => ({
    label: u.departmentName ? `${u.displayName} · ${u.departmentName}` : u.displayName,
    value: u.id,
  }));
  if (current?.responsibleUserId && !options.some((o) => o.value === current.responsibleUserId)) {
    options.unshift({ label: current.responsibleUserName, value: current.responsibleUserId });
  }
  return (
    <Select
      aria-label={t('stationConfig.field.user')}
      placeholder={t('stationConfig.field.userPlaceholder')}
      allowClear
      showSearch
      filterOption={false}
      loading={users.isFetching}
      onSearch={setKeyword}
      options={options}
      value={value ?? undefined}
      onChange={(id: number | undefined) => onChange?.(id ?? null)}
    />
  );
}
