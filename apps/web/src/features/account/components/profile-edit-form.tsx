import { Alert, Button, Form, Input, Message } from '@arco-design/web-react';
import { type Profile, profileUpdateSchema } from '@water/contracts';
import { useState } from 'react';
import { contractRule, errorText, showServerFieldErrors } from '../../../shared/ui/form-rules.ts';
import { useUpdateProfile } from '../api/account-queries.ts';
import { useAccountI18n } from '../use-account-i18n.ts';

type Values = Pick<Profile, 'displayName' | 'email' | 'jobName' | 'locationName' | 'introduction' | 'personalWebsite'>;

const fields = profileUpdateSchema.shape;

/** The fields a user may change on their own profile; the rest are kept by administrators. */
export function ProfileEditForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const { t, tv } = useAccountI18n();
  const [form] = Form.useForm<Values>();
  const update = useUpdateProfile();
  const [failure, setFailure] = useState<string | null>(null);

  async function save(values: Values) {
    setFailure(null);
    try {
      await update.mutateAsync(profileUpdateSchema.parse(values));
      Message.success(t('account.center.saved'));
      onDone();
    } catch (error) {
      showServerFieldErrors(form, error);
      setFailure(errorText(error, t('account.common.requestFailed')));
    }
  }

  return (
    <Form<Values>
      id="profile"
      form={form}
      layout="vertical"
      validateTrigger="onBlur"
      disabled={update.isPending}
      initialValues={{
        displayName: profile.displayName,
        email: profile.email,
        jobName: profile.jobName,
        locationName: profile.locationName,
        introduction: profile.introduction,
        personalWebsite: profile.personalWebsite,
      }}
      onSubmit={save}
      onChange={() => setFailure(null)}
    >
      <Alert className="account-form-notice" type="info" content={t('account.center.readOnlyNote')} />
      <Form.Item
        label={t('account.field.displayName')}
        field="displayName"
        required
        rules={[contractRule(fields.displayName, tv)]}
      >
        <Input placeholder={t('account.placeholder.displayName')} autoComplete="name" maxLength={32} />
      </Form.Item>
      <Form.Item label={t('account.field.email')} field="email" rules={[contractRule(fields.email, tv)]}>
        <Input placeholder={t('account.placeholder.email')} autoComplete="email" type="email" maxLength={100} />
      </Form.Item>
      <Form.Item label={t('account.field.job')} field="jobName" rules={[contractRule(fields.jobName, tv)]}>
        <Input autoComplete="organization-title" maxLength={32} />
      </Form.Item>
      <Form.Item
        label={t('account.field.location')}
        field="locationName"
        rules={[contractRule(fields.locationName, tv)]}
      >
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item
        label={t('account.field.website')}
        field="personalWebsite"
        rules={[contractRule(fields.personalWebsite, tv)]}
      >
        <Input placeholder={t('account.placeholder.website')} autoComplete="url" type="url" maxLength={200} />
      </Form.Item>
      <Form.Item
        label={t('account.field.introduction')}
        field="introduction"
        rules={[contractRule(fields.introduction, tv)]}
      >
        <Input.TextArea
          placeholder={t('account.placeholder.introduction')}
          maxLength={500}
          showWordLimit
          autoSize={{ minRows: 3, maxRows: 8 }}
        />
      </Form.Item>
      {failure ? <Alert className="account-form-failure" type="error" content={failure} /> : null}
      <div className="account-form-actions">
        <Button onClick={onDone} disabled={update.isPending}>
          {t('account.common.cancel')}
        </Button>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('account.common.save')}
        </Button>
      </div>
    </Form>
  );
}
