import { Alert, Spin } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { NOTIFY_CHANNELS, type NotifyChannel, type PushCreateBody } from '@water/contracts';
import { errorText } from '../../../shared/ui/form-rules.ts';
import { pushQueries } from '../api/push-queries.ts';
import type { PushI18n } from '../use-push-i18n.ts';
import { ChannelTag, channelText, moneyText } from './push-labels.tsx';

/**
 * What the push in the form would queue, as the server works it out: recipients, deliveries per
 * channel, and the SMS bill (count × price = cost) against the balance, with a warning when the
 * balance falls short. A refusal (a channel off) shows in its words.
 */
export function PushEstimatePanel({ body, i18n }: { body: PushCreateBody | null; i18n: PushI18n }) {
  const { t, locale } = i18n;
  const estimate = useQuery({ ...pushQueries.estimate(body as PushCreateBody, locale), enabled: body !== null });
  const data = body ? estimate.data : undefined;
  const money = (value: number) => moneyText(value, locale);

  let content: React.ReactNode;
  if (!body) {
    content = <p className="push-estimate__hint">{t('push.estimate.hint')}</p>;
  } else if (estimate.isError) {
    content = (
      <Alert
        type="error"
        title={t('push.estimate.failed')}
        content={errorText(estimate.error, t('push.requestFailed'))}
      />
    );
  } else if (!data) {
    content = <Spin className="push-estimate__pending" />;
  } else {
    const off = data.channelsOff ?? [];
    const channels = NOTIFY_CHANNELS.filter((c) => (data.deliveries[c] ?? 0) > 0 || body.channels.includes(c));
    const deliveries = Object.values(data.deliveries).reduce((sum, n) => sum + n, 0);
    const sms = data.sms;
    const smsChosen = body.channels.includes('sms');
    content = (
      <>
        <dl className="push-estimate__figures">
          <div>
            <dt>{t('push.estimate.recipients')}</dt>
            <dd data-testid="estimate-recipients">{data.recipients.toLocaleString(locale)}</dd>
          </div>
          <div>
            <dt>{t('push.estimate.deliveries')}</dt>
            <dd>{deliveries.toLocaleString(locale)}</dd>
          </div>
        </dl>
        {data.recipients === 0 ? <Alert type="warning" content={t('push.estimate.noOne')} /> : null}
        {off.length ? (
          <Alert
            type="warning"
            content={t('push.estimate.channelsOff', {
              channels: off.map((c) => channelText(c, i18n)).join(t('push.listSeparator')),
            })}
          />
        ) : null}
        <h4 className="push-estimate__subtitle">{t('push.estimate.perChannel')}</h4>
        <ul className="push-estimate__channels" aria-label={t('push.estimate.perChannel')}>
          {channels.map((c: NotifyChannel) => (
            <li key={c}>
              <ChannelTag channel={c} i18n={i18n} />
              {off.includes(c) ? (
                <span className="push-estimate__off">{t('push.channel.off')}</span>
              ) : (
                <span className="push-number">{(data.deliveries[c] ?? 0).toLocaleString(locale)}</span>
              )}
            </li>
          ))}
        </ul>
        <h4 className="push-estimate__subtitle">{t('push.estimate.sms')}</h4>
        {smsChosen ? (
          <section className="push-estimate__sms" aria-label={t('push.estimate.sms')}>
            <p className="push-estimate__muted">
              {t('push.estimate.smsRecipients', { recipients: sms.recipients, segments: sms.segments })}
            </p>
            <p className="push-estimate__formula">
              {t('push.estimate.smsFormula', { count: sms.count, price: money(sms.price), cost: money(sms.cost) })}
            </p>
            <p className={`push-estimate__balance${sms.enough ? '' : ' push-estimate__balance--short'}`}>
              {t('push.estimate.balance', { balance: money(sms.balance) })}
            </p>
            {sms.enough ? null : (
              <Alert
                type="warning"
                content={t('push.estimate.short', { cost: money(sms.cost), balance: money(sms.balance) })}
              />
            )}
          </section>
        ) : (
          <p className="push-estimate__muted">{t('push.estimate.smsNone')}</p>
        )}
      </>
    );
  }

  return (
    <aside className="push-estimate" aria-label={t('push.estimate.title')}>
      <header className="push-estimate__header">
        <h3 className="push-estimate__title">{t('push.estimate.title')}</h3>
        {body && estimate.isFetching && data ? (
          <span className="push-estimate__updating">
            <Spin size={12} /> {t('push.estimate.updating')}
          </span>
        ) : null}
      </header>
      {content}
    </aside>
  );
}
