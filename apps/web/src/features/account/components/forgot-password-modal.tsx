import { Alert, Button, Form, Input, Message, Modal, Steps } from '@arco-design/web-react';
import { accountApi, authApi, passwordSchema, phoneSchema, smsCodeSchema } from '@water/contracts';
import { useEffect, useRef, useState } from 'react';
import { callApi } from '../../../shared/api/http.ts';
import { CaptchaInput } from '../../../shared/ui/captcha-input.tsx';
import '../account.css';
import { contractRule, errorText, sameAsRule, showServerFieldErrors } from '../../../shared/ui/form-rules.ts';
import { useAccountI18n } from '../use-account-i18n.ts';

interface Values {
  phone: string;
  captchaCode: string;
  code: string;
  password: string;
  confirm: string;
}

type Busy = 'send' | 'verify' | 'reset' | null;

/** Whole seconds left until `at` (epoch ms), ticking while there are any. */
function useSecondsUntil(at: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (at <= Date.now()) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= at) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [at]);
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * Password reset by SMS: phone and captcha → code → verify (a single-use ticket) → new password.
 * The server answers "sent" for any well-formed number, so the texts never say whether an account
 * exists; each SMS costs money, so a code goes out only with a solved captcha (single-use).
 */
export function ForgotPasswordModal({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t, tv, locale } = useAccountI18n();
  const [form] = Form.useForm<Values>();
  const [step, setStep] = useState<'verify' | 'password'>('verify');
  const [ticket, setTicket] = useState<{ phone: string; ticket: string } | null>(null);
  const [sentMinutes, setSentMinutes] = useState<number | null>(null);
  // Kept across closing and reopening: the server refuses a resend to the same number until then.
  const [resend, setResend] = useState<{ phone: string; at: number }>({ phone: '', at: 0 });
  const [busy, setBusy] = useState<Busy>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [captcha, setCaptcha] = useState<{ captchaId: string; image: string } | null>(null);
  const [captchaFailed, setCaptchaFailed] = useState(false);
  const captchaCall = useRef<AbortController | null>(null);
  const phone = (Form.useWatch('phone', form) as string | undefined)?.trim() ?? '';
  const secondsLeft = useSecondsUntil(resend.at);
  const waiting = secondsLeft > 0 && phone === resend.phone;

  async function loadCaptcha() {
    captchaCall.current?.abort();
    const controller = new AbortController();
    captchaCall.current = controller;
    try {
      const next = await callApi(authApi.captcha, { locale, query: {}, signal: controller.signal, silent: true });
      setCaptcha({ captchaId: next.captchaId, image: next.image });
      setCaptchaFailed(false);
      form.setFieldValue('captchaCode', '');
    } catch (err) {
      if (controller.signal.aborted) return;
      console.warn('captcha failed to load', err);
      setCaptcha(null);
      setCaptchaFailed(true);
    }
  }

  // A fresh captcha each time the dialog opens; the previous one may have been spent or expired.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on opening only
  useEffect(() => {
    if (visible) void loadCaptcha();
    return () => captchaCall.current?.abort();
  }, [visible]);

  function reset() {
    form.resetFields();
    setStep('verify');
    setTicket(null);
    setSentMinutes(null);
    setFailure(null);
  }

  async function run(kind: Exclude<Busy, null>, action: () => Promise<void>) {
    setBusy(kind);
    setFailure(null);
    try {
      await action();
    } catch (error) {
      showServerFieldErrors(form, error);
      setFailure(errorText(error, t('account.common.requestFailed')));
    } finally {
      setBusy(null);
    }
  }

  /** Validates the given fields; resolves null (and shows the messages) when any fails. */
  async function valid<K extends keyof Values>(fields: K[]): Promise<Pick<Values, K> | null> {
    try {
      return (await form.validate(fields)) as Pick<Values, K>;
    } catch {
      return null;
    }
  }

  async function sendCode() {
    const values = await valid(['phone']);
    // Checked here rather than by a rule: the captcha is for sending, and a spent one is emptied
    // while the form goes on to verify the code.
    const captchaCode = String(form.getFieldValue('captchaCode') ?? '').trim();
    if (!captchaCode) form.setFields({ captchaCode: { error: { message: t('account.captcha.required') } } });
    if (!values || !captchaCode || !captcha) return;
    const target = phoneSchema.parse(values.phone);
    await run('send', async () => {
      const body = {
        action: 'send',
        phone: target,
        purpose: 'reset-password',
        captchaId: captcha.captchaId,
        captchaCode,
      } as const;
      try {
        const data = await callApi(authApi.sms, { locale, body, silent: true });
        if (!('sent' in data)) return;
        setResend({ phone: target, at: Date.now() + data.resendAfter * 1000 });
        setSentMinutes(Math.max(1, Math.round(data.expiresIn / 60)));
      } finally {
        // The server spends a captcha on every try, sent or refused: the next send needs a new one.
        void loadCaptcha();
      }
    });
  }

  async function verifyCode() {
    const values = await valid(['phone', 'code']);
    if (!values) return;
    const target = phoneSchema.parse(values.phone);
    await run('verify', async () => {
      const body = { action: 'verify', phone: target, purpose: 'reset-password', code: values.code } as const;
      const data = await callApi(authApi.sms, { locale, body, silent: true });
      if (!('verified' in data)) return;
      setTicket({ phone: target, ticket: data.ticket });
      setStep('password');
    });
  }

  async function resetPassword() {
    const values = await valid(['password', 'confirm']);
    if (!values || !ticket) return;
    await run('reset', async () => {
      await callApi(accountApi.resetPassword, {
        locale,
        body: { ...ticket, password: values.password },
        silent: true,
      });
      Message.success({ content: t('account.forgot.success'), duration: 5000 });
      onClose();
    });
  }

  return (
    <Modal
      title={t('account.forgot.title')}
      visible={visible}
      onCancel={onClose}
      afterClose={reset}
      footer={null}
      maskClosable={false}
      unmountOnExit
    >
      <Steps current={step === 'verify' ? 1 : 2} size="small" className="account-steps">
        <Steps.Step title={t('account.forgot.step.verify')} />
        <Steps.Step title={t('account.forgot.step.password')} />
      </Steps>
      <Form<Values>
        id="forgot-password"
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        disabled={busy !== null}
        onSubmit={() => (step === 'verify' ? verifyCode() : resetPassword())}
        onChange={() => setFailure(null)}
      >
        {step === 'verify' ? (
          <>
            <Alert
              className="account-form-notice"
              type={sentMinutes === null ? 'info' : 'success'}
              content={
                sentMinutes === null ? t('account.forgot.hint') : t('account.forgot.sent', { minutes: sentMinutes })
              }
            />
            <Form.Item label={t('account.field.phone')} field="phone" required rules={[contractRule(phoneSchema, tv)]}>
              <Input placeholder={t('account.placeholder.phone')} autoComplete="tel" inputMode="tel" maxLength={11} />
            </Form.Item>
            <Form.Item label={t('account.field.captcha')} field="captchaCode" required>
              <CaptchaInput
                size="large"
                image={captcha?.image ?? null}
                failed={captchaFailed}
                onRefresh={() => void loadCaptcha()}
                labels={{
                  input: t('account.field.captcha'),
                  placeholder: t('account.placeholder.captcha'),
                  image: t('account.captcha.image'),
                  refresh: t('account.captcha.refresh'),
                  failed: t('account.captcha.loadFailed'),
                }}
              />
            </Form.Item>
            <Form.Item
              label={t('account.field.smsCode')}
              field="code"
              required
              rules={[contractRule(smsCodeSchema, tv)]}
            >
              <Input
                className="account-code-input"
                placeholder={t('account.placeholder.smsCode')}
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={6}
                addAfter={
                  <Button
                    type="text"
                    size="small"
                    loading={busy === 'send'}
                    disabled={waiting || (busy !== null && busy !== 'send')}
                    onClick={sendCode}
                  >
                    {waiting
                      ? t('account.forgot.resendIn', { seconds: secondsLeft })
                      : sentMinutes === null
                        ? t('account.forgot.send')
                        : t('account.forgot.resend')}
                  </Button>
                }
              />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item
              label={t('account.field.newPassword')}
              field="password"
              required
              rules={[contractRule(passwordSchema, tv)]}
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
          </>
        )}
        {failure ? <Alert className="account-form-failure" type="error" content={failure} /> : null}
        <div className="account-form-actions">
          {step === 'password' ? (
            <Button onClick={() => setStep('verify')} disabled={busy !== null}>
              {t('account.forgot.back')}
            </Button>
          ) : (
            <Button onClick={onClose}>{t('account.common.cancel')}</Button>
          )}
          <Button type="primary" htmlType="submit" loading={busy === 'verify' || busy === 'reset'}>
            {step === 'verify' ? t('account.forgot.next') : t('account.forgot.submit')}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
