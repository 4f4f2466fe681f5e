import { DatePicker, Form, Input, InputNumber, Message, Select } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { type Device, deviceInputSchema } from '@water/contracts';
import type { z } from 'zod';
import { referenceQueries } from '../../../shared/api/reference-queries.ts';
import { FormDrawer, FormRow } from '../../../shared/ui/form-drawer.tsx';
import { IdTreeSelect } from '../../../shared/ui/id-tree-select.tsx';
import { blankAsNull, useContractForm } from '../../../shared/ui/use-contract-form.ts';
import { useSaveDevice } from '../api/device-queries.ts';
import { useDeviceListI18n } from '../use-device-list-i18n.ts';
import { toRegionTreeData } from './device-labels.tsx';
import type { DeviceSecret } from './device-secret-modal.tsx';

type Values = z.input<typeof deviceInputSchema>;

/** `null` closed, `{ device: null }` a new device, `{ device }` an edit. */
export type DeviceDrawerTarget = { device: Device | null } | null;

function initialValues(device: Device | null): Partial<Values> {
  if (!device) return { code: '', name: '', model: '', manufacturer: '', serialNo: '' };
  const { code, name, typeId, model, manufacturer, serialNo, regionId, stationId } = device;
  const { longitude, latitude, installDate, warrantyEnd } = device;
  return {
    code,
    name,
    typeId,
    model,
    manufacturer,
    serialNo,
    regionId,
    stationId,
    longitude,
    latitude,
    installDate,
    warrantyEnd,
  };
}

/** The form's values as the contract's input: every emptied picker or box is the contract's null. */
const toInput = (values: Values): Values => ({
  ...values,
  regionId: blankAsNull(values.regionId) as number | null,
  stationId: blankAsNull(values.stationId) as number | null,
  longitude: blankAsNull(values.longitude) as number | null,
  latitude: blankAsNull(values.latitude) as number | null,
  installDate: blankAsNull(values.installDate) as string | null,
  warrantyEnd: blankAsNull(values.warrantyEnd) as string | null,
});

/** Create or edit a device. A new device's ingest secret goes to `onCreated`, shown once by the page. */
export function DeviceFormDrawer({
  target,
  onClose,
  onCreated,
}: {
  target: DeviceDrawerTarget;
  onClose: () => void;
  onCreated: (secret: DeviceSecret) => void;
}) {
  const { t, tv, locale } = useDeviceListI18n();
  const save = useSaveDevice();
  const device = target?.device ?? null;
  const contract = useContractForm({
    schema: deviceInputSchema,
    toInput,
    tv,
    submit: (body) => save.mutateAsync({ id: device?.id ?? null, body }),
    onSaved: (saved) => {
      if ('secret' in saved) {
        onCreated({ kind: 'created', code: saved.device.code, name: saved.device.name, secret: saved.secret });
      } else Message.success(t('deviceList.done.save'));
      onClose();
    },
  });
  const types = useQuery({ ...referenceQueries.deviceTypes(locale), enabled: target !== null });
  const stations = useQuery({ ...referenceQueries.stations(locale), enabled: target !== null });
  const regions = useQuery({ ...referenceQueries.regionTree(locale), enabled: target !== null });
  const { rule } = contract;

  return (
    <FormDrawer
      contract={contract}
      open={target !== null}
      title={t(device === null ? 'deviceList.drawer.create' : 'deviceList.drawer.edit')}
      onClose={onClose}
      width={600}
      initialValues={initialValues(device)}
      formKey={device?.id ?? 'new'}
    >
      <FormRow>
        <Form.Item
          label={t('deviceList.field.code')}
          field="code"
          required
          extra={t('deviceList.field.codeHelp')}
          rules={[rule('code')]}
        >
          <Input maxLength={40} autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('deviceList.field.name')} field="name" required rules={[rule('name')]}>
          <Input maxLength={60} />
        </Form.Item>
      </FormRow>
      <Form.Item label={t('deviceList.field.type')} field="typeId" required rules={[contract.required]}>
        <Select
          aria-label={t('deviceList.field.type')}
          placeholder={t('deviceList.field.typePlaceholder')}
          loading={types.isPending}
          showSearch
          filterOption={(input, option) =>
            String((option as { props?: { children?: unknown } })?.props?.children ?? '').includes(input)
          }
          options={(types.data ?? []).map((type) => ({
            label: locale === 'zh-CN' ? type.nameZh : type.nameEn,
            value: type.id,
          }))}
        />
      </Form.Item>
      <FormRow>
        <Form.Item label={t('deviceList.field.model')} field="model" rules={[rule('model')]}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item label={t('deviceList.field.manufacturer')} field="manufacturer" rules={[rule('manufacturer')]}>
          <Input maxLength={60} />
        </Form.Item>
      </FormRow>
      <Form.Item label={t('deviceList.field.serialNo')} field="serialNo" rules={[rule('serialNo')]}>
        <Input maxLength={40} autoComplete="off" />
      </Form.Item>
      <FormRow>
        <Form.Item label={t('deviceList.field.region')} field="regionId">
          <RegionSelect
            label={t('deviceList.field.region')}
            placeholder={t('deviceList.field.regionPlaceholder')}
            loading={regions.isPending}
            data={regions.data ?? []}
          />
        </Form.Item>
        <Form.Item label={t('deviceList.field.station')} field="stationId">
          <Select
            aria-label={t('deviceList.field.station')}
            placeholder={t('deviceList.field.stationPlaceholder')}
            loading={stations.isPending}
            allowClear
            showSearch
            options={(stations.data ?? []).map((s) => ({ label: s.name, value: s.id }))}
          />
        </Form.Item>
      </FormRow>
      <FormRow>
        <Form.Item
          label={t('deviceList.field.longitude')}
          field="longitude"
          extra={t('deviceList.field.coordinatesHelp')}
          rules={[rule('longitude')]}
        >
          <InputNumber aria-label={t('deviceList.field.longitude')} min={-180} max={180} precision={6} />
        </Form.Item>
        <Form.Item label={t('deviceList.field.latitude')} field="latitude" rules={[rule('latitude')]}>
          <InputNumber aria-label={t('deviceList.field.latitude')} min={-90} max={90} precision={6} />
        </Form.Item>
      </FormRow>
      <FormRow>
        <Form.Item label={t('deviceList.field.installDate')} field="installDate" rules={[rule('installDate')]}>
          <DatePicker
            placeholder={t('deviceList.field.datePlaceholder')}
            inputProps={{ 'aria-label': t('deviceList.field.installDate') }}
          />
        </Form.Item>
        <Form.Item label={t('deviceList.field.warrantyEnd')} field="warrantyEnd" rules={[rule('warrantyEnd')]}>
          <DatePicker
            placeholder={t('deviceList.field.datePlaceholder')}
            inputProps={{ 'aria-label': t('deviceList.field.warrantyEnd') }}
          />
        </Form.Item>
      </FormRow>
    </FormDrawer>
  );
}

/** The region tree as a picker of one region id (Arco's tree widgets key by string). */
export function RegionSelect({
  value,
  onChange,
  label,
  placeholder,
  loading,
  data,
  className,
}: {
  value?: number | null;
  onChange?: (id: number | null) => void;
  label: string;
  placeholder: string;
  loading: boolean;
  data: Parameters<typeof toRegionTreeData>[0];
  className?: string;
}) {
  return (
    <IdTreeSelect
      className={className}
      loading={loading}
      placeholder={placeholder}
      treeData={toRegionTreeData(data)}
      value={value}
      onChange={onChange}
      label={label}
    />
  );
}
