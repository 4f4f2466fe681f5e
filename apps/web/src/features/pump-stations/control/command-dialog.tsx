import {
  Alert,
  Button,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Message,
  Modal,
  Select,
  Switch,
  Tag,
} from '@arco-design/web-react';
import { useQueryClient } from '@tanstack/react-query';
import {
  type CommandSpec,
  type ControlPump,
  type ControlStation,
  type PumpCommand,
  pumpCommandInputSchema,
  pumpControlApi,
} from '@water/contracts';
import { useRef, useState } from 'react';
import { ApiError, callApi } from '../../../shared/api/http.ts';
import { DIGITS, formatNumber, valueText } from '../live/live-format.ts';
import type { StationLiveI18n } from '../live/use-station-live-i18n.ts';
import { COMMAND_STATE_COLORS, interlockText, nameOf, PUMP_TAG_COLORS } from './control-format.ts';
import { pumpControlQueries } from './pump-control-queries.ts';
import type { PumpControlI18n } from './use-pump-control-i18n.ts';

/** What the dialog confirms: one pump's command, or a stop of every pump of the station. */
export type CommandTarget = { kind: 'command'; pump: ControlPump; spec: CommandSpec } | { kind: 'stopAll' };

type Params = Record<string, number | string | boolean>;

/** A fresh idempotency key: one per dialog opening, so a double click or a retry sends one command. */
const newKey = () => crypto.randomUUID();

const REFUSED_STATES = new Set(['blocked', 'refused']);

/** The parameters a command opens with: the pump's current frequency for set frequency, the other mode for set mode. */
function initialParams(spec: CommandSpec, pump: ControlPump, frequency: number | null): Params {
  const params: Params = {};
  for (const p of spec.params) {
    if (p.dataType === 'number' || p.dataType === 'integer') {
      const current = p.key === 'frequency' && frequency ? frequency : null;
      const inRange = current !== null && (p.min === null || current >= p.min) && (p.max === null || current <= p.max);
      const value = inRange ? current : (p.max ?? p.min);
      if (value !== null) params[p.key] = value;
    } else if (p.dataType === 'enum') {
      const other = p.options.find((o) => o.value !== pump.mode) ?? p.options[0];
      if (other) params[p.key] = other.value;
    } else if (p.dataType === 'boolean') params[p.key] = false;
  }
  return params;
}

/**
 * The second step of every command (SCADA's select-before-operate): the pump as it is now, the
 * command with its parameters, a required reason, and one confirm. A refusal (an interlock on the
 * server, or the server's own answer) stays in the dialog with its reason.
 */
export function CommandDialog({
  target,
  station,
  i18n,
  liveI18n,
  onClose,
  onSent,
}: {
  target: CommandTarget;
  station: ControlStation;
  i18n: PumpControlI18n;
  liveI18n: StationLiveI18n;
  onClose: () => void;
  /** A command accepted by the server (sent, pending or awaiting approval). */
  onSent: (commands: PumpCommand[]) => void;
}) {
  const { t, locale } = i18n;
  const [form] = Form.useForm();
  const queryClient = useQueryClient();
  const [key, setKey] = useState(newKey);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [results, setResults] = useState<PumpCommand[] | null>(null);
  // A second click lands before React re-renders the spinning button: this guard sees it at once.
  const busy = useRef(false);
  const s = station.station;
  const live =
    target.kind === 'command'
      ? s.pumps.find((p) => p.id === target.pump.pumpId || p.number === target.pump.number)
      : undefined;
  const none = liveI18n.t('live.none');
  const pumpName =
    target.kind === 'command'
      ? t('pumpControl.pump.title', { number: target.pump.number, name: target.pump.name })
      : '';
  const commandName = target.kind === 'command' ? nameOf(target.spec, locale) : t('pumpControl.stopAll');
  const title =
    target.kind === 'command'
      ? t('pumpControl.dialog.title', { command: commandName, pump: pumpName })
      : t('pumpControl.stopAll.title', { station: s.name });
  const blockedNow = target.kind === 'command' ? (target.pump.checks[target.spec.key] ?? null) : null;
  const level = (v: number | null) => (v === null ? none : `${formatNumber(v, locale, DIGITS.level)} m`);

  const reasonRule = {
    validator: (value: unknown, callback: (error?: string) => void) => {
      const text = typeof value === 'string' ? value.trim() : '';
      if (text.length < 2) return callback(t('pumpControl.dialog.reasonRequired'));
      const parsed = pumpCommandInputSchema.shape.reason.safeParse(text);
      callback(parsed.success ? undefined : i18n.tv(parsed.error.issues[0]?.message ?? ''));
    },
  };

  const submit = async () => {
    if (busy.current) return;
    busy.current = true;
    // Once the server has taken the command the dialog is closing: a late second click sends nothing.
    let taken = false;
    setFailure(null);
    try {
      let values: { reason: string; params?: Params };
      try {
        values = (await form.validate()) as { reason: string; params?: Params };
      } catch {
        return;
      }
      setPending(true);
      const reason = values.reason.trim();
      if (target.kind === 'stopAll') {
        const answer = await callApi(pumpControlApi.stopAll, {
          locale,
          params: { id: s.id },
          body: { reason, idempotencyKey: key },
          silent: true,
        });
        taken = true;
        setResults(answer.commands);
        onSent(answer.commands.filter((c) => !REFUSED_STATES.has(c.state)));
        return;
      }
      const command = await callApi(pumpControlApi.send, {
        locale,
        body: {
          pumpId: target.pump.pumpId,
          command: target.spec.key,
          params: values.params ?? {},
          reason,
          idempotencyKey: key,
        },
        silent: true,
      });
      if (REFUSED_STATES.has(command.state)) {
        setFailure(
          command.detail || (command.interlock ? interlockText(command.interlock, t) : t('pumpControl.dialog.refused')),
        );
        // The refusal is recorded under this key: a new attempt (once the cause is gone) is a new command.
        setKey(newKey());
        return;
      }
      taken = true;
      Message.success(
        t(command.state === 'awaiting_approval' ? 'pumpControl.sentApproval' : 'pumpControl.sent', {
          command: commandName,
        }),
      );
      onSent([command]);
      onClose();
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : t('pumpControl.dialog.failed'));
      // A definite answer (refused, invalid) needs a new key; a lost answer keeps it, so a retry is the same command.
      if (error instanceof ApiError) {
        setKey(newKey());
        // A refusal is recorded too: the history shows it.
        void queryClient.invalidateQueries({ queryKey: pumpControlQueries.all });
      }
    } finally {
      if (!taken) busy.current = false;
      setPending(false);
    }
  };

  const footer = results ? (
    <Button type="primary" onClick={onClose}>
      {t('pumpControl.stopAll.close')}
    </Button>
  ) : (
    <>
      <Button onClick={onClose} disabled={pending}>
        {t('pumpControl.dialog.cancel')}
      </Button>
      <Button
        type="primary"
        status={target.kind === 'stopAll' || target.spec.key === 'stop' ? 'danger' : 'default'}
        loading={pending}
        onClick={() => void submit()}
      >
        {target.kind === 'stopAll' ? t('pumpControl.stopAll.confirm') : t('pumpControl.dialog.confirm')}
      </Button>
    </>
  );

  const now = [
    ...(target.kind === 'command'
      ? [
          {
            label: t('pumpControl.dialog.pumpState'),
            value: live ? (
              <Tag size="small" color={PUMP_TAG_COLORS[live.state]}>
                {liveI18n.t(`live.pump.${live.state}`)}
              </Tag>
            ) : (
              none
            ),
          },
          {
            label: t('pumpControl.mode'),
            value: t(`pumpControl.mode.${target.pump.mode ?? 'unknown'}`),
          },
        ]
      : [
          {
            label: t('pumpControl.dialog.pumpState'),
            value: t('pumpControl.pumpsRunning', { running: s.pumpsRunning, total: s.pumpsTotal }),
          },
        ]),
    {
      label: t('pumpControl.level'),
      value: t('pumpControl.dialog.levelVs', {
        level: level(s.level.value),
        protection: level(s.setPoints.protection),
      }),
    },
    ...(live
      ? [{ label: t('pumpControl.frequency'), value: valueText(live.frequency, locale, DIGITS.frequency, 'Hz', none) }]
      : []),
  ];

  return (
    <Modal
      visible
      title={title}
      onCancel={onClose}
      footer={footer}
      maskClosable={false}
      className="pump-control-dialog"
      unmountOnExit
    >
      {results ? (
        <section aria-label={t('pumpControl.stopAll.results')}>
          <h3 className="pump-control-dialog__heading">{t('pumpControl.stopAll.results')}</h3>
          <ul className="pump-control-dialog__results">
            {results.map((c) => (
              <li key={c.id}>
                <span className="pump-control-dialog__pump">
                  {t('pumpControl.pump.title', { number: c.pumpNumber, name: c.pumpName })}
                </span>
                <Tag size="small" color={COMMAND_STATE_COLORS[c.state]}>
                  {t(`pumpControl.state.${c.state}`)}
                </Tag>
                {c.detail ? <span className="pump-control-dialog__detail">{c.detail}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <>
          <Descriptions
            className="pump-control-dialog__now"
            title={t('pumpControl.dialog.now')}
            column={2}
            size="small"
            data={now}
          />
          {blockedNow ? (
            <Alert
              className="pump-control-dialog__alert"
              type="warning"
              content={t('pumpControl.dialog.blockedNow', { reason: interlockText(blockedNow, t) })}
            />
          ) : null}
          {station.settings.requireApproval ? (
            <Alert
              className="pump-control-dialog__alert"
              type="info"
              content={t('pumpControl.dialog.approval', { minutes: station.settings.approvalMinutes })}
            />
          ) : null}
          <Form
            form={form}
            layout="vertical"
            disabled={pending}
            initialValues={{
              reason: '',
              params:
                target.kind === 'command' ? initialParams(target.spec, target.pump, live?.frequency.value ?? null) : {},
            }}
            onChange={() => setFailure(null)}
          >
            <Form.Item label={t('pumpControl.dialog.command')}>
              <span className="pump-control-dialog__command">
                {commandName}
                {target.kind === 'stopAll' ? <span className="pump-control-dialog__muted">{s.name}</span> : null}
              </span>
            </Form.Item>
            {target.kind === 'stopAll' ? (
              <p className="pump-control-dialog__intro">{t('pumpControl.stopAll.intro')}</p>
            ) : null}
            {target.kind === 'command'
              ? target.spec.params.map((p) => <ParamField key={p.key} param={p} i18n={i18n} />)
              : null}
            <Form.Item
              label={t('pumpControl.dialog.reason')}
              field="reason"
              required
              rules={[reasonRule]}
              validateTrigger={['onBlur', 'onSubmit']}
            >
              <Input.TextArea
                aria-label={t('pumpControl.dialog.reason')}
                placeholder={t('pumpControl.dialog.reasonPlaceholder')}
                maxLength={200}
                showWordLimit
                autoSize={{ minRows: 2, maxRows: 4 }}
              />
            </Form.Item>
          </Form>
          <p className="pump-control-dialog__warning">{t('pumpControl.dialog.warning')}</p>
          {failure ? (
            <Alert
              className="pump-control-dialog__alert"
              type="error"
              title={t('pumpControl.dialog.refused')}
              content={failure}
            />
          ) : null}
        </>
      )}
    </Modal>
  );
}

/** One command parameter as the thing model declares it: a number within its range, an option, a switch or text. */
function ParamField({ param: p, i18n }: { param: CommandSpec['params'][number]; i18n: PumpControlI18n }) {
  const { t, locale } = i18n;
  const name = nameOf(p, locale);
  const label = p.unit ? `${name} (${p.unit})` : name;
  const field = `params.${p.key}`;
  const required = { required: true, message: t('pumpControl.dialog.paramRequired', { name }) };
  if (p.dataType === 'number' || p.dataType === 'integer') {
    const range = {
      validator: (value: unknown, callback: (error?: string) => void) => {
        const n = typeof value === 'number' ? value : Number.NaN;
        const out = (p.min !== null && n < p.min) || (p.max !== null && n > p.max);
        callback(
          out
            ? t('pumpControl.dialog.paramRange', { name, min: p.min ?? '', max: p.max ?? '', unit: p.unit })
            : undefined,
        );
      },
    };
    return (
      <Form.Item label={label} field={field} rules={[required, range]}>
        <InputNumber
          aria-label={name}
          min={p.min ?? undefined}
          max={p.max ?? undefined}
          precision={p.dataType === 'integer' ? 0 : p.precision}
          step={p.dataType === 'integer' ? 1 : 10 ** -Math.min(p.precision, 1)}
          suffix={p.unit || undefined}
        />
      </Form.Item>
    );
  }
  if (p.dataType === 'enum') {
    return (
      <Form.Item label={label} field={field} rules={[required]}>
        <Select aria-label={name} options={p.options.map((o) => ({ value: o.value, label: nameOf(o, locale) }))} />
      </Form.Item>
    );
  }
  if (p.dataType === 'boolean') {
    return (
      <Form.Item label={label} field={field} triggerPropName="checked">
        <Switch aria-label={name} />
      </Form.Item>
    );
  }
  return (
    <Form.Item label={label} field={field} rules={[required]}>
      <Input aria-label={name} maxLength={64} />
    </Form.Item>
  );
}
