import { Alert, Button, Form, Input, Modal, Result } from '@arco-design/web-react';
import { accountApi, registerBodySchema } from '@water/contracts';
import { useState } from 'react';
import { callApi } from '../../../shared/api/http.ts';
import { contractRule, errorText, sameAsRule, showServerFieldErrors } from '../../../shared/ui/form-rules.ts';
import { useAccountI18n } from '../use-account-i18n.ts';
import '../account.css';

interface Values {
  username: string;
  displayName: string;
  phone: string;
  password: string;
  confirm: string;
}

const fields = registerBodySchema.shape;

/** Asks for an account. The server creates it disabled; an administrator enables it later. */
export function RegisterModal({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t, tv, locale } = useAccountI18n();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [registered, setRegistered] = useState<string | null>(null);

  function reset() {
    form.resetFields();
    setFailure(null);
    setRegistered(null);
  }

  async function register(values: Values) {
    const { confirm: _confirm, ...rest } = values;
    // The schema trims; what is sent is exactly what was checked.
    const body = registerBodySchema.parse(rest);
    setSubmitting(true);
    setFailure(null);
    try {
      await callApi(accountApi.register, { locale, body, silent: true });
      setRegistered(body.username);
    } catch (error) {
      showServerFieldErrors(form, error);
      setFailure(errorText(error, t('account.common.requestFailed')));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Modal
      title={t('account.register.title')}
      visible={visible}
      onCancel={onClose}
      afterClose={reset}
      footer={null}
      maskClosable={false}
      unmountOnExit
    >
      {registered ? (
        <Result
          status="success"
          title={t('account.register.done.title')}
          subTitle={t('account.register.done.body', { username: registered })}
          extra={
            <Button type="primary" onClick={onClose}>
              {t('account.register.done.back')}
            </Button>
          }
        />
      ) : (
        <Form<Values>
          id="register"
          form={form}
          layout="vertical"
          validateTrigger="onBlur"
          disabled={submitting}
          onSubmit={register}
          onChange={() => setFailure(null)}
        >
          <Alert className="account-form-notice" type="info" content={t('account.register.intro')} />
          <Form.Item
            label={t('account.field.username')}
            field="username"
            required
            rules={[contractRule(fields.username, tv)]}
          >
            <Input placeholder={t('account.placeholder.username')} autoComplete="username" maxLength={64} />
          </Form.Item>
          <Form.Item
            label={t('account.field.displayName')}
            field="displayName"
            required
            rules={[contractRule(fields.displayName, tv)]}
          >
            <Input placeholder={t('account.placeholder.displayName')} autoComplete="name" maxLength={32} />
          </Form.Item>
          <Form.Item label={t('account.field.phone')} field="phone" required rules={[contractRule(fields.phone, tv)]}>
            <Input placeholder={t('account.placeholder.phone')} autoComplete="tel" inputMode="tel" maxLength={11} />
          </Form.Item>
          <Form.Item
            label={t('account.field.password')}
            field="password"
            required
            rules={[contractRule(fields.password, tv)]}
          >
            <Input.Password placeholder={t('account.placeholder.password')} autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label={t('account.field.confirmPassword')}
            field="confirm"
            required
            dependencies={['password']}
            rules={[sameAsRule(form, 'password', t('account.password.mismatch'))]}
          >
            <Input.Password placeholder={t('account.placeholder.confirmPassword')} autoComplete="new-password" />
          </Form.Item>
          {failure ? <Alert className="account-form-failure" type="error" content={failure} /> : null}
          <div className="account-form-actions">
            <Button onClick={onClose}>{t('account.common.cancel')}</Button>
            <Button type="primary" htmlType="submit" loading={submitting}>
              {t('account.register.submit')}
            </Button>
          </div>
        </Form>
      )}
    </Modal>
  );
}
