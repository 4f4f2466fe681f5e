import { Alert, Button, Form, Input, Message } from '@arco-design/web-react';
import { changePasswordBodySchema } from '@water/contracts';
import { useState } from 'react';
import { contractRule, errorText, sameAsRule, showServerFieldErrors } from '../../../shared/ui/form-rules.ts';
import { useChangePassword } from '../api/account-queries.ts';
import { useAccountI18n } from '../use-account-i18n.ts';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

const fields = changePasswordBodySchema.shape;

/** Changes the own password; the server then ends every other session of the user. */
export function ChangePasswordForm() {
  const { t, tv } = useAccountI18n();
  const [form] = Form.useForm<Values>();
  const change = useChangePassword();
  const [failure, setFailure] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);

  async function submit({ oldPassword, newPassword }: Values) {
    setFailure(null);
    try {
      await change.mutateAsync({ oldPassword, newPassword });
      form.resetFields();
      setChanged(true);
      Message.success(t('account.password.changed'));
    } catch (error) {
      showServerFieldErrors(form, error);
      setFailure(errorText(error, t('account.common.requestFailed')));
    }
  }

  return (
    <Form<Values>
      id="change-password"
      form={form}
      layout="vertical"
      validateTrigger="onBlur"
      disabled={change.isPending}
      onSubmit={submit}
      onChange={() => {
        setFailure(null);
        setChanged(false);
      }}
    >
      {changed ? (
        <Alert className="account-form-notice" type="success" content={t('account.password.changed')} />
      ) : (
        <Alert className="account-form-notice" type="info" content={t('account.password.notice')} />
      )}
      <Form.Item
        label={t('account.field.oldPassword')}
        field="oldPassword"
        required
        rules={[contractRule(fields.oldPassword, tv)]}
      >
        <Input.Password placeholder={t('account.placeholder.oldPassword')} autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        label={t('account.field.newPassword')}
        field="newPassword"
        required
        dependencies={['oldPassword']}
        rules={[
          contractRule(fields.newPassword, tv),
          // The server refuses it too; saying so here saves a round trip.
          {
            validator: (value, callback) =>
              callback(value && value === form.getFieldValue('oldPassword') ? t('account.password.same') : undefined),
          },
        ]}
      >
        <Input.Password placeholder={t('account.placeholder.password')} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label={t('account.field.confirmPassword')}
        field="confirm"
        required
        dependencies={['newPassword']}
        rules={[sameAsRule(form, 'newPassword', t('account.password.mismatch'))]}
      >
        <Input.Password placeholder={t('account.placeholder.confirmPassword')} autoComplete="new-password" />
      </Form.Item>
      {failure ? <Alert className="account-form-failure" type="error" content={failure} /> : null}
      <div className="account-form-actions account-form-actions--start">
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t('account.password.submit')}
        </Button>
      </div>
    </Form>
  );
}
