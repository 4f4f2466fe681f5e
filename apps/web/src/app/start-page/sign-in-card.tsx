import { Alert, Button, Card, Form, Input, Message } from '@arco-design/web-react';
import { authApi, TOKEN_STORAGE_KEY } from '@water/contracts';
import { useState } from 'react';
import { ApiError, callApi } from '../../shared/api/http.ts';
import { useI18n } from '../../shared/i18n/i18n-provider.tsx';

interface Credentials {
  username: string;
  password: string;
}

/** Stand-in for the login screen until the console shell arrives: signs in and keeps the token. */
export function SignInCard() {
  const { t, locale } = useI18n();
  const [form] = Form.useForm<Credentials>();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [signedIn, setSignedIn] = useState(false);

  async function signIn(values: Credentials) {
    setSubmitting(true);
    setFailure(null);
    try {
      const { token } = await callApi(authApi.login, { locale, body: values });
      localStorage.setItem(TOKEN_STORAGE_KEY, token);
      form.resetFields();
      setSignedIn(true);
      Message.success({ content: t('signIn.welcome'), duration: 5000 });
    } catch (err) {
      // A failed sign-in leaves no token behind (spec §8).
      localStorage.removeItem(TOKEN_STORAGE_KEY);
      if (!(err instanceof ApiError)) console.warn('sign-in failed', err);
      setFailure(err instanceof ApiError && err.message ? err.message : t('signIn.failed'));
    } finally {
      setSubmitting(false);
    }
  }

  async function signOut() {
    // The server revokes the session; a network failure must not keep the user signed in here.
    await callApi(authApi.logout, { locale }).catch((err: unknown) => console.warn('sign-out failed', err));
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    setSignedIn(false);
  }

  return (
    <Card className="start-page__card" title={t('signIn.title')}>
      {signedIn ? (
        <div className="start-page__signed-in">
          <Alert type="success" content={t('signIn.signedIn')} />
          <Button long onClick={signOut}>
            {t('signIn.signOut')}
          </Button>
        </div>
      ) : (
        <Form<Credentials>
          id="sign-in"
          form={form}
          layout="vertical"
          autoComplete="on"
          disabled={submitting}
          onSubmit={signIn}
          onChange={() => setFailure(null)}
        >
          <Form.Item
            label={t('signIn.username')}
            field="username"
            rules={[{ required: true, message: t('signIn.username.required') }]}
          >
            <Input placeholder={t('signIn.username.placeholder')} autoComplete="username" />
          </Form.Item>
          <Form.Item
            label={t('signIn.password')}
            field="password"
            rules={[{ required: true, message: t('signIn.password.required') }]}
          >
            <Input.Password placeholder={t('signIn.password.placeholder')} autoComplete="current-password" />
          </Form.Item>
          {failure ? <Alert className="start-page__failure" type="error" content={failure} /> : null}
          <Button type="primary" htmlType="submit" long loading={submitting}>
            {t('signIn.submit')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
