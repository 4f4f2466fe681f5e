import { Button, Tag, Tooltip } from '@arco-design/web-react';
import {
  type CommandSpec,
  type ControlPump,
  type ControlSettings,
  isOpenCommandState,
  type PumpCommand,
  type PumpLive,
} from '@water/contracts';
import { useId } from 'react';
import { formatDateTime } from '../../../shared/lib/format-date-time.ts';
import { ConfirmAction } from '../../../shared/ui/row-actions.tsx';
import { DIGITS, valueText } from '../live/live-format.ts';
import type { StationLiveI18n } from '../live/use-station-live-i18n.ts';
import {
  COMMAND_STATE_COLORS,
  COMMAND_STEPS,
  countdown,
  interlockText,
  nameOf,
  PUMP_TAG_COLORS,
  paramsText,
  stepOf,
} from './control-format.ts';
import type { PumpControlI18n } from './use-pump-control-i18n.ts';

const MODE_COLORS = { auto: 'arcoblue', remote: 'cyan', local: 'gold', unknown: 'gray' } as const;

/**
 * One pump as the operator commands it: its state, mode and readings, its open command walking its
 * steps, and a button per command its thing model declares, each disabled with the interlock's reason
 * while one would refuse it.
 */
export function PumpCard({
  pump,
  live,
  settings,
  last,
  canControl,
  now,
  i18n,
  liveI18n,
  onCommand,
  onCancel,
}: {
  pump: ControlPump;
  live: PumpLive | undefined;
  settings: ControlSettings;
  /** The last command this screen saw finish, shown until another one opens. */
  last: PumpCommand | undefined;
  canControl: boolean;
  now: number;
  i18n: PumpControlI18n;
  liveI18n: StationLiveI18n;
  onCommand: (spec: CommandSpec) => void;
  onCancel: (command: PumpCommand) => Promise<unknown>;
}) {
  const { t, locale } = i18n;
  const headingId = useId();
  const none = liveI18n.t('live.none');
  const title = t('pumpControl.pump.title', { number: pump.number, name: pump.name });
  const state = live?.state ?? 'offline';
  const mode = pump.mode ?? 'unknown';
  const restLeft = pump.restUntil && Date.parse(pump.restUntil) > now ? countdown(pump.restUntil, now) : null;
  const figures: [string, string][] = live
    ? [
        [t('pumpControl.frequency'), valueText(live.frequency, locale, DIGITS.frequency, 'Hz', none)],
        [t('pumpControl.current'), valueText(live.current, locale, DIGITS.current, 'A', none)],
        [t('pumpControl.pumpPower'), valueText(live.power, locale, DIGITS.power, 'kW', none)],
        [t('pumpControl.runHours'), valueText(live.runHours, locale, DIGITS.runHours, 'h', none)],
      ]
    : [];
  figures.push([
    t('pumpControl.starts'),
    t('pumpControl.startsValue', { n: pump.startsLastHour, max: settings.maxStartsPerHour }),
  ]);
  figures.push([
    t('pumpControl.restUntil'),
    restLeft ? t('pumpControl.restLeft', { time: restLeft }) : t('pumpControl.restNone'),
  ]);

  return (
    <article className={`pump-control-card pump-control-card--${state}`} aria-labelledby={headingId}>
      <header className="pump-control-card__header">
        <h3 className="pump-control-card__title" id={headingId}>
          {title}
        </h3>
        <Tag size="small" color={PUMP_TAG_COLORS[state]}>
          {liveI18n.t(`live.pump.${state}`)}
        </Tag>
        <Tag size="small" color={MODE_COLORS[mode]} bordered>
          {t(`pumpControl.mode.${mode}`)}
        </Tag>
      </header>
      <p className="pump-control-card__device">
        {pump.deviceCode ? <code>{pump.deviceCode}</code> : t('pumpControl.pump.noController')}
      </p>
      <dl className="pump-control-card__figures">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {pump.openCommand ? (
        <OpenCommand
          command={pump.openCommand}
          spec={pump.commands.find((c) => c.key === pump.openCommand?.command)}
          pumpTitle={title}
          canControl={canControl}
          now={now}
          i18n={i18n}
          onCancel={onCancel}
        />
      ) : last ? (
        <p className="pump-control-card__last">
          <Tag size="small" color={COMMAND_STATE_COLORS[last.state]}>
            {t('pumpControl.last', { command: last.commandName, state: t(`pumpControl.state.${last.state}`) })}
          </Tag>
          {last.detail ? <span className="pump-control-card__detail">{last.detail}</span> : null}
        </p>
      ) : null}
      {canControl ? (
        <fieldset
          className="pump-control-card__commands"
          aria-label={t('pumpControl.pump.commands', { number: pump.number })}
        >
          {pump.commands.length === 0 ? (
            <span className="pump-control-card__muted">{t('pumpControl.pump.noCommands')}</span>
          ) : (
            pump.commands.map((spec) => (
              <CommandButton
                key={spec.key}
                spec={spec}
                blocked={pump.checks[spec.key] ?? null}
                i18n={i18n}
                onClick={() => onCommand(spec)}
              />
            ))
          )}
        </fieldset>
      ) : null}
    </article>
  );
}

function CommandButton({
  spec,
  blocked,
  i18n,
  onClick,
}: {
  spec: CommandSpec;
  blocked: ControlPump['checks'][string];
  i18n: PumpControlI18n;
  onClick: () => void;
}) {
  const { t, locale } = i18n;
  const reasonId = useId();
  const reason = blocked ? interlockText(blocked, t) : null;
  const button = (
    <Button
      size="small"
      type={spec.key === 'start' ? 'primary' : 'secondary'}
      status={spec.key === 'stop' ? 'danger' : 'default'}
      disabled={blocked !== null}
      aria-describedby={reason ? reasonId : undefined}
      onClick={onClick}
    >
      {nameOf(spec, locale)}
    </Button>
  );
  if (!reason) return button;
  return (
    <Tooltip content={reason} mini>
      {/* A disabled button hears no pointer: the wrapper shows the reason. */}
      <span className="pump-control-card__blocked">
        {button}
        <span id={reasonId} className="sr-only">
          {reason}
        </span>
      </span>
    </Tooltip>
  );
}

/** The pump's open command: its steps (or the approval it awaits, with its deadline), and cancel while unsent. */
function OpenCommand({
  command: c,
  spec,
  pumpTitle,
  canControl,
  now,
  i18n,
  onCancel,
}: {
  command: PumpCommand;
  spec: CommandSpec | undefined;
  pumpTitle: string;
  canControl: boolean;
  now: number;
  i18n: PumpControlI18n;
  onCancel: (command: PumpCommand) => Promise<unknown>;
}) {
  const { t, locale } = i18n;
  const params = paramsText(c, spec, locale);
  const cancellable = c.state === 'awaiting_approval' || c.state === 'pending';
  const step = stepOf(c.state);
  return (
    <section className="pump-control-open" aria-label={t('pumpControl.open.label', { pump: pumpTitle })}>
      <header className="pump-control-open__header">
        <span className="pump-control-open__command">
          {c.commandName}
          {params ? <span className="pump-control-open__params">{params}</span> : null}
        </span>
        <Tag size="small" color={COMMAND_STATE_COLORS[c.state]}>
          {t(`pumpControl.state.${c.state}`)}
        </Tag>
      </header>
      <p className="pump-control-open__by">
        {t('pumpControl.open.by', {
          name: c.requestedBy?.name ?? t('pumpControl.history.system'),
          time: formatDateTime(c.requestedAt, locale, { seconds: true }),
        })}
      </p>
      {c.state === 'awaiting_approval' ? (
        <p className="pump-control-open__awaiting">
          {t('pumpControl.open.awaiting', { time: countdown(c.approvalDeadline, now) })}
        </p>
      ) : (
        <ol className="pump-control-steps" aria-label={t('pumpControl.steps')}>
          {COMMAND_STEPS.map((name, i) => (
            <li
              key={name}
              className={`pump-control-steps__step pump-control-steps__step--${i < step ? 'done' : i === step ? 'current' : 'todo'}`}
              aria-current={i === step ? 'step' : undefined}
            >
              {t(`pumpControl.step.${name}`)}
            </li>
          ))}
        </ol>
      )}
      {c.expiresAt && isOpenCommandState(c.state) && c.state !== 'awaiting_approval' ? (
        <p className="pump-control-open__expires">
          {t('pumpControl.open.expires', { time: countdown(c.expiresAt, now) })}
        </p>
      ) : null}
      {cancellable && canControl ? (
        <ConfirmAction
          text={t('pumpControl.open.cancel')}
          label={t('pumpControl.open.cancelLabel', { command: c.commandName })}
          question={t('pumpControl.open.cancelQuestion', { command: c.commandName })}
          danger
          onConfirm={() => onCancel(c)}
        />
      ) : null}
    </section>
  );
}
