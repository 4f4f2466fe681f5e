import {
  Alert,
  Button,
  Checkbox,
  Form,
  type FormInstance,
  Message,
  Radio,
  Skeleton,
  Switch,
  TimePicker,
} from '@arco-design/web-react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LOCALES,
  type Locale,
  type NotifyPrefs,
  type NotifyPrefsInput,
  notifyApi,
  notifyPrefsInputSchema,
  PERSONAL_CHANNELS,
  type PersonalChannel,
} from '@water/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { callApi } from '../../../shared/api/http.ts';
import { errorText, showServerFieldErrors } from '../../../shared/ui/form-rules.ts';
import { LoadFailedResult } from '../../../shared/ui/list-scaffold.tsx';
import { type AccountI18n, type AccountMessageKey, useAccountI18n } from '../use-account-i18n.ts';
import './notify-prefs-form.css';

/** Quiet hours a user who never set them starts from: a night. */
const NIGHT = { start: '22:00', end: '07:00' };

/** The caller's own preferences: under the account's key, so a profile change refreshes them. */
export const notifyPrefsQuery = (locale: Locale) =>
  queryOptions({
    queryKey: ['account', 'notify-prefs', locale] as const,
    queryFn: ({ signal }) => callApi(notifyApi.prefs, { locale, signal, silent: true }),
  });

type Values = NotifyPrefsInput;

/**
 * The user's notification preferences (/user/settings, "Notifications"): the channels that reach
 * them (in-app always; SMS and e-mail to the profile's phone and e-mail, shown here), the language
 * their messages are written in, and quiet hours, which hold SMS, e-mail and webhook messages back
 * until they end, except critical alarms.
 */
export function NotifyPrefsForm() {
  const i18n = useAccountI18n();
  const { t, locale } = i18n;
  const prefs = useQuery(notifyPrefsQuery(locale));
  if (prefs.isError && !prefs.data) {
    return (
      <LoadFailedResult
        error={prefs.error}
        onRetry={() => prefs.refetch()}
        title={t('account.common.loadFailed')}
        requestFailed={t('account.common.requestFailed')}
        retryLabel={t('account.common.retry')}
      />
    );
  }
  if (!prefs.data) return <Skeleton animation text={{ rows: 6 }} />;
  return <PrefsFields prefs={prefs.data} i18n={i18n} />;
}

function PrefsFields({ prefs, i18n }: { prefs: NotifyPrefs; i18n: AccountI18n }) {
  const { t, tv, locale } = i18n;
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: NotifyPrefsInput) => callApi(notifyApi.updatePrefs, { locale, body, silent: true }),
    onSuccess: (saved) => queryClient.setQueryData(notifyPrefsQuery(locale).queryKey, saved),
  });
  const watched = form as unknown as FormInstance;
  const quietOn: boolean | undefined = Form.useWatch('quietHours.enabled', watched);
  const start: string | undefined = Form.useWatch('quietHours.start', watched);
  const end: string | undefined = Form.useWatch('quietHours.end', watched);

  const initialValues: Values = {
    // In-app is always on: shown ticked whether or not the answer lists it.
    channels: ['inApp', ...prefs.channels.filter((c) => c !== 'inApp')],
    locale: prefs.locale,
    quietHours: {
      enabled: prefs.quietHours.enabled,
      start: prefs.quietHours.start || NIGHT.start,
      end: prefs.quietHours.end || NIGHT.end,
    },
  };

  const submit = async (values: Values) => {
    setFailure(null);
    const parsed = notifyPrefsInputSchema.safeParse({
      ...values,
      channels: PERSONAL_CHANNELS.filter((c) => c === 'inApp' || values.channels?.includes(c)),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const message = tv(issue?.message ?? '');
      const field = issue?.path.map(String).join('.');
      if (field) form.setFields({ [field]: { error: { message } } } as never);
      setFailure(message);
      return;
    }
    try {
      await save.mutateAsync(parsed.data);
      Message.success(t('account.notify.saved'));
    } catch (error) {
      showServerFieldErrors(form, error);
      setFailure(errorText(error, t('account.common.requestFailed')));
    }
  };

  const address = (channel: PersonalChannel) => {
    if (channel === 'inApp') return <span className="notify-prefs__muted">{t('account.notify.alwaysOn')}</span>;
    if (channel === 'webhook') return <span className="notify-prefs__muted">{t('account.notify.webhookHelp')}</span>;
    const value = channel === 'sms' ? prefs.phone : prefs.email;
    if (!value) {
      return (
        <span className="notify-prefs__warning">
          {t(channel === 'sms' ? 'account.notify.noPhone' : 'account.notify.noEmail')}
        </span>
      );
    }
    return <span className="notify-prefs__muted">{t('account.notify.to', { address: value })}</span>;
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className="notify-prefs"
      disabled={save.isPending}
      initialValues={initialValues}
      onSubmit={submit}
      onChange={() => setFailure(null)}
    >
      <p className="notify-prefs__intro">{t('account.notify.intro')}</p>
      <Form.Item label={t('account.notify.channels')} field="channels">
        <Checkbox.Group aria-label={t('account.notify.channels')} direction="vertical">
          {PERSONAL_CHANNELS.map((channel) => (
            <Checkbox key={channel} value={channel} disabled={channel === 'inApp'}>
              <span className="notify-prefs__channel">
                <span>{t(`account.notify.channel.${channel}` as AccountMessageKey)}</span>
                {address(channel)}
              </span>
            </Checkbox>
          ))}
        </Checkbox.Group>
      </Form.Item>
      <p className="notify-prefs__hint">
        {t('account.notify.addressHint')} <Link to="/user/center">{t('account.notify.profileLink')}</Link>
      </p>
      <Form.Item label={t('account.notify.locale')} field="locale" extra={t('account.notify.localeHelp')}>
        <Radio.Group type="button" aria-label={t('account.notify.locale')}>
          {LOCALES.map((l) => (
            <Radio key={l} value={l}>
              {t(`account.notify.locale.${l}` as AccountMessageKey)}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item label={t('account.notify.quiet')} extra={t('account.notify.quietHelp')}>
        <div className="notify-prefs__quiet">
          <Form.Item field="quietHours.enabled" triggerPropName="checked" noStyle>
            <Switch aria-label={t('account.notify.quietOn')} />
          </Form.Item>
          <Form.Item field="quietHours.start" noStyle>
            <TimePicker
              format="HH:mm"
              allowClear={false}
              disabled={!quietOn}
              aria-label={t('account.notify.quietStart')}
              placeholder={t('account.notify.quietStart')}
            />
          </Form.Item>
          <span className="notify-prefs__muted">~</span>
          <Form.Item field="quietHours.end" noStyle>
            <TimePicker
              format="HH:mm"
              allowClear={false}
              disabled={!quietOn}
              aria-label={t('account.notify.quietEnd')}
              placeholder={t('account.notify.quietEnd')}
            />
          </Form.Item>
          {start && end && end <= start ? (
            <span className="notify-prefs__muted">{t('account.notify.quietNextDay')}</span>
          ) : null}
        </div>
      </Form.Item>
      {failure ? <Alert className="account-form-failure" type="error" content={failure} /> : null}
      <div className="account-form-actions account-form-actions--start">
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('account.notify.save')}
        </Button>
      </div>
    </Form>
  );
}
