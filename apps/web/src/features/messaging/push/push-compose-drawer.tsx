import {
  Checkbox,
  DatePicker,
  Form,
  type FormInstance,
  Input,
  Message,
  Radio,
  Switch,
  Tag,
} from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import {
  isRobotChannel,
  NOTIFY_CHANNELS,
  type NotifyChannel,
  type Push,
  type PushCreateBody,
  pushCreateBodySchema,
} from '@water/contracts';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../../shared/api/http.ts';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { FormDrawer } from '../../../shared/ui/form-drawer.tsx';
import { RecipientsFields } from '../../../shared/ui/recipients-fields.tsx';
import { type ContractForm, useContractForm } from '../../../shared/ui/use-contract-form.ts';
import { pushQueries, useCreatePush } from '../api/push-queries.ts';
import { type PushI18n, usePushI18n } from '../use-push-i18n.ts';
import { PushEstimatePanel } from './push-estimate.tsx';
import { channelText } from './push-labels.tsx';

type Body = z.input<typeof pushCreateBodySchema>;
/** The form: the contract's body, and whether it goes now or at `scheduledAt`. */
type Values = Body & { when: 'now' | 'at' };

/** The server takes a time up to 30 days ahead. */
const MAX_AHEAD_MS = 30 * 24 * 3600_000;
const ESTIMATE_DEBOUNCE_MS = 400;

const noAudience = { userIds: [], roleCodes: [], departmentIds: [] };
const INITIAL: Values = {
  title: '',
  content: '',
  useTemplate: true,
  channels: ['inApp'],
  audience: noAudience,
  scheduledAt: null,
  link: '',
  when: 'now',
};

const toInput = ({ when, ...values }: Values): Body => ({
  ...values,
  title: values.title ?? '',
  content: values.content ?? '',
  link: values.link ?? '',
  audience: { ...noAudience, ...values.audience },
  scheduledAt: when === 'at' ? (values.scheduledAt ?? null) : null,
});

const chosenSomeone = (audience: Body['audience'] | undefined) =>
  Boolean(audience?.userIds?.length || audience?.roleCodes?.length || audience?.departmentIds?.length);

type FieldError = { field?: unknown; message?: unknown };
const onAudience = (e: FieldError) =>
  typeof e.field === 'string' && (e.field === 'audience' || e.field.startsWith('audience.'));

/**
 * The server's field errors as the form shows them: its refusal of the audience (`audience`,
 * `audience.userIds`…) as one message under the three pickers, not under each; the channels it
 * refuses (`channels.2`, each named) as one message on the channel boxes.
 */
function splitServerErrors(error: unknown): { audience: string | null; rest: unknown } {
  if (!(error instanceof ApiError)) return { audience: null, rest: error };
  const data = error.data as { errors?: FieldError[] } | null;
  if (!Array.isArray(data?.errors)) return { audience: null, rest: error };
  const hit = data.errors.find(onAudience);
  const channels = data.errors.filter((e) => typeof e.field === 'string' && /^channels\.\d+$/.test(e.field));
  const errors = data.errors.filter((e) => !onAudience(e) && !channels.includes(e));
  if (channels.length) errors.push({ field: 'channels', message: channels.map((e) => String(e.message)).join(' ') });
  return {
    audience: hit ? (typeof hit.message === 'string' ? hit.message : error.message) : null,
    rest: new ApiError(error.message, error.code, { ...data, errors }),
  };
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * Compose a push: title and content (wrapped in the manual-notice template or as written), users,
 * roles and departments, channels, now or at a time, an optional console link; beside it what the
 * push would queue and cost, read again as the form changes. The server's refusals land on their
 * fields: nobody reached (under the pickers), a channel off (named), a time in the past.
 */
export function PushComposeDrawer({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (push: Push) => void;
}) {
  const i18n = usePushI18n();
  const { t, tv, locale } = i18n;
  const create = useCreatePush();
  // The audience refusal, with the audience it was for: a change of recipients clears it.
  const [audienceError, setAudienceError] = useState<{ message: string; for: string } | null>(null);
  const contract = useContractForm({
    schema: pushCreateBodySchema,
    toInput: (values) => toInput(values as Values),
    tv,
    submit: (body) =>
      create.mutateAsync(body).catch((error: unknown) => {
        const { audience, rest } = splitServerErrors(error);
        if (audience) setAudienceError({ message: audience, for: JSON.stringify(body.audience) });
        throw rest;
      }),
    onSaved: (push) => {
      Message.success(
        push.state === 'scheduled' && push.scheduledAt
          ? t('push.done.scheduled', { time: formatDateTime(push.scheduledAt, locale) })
          : t('push.done.created', { n: push.recipients }),
      );
      setAudienceError(null);
      onCreated(push);
    },
  });
  const form = contract.form as unknown as FormInstance<Values>;
  const when: Values['when'] | undefined = Form.useWatch('when', form as FormInstance);

  // Nobody chosen is refused here, before the server's more precise "nobody reached".
  const guarded: ContractForm<typeof pushCreateBodySchema> = {
    ...contract,
    onSubmit: async (values) => {
      const audience = toInput(values as Values).audience;
      if (!chosenSomeone(audience)) {
        setAudienceError({ message: t('push.check.noRecipients'), for: JSON.stringify(audience) });
        return;
      }
      setAudienceError(null);
      await contract.onSubmit(values);
    },
  };

  const close = () => {
    setAudienceError(null);
    onClose();
  };

  return (
    <FormDrawer
      contract={guarded}
      open={open}
      title={t('push.compose.title')}
      onClose={close}
      width="min(1120px, calc(100vw - 48px))"
      initialValues={INITIAL}
      formKey="new"
      saveText={when === 'at' ? t('push.compose.sendLater') : t('push.compose.sendNow')}
      className="push-compose"
    >
      <div className="push-compose__layout">
        <div className="push-compose__fields">
          <ComposeFields i18n={i18n} contract={contract} audienceError={audienceError} />
        </div>
        <ComposeEstimate form={form} i18n={i18n} />
      </div>
    </FormDrawer>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="push-compose__section" aria-label={title}>
      <h3 className="push-compose__section-title">{title}</h3>
      {children}
    </section>
  );
}

function ComposeFields({
  i18n,
  contract,
  audienceError,
}: {
  i18n: PushI18n;
  contract: ContractForm<typeof pushCreateBodySchema>;
  audienceError: { message: string; for: string } | null;
}) {
  const { t, locale } = i18n;
  const form = contract.form as unknown as FormInstance;
  const useTemplate: boolean | undefined = Form.useWatch('useTemplate', form);
  const when: Values['when'] | undefined = Form.useWatch('when', form);
  const audience: Body['audience'] | undefined = Form.useWatch('audience', form);
  const channels = useQuery(pushQueries.channels(locale));
  const settings = new Map((channels.data ?? []).map((c) => [c.channel, c]));
  const shownAudienceError =
    audienceError && audienceError.for === JSON.stringify({ ...noAudience, ...audience })
      ? audienceError.message
      : null;

  return (
    <>
      <Section title={t('push.compose.section.message')}>
        <Form.Item label={t('push.field.title')} field="title" required rules={[contract.rule('title')]}>
          <Input placeholder={t('push.field.titlePlaceholder')} maxLength={100} showWordLimit />
        </Form.Item>
        <Form.Item label={t('push.field.content')} field="content" rules={[contract.rule('content')]}>
          <Input.TextArea
            placeholder={t('push.field.contentPlaceholder')}
            maxLength={1000}
            showWordLimit
            autoSize={{ minRows: 4, maxRows: 10 }}
          />
        </Form.Item>
        <Form.Item
          label={t('push.field.useTemplate')}
          field="useTemplate"
          triggerPropName="checked"
          extra={t(useTemplate === false ? 'push.field.useTemplateOff' : 'push.field.useTemplateOn')}
        >
          <Switch aria-label={t('push.field.useTemplate')} />
        </Form.Item>
      </Section>
      <Section title={t('push.compose.section.recipients')}>
        <RecipientsFields
          base="audience"
          labels={{
            users: t('push.field.users'),
            roles: t('push.field.roles'),
            departments: t('push.field.departments'),
          }}
          error={shownAudienceError}
        />
      </Section>
      <Section title={t('push.compose.section.delivery')}>
        <Form.Item
          label={t('push.field.channels')}
          field="channels"
          required
          rules={[contract.rule('channels')]}
          extra={t('push.field.channelsHelp')}
        >
          <Checkbox.Group className="push-compose__channels" aria-label={t('push.field.channels')}>
            {NOTIFY_CHANNELS.map((channel) => (
              <Checkbox key={channel} value={channel}>
                <ChannelChoice
                  channel={channel}
                  off={settings.get(channel)?.enabled === false}
                  notReady={settings.get(channel)?.enabled === true && settings.get(channel)?.ready === false}
                  i18n={i18n}
                />
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
        <div className="push-compose__when">
          <Form.Item label={t('push.field.when')} field="when">
            <Radio.Group type="button" aria-label={t('push.field.when')}>
              <Radio value="now">{t('push.field.now')}</Radio>
              <Radio value="at">{t('push.field.at')}</Radio>
            </Radio.Group>
          </Form.Item>
          {when === 'at' ? (
            <Form.Item label={t('push.field.scheduledAt')} field="scheduledAt" required rules={[scheduleRule(i18n)]}>
              <ScheduleField i18n={i18n} />
            </Form.Item>
          ) : null}
        </div>
        <Form.Item
          label={t('push.field.link')}
          field="link"
          rules={[contract.rule('link')]}
          extra={t('push.field.linkHelp')}
        >
          <Input placeholder={t('push.field.linkPlaceholder')} maxLength={300} />
        </Form.Item>
      </Section>
    </>
  );
}

function ChannelChoice({
  channel,
  off,
  notReady,
  i18n,
}: {
  channel: NotifyChannel;
  off: boolean;
  notReady: boolean;
  i18n: PushI18n;
}) {
  const { t } = i18n;
  return (
    <span className="push-channel-choice">
      {channelText(channel, i18n)}
      {isRobotChannel(channel) ? (
        <Tag size="small" color="arcoblue" title={t('push.channel.groupTitle')}>
          {t('push.channel.group')}
        </Tag>
      ) : null}
      {off ? <span className="push-channel-choice__off">{t('push.channel.off')}</span> : null}
      {notReady ? <span className="push-channel-choice__off">{t('push.channel.notReady')}</span> : null}
    </span>
  );
}

/** A time to come, within 30 days; the server says the same in its own words. */
function scheduleRule(i18n: PushI18n) {
  return {
    validator: (value: string | null | undefined, callback: (error?: string) => void) => {
      const at = value ? Date.parse(value) : Number.NaN;
      if (Number.isNaN(at)) return callback(i18n.t('push.check.scheduledAt'));
      if (at <= Date.now()) return callback(i18n.t('push.check.past'));
      if (at > Date.now() + MAX_AHEAD_MS) return callback(i18n.t('push.check.tooFar'));
      callback();
    },
  };
}

const startOfToday = () => {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
};

/** The date and time to send at, as the contract's ISO time; days gone and beyond 30 days are not offered. */
function ScheduleField({
  value,
  onChange,
  i18n,
}: {
  value?: string | null;
  onChange?: (iso: string | null) => void;
  i18n: PushI18n;
}) {
  const { t } = i18n;
  return (
    <DatePicker
      className="push-compose__schedule"
      inputProps={{ 'aria-label': t('push.field.scheduledAt') }}
      placeholder={t('push.field.scheduledPlaceholder')}
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      value={value ? new Date(value) : undefined}
      disabledDate={(current) => {
        const day = current.toDate();
        return day < startOfToday() || day.getTime() > Date.now() + MAX_AHEAD_MS;
      }}
      onChange={(_text, date) => onChange?.(date ? date.toDate().toISOString() : null)}
    />
  );
}

/** The form as the estimate's body, once it has someone and a channel; the title only matters to SMS length. */
function estimateBody(values: Partial<Values>, untitled: string): PushCreateBody | null {
  const input = toInput({ ...INITIAL, ...values } as Values);
  if (!chosenSomeone(input.audience) || !input.channels?.length) return null;
  // The time does not change what is queued; a time past would only make the estimate fail.
  const parsed = pushCreateBodySchema.safeParse({ ...input, title: input.title.trim() || untitled, scheduledAt: null });
  return parsed.success ? parsed.data : null;
}

function ComposeEstimate({ form, i18n }: { form: FormInstance<Values>; i18n: PushI18n }) {
  const watched = form as unknown as FormInstance;
  const values: Partial<Values> = {
    title: Form.useWatch('title', watched),
    content: Form.useWatch('content', watched),
    useTemplate: Form.useWatch('useTemplate', watched),
    channels: Form.useWatch('channels', watched),
    audience: Form.useWatch('audience', watched),
    link: Form.useWatch('link', watched),
  };
  const body = estimateBody(values, i18n.t('push.compose.title'));
  const key = useDebounced(body ? JSON.stringify(body) : null, ESTIMATE_DEBOUNCE_MS);
  return <PushEstimatePanel body={key ? (JSON.parse(key) as PushCreateBody) : null} i18n={i18n} />;
}
