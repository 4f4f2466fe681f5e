import { Alert, Button, Card, Form, Input, Message, Switch, Tag } from '@arco-design/web-react';
import { IconSend } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { isRobotChannel, type NotifyChannel, type NotifyChannelSettings } from '@water/contracts';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { errorText, showServerFieldErrors } from '../../../shared/ui/form-rules.ts';
import { QueryState } from '../../../shared/ui/list-scaffold.tsx';
import { notifyTemplateQueries, useSaveChannel, useTestChannel } from '../api/notify-template-queries.ts';
import type { TemplatesI18n, TemplatesMessageKey } from '../use-templates-i18n.ts';
import { channelName } from './template-labels.ts';

/** Channels with an address the console sets (the others' come from the server's settings). */
const ADDRESSED = new Set<NotifyChannel>(['webhook', 'wecom', 'dingtalk', 'feishu']);
/** Channels that sign with a secret: WeCom's robot has none (its key is in the address). */
const SIGNED = new Set<NotifyChannel>(['webhook', 'dingtalk', 'feishu']);

/**
 * The channels, a card each: on or off, whether it can deliver now, where it sends (the robots' and
 * the webhook's address and signing secret, set here; the SMS provider and the e-mail sender, from
 * the server's settings), a short how-to, and a test send that says how it went and how long it took.
 * Readers see the same without the switches, the boxes' saving and the test.
 */
export function ChannelCards({ i18n, writer }: { i18n: TemplatesI18n; writer: boolean }) {
  const { t, locale } = i18n;
  const channels = useQuery(notifyTemplateQueries.channels(locale));
  return (
    <QueryState
      query={channels}
      failedTitle={t('messaging.templates.loadFailed')}
      requestFailed={t('messaging.templates.requestFailed')}
      retryLabel={t('messaging.templates.retry')}
      skeletonClassName="list-page__skeleton"
    >
      <div className="tpl-channels">
        {(channels.data ?? []).map((c) => (
          <ChannelCard key={`${c.channel}:${c.updatedAt ?? ''}`} settings={c} writer={writer} i18n={i18n} />
        ))}
      </div>
    </QueryState>
  );
}

interface AddressValues {
  url: string;
  secret: string;
}

type TestOutcome = { ok: boolean; text: string };

function ChannelCard({
  settings,
  writer,
  i18n,
}: {
  settings: NotifyChannelSettings;
  writer: boolean;
  i18n: TemplatesI18n;
}) {
  const { t, locale } = i18n;
  const { channel } = settings;
  const name = channelName(t, channel);
  const save = useSaveChannel();
  const test = useTestChannel();
  const [form] = Form.useForm<AddressValues>();
  const [failure, setFailure] = useState<string | null>(null);
  const [clearSecret, setClearSecret] = useState(false);
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);
  const [switching, setSwitching] = useState(false);
  const addressed = ADDRESSED.has(channel);
  const signed = SIGNED.has(channel);

  const send = (enabled: boolean, values?: AddressValues) => {
    setFailure(null);
    const secret = clearSecret ? '' : values?.secret ? values.secret : undefined;
    // The e-mail "address" is the SMTP host from the settings: nothing the console sends back.
    // A switch flipped after typing an address saves that address too.
    const url = addressed ? (values?.url ?? form.getFieldValue('url') ?? settings.url) : '';
    return save.mutateAsync({ channel, body: { enabled, url, ...(secret === undefined ? {} : { secret }) } }).then(
      () => {
        Message.success(
          t(
            values
              ? 'messaging.templates.ch.done.save'
              : enabled
                ? 'messaging.templates.ch.done.on'
                : 'messaging.templates.ch.done.off',
          ),
        );
      },
      (error: unknown) => {
        showServerFieldErrors(form, error);
        setFailure(errorText(error, t('messaging.templates.requestFailed')));
      },
    );
  };

  const runTest = () => {
    setOutcome(null);
    test.mutateAsync(channel).then(
      (result) =>
        setOutcome(
          result.ok
            ? { ok: true, text: t('messaging.templates.ch.testOk', { ms: Math.round(result.ms) }) }
            : {
                ok: false,
                text: t('messaging.templates.ch.testFailed', { error: result.error, ms: Math.round(result.ms) }),
              },
        ),
      (error: unknown) => setOutcome({ ok: false, text: errorText(error, t('messaging.templates.requestFailed')) }),
    );
  };

  const state = !settings.enabled ? (
    <Tag size="small">{t('messaging.templates.ch.off')}</Tag>
  ) : settings.ready ? (
    <Tag size="small" color="green">
      {t('messaging.templates.ch.ready')}
    </Tag>
  ) : (
    <Tag size="small" color="orange">
      {t('messaging.templates.ch.notReady')}
    </Tag>
  );

  return (
    <Card
      className="tpl-channel"
      size="small"
      role="region"
      aria-label={name}
      title={
        <span className="tpl-channel__title">
          {name}
          {state}
        </span>
      }
      extra={
        channel === 'inApp' ? (
          <span className="tpl-muted">{t('messaging.templates.ch.alwaysOn')}</span>
        ) : (
          <Switch
            size="small"
            checked={settings.enabled}
            disabled={!writer}
            loading={switching}
            aria-label={t('messaging.templates.ch.enabledLabel', { channel: name })}
            onChange={(enabled: boolean) => {
              setSwitching(true);
              void send(enabled).finally(() => setSwitching(false));
            }}
          />
        )
      }
    >
      <p className="tpl-muted tpl-channel__help">
        {t(`messaging.templates.ch.help.${channel}` as TemplatesMessageKey)}
      </p>
      {isRobotChannel(channel) ? (
        <p className="tpl-muted tpl-channel__help">{t('messaging.templates.ch.robotNote')}</p>
      ) : null}
      {channel === 'sms' ? (
        <dl className="tpl-facts">
          <dt>{t('messaging.templates.ch.provider')}</dt>
          <dd>{settings.provider || t('messaging.templates.ch.notConfigured')}</dd>
        </dl>
      ) : null}
      {channel === 'email' ? (
        <dl className="tpl-facts">
          <dt>{t('messaging.templates.ch.smtpHost')}</dt>
          <dd>{settings.url || t('messaging.templates.ch.notConfigured')}</dd>
          <dt>{t('messaging.templates.ch.sender')}</dt>
          <dd>{settings.provider || t('messaging.templates.ch.notConfigured')}</dd>
        </dl>
      ) : null}
      {addressed ? (
        <Form<AddressValues>
          form={form}
          layout="vertical"
          size="small"
          disabled={!writer || save.isPending}
          initialValues={{ url: settings.url, secret: '' }}
          onChange={() => setFailure(null)}
          onSubmit={(values) => void send(settings.enabled, values)}
        >
          <Form.Item label={t('messaging.templates.ch.url')} field="url">
            <Input
              aria-label={`${name} · ${t('messaging.templates.ch.url')}`}
              placeholder={
                writer
                  ? t(`messaging.templates.ch.urlPlaceholder.${channel}` as TemplatesMessageKey)
                  : t('messaging.templates.ch.notConfigured')
              }
              maxLength={500}
              allowClear
            />
          </Form.Item>
          {signed ? (
            <Form.Item
              label={t('messaging.templates.ch.secret')}
              field="secret"
              extra={
                clearSecret ? (
                  <span className="tpl-warning">
                    {t('messaging.templates.ch.secretCleared')}{' '}
                    <Button type="text" size="mini" onClick={() => setClearSecret(false)}>
                      {t('messaging.templates.ch.secretUndo')}
                    </Button>
                  </span>
                ) : settings.hasSecret && writer ? (
                  <Button type="text" size="mini" className="tpl-channel__clear" onClick={() => setClearSecret(true)}>
                    {t('messaging.templates.ch.secretClear')}
                  </Button>
                ) : null
              }
            >
              <Input.Password
                aria-label={`${name} · ${t('messaging.templates.ch.secret')}`}
                placeholder={t(
                  settings.hasSecret ? 'messaging.templates.ch.secretKept' : 'messaging.templates.ch.secretNone',
                )}
                disabled={clearSecret || !writer}
                autoComplete="new-password"
                maxLength={200}
              />
            </Form.Item>
          ) : null}
        </Form>
      ) : null}
      {failure ? <Alert className="tpl-channel__alert" type="error" content={failure} /> : null}
      {outcome ? (
        <div role="status" className="tpl-channel__alert">
          <Alert type={outcome.ok ? 'success' : 'error'} content={outcome.text} />
        </div>
      ) : null}
      <footer className="tpl-channel__foot">
        <span className="tpl-muted">
          {settings.updatedAt
            ? t('messaging.templates.ch.updatedAt', { time: formatDateTime(settings.updatedAt, locale) })
            : null}
        </span>
        {writer ? (
          <span className="tpl-channel__buttons">
            <Button
              size="small"
              icon={<IconSend />}
              loading={test.isPending}
              aria-label={t('messaging.templates.ch.testLabel', { channel: name })}
              title={t(
                isRobotChannel(channel) ? 'messaging.templates.ch.testToGroup' : 'messaging.templates.ch.testToYou',
              )}
              onClick={runTest}
            >
              {t('messaging.templates.ch.test')}
            </Button>
            {addressed ? (
              <Button size="small" type="primary" loading={save.isPending} onClick={() => form.submit()}>
                {t('messaging.templates.ch.save')}
              </Button>
            ) : null}
          </span>
        ) : null}
      </footer>
    </Card>
  );
}
