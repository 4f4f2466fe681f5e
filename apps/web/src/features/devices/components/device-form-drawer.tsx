import {
  Alert,
  Button,
  DatePicker,
  Drawer,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Message,
  Select,
  TreeSelect,
} from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { type Device, type DeviceInput, deviceInputSchema } from '@water/contracts';
import { useState } from 'react';
import { z } from 'zod';
import { referenceQueries } from '../../../shared/api/reference-queries.ts';
import { dialogAttributes } from '../../../shared/ui/dialog-attributes.ts';
import { contractRule, errorText, showServerFieldErrors } from '../../../shared/ui/form-rules.ts';
import { useSaveDevice } from '../api/device-queries.ts';
import { type DeviceListI18n, useDeviceListI18n } from '../use-device-list-i18n.ts';
import { type RegionTreeNode, toRegionTreeData } from './device-labels.tsx';
import type { DeviceSecret } from './device-secret-modal.tsx';

type Values = {
  code: string;
  name: string;
  typeId?: number;
  model: string;
  manufacturer: string;
  serialNo: string;
  regionId?: number | null;
  stationId?: number | null;
  longitude?: number | null;
  latitude?: number | null;
  installDate?: string | null;
  warrantyEnd?: string | null;
};

const fields = deviceInputSchema.shape;

/** An emptied picker or number box gives '' or undefined; the contract's "none" is null. */
const blank = (value: unknown) => (value === '' || value === undefined ? null : value);
const blankAsNull = (schema: z.ZodType) => z.preprocess(blank, schema);

/** `null` closed, `{ device: null }` a new device, `{ device }` an edit. */
export type DeviceDrawerTarget = { device: Device | null } | null;

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
  const i18n = useDeviceListI18n();
  const { t } = i18n;
  const [form] = Form.useForm<Values>();
  const save = useSaveDevice();
  const device = target?.device ?? null;
  const drawerTitle = t(device === null ? 'deviceList.drawer.create' : 'deviceList.drawer.edit');

  return (
    <Drawer
      width={600}
      visible={target !== null}
      title={drawerTitle}
      onCancel={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('deviceList.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {t('deviceList.save')}
          </Button>
        </>
      }
      unmountOnExit
      {...dialogAttributes(drawerTitle)}
      className="device-list-drawer"
    >
      {target ? (
        <DeviceForm
          key={device?.id ?? 'new'}
          device={device}
          i18n={i18n}
          form={form}
          save={save}
          onSaved={(saved, secret) => {
            if (secret) onCreated({ kind: 'created', code: saved.code, name: saved.name, secret });
            else Message.success(t('deviceList.done.save'));
            onClose();
          }}
        />
      ) : null}
    </Drawer>
  );
}

function initialValues(device: Device | null): Values {
  if (!device) return { code: '', name: '', model: '', manufacturer: '', serialNo: '' };
  return {
    code: device.code,
    name: device.name,
    typeId: device.typeId,
    model: device.model,
    manufacturer: device.manufacturer,
    serialNo: device.serialNo,
    regionId: device.regionId,
    stationId: device.stationId,
    longitude: device.longitude,
    latitude: device.latitude,
    installDate: device.installDate,
    warrantyEnd: device.warrantyEnd,
  };
}

/** The form's values as the contract's input: every "none" is null. */
function toInput(values: Values): Record<string, unknown> {
  return {
    code: values.code ?? '',
    name: values.name ?? '',
    typeId: values.typeId,
    model: values.model ?? '',
    manufacturer: values.manufacturer ?? '',
    serialNo: values.serialNo ?? '',
    regionId: blank(values.regionId),
    stationId: blank(values.stationId),
    longitude: blank(values.longitude),
    latitude: blank(values.latitude),
    installDate: blank(values.installDate),
    warrantyEnd: blank(values.warrantyEnd),
  };
}

function DeviceForm({
  device,
  i18n,
  form,
  save,
  onSaved,
}: {
  device: Device | null;
  i18n: DeviceListI18n;
  form: FormInstance<Values>;
  save: ReturnType<typeof useSaveDevice>;
  onSaved: (device: Device, secret?: string) => void;
}) {
  const { t, tv, locale } = i18n;
  const [failure, setFailure] = useState<string | null>(null);
  const types = useQuery(referenceQueries.deviceTypes(locale));
  const stations = useQuery(referenceQueries.stations(locale));
  const regions = useQuery(referenceQueries.regionTree(locale));
  const required = { required: true, message: t('deviceList.required') };

  async function submit(values: Values) {
    setFailure(null);
    // The whole schema: its refines (coordinates in pairs, warranty not before install) span fields.
    const parsed = deviceInputSchema.safeParse(toInput(values));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const message = tv(issue?.message ?? '');
      const field = issue?.path[0];
      if (typeof field === 'string') {
        form.setFields({ [field]: { error: { message } } } as Parameters<FormInstance<Values>['setFields']>[0]);
      }
      setFailure(message);
      return;
    }
    try {
      const body: DeviceInput = parsed.data;
      const saved = await save.mutateAsync({ id: device?.id ?? null, body });
      onSaved(saved.device, 'secret' in saved ? saved.secret : undefined);
    } catch (error) {
      showServerFieldErrors(form, error);
      setFailure(errorText(error, t('deviceList.requestFailed')));
    }
  }

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      disabled={save.isPending}
      initialValues={initialValues(device)}
      onSubmit={submit}
      onChange={() => setFailure(null)}
    >
      <div className="device-list-form-row">
        <Form.Item
          label={t('deviceList.field.code')}
          field="code"
          required
          extra={t('deviceList.field.codeHelp')}
          rules={[contractRule(fields.code, tv)]}
        >
          <Input maxLength={40} autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('deviceList.field.name')} field="name" required rules={[contractRule(fields.name, tv)]}>
          <Input maxLength={60} />
        </Form.Item>
      </div>
      <Form.Item label={t('deviceList.field.type')} field="typeId" required rules={[required]}>
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
      <div className="device-list-form-row">
        <Form.Item label={t('deviceList.field.model')} field="model" rules={[contractRule(fields.model, tv)]}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item
          label={t('deviceList.field.manufacturer')}
          field="manufacturer"
          rules={[contractRule(fields.manufacturer, tv)]}
        >
          <Input maxLength={60} />
        </Form.Item>
      </div>
      <Form.Item label={t('deviceList.field.serialNo')} field="serialNo" rules={[contractRule(fields.serialNo, tv)]}>
        <Input maxLength={40} autoComplete="off" />
      </Form.Item>
      <div className="device-list-form-row">
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
      </div>
      <div className="device-list-form-row">
        <Form.Item
          label={t('deviceList.field.longitude')}
          field="longitude"
          extra={t('deviceList.field.coordinatesHelp')}
          rules={[contractRule(blankAsNull(fields.longitude), tv)]}
        >
          <InputNumber aria-label={t('deviceList.field.longitude')} min={-180} max={180} precision={6} />
        </Form.Item>
        <Form.Item
          label={t('deviceList.field.latitude')}
          field="latitude"
          rules={[contractRule(blankAsNull(fields.latitude), tv)]}
        >
          <InputNumber aria-label={t('deviceList.field.latitude')} min={-90} max={90} precision={6} />
        </Form.Item>
      </div>
      <div className="device-list-form-row">
        <Form.Item
          label={t('deviceList.field.installDate')}
          field="installDate"
          rules={[contractRule(blankAsNull(fields.installDate), tv)]}
        >
          <DatePicker
            className="device-list-date"
            placeholder={t('deviceList.field.datePlaceholder')}
            inputProps={{ 'aria-label': t('deviceList.field.installDate') }}
          />
        </Form.Item>
        <Form.Item
          label={t('deviceList.field.warrantyEnd')}
          field="warrantyEnd"
          rules={[contractRule(blankAsNull(fields.warrantyEnd), tv)]}
        >
          <DatePicker
            className="device-list-date"
            placeholder={t('deviceList.field.datePlaceholder')}
            inputProps={{ 'aria-label': t('deviceList.field.warrantyEnd') }}
          />
        </Form.Item>
      </div>
      {failure ? <Alert className="device-list-form-notice" type="error" content={failure} /> : null}
    </Form>
  );
}

const branchKeys = (nodes: RegionTreeNode[]): string[] =>
  nodes.flatMap((n) => (n.children.length ? [n.key, ...branchKeys(n.children)] : []));

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
  const treeData = toRegionTreeData(data);
  return (
    <TreeSelect
      className={className}
      allowClear
      showSearch
      loading={loading}
      placeholder={placeholder}
      treeData={treeData}
      // A city holds a handful of districts and zones: open, they are picked in one click.
      treeProps={{ defaultExpandedKeys: branchKeys(treeData) }}
      filterTreeNode={(input, node) => String(node.props.title ?? '').includes(input)}
      value={value ? String(value) : undefined}
      onChange={(key: string | undefined) => onChange?.(key ? Number(key) : null)}
      aria-label={label}
    />
  );
}
