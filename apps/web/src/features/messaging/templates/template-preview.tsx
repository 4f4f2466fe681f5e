import { Alert, Spin, Tag } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import {
  isRobotChannel,
  LOCALES,
  type Locale,
  type NotifyChannel,
  type NotifyTemplatePreview,
  ROBOT_MARKDOWN_MAX_BYTES,
  SMS_MAX_SEGMENTS,
} from '@water/contracts';
import { format } from '../../../shared/i18n/messages.ts';
import { errorText } from '../../../shared/ui/form-rules.ts';
import { notifyTemplateQueries, type PreviewBody } from '../api/notify-template-queries.ts';
import type { TemplatesI18n, TemplatesMessageKey } from '../use-templates-i18n.ts';
import { useDebounced } from './template-labels.ts';

/** How long the text stands still before it is rendered again. */
export const PREVIEW_DEBOUNCE_MS = 300;

interface TemplatePreviewProps {
  body: PreviewBody;
  /** The language being edited: its rendering is marked. */
  active: Locale;
  i18n: TemplatesI18n;
}

/**
 * The template as recipients will get it, rendered by the server with sample values in both
 * languages (~300 ms after typing stops): an SMS as a bubble with its characters and billed parts,
 * robot markdown and the webhook's text as the raw text with its bytes against the robot's cap. The
 * unknown variables and the limits a save would refuse are listed on top.
 */
export function TemplatePreview({ body, active, i18n }: TemplatePreviewProps) {
  const { t, locale } = i18n;
  const key = useDebounced(JSON.stringify(body), PREVIEW_DEBOUNCE_MS);
  const preview = useQuery(notifyTemplateQueries.preview(JSON.parse(key) as PreviewBody, locale));
  const channel = body.channel;

  return (
    <section className="tpl-preview" aria-label={t('messaging.templates.preview.title')}>
      <header className="tpl-preview__header">
        <h3 className="tpl-preview__title">
          {t('messaging.templates.preview.title')}
          {preview.isFetching ? <Spin size={12} className="tpl-preview__spin" /> : null}
        </h3>
        <p className="tpl-muted">{t('messaging.templates.preview.samples')}</p>
      </header>
      {preview.isError && !preview.data ? (
        <Alert
          type="error"
          content={t('messaging.templates.preview.failed', {
            error: errorText(preview.error, t('messaging.templates.requestFailed')),
          })}
        />
      ) : null}
      {preview.data ? (
        <>
          <PreviewChecks data={preview.data} i18n={i18n} />
          {LOCALES.map((lang) => (
            <Rendering
              key={lang}
              lang={lang}
              active={lang === active}
              data={preview.data}
              channel={channel}
              i18n={i18n}
            />
          ))}
        </>
      ) : preview.isPending ? (
        <Spin className="tpl-preview__loading" />
      ) : null}
    </section>
  );
}

/** The unknown variables and the limits exceeded, in words, or that all is well. */
function PreviewChecks({ data, i18n }: { data: NotifyTemplatePreview; i18n: TemplatesI18n }) {
  const { t, tv } = i18n;
  const problems = data.problems.map((p) => {
    const figures = {
      limit: p.limit,
      segments: data.sms?.[p.locale].segments ?? 0,
      chars: data.sms?.[p.locale].chars ?? 0,
      bytes: data.bytes[p.locale],
    };
    return {
      key: `${p.locale}:${p.key}`,
      text: t('messaging.templates.preview.problem', {
        lang: t(`messaging.templates.lang.${p.locale}` as TemplatesMessageKey),
        text: format(tv(p.key), figures),
      }),
    };
  });
  if (data.unknown.length === 0 && problems.length === 0) {
    return <p className="tpl-preview__ok">{t('messaging.templates.preview.ok')}</p>;
  }
  return (
    <div className="tpl-preview__checks" role="alert">
      {data.unknown.length ? (
        <Alert
          type="warning"
          content={
            <span>
              {t('messaging.templates.preview.unknown')}
              <span className="tpl-preview__names">
                {data.unknown.map((name) => (
                  <Tag key={name} color="orangered" size="small" className="tpl-mono">
                    {`{${name}}`}
                  </Tag>
                ))}
              </span>
            </span>
          }
        />
      ) : null}
      {problems.map((p) => (
        <Alert key={p.key} type="error" content={p.text} />
      ))}
    </div>
  );
}

function Rendering({
  lang,
  active,
  data,
  channel,
  i18n,
}: {
  lang: Locale;
  active: boolean;
  data: NotifyTemplatePreview;
  channel: NotifyChannel;
  i18n: TemplatesI18n;
}) {
  const { t } = i18n;
  const { title, body } = data.rendered[lang];
  const empty = <span className="tpl-muted">{t('messaging.templates.preview.empty')}</span>;
  const langName = t(`messaging.templates.lang.${lang}` as TemplatesMessageKey);
  return (
    <article
      className={`tpl-preview__lang${active ? ' tpl-preview__lang--active' : ''}`}
      aria-label={langName}
      lang={lang}
    >
      <h4 className="tpl-preview__lang-name">{langName}</h4>
      {channel === 'sms' ? (
        <SmsRendering body={body} size={data.sms?.[lang]} i18n={i18n} />
      ) : isRobotChannel(channel) || channel === 'webhook' ? (
        <>
          <pre className="tpl-preview__raw tpl-mono">
            {title ? <strong className="tpl-preview__raw-title">{title}</strong> : null}
            {body || empty}
          </pre>
          <BytesMeta
            bytes={data.bytes[lang]}
            cap={isRobotChannel(channel) ? ROBOT_MARKDOWN_MAX_BYTES[channel] : null}
            i18n={i18n}
          />
        </>
      ) : (
        <div className="tpl-preview__message">
          {channel === 'email' ? (
            <div className="tpl-preview__subject">
              <span className="tpl-muted">{t('messaging.templates.preview.subject')}</span> {title || empty}
            </div>
          ) : (
            <div className="tpl-preview__message-title">{title || empty}</div>
          )}
          <div className="tpl-preview__message-body">{body || empty}</div>
        </div>
      )}
    </article>
  );
}

function SmsRendering({
  body,
  size,
  i18n,
}: {
  body: string;
  size: { chars: number; segments: number; unicode: boolean } | undefined;
  i18n: TemplatesI18n;
}) {
  const { t } = i18n;
  const over = (size?.segments ?? 0) > SMS_MAX_SEGMENTS;
  return (
    <>
      <div className="tpl-sms">
        {body || <span className="tpl-muted">{t('messaging.templates.preview.empty')}</span>}
      </div>
      {size ? (
        <div className={`tpl-preview__meta${over ? ' tpl-preview__meta--over' : ''}`}>
          <span>{t('messaging.templates.preview.smsSize', { chars: size.chars, segments: size.segments })}</span>
          <span className="tpl-muted">{t('messaging.templates.preview.smsLimit', { limit: SMS_MAX_SEGMENTS })}</span>
          <span className="tpl-muted tpl-preview__encoding">
            {t(size.unicode ? 'messaging.templates.preview.smsUnicode' : 'messaging.templates.preview.smsGsm')}
          </span>
        </div>
      ) : null}
    </>
  );
}

function BytesMeta({ bytes, cap, i18n }: { bytes: number; cap: number | null; i18n: TemplatesI18n }) {
  const { t } = i18n;
  const over = cap !== null && bytes > cap;
  return (
    <div className={`tpl-preview__meta${over ? ' tpl-preview__meta--over' : ''}`}>
      {cap === null
        ? t('messaging.templates.preview.bytesPlain', { bytes })
        : t('messaging.templates.preview.bytes', { bytes, limit: cap })}
    </div>
  );
}
