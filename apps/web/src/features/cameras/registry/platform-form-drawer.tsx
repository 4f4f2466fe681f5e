import { Form, type FormInstance, Input, Message, Select } from '@arco-design/web-react';
import {
  EZVIZ_DEFAULT_API_URL,
  VIDEO_PLATFORM_KINDS,
  type VideoPlatform,
  type VideoPlatformInput,
  type VideoPlatformKind,
  videoPlatformInputSchema,
} from '@water/contracts';
import { FormDrawer, FormRow } from '../../../shared/ui/form-drawer.tsx';
import { type ContractForm, useContractForm } from '../../../shared/ui/use-contract-form.ts';
import { useSavePlatform } from './registry-queries.ts';
import { type RegistryI18n, useRegistryI18n } from './use-registry-i18n.ts';

/** `null` closed, `{ platform: null }` a new account, `{ platform }` an edit. */
export type PlatformDrawerTarget = { platform: VideoPlatform | null } | null;

type PlatformValues = Partial<VideoPlatformInput>;

function initialValues(platform: VideoPlatform | null): PlatformValues {
  if (!platform) return { kind: 'ezviz', apiUrl: EZVIZ_DEFAULT_API_URL, appKey: '', username: '', remark: '' };
  return {
    name: platform.name,
    kind: platform.kind,
    apiUrl: platform.apiUrl,
    appKey: platform.appKey,
    username: platform.username,
    // Secrets are never read back: empty keeps the stored one.
    appSecret: '',
    password: '',
    remark: platform.remark,
  };
}

/** The form's values as the body: the kind's own fields, a secret left empty left out (kept). */
function toBody(values: PlatformValues): VideoPlatformInput {
  const ezviz = values.kind === 'ezviz';
  return {
    name: values.name ?? '',
    kind: values.kind as VideoPlatformKind,
    apiUrl: (values.apiUrl ?? '').trim(),
    appKey: ezviz ? (values.appKey ?? '').trim() : '',
    appSecret: ezviz && values.appSecret ? values.appSecret : undefined,
    username: ezviz ? '' : (values.username ?? '').trim(),
    password: !ezviz && values.password ? values.password : undefined,
    remark: values.remark ?? '',
  };
}

/**
 * Add or change a platform account. EZVIZ: the API address (open.ys7.com unless a private
 * deployment), AppKey and AppSecret; wvp: its address, user and password. Secrets are write-only.
 */
export function PlatformFormDrawer({ target, onClose }: { target: PlatformDrawerTarget; onClose: () => void }) {
  const i18n = useRegistryI18n();
  const { t, locale } = i18n;
  const platform = target?.platform ?? null;
  const save = useSavePlatform(locale);
  const contract = useContractForm({
    schema: videoPlatformInputSchema,
    tv: i18n.tv,
    toInput: (values) => toBody(values as PlatformValues),
    submit: (body) => save.mutateAsync({ id: platform?.id ?? null, body }),
    onSaved: () => {
      Message.success(t(platform ? 'cam.platform.saved' : 'cam.platform.created'));
      onClose();
    },
  });

  return (
    <FormDrawer
      contract={contract}
      open={target !== null}
      title={platform ? t('cam.platform.drawer.edit', { name: platform.name }) : t('cam.platform.drawer.create')}
      onClose={onClose}
      width={560}
      initialValues={initialValues(platform) as never}
      formKey={platform ? `${platform.id}:${platform.updatedAt}` : 'new'}
      className="cam-drawer"
    >
      <PlatformFields
        i18n={i18n}
        form={contract.form as unknown as FormInstance<PlatformValues>}
        rule={contract.rule}
        platform={platform}
      />
    </FormDrawer>
  );
}

function PlatformFields({
  i18n,
  form,
  rule,
  platform,
}: {
  i18n: RegistryI18n;
  form: FormInstance<PlatformValues>;
  rule: ContractForm<typeof videoPlatformInputSchema>['rule'];
  platform: VideoPlatform | null;
}) {
  const { t, tv } = i18n;
  const kind: VideoPlatformKind | undefined = Form.useWatch('kind', form as unknown as FormInstance);
  const required = { required: true, message: tv('validation.required') };
  const apiUrlRule = {
    validator: (value: string | undefined, callback: (error?: string) => void) => {
      const text = (value ?? '').trim();
      const url = URL.canParse(text) ? new URL(text) : null;
      const fine = url && ['http:', 'https:'].includes(url.protocol) && !url.username && !url.password;
      callback(fine ? undefined : tv('validation.url'));
    },
  };

  const onKind = (next: VideoPlatformKind) => {
    // The EZVIZ platform has one public address: offered when switching to it with none typed.
    const apiUrl = (form.getFieldValue('apiUrl') ?? '').trim();
    if (next === 'ezviz' && !apiUrl) form.setFieldsValue({ apiUrl: EZVIZ_DEFAULT_API_URL });
    if (next === 'wvp' && apiUrl === EZVIZ_DEFAULT_API_URL) form.setFieldsValue({ apiUrl: '' });
  };

  return (
    <>
      <FormRow>
        <Form.Item label={t('cam.platform.field.name')} field="name" required rules={[rule('name')]}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item label={t('cam.platform.field.kind')} field="kind" required rules={[required]}>
          <Select
            aria-label={t('cam.platform.field.kind')}
            onChange={onKind}
            options={VIDEO_PLATFORM_KINDS.map((k) => ({ label: t(`cam.platform.kind.${k}`), value: k }))}
          />
        </Form.Item>
      </FormRow>
      <Form.Item
        label={t('cam.platform.field.apiUrl')}
        field="apiUrl"
        required
        rules={[apiUrlRule]}
        extra={
          kind === 'wvp'
            ? t('cam.platform.field.apiUrlHelp.wvp')
            : t('cam.platform.field.apiUrlHelp.ezviz', { url: EZVIZ_DEFAULT_API_URL })
        }
      >
        <Input maxLength={300} placeholder={kind === 'wvp' ? 'http://10.20.0.8:18080' : EZVIZ_DEFAULT_API_URL} />
      </Form.Item>
      {kind === 'wvp' ? (
        <FormRow>
          <Form.Item label={t('cam.platform.field.username')} field="username" required rules={[required]}>
            <Input maxLength={64} autoComplete="off" />
          </Form.Item>
          <Form.Item label={t('cam.platform.field.password')} field="password">
            <Input.Password
              aria-label={t('cam.platform.field.password')}
              maxLength={128}
              autoComplete="new-password"
              placeholder={platform?.passwordSet ? t('cam.secret.set') : undefined}
            />
          </Form.Item>
        </FormRow>
      ) : (
        <FormRow>
          <Form.Item label={t('cam.platform.field.appKey')} field="appKey" required rules={[required]}>
            <Input maxLength={64} autoComplete="off" />
          </Form.Item>
          <Form.Item label={t('cam.platform.field.appSecret')} field="appSecret">
            <Input.Password
              aria-label={t('cam.platform.field.appSecret')}
              maxLength={128}
              autoComplete="new-password"
              placeholder={platform?.appSecretSet ? t('cam.secret.set') : undefined}
            />
          </Form.Item>
        </FormRow>
      )}
      <Form.Item label={t('cam.platform.field.remark')} field="remark" rules={[rule('remark')]}>
        <Input.TextArea maxLength={300} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </>
  );
}
