import { Alert, Button, Checkbox, Form, Input, Link, Message, Tooltip } from '@arco-design/web-react';
import { IconLock, IconSafe, IconUser } from '@arco-design/web-react/icon';
import { authApi } from '@water/contracts/auth';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, callApi } from '../../../shared/api/http.ts';
import { queryClient } from '../../../shared/api/query-client.ts';
import { useI18n } from '../../../shared/i18n/i18n-provider.tsx';
import { sessionQueries } from '../../../shared/session/session-queries.ts';
import { clearToken, setToken } from '../../../shared/session/token.ts';
import { CaptchaInput } from '../../../shared/ui/captcha-input.tsx';
import { redirectTarget } from '../redirect-target.ts';
import { readRememberedUsername, rememberUsername } from '../remembered-username.ts';
import { type AccountModalName, AccountModals } from './account-modals.tsx';

interface LoginValues {
  username: string;
  password: string;
  captchaCode?: string;
}

interface Captcha {
  captchaId: string;
  image: string;
}

function captchaRequiredIn(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { captchaRequired?: unknown }).captchaRequired === true;
}

export function LoginForm() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const location = useLocation();
  const [form] = Form.useForm<LoginValues>();
  const [remember, setRemember] = useState(() => readRememberedUsername() !== '');
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [captchaFailed, setCaptchaFailed] = useState(false);
  const [modal, setModal] = useState<AccountModalName | null>(null);
  const captchaCall = useRef<AbortController | null>(null);

  async function loadCaptcha(onlyIfRequired: boolean) {
    captchaCall.current?.abort();
    const controller = new AbortController();
    captchaCall.current = controller;
    const username = form.getFieldValue('username')?.trim() || undefined;
    try {
      const next = await callApi(authApi.captcha, { query: { username }, signal: controller.signal, silent: true });
      if (onlyIfRequired && !next.required) return;
      setCaptcha({ captchaId: next.captchaId, image: next.image });
      setCaptchaFailed(false);
      form.setFieldValue('captchaCode', '');
    } catch (err) {
      if (controller.signal.aborted) return;
      console.warn('captcha failed to load', err);
      if (!onlyIfRequired) setCaptchaFailed(true);
    }
  }

  // The server may already want a captcha from this address (earlier failures): ask once on arrival.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per visit
  useEffect(() => {
    void loadCaptcha(true);
    return () => captchaCall.current?.abort();
  }, []);

  async function signIn(values: LoginValues) {
    setSubmitting(true);
    setFailure(null);
    const username = values.username.trim();
    try {
      const { token } = await callApi(authApi.login, {
        body: {
          username,
          password: values.password,
          ...(captcha ? { captchaId: captcha.captchaId, captchaCode: values.captchaCode ?? '' } : {}),
        },
        silent: true,
      });
      setToken(token);
      rememberUsername(remember, username);
      // Nothing of an earlier session may leak into this one.
      queryClient.removeQueries({ queryKey: sessionQueries.all });
      Message.success({ content: t('login.welcome'), duration: 3000 });
      navigate(redirectTarget(location.search), { replace: true });
    } catch (err) {
      // A failed sign-in leaves no token behind (spec §8).
      clearToken();
      if (err instanceof ApiError) {
        setFailure(err.message || t('login.failed'));
        // Every captcha is single-use: after a failure a new one is needed whenever one is required.
        if (captchaRequiredIn(err.data) || captcha) void loadCaptcha(false);
      } else {
        console.warn('sign-in failed', err);
        setFailure(t('login.failed'));
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className="login-form">
      <h1 className="login-form__title">{t('login.title')}</h1>
      <p className="login-form__subtitle">{t('login.subtitle')}</p>
      <Form<LoginValues>
        form={form}
        layout="vertical"
        autoComplete="on"
        disabled={submitting}
        initialValues={{ username: readRememberedUsername(), password: '' }}
        onSubmit={signIn}
        onChange={() => setFailure(null)}
      >
        <Form.Item
          label={t('login.username')}
          field="username"
          rules={[
            { required: true, message: t('login.username.required') },
            { validator: requiredText(t('login.username.required')) },
          ]}
        >
          <Input
            name="username"
            prefix={<IconUser />}
            placeholder={t('login.username.placeholder')}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
          />
        </Form.Item>
        <Form.Item
          label={t('login.password')}
          field="password"
          rules={[{ required: true, message: t('login.password.required') }]}
        >
          <Input.Password
            name="password"
            prefix={<IconLock />}
            placeholder={t('login.password.placeholder')}
            autoComplete="current-password"
          />
        </Form.Item>
        {captcha || captchaFailed ? (
          <Form.Item
            label={t('login.captcha')}
            field="captchaCode"
            rules={[{ required: true, message: t('login.captcha.required') }]}
          >
            <CaptchaInput
              name="captcha"
              prefix={<IconSafe />}
              image={captcha?.image ?? null}
              failed={captchaFailed}
              onRefresh={() => void loadCaptcha(false)}
              labels={{
                input: t('login.captcha'),
                placeholder: t('login.captcha.placeholder'),
                image: t('login.captcha.image'),
                refresh: t('login.captcha.refresh'),
                failed: t('login.captcha.loadFailed'),
              }}
            />
          </Form.Item>
        ) : null}
        <div className="login-form__options">
          <Tooltip content={t('login.remember.hint')}>
            <Checkbox checked={remember} onChange={setRemember}>
              {t('login.remember')}
            </Checkbox>
          </Tooltip>
          <Link onClick={() => setModal('forgot')}>{t('login.forgot')}</Link>
        </div>
        {failure ? <Alert className="login-form__failure" type="error" content={failure} /> : null}
        <div className="login-form__actions">
          <Button type="primary" htmlType="submit" long loading={submitting}>
            {t('login.submit')}
          </Button>
          <Button type="text" long onClick={() => setModal('register')} className="login-form__register">
            {t('login.register')}
          </Button>
        </div>
      </Form>
      <AccountModals open={modal} onClose={() => setModal(null)} />
    </div>
  );
}

/** Spaces alone are no username: the server would answer 'Username cannot be empty' anyway. */
function requiredText(message: string) {
  return (value: unknown, callback: (error?: string) => void) => {
    callback(typeof value === 'string' && value.trim() ? undefined : message);
  };
}
