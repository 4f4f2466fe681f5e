import {
  Button,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Message,
  Radio,
  Select,
  Switch,
  Tag,
} from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import {
  CAMERA_SOURCE_KINDS,
  CAMERA_VENDORS,
  type Camera,
  type CameraInput,
  type CameraSourceKind,
  cameraInputSchema,
  cameraUrlProblem,
  EZVIZ_SERIAL_PATTERN,
  GB28181_ID_PATTERN,
  PTZ_SOURCE_KINDS,
  type RegionNode,
  URL_SOURCE_KINDS,
  type VideoPlatform,
  type VideoPlatformKind,
} from '@water/contracts';
import { type ReactNode, useState } from 'react';
import { referenceQueries } from '../../../shared/api/reference-queries.ts';
import { FormDrawer, FormRow } from '../../../shared/ui/form-drawer.tsx';
import { errorText } from '../../../shared/ui/form-rules.ts';
import { type IdTreeNode, IdTreeSelect } from '../../../shared/ui/id-tree-select.tsx';
import { blankAsNull, type ContractForm, useContractForm } from '../../../shared/ui/use-contract-form.ts';
import { type CameraProbe, probeCamera, registryQueries, useSaveCamera } from './registry-queries.ts';
import { type RegistryI18n, useRegistryI18n } from './use-registry-i18n.ts';

/** `null` closed, `{ camera: null }` a new camera, `{ camera }` an edit. */
export type CameraDrawerTarget = { camera: Camera | null } | null;

type Place = 'station' | 'site' | 'region';
type SecretField = 'password' | 'verifyCode';
/** The form holds the contract's input, and where the camera is (which of station, site or region). */
type CameraValues = Partial<CameraInput> & { place?: Place };

/** The device type of the cameras in the device registry (the seed's code). */
export const CAMERA_TYPE_CODE = 'camera';

/** The platform a source kind is reached through. */
const PLATFORM_OF_KIND: Partial<Record<CameraSourceKind, VideoPlatformKind>> = { ezviz: 'ezviz', gb28181: 'wvp' };

/** An example address for each URL kind: the shape a media server gives. */
const URL_EXAMPLES: Partial<Record<CameraSourceKind, string>> = {
  hls: 'http://media.example.cn/live/ps01.m3u8',
  http_flv: 'http://media.example.cn/live/ps01.live.flv',
  ws_flv: 'ws://media.example.cn/live/ps01.live.flv',
  whep: 'http://media.example.cn/index/api/whep?app=live&stream=ps01',
  rtsp: 'rtsp://10.20.1.64:554/Streaming/Channels/101',
};

const isUrlKind = (kind: CameraSourceKind | undefined) => Boolean(kind && URL_SOURCE_KINDS.includes(kind));
const isPtzKind = (kind: CameraSourceKind | undefined) => Boolean(kind && PTZ_SOURCE_KINDS.includes(kind));

const regionNodes = (nodes: RegionNode[]): IdTreeNode[] =>
  nodes.map((r) => ({ key: String(r.id), title: r.name, children: regionNodes(r.children) }));

function placeOf(camera: Camera): Place {
  if (camera.stationId !== null) return 'station';
  if (camera.siteId !== null) return 'site';
  return 'region';
}

function initialValues(camera: Camera | null): CameraValues {
  if (!camera) {
    return {
      vendor: 'other',
      place: 'station',
      location: '',
      ptz: false,
      sourceKind: 'hls',
      url: '',
      channel: 1,
      remark: '',
      enabled: true,
    };
  }
  return {
    code: camera.code,
    name: camera.name,
    vendor: camera.vendor,
    place: placeOf(camera),
    stationId: camera.stationId,
    siteId: camera.siteId,
    regionId: camera.regionId,
    location: camera.location,
    longitude: camera.longitude,
    latitude: camera.latitude,
    ptz: camera.ptz,
    deviceId: camera.deviceId,
    sourceKind: camera.sourceKind,
    url: camera.url,
    platformId: camera.platformId,
    serial: camera.serial,
    channel: camera.channel,
    gbDeviceId: camera.gbDeviceId,
    gbChannelId: camera.gbChannelId,
    username: camera.username,
    // Secrets are never read back: the box starts empty, and empty keeps the stored one.
    password: '',
    verifyCode: '',
    remark: camera.remark,
    enabled: camera.enabled,
  };
}

/** A secret as the body carries it: '' to remove it, its text to replace it, left out to keep it. */
function secretOf(value: string | undefined, cleared: boolean): string | undefined {
  if (cleared) return '';
  return value ? value : undefined;
}

/** The form's values as the contract's body: only the chosen place and the chosen kind's fields. */
function toBody(values: CameraValues, cleared: readonly SecretField[]): CameraInput {
  const kind = values.sourceKind as CameraSourceKind;
  const place = values.place ?? 'station';
  return {
    code: (values.code ?? '').trim(),
    name: values.name ?? '',
    vendor: values.vendor ?? 'other',
    stationId: place === 'station' ? (blankAsNull(values.stationId) as number | null) : null,
    siteId: place === 'site' ? (blankAsNull(values.siteId) as number | null) : null,
    regionId: place === 'region' ? (blankAsNull(values.regionId) as number | null) : null,
    location: values.location ?? '',
    longitude: blankAsNull(values.longitude) as number | null,
    latitude: blankAsNull(values.latitude) as number | null,
    ptz: isPtzKind(kind) ? Boolean(values.ptz) : false,
    deviceId: blankAsNull(values.deviceId) as number | null,
    sourceKind: kind,
    url: isUrlKind(kind) ? (values.url ?? '').trim() : '',
    platformId: PLATFORM_OF_KIND[kind] ? (blankAsNull(values.platformId) as number | null) : null,
    serial: kind === 'ezviz' ? (values.serial ?? '').trim() : '',
    channel: kind === 'ezviz' ? (values.channel ?? 1) : 1,
    gbDeviceId: kind === 'gb28181' ? (values.gbDeviceId ?? '').trim() : '',
    gbChannelId: kind === 'gb28181' ? (values.gbChannelId ?? '').trim() : '',
    username: kind === 'rtsp' ? (values.username ?? '') : '',
    password: kind === 'rtsp' ? secretOf(values.password, cleared.includes('password')) : undefined,
    verifyCode: kind === 'ezviz' ? secretOf(values.verifyCode, cleared.includes('verifyCode')) : undefined,
    remark: values.remark ?? '',
    enabled: values.enabled ?? true,
  };
}

/**
 * Create or edit a camera: where it is (a station, a water-quality site, or a region), its source
 * (only the chosen kind's fields), and whether it is enabled. Secrets are write-only: in an edit the
 * box is empty, empty keeps the stored one, "clear" removes it. "Test connection" asks the server to
 * probe the source as typed; saving probes an HLS or FLV source again, and a refusal lands on the URL.
 */
export function CameraFormDrawer({ target, onClose }: { target: CameraDrawerTarget; onClose: () => void }) {
  const i18n = useRegistryI18n();
  const { t, locale } = i18n;
  const camera = target?.camera ?? null;
  const open = target !== null;
  const formKey = camera ? `${camera.id}:${camera.updatedAt}` : 'new';
  const save = useSaveCamera(locale);
  const [cleared, setCleared] = useState<SecretField[]>([]);
  const [seen, setSeen] = useState<string | null>(null);
  const openKey = open ? formKey : null;
  if (seen !== openKey) {
    // Another record (or a fresh open): nothing is marked for clearing.
    setSeen(openKey);
    setCleared([]);
  }

  const contract = useContractForm({
    schema: cameraInputSchema,
    tv: i18n.tv,
    toInput: (values) => toBody(values as CameraValues, cleared),
    submit: (body) => save.mutateAsync({ id: camera?.id ?? null, body }),
    onSaved: () => {
      Message.success(t(camera ? 'cam.saved' : 'cam.created'));
      onClose();
    },
  });

  return (
    <FormDrawer
      contract={contract}
      open={open}
      title={camera ? t('cam.drawer.edit', { name: camera.name }) : t('cam.drawer.create')}
      onClose={onClose}
      width={640}
      initialValues={initialValues(camera) as never}
      formKey={formKey}
      className="cam-drawer"
    >
      {open ? (
        <CameraFields
          i18n={i18n}
          form={contract.form as unknown as FormInstance<CameraValues>}
          rule={contract.rule}
          camera={camera}
          cleared={cleared}
          onCleared={(field, on) =>
            setCleared((now) => (on ? [...now.filter((f) => f !== field), field] : now.filter((f) => f !== field)))
          }
        />
      ) : null}
    </FormDrawer>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="cam-drawer__section" aria-label={title}>
      <h3 className="cam-drawer__section-title">{title}</h3>
      {children}
    </section>
  );
}

function CameraFields({
  i18n,
  form,
  rule,
  camera,
  cleared,
  onCleared,
}: {
  i18n: RegistryI18n;
  form: FormInstance<CameraValues>;
  rule: ContractForm<typeof cameraInputSchema>['rule'];
  camera: Camera | null;
  cleared: readonly SecretField[];
  onCleared: (field: SecretField, on: boolean) => void;
}) {
  const { t, tv, locale } = i18n;
  const watched = form as unknown as FormInstance;
  const place: Place | undefined = Form.useWatch('place', watched);
  const kind: CameraSourceKind | undefined = Form.useWatch('sourceKind', watched);
  const platforms = useQuery(registryQueries.platforms(locale));
  const platformKind = kind ? PLATFORM_OF_KIND[kind] : undefined;
  const fitting = (platforms.data ?? []).filter((p) => p.kind === platformKind);
  const required = { required: true, message: tv('validation.required') };

  const onKind = (next: CameraSourceKind) => {
    // Another kind: a platform of the other kind and a PTZ the console cannot drive are dropped.
    const platform = (platforms.data ?? []).find((p) => p.id === form.getFieldValue('platformId'));
    const patch: CameraValues = {};
    if (platform && platform.kind !== PLATFORM_OF_KIND[next]) patch.platformId = null;
    if (!isPtzKind(next)) patch.ptz = false;
    form.setFieldsValue(patch);
  };

  const pattern = (regex: RegExp, message: string) => ({
    validator: (value: string | undefined, callback: (error?: string) => void) =>
      callback(regex.test((value ?? '').trim()) ? undefined : tv(message)),
  });

  return (
    <>
      <Section title={t('cam.section.basic')}>
        <FormRow>
          <Form.Item
            label={t('cam.field.code')}
            field="code"
            required
            rules={[rule('code')]}
            extra={t('cam.field.codeHelp')}
          >
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item label={t('cam.field.name')} field="name" required rules={[rule('name')]}>
            <Input maxLength={60} />
          </Form.Item>
        </FormRow>
        <FormRow>
          <Form.Item label={t('cam.field.vendor')} field="vendor">
            <Select
              aria-label={t('cam.field.vendor')}
              options={CAMERA_VENDORS.map((v) => ({ label: t(`cam.vendor.${v}`), value: v }))}
            />
          </Form.Item>
          <Form.Item label={t('cam.field.device')} field="deviceId">
            <CameraDeviceSelect i18n={i18n} known={camera} />
          </Form.Item>
        </FormRow>
        <Form.Item label={t('cam.field.place')} field="place">
          <Radio.Group type="button" aria-label={t('cam.field.place')}>
            <Radio value="station">{t('cam.field.station')}</Radio>
            <Radio value="site">{t('cam.field.site')}</Radio>
            <Radio value="region">{t('cam.field.region')}</Radio>
          </Radio.Group>
        </Form.Item>
        {place === 'site' ? (
          <Form.Item label={t('cam.field.site')} field="siteId" required rules={[required]}>
            <SiteSelect i18n={i18n} />
          </Form.Item>
        ) : place === 'region' ? (
          <Form.Item
            label={t('cam.field.region')}
            field="regionId"
            required
            rules={[required]}
            extra={t('cam.field.regionHelp')}
          >
            <RegionPick i18n={i18n} />
          </Form.Item>
        ) : (
          <Form.Item label={t('cam.field.station')} field="stationId" required rules={[required]}>
            <StationPick i18n={i18n} />
          </Form.Item>
        )}
        <Form.Item label={t('cam.field.location')} field="location" rules={[rule('location')]}>
          <Input maxLength={100} placeholder={t('cam.field.locationPlaceholder')} />
        </Form.Item>
        <FormRow>
          <Form.Item label={t('cam.field.longitude')} field="longitude" rules={[rule('longitude')]}>
            <InputNumber aria-label={t('cam.field.longitude')} precision={6} min={-180} max={180} />
          </Form.Item>
          <Form.Item label={t('cam.field.latitude')} field="latitude" rules={[rule('latitude')]}>
            <InputNumber aria-label={t('cam.field.latitude')} precision={6} min={-90} max={90} />
          </Form.Item>
        </FormRow>
      </Section>

      <Section title={t('cam.section.source')}>
        <Form.Item label={t('cam.field.kind')} field="sourceKind" required rules={[required]}>
          <Select
            aria-label={t('cam.field.kind')}
            onChange={onKind}
            options={CAMERA_SOURCE_KINDS.map((k) => ({ label: t(`cam.kind.${k}`), value: k }))}
          />
        </Form.Item>
        {kind && isUrlKind(kind) ? (
          <Form.Item
            label={t('cam.field.url')}
            field="url"
            required
            extra={t(`cam.field.urlHelp.${kind as 'hls'}`)}
            rules={[
              {
                validator: (value: string | undefined, callback) => {
                  const url = (value ?? '').trim();
                  if (!url) return callback(tv('validation.required'));
                  const problem = cameraUrlProblem(kind, url);
                  callback(problem ? tv(problem) : undefined);
                },
              },
            ]}
          >
            <Input maxLength={1000} placeholder={URL_EXAMPLES[kind]} />
          </Form.Item>
        ) : null}
        {platformKind ? (
          <Form.Item
            label={t('cam.field.platform')}
            field="platformId"
            required
            rules={[required]}
            extra={platforms.isSuccess && fitting.length === 0 ? t('cam.field.platformNone') : undefined}
          >
            <Select
              aria-label={t('cam.field.platform')}
              placeholder={t('cam.field.platformPlaceholder')}
              loading={platforms.isPending}
              options={platformOptions(fitting, camera)}
            />
          </Form.Item>
        ) : null}
        {kind === 'ezviz' ? (
          <>
            <FormRow>
              <Form.Item
                label={t('cam.field.serial')}
                field="serial"
                required
                extra={t('cam.field.serialHelp')}
                rules={[pattern(EZVIZ_SERIAL_PATTERN, 'validation.ezvizSerial')]}
              >
                <Input maxLength={32} />
              </Form.Item>
              <Form.Item label={t('cam.field.channel')} field="channel" rules={[rule('channel')]}>
                <InputNumber aria-label={t('cam.field.channel')} precision={0} min={1} max={256} />
              </Form.Item>
            </FormRow>
            <Form.Item label={t('cam.field.verifyCode')} field="verifyCode" extra={t('cam.field.verifyCodeHelp')}>
              <SecretInput
                i18n={i18n}
                label={t('cam.field.verifyCode')}
                stored={Boolean(camera?.verifyCodeSet)}
                cleared={cleared.includes('verifyCode')}
                onCleared={(on) => onCleared('verifyCode', on)}
                maxLength={32}
              />
            </Form.Item>
          </>
        ) : null}
        {kind === 'gb28181' ? (
          <FormRow>
            <Form.Item
              label={t('cam.field.gbDeviceId')}
              field="gbDeviceId"
              required
              extra={t('cam.field.gbHelp')}
              rules={[pattern(GB28181_ID_PATTERN, 'validation.gb28181Id')]}
            >
              <Input maxLength={20} />
            </Form.Item>
            <Form.Item
              label={t('cam.field.gbChannelId')}
              field="gbChannelId"
              required
              extra={t('cam.field.gbHelp')}
              rules={[pattern(GB28181_ID_PATTERN, 'validation.gb28181Id')]}
            >
              <Input maxLength={20} />
            </Form.Item>
          </FormRow>
        ) : null}
        {kind === 'rtsp' ? (
          <FormRow>
            <Form.Item label={t('cam.field.username')} field="username" rules={[rule('username')]}>
              <Input maxLength={64} autoComplete="off" />
            </Form.Item>
            <Form.Item label={t('cam.field.password')} field="password">
              <SecretInput
                i18n={i18n}
                label={t('cam.field.password')}
                stored={Boolean(camera?.passwordSet)}
                cleared={cleared.includes('password')}
                onCleared={(on) => onCleared('password', on)}
                maxLength={128}
              />
            </Form.Item>
          </FormRow>
        ) : null}
        <ProbeButton i18n={i18n} form={form} camera={camera} cleared={cleared} />
      </Section>

      <Section title={t('cam.section.other')}>
        <FormRow>
          <Form.Item label={t('cam.field.ptz')} field="ptz" triggerPropName="checked" extra={t('cam.field.ptzHelp')}>
            <Switch aria-label={t('cam.field.ptz')} disabled={!isPtzKind(kind)} />
          </Form.Item>
          <Form.Item label={t('cam.field.enabled')} field="enabled" triggerPropName="checked">
            <Switch aria-label={t('cam.field.enabled')} />
          </Form.Item>
        </FormRow>
        <Form.Item label={t('cam.field.remark')} field="remark" rules={[rule('remark')]}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
      </Section>
    </>
  );
}

/** The platforms of the source's kind; the camera's own is named even if the list has not loaded. */
function platformOptions(fitting: VideoPlatform[], camera: Camera | null) {
  const options = fitting.map((p) => ({ label: p.name, value: p.id }));
  if (camera?.platformId && !options.some((o) => o.value === camera.platformId)) {
    options.push({ label: camera.platformName, value: camera.platformId });
  }
  return options;
}

/**
 * A write-only secret: empty keeps the stored one (the placeholder says so), typing replaces it,
 * "clear" removes it on saving (and can be undone before).
 */
function SecretInput({
  i18n,
  label,
  stored,
  cleared,
  onCleared,
  maxLength,
  value,
  onChange,
}: {
  i18n: RegistryI18n;
  label: string;
  stored: boolean;
  cleared: boolean;
  onCleared: (on: boolean) => void;
  maxLength: number;
  value?: string;
  onChange?: (value: string) => void;
}) {
  const { t } = i18n;
  return (
    <span className="cam-secret">
      <Input.Password
        aria-label={label}
        autoComplete="new-password"
        maxLength={maxLength}
        disabled={cleared}
        placeholder={cleared ? t('cam.secret.cleared') : stored ? t('cam.secret.set') : undefined}
        value={cleared ? '' : (value ?? '')}
        onChange={(next) => onChange?.(next)}
      />
      {stored && !cleared ? (
        <Button
          type="text"
          size="small"
          aria-label={t('cam.secret.clearLabel', { field: label })}
          onClick={() => {
            onChange?.('');
            onCleared(true);
          }}
        >
          {t('cam.secret.clear')}
        </Button>
      ) : null}
      {cleared ? (
        <Button type="text" size="small" onClick={() => onCleared(false)}>
          {t('cam.secret.undo')}
        </Button>
      ) : null}
    </span>
  );
}

type ProbeState = { ok: boolean; detail: string; ms: number | null } | null;

/** "Test connection": the source as typed (a stored camera's secrets stand in for empty boxes). */
function ProbeButton({
  i18n,
  form,
  camera,
  cleared,
}: {
  i18n: RegistryI18n;
  form: FormInstance<CameraValues>;
  camera: Camera | null;
  cleared: readonly SecretField[];
}) {
  const { t, locale } = i18n;
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<ProbeState>(null);
  const kind: CameraSourceKind | undefined = Form.useWatch('sourceKind', form as unknown as FormInstance);
  const [seenKind, setSeenKind] = useState(kind);
  if (seenKind !== kind) {
    // An answer about another kind of source says nothing about this one.
    setSeenKind(kind);
    setResult(null);
  }

  const run = async () => {
    const body = toBody(form.getFieldsValue() as CameraValues, cleared);
    const probe: CameraProbe = {
      sourceKind: body.sourceKind,
      url: body.url,
      platformId: body.platformId,
      serial: body.serial,
      channel: body.channel,
      gbDeviceId: body.gbDeviceId,
      gbChannelId: body.gbChannelId,
      username: body.username,
      password: body.password,
      cameraId: camera?.id ?? null,
    };
    setPending(true);
    setResult(null);
    try {
      const answer = await probeCamera(probe, locale);
      setResult(answer);
    } catch (error) {
      setResult({ ok: false, detail: t('cam.probe.error', { message: errorText(error, '') }), ms: null });
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="cam-probe">
      <Button loading={pending} onClick={run}>
        {t('cam.probe')}
      </Button>
      {result ? (
        <output className="cam-probe__result" aria-live="polite">
          <Tag size="small" color={result.ok ? 'green' : 'red'}>
            {t(result.ok ? 'cam.probe.ok' : 'cam.probe.failed')}
          </Tag>
          <span className="cam-probe__detail">{result.detail}</span>
          {result.ms !== null ? <span className="cam-muted">{t('cam.probe.ms', { ms: result.ms })}</span> : null}
        </output>
      ) : null}
    </div>
  );
}

/** A searchable pick of one id (a station, a site) that the form field holds as `number | null`. */
function IdPick({
  label,
  placeholder,
  loading,
  options,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  loading: boolean;
  options: { label: string; value: number }[];
  value?: number | null;
  onChange?: (id: number | null) => void;
}) {
  return (
    <Select
      aria-label={label}
      placeholder={placeholder}
      showSearch
      allowClear
      loading={loading}
      value={value ?? undefined}
      onChange={(id: number | undefined) => onChange?.(id ?? null)}
      options={options}
    />
  );
}

type PickProps = { i18n: RegistryI18n; value?: number | null; onChange?: (id: number | null) => void };

function StationPick({ i18n, ...field }: PickProps) {
  const { t, locale } = i18n;
  const stations = useQuery(referenceQueries.stations(locale));
  return (
    <IdPick
      {...field}
      label={t('cam.field.station')}
      placeholder={t('cam.field.stationPlaceholder')}
      loading={stations.isPending}
      options={(stations.data ?? []).map((s) => ({ label: s.name, value: s.id }))}
    />
  );
}

function SiteSelect({ i18n, ...field }: PickProps) {
  const { t, locale } = i18n;
  const sites = useQuery(registryQueries.sites(locale));
  return (
    <IdPick
      {...field}
      label={t('cam.field.site')}
      placeholder={t('cam.field.sitePlaceholder')}
      loading={sites.isPending}
      options={(sites.data ?? []).map((s) => ({ label: `${s.code} ${s.name}`, value: s.id }))}
    />
  );
}

function RegionPick({
  i18n,
  value,
  onChange,
}: {
  i18n: RegistryI18n;
  value?: number | null;
  onChange?: (id: number | null) => void;
}) {
  const { t, locale } = i18n;
  const regions = useQuery(referenceQueries.regionTree(locale));
  return (
    <IdTreeSelect
      label={t('cam.field.region')}
      placeholder={t('cam.field.regionPlaceholder')}
      loading={regions.isPending}
      treeData={regionNodes(regions.data ?? [])}
      value={value ?? null}
      onChange={(id) => onChange?.(id)}
    />
  );
}

/** Devices of type camera found by code or name (the first 50 a search); the camera's own is named from its record. */
function CameraDeviceSelect({
  i18n,
  known,
  value,
  onChange,
}: {
  i18n: RegistryI18n;
  known: Camera | null;
  value?: number | null;
  onChange?: (id: number | null) => void;
}) {
  const { t, locale } = i18n;
  const [keyword, setKeyword] = useState('');
  const types = useQuery(referenceQueries.deviceTypes(locale));
  const typeId = types.data?.find((type) => type.code === CAMERA_TYPE_CODE)?.id;
  const devices = useQuery({
    ...referenceQueries.devicesOfType(typeId ?? 0, keyword, locale),
    enabled: Boolean(typeId),
  });
  const options = new Map((devices.data?.list ?? []).map((d) => [d.id, `${d.code} ${d.name}`]));
  if (known?.deviceId && !options.has(known.deviceId)) options.set(known.deviceId, known.deviceCode);
  return (
    <Select
      aria-label={t('cam.field.device')}
      placeholder={t('cam.field.devicePlaceholder')}
      allowClear
      showSearch
      filterOption={false}
      loading={devices.isFetching}
      onSearch={setKeyword}
      options={[...options].map(([id, label]) => ({ label, value: id }))}
      value={value ?? undefined}
      onChange={(id: number | undefined) => onChange?.(id ?? null)}
    />
  );
}
