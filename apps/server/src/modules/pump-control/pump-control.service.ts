import {
  type CommandSpec,
  type ControlPump,
  type ControlSettings,
  type ControlStation,
  type DeviceCommand,
  type DeviceCommandReply,
  deviceCommandReplySchema,
  Permissions,
  PUMP_MODES,
  type PumpCommand,
  type PumpCommandState,
  type PumpMode,
  type pumpCommandInputSchema,
  type pumpCommandListQuerySchema,
  ResultCode,
  type StationLive,
  thingModelSchema,
} from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import type { Context } from '../../lib/context.ts';
import { inRegionScope } from '../../lib/data-scope.ts';
import { AppError, CommitThenFail, forbidden, notFound } from '../../lib/errors.ts';
import { holdsPermission } from '../../lib/permissions.ts';
import { regionFilter } from '../../lib/region-filter.ts';
import { RequestValidationError } from '../../lib/validation.ts';
import { deriveStations, devicesOf, indexLatest } from '../station-live/station-live.derive.ts';
import {
  createStationLiveRepository,
  type LatestRow,
  type StationConfigs,
} from '../station-live/station-live.repository.ts';
import { checkInterlocks, type PumpSnapshot, type Refusal, runHistory } from './interlocks.ts';
import { pumpLabel, toCommand } from './pump-control.mappers.ts';
import {
  type CommandRow,
  type CommandView,
  createPumpControlRepository,
  fromDevice,
  keptOr,
  type LiveDevice,
  type NewCommand,
} from './pump-control.repository.ts';

type ListQuery = z.output<typeof pumpCommandListQuerySchema>;
type Issue = RequestValidationError['issues'][number];
type Params = Record<string, number | boolean | string>;

const HOUR = 3_600_000;
/** Commands not yet sent: the requester (or another controller) may still cancel them. */
const CANCELLABLE = ['awaiting_approval', 'pending'] as const;
/** Commands a device's answer may still move on. */
const ANSWERABLE = ['pending', 'sent', 'acknowledged'] as const;

/** A text or number reading as a running or fault flag (as the live state reads it). */
function flagOf(value: number | null, text: string | null): boolean | null {
  if (value !== null) return value !== 0;
  if (text === null) return null;
  const v = text.trim().toLowerCase();
  if (['true', '1', 'on', 'yes', 'running', 'run'].includes(v)) return true;
  if (['false', '0', 'off', 'no', 'stopped', 'stop'].includes(v)) return false;
  return null;
}

const customIssue = (path: (string | number)[], message: string, params?: Record<string, unknown>): Issue =>
  ({ code: 'custom', path, message, input: undefined, ...(params ? { params } : {}) }) as Issue;

/** The parameters checked against the command's thing-model specs: type, range and options, each by name. */
export function paramIssues(spec: CommandSpec, params: Params): Issue[] {
  const issues: Issue[] = [];
  const specs = new Map(spec.params.map((p) => [p.key, p]));
  for (const key of Object.keys(params)) {
    if (!specs.has(key)) issues.push(customIssue(['params', key], 'validation.unknownParam', { name: key }));
  }
  for (const p of spec.params) {
    const v = params[p.key];
    const at = ['params', p.key];
    if (v === undefined) {
      issues.push(customIssue(at, 'validation.required'));
      continue;
    }
    const typeIssue = () => customIssue(at, 'validation.paramType', { name: p.key, type: p.dataType });
    if (p.dataType === 'number' || p.dataType === 'integer') {
      if (typeof v !== 'number' || !Number.isFinite(v) || (p.dataType === 'integer' && !Number.isInteger(v))) {
        issues.push(typeIssue());
      } else if ((p.min !== null && v < p.min) || (p.max !== null && v > p.max)) {
        issues.push(customIssue(at, 'validation.paramRange', { name: p.key, min: p.min ?? '-∞', max: p.max ?? '+∞' }));
      }
    } else if (p.dataType === 'boolean') {
      if (typeof v !== 'boolean') issues.push(typeIssue());
    } else if (p.dataType === 'enum') {
      const options = p.options.map((o) => o.value);
      if (typeof v !== 'string' || !options.includes(v)) {
        issues.push(customIssue(at, 'validation.paramOption', { name: p.key, options: options.join(', ') }));
      }
    } else if (typeof v !== 'string') issues.push(typeIssue());
  }
  return issues;
}

/** One pump as the interlocks and the control screen see it now. */
export interface PumpView {
  pump: StationConfigs['pumps'][number];
  controller: { id: number; code: string; commands: CommandSpec[] } | null;
  mode: PumpMode | null;
  snapshot: PumpSnapshot;
  open: CommandView | null;
}

export interface StationView {
  station: StationLive;
  protectionLevel: number | null;
  settings: ControlSettings;
  pumps: PumpView[];
  now: Date;
}

/** What a station's (or one pump's) view is made from, read by the caller. */
interface ViewInputs {
  configs: StationConfigs;
  settings: ControlSettings;
  devices: LiveDevice[];
  latest: LatestRow[];
  /** The open commands of the pumps. */
  open: CommandView[];
  /** The running flags' points of the last hour, by `deviceId:metric`; null: not read (no start is judged). */
  history: Map<string, { at: number; value: number | null; textValue: string | null }[]> | null;
  now: Date;
  /** A command that does not make its pump busy (the one being approved). */
  excluding?: number | undefined;
  /** Pumps known to have an open command without it being read (a send's). */
  busy?: Set<number> | undefined;
}

/** The running flags a view's start interlocks read: each controlled pump's. */
const runningSeries = (pumps: StationConfigs['pumps']) =>
  pumps.flatMap((p) =>
    p.controllerDeviceId !== null && p.runningMetric
      ? [{ deviceId: p.controllerDeviceId, metric: p.runningMetric }]
      : [],
  );

/** A controller's commands as its type's thing model declares them. */
function commandsOf(model: unknown): CommandSpec[] {
  const parsed = thingModelSchema.safeParse(model ?? {});
  return parsed.success ? parsed.data.commands : [];
}

/**
 * A station's live state (the station-live module's derivation) with each of the configured pumps'
 * snapshot: what the interlocks judge.
 */
function buildView(input: ViewInputs): StationView {
  const { configs, settings, now } = input;
  const row = configs.rows[0]!;
  const index = indexLatest(input.latest);
  const devices = new Map(input.devices.flatMap((d) => (d.info ? [[d.id, d.info] as const] : [])));
  const [station] = deriveStations({ configs, devices, latest: index, now });
  // The controllers' thing models only (a sensor's is not read for commands).
  const controllerIds = new Set(configs.pumps.map((p) => p.controllerDeviceId));
  const byId = new Map(
    input.devices.flatMap((d) =>
      controllerIds.has(d.id) ? [[d.id, { id: d.id, code: d.code, commands: commandsOf(d.model) }] as const] : [],
    ),
  );
  const level = station!.level.ts === null ? null : { value: station!.level.value, at: Date.parse(station!.level.ts) };
  const pumps = configs.pumps.map((pump): PumpView => {
    const pl = station!.pumps.find((p) => p.id === pump.id)!;
    const c = pump.controllerDeviceId;
    const controller = c === null ? null : (byId.get(c) ?? null);
    let history = { startsLastHour: 0, lastStopAt: null as number | null };
    const points = c !== null && pump.runningMetric ? input.history?.get(`${c}:${pump.runningMetric}`) : undefined;
    if (points) {
      history = runHistory(
        points.map((p) => ({ at: p.at, running: flagOf(p.value, p.textValue) })),
        now.getTime(),
      );
    }
    // The mode: the remote metric's enum text (a plain flag reads remote or local), while fresh.
    let mode: PumpMode | null = null;
    const modeReading = c !== null && pump.remoteMetric ? index.get(c)?.get(pump.remoteMetric) : undefined;
    if (modeReading && !pl.remote.stale) {
      const text = modeReading.textValue?.trim().toLowerCase() ?? '';
      if ((PUMP_MODES as readonly string[]).includes(text)) mode = text as PumpMode;
      else if (pl.remote.value !== null) mode = pl.remote.value ? 'remote' : 'local';
    }
    const open = input.open.find((o) => o.command.pumpId === pump.id && o.command.id !== input.excluding) ?? null;
    return {
      pump,
      controller,
      mode,
      open,
      snapshot: {
        now: now.getTime(),
        settings,
        maintenance: pump.maintenance,
        controllerOnline: controller !== null && pl.state !== 'offline' && pl.running.ts !== null && !pl.running.stale,
        mode,
        running: pl.running.stale ? null : pl.running.value,
        fault: pl.fault.stale ? null : pl.fault.value,
        level,
        protectionLevel: row.station.protectionLevel,
        lastStopAt: history.lastStopAt,
        startsLastHour: history.startsLastHour,
        busy: open !== null || (input.busy?.has(pump.id) ?? false),
      },
    };
  });
  return { station: station!, protectionLevel: row.station.protectionLevel, settings, pumps, now };
}

/**
 * Pump control (issue 17): commands checked against the interlocks, recorded whatever becomes of them,
 * approved by a second person where the station asks for it, sent to the controller over MQTT or
 * fetched by its gateway, and moved on by its answers and by time.
 *
 * Statements per command are what its speed is made of (PGlite has one connection: every request's
 * queries queue on it). A send reads its pump's configuration, its devices' live state, whether it
 * is busy and the idempotency key's command in one statement (the running history only for a start),
 * inserts, and after the commit publishes, then marks it sent; each answer of the controller is one
 * UPDATE … RETURNING that carries the names its live event needs.
 */
export function createPumpControlService(app: FastifyInstance) {
  const repo = (db: Queryable) => createPumpControlRepository(db);

  /**
   * A station's live state, its settings and each pump's snapshot: what the interlocks judge.
   * `excluding`: a command that does not make its pump busy (the one being approved). Undefined when
   * there is no such station. One query after another: `db` may be a transaction (one connection).
   */
  async function stationView(db: Queryable, stationId: number, excluding?: number): Promise<StationView | undefined> {
    const configs = await createStationLiveRepository(db).configs({ ids: [stationId] });
    if (!configs.rows[0]) return undefined;
    const now = app.clock.now();
    const r = repo(db);
    const settings = await r.settings(stationId);
    const { devices, latest } = await r.live(devicesOf(configs));
    const open = await r.openOf(configs.pumps.map((p) => p.id));
    const history = await r.runningPointsOf(runningSeries(configs.pumps), new Date(now.getTime() - HOUR));
    return buildView({ configs, settings, devices, latest, open, history, now, excluding });
  }

  // ---- Live events and sending ----

  /** A command's state to the connections watching its station, in their language. */
  function pushView(v: CommandView) {
    app.realtime.toStationSubscribers(v.command.stationId, (locale) => ({
      type: 'pump-command',
      command: toCommand(v, locale),
    }));
  }

  /** After a change: each command's state (read again) to the connections watching its station. */
  async function push(ids: number[]) {
    if (ids.length === 0) return;
    for (const v of await repo(app.db).views(ids)) pushView(v);
  }

  /** What the controller receives. */
  const wire = (c: CommandRow, at: Date): DeviceCommand => ({
    id: c.id,
    command: c.command,
    params: c.params,
    ts: at.getTime(),
    expiresAt: at.getTime() + c.ttlSeconds * 1000,
  });

  /**
   * Publishes a pending command to its controller; one that reached a connected session is sent (its
   * TTL counts from now) and its event says so. One nobody took stays pending for a gateway's fetch, or
   * times out: its event says pending. One a fast answer moved on already keeps that state (the answer
   * set sentAt and sent its own event).
   */
  async function dispatch(v: CommandView) {
    const c = v.command;
    if (!c.deviceCode) return pushView(v);
    const at = app.clock.now();
    const delivered = await app.mqtt
      .publishToDevice(c.deviceCode, `devices/${c.deviceCode}/commands`, JSON.stringify(wire(c, at)))
      .catch((err: unknown) => {
        app.log.warn({ err, command: c.id }, 'pump command: send failed');
        return false;
      });
    if (!delivered) return pushView(v);
    // The names are the view's: the row alone comes back.
    const sent = await repo(app.db).transition(c.id, ['pending'], {
      state: 'sent',
      sentAt: at,
      expiresAt: new Date(at.getTime() + c.ttlSeconds * 1000),
    });
    if (sent) pushView({ ...v, command: sent });
  }

  /**
   * After the commit: what became pending is sent (one event, its state once sent), the rest's events.
   * Commands given as views are not read again; those given by id are.
   */
  function afterCommit(ctx: Context, commands: (CommandView | { id: number })[]) {
    ctx.afterCommit(async () => {
      const held = commands.filter((c): c is CommandView => 'command' in c);
      const ids = commands.flatMap((c) => ('command' in c ? [] : [c.id]));
      const views = [...held, ...(await repo(app.db).views(ids))];
      for (const v of views) {
        if (v.command.state !== 'pending') pushView(v);
      }
      for (const v of views) {
        if (v.command.state === 'pending') {
          await dispatch(v).catch((err: unknown) =>
            app.log.warn({ err, command: v.command.id }, 'pump command: send failed'),
          );
        }
      }
    });
  }

  // ---- Access ----

  async function inScope(ctx: Context, regionId: number | null) {
    return inRegionScope(await ctx.scope(), regionId);
  }

  /** A command the caller may act on (within their regions, else 403); 404 when there is none. */
  async function actionable(ctx: Context, id: number): Promise<CommandView> {
    const v = await repo(ctx.db).view(id);
    if (!v) throw notFound();
    if (!(await inScope(ctx, v.regionId))) throw forbidden();
    return v;
  }

  /** The blocked answer: the refusal's reason in the caller's language, the recorded command as data. */
  function blockedError(command: PumpCommand, refusal: Refusal) {
    const params = { ...refusal.params, pump: command.pumpName, command: command.commandName };
    return new AppError(
      409,
      ResultCode.businessFailure,
      `pumpControl.interlock.${refusal.interlock}` as MessageKey,
      params,
      {
        command,
      },
    );
  }

  const auditCommand = (ctx: Context, command: PumpCommand, blocked: boolean) =>
    ctx.audit({
      targetId: command.id,
      ...(blocked ? { action: 'command-blocked' as const } : {}),
      after: {
        station: command.stationName,
        pump: command.pumpName,
        command: command.commandName,
        params: command.params,
        reason: command.reason,
        state: command.state,
        interlock: command.interlock,
        detail: command.detail,
      },
    });

  const userId = (ctx: Context) => ctx.auth?.userId ?? null;

  /** What a recorded command's answer names besides its pump: held by the caller, not read again. */
  interface Names {
    stationName: string;
    regionId: number | null;
    requesterName: string | null;
  }

  /**
   * Records one command for one pump: checked (declared, parameters, interlocks), then blocked,
   * awaiting approval or pending. A repeat of the caller's idempotency key answers the first command:
   * `first` is it when the caller has read it already (null: there is none), undefined to read it.
   */
  async function submit(
    ctx: Context,
    view: StationView,
    pumpView: PumpView,
    input: { command: string; params: Params; reason: string; idempotencyKey: string },
    batchId: string | null,
    names: Names,
    first?: CommandView | null,
  ): Promise<{ command: PumpCommand; refusal: Refusal | null; duplicate: boolean; view: CommandView }> {
    const r = repo(ctx.db);
    const me = userId(ctx)!;
    const prior = first === undefined ? await r.byKey(me, input.idempotencyKey) : first;
    if (prior) return { command: toCommand(prior, ctx.locale), refusal: null, duplicate: true, view: prior };
    const { pump, controller, snapshot } = pumpView;
    const spec = controller?.commands.find((c) => c.key === input.command);
    if (controller && !spec) {
      throw new RequestValidationError('body', [
        customIssue(['command'], 'validation.unknownCommand', { name: input.command }),
      ]);
    }
    if (spec) {
      const issues = paramIssues(spec, input.params);
      if (issues.length) throw new RequestValidationError('body', issues);
    }
    const now = view.now;
    const refusal = checkInterlocks(snapshot, input.command, input.params);
    const settings = view.settings;
    const base: Omit<NewCommand, 'state'> = {
      stationId: view.station.id,
      pumpId: pump.id,
      deviceId: controller?.id ?? null,
      deviceCode: controller?.code ?? '',
      command: input.command,
      commandNameZh: spec?.nameZh ?? input.command,
      commandNameEn: spec?.nameEn ?? input.command,
      params: input.params,
      reason: input.reason,
      batchId,
      requestedBy: me,
      idempotencyKey: input.idempotencyKey,
      requestedAt: now,
      approvalRequired: settings.requireApproval,
      ttlSeconds: settings.commandTtlSeconds,
    };
    const blocked = (why: Refusal): NewCommand => ({
      ...base,
      state: 'blocked',
      interlock: why.interlock,
      interlockParams: why.params,
      finishedAt: now,
    });
    const values: NewCommand = refusal
      ? blocked(refusal)
      : settings.requireApproval
        ? {
            ...base,
            state: 'awaiting_approval',
            approvalDeadline: new Date(now.getTime() + settings.approvalMinutes * 60_000),
          }
        : { ...base, state: 'pending', expiresAt: new Date(now.getTime() + settings.commandTtlSeconds * 1000) };
    let row = await r.insert(values);
    let finalRefusal = refusal;
    if (!row) {
      // A unique index refused it: the same key committed meanwhile (answer that one), or another
      // command for the pump opened meanwhile (busy).
      const again = await r.byKey(me, input.idempotencyKey);
      if (again) return { command: toCommand(again, ctx.locale), refusal: null, duplicate: true, view: again };
      finalRefusal = { interlock: 'busy', params: {} };
      row = await r.insert(blocked(finalRefusal));
      if (!row) throw new Error('pump command: could not be recorded');
    }
    const recorded: CommandView = {
      command: row,
      stationName: names.stationName,
      regionId: names.regionId,
      pumpNumber: pump.number,
      pumpName: pump.name,
      requesterName: names.requesterName,
      approverName: null,
    };
    return { command: toCommand(recorded, ctx.locale), refusal: finalRefusal, duplicate: false, view: recorded };
  }

  /**
   * A controller's answer, by MQTT or HTTP: moves its command on, in one UPDATE … RETURNING that
   * gives its live event. An answer for another device's command or an unknown one is ignored (null);
   * one for a command already final leaves it as it is.
   */
  async function reply(code: string, answer: DeviceCommandReply): Promise<PumpCommandState | null> {
    const r = repo(app.db);
    const now = app.clock.now();
    const result = answer.result ?? null;
    const mine = fromDevice(code);
    const moved =
      answer.status === 'accepted'
        ? await r.move(
            answer.id,
            ['pending', 'sent'],
            { state: 'acknowledged', acknowledgedAt: now, sentAt: keptOr('sentAt', now) },
            mine,
          )
        : answer.status === 'succeeded'
          ? await r.move(
              answer.id,
              ANSWERABLE,
              {
                state: 'succeeded',
                result,
                finishedAt: now,
                sentAt: keptOr('sentAt', now),
                acknowledgedAt: keptOr('acknowledgedAt', now),
              },
              mine,
            )
          : await r.move(
              answer.id,
              ANSWERABLE,
              {
                state: 'failed',
                result,
                detail: (answer.reason ?? '').slice(0, 200),
                finishedAt: now,
                sentAt: keptOr('sentAt', now),
              },
              mine,
            );
    if (moved) {
      pushView(moved);
      return moved.command.state as PumpCommandState;
    }
    const v = await r.view(answer.id);
    if (!v || v.command.deviceCode !== code) {
      app.log.info({ device: code, command: answer.id }, 'pump command: reply for an unknown command ignored');
      return null;
    }
    app.log.info(
      { device: code, command: answer.id, state: v.command.state, status: answer.status },
      'pump command: reply for a command that cannot move on ignored',
    );
    return v.command.state as PumpCommandState;
  }

  return {
    stationView,
    push,

    async station(ctx: Context, id: number): Promise<ControlStation> {
      const station = await repo(ctx.db).station(id);
      if (!station || !(await inScope(ctx, station.regionId))) throw notFound();
      const view = (await stationView(ctx.db, id))!;
      const pumps: ControlPump[] = view.pumps.map((p) => {
        const checks: Record<string, ControlPump['checks'][string]> = {};
        for (const c of p.controller?.commands ?? []) {
          checks[c.key] = checkInterlocks(p.snapshot, c.key)?.interlock ?? null;
        }
        const rest = p.snapshot.lastStopAt === null ? null : p.snapshot.lastStopAt + view.settings.minOffSeconds * 1000;
        return {
          pumpId: p.pump.id,
          number: p.pump.number,
          name: pumpLabel(p.pump),
          deviceId: p.controller?.id ?? null,
          deviceCode: p.controller?.code ?? '',
          mode: p.mode,
          commands: p.controller?.commands ?? [],
          checks,
          startsLastHour: p.snapshot.startsLastHour,
          lastStopAt: p.snapshot.lastStopAt === null ? null : new Date(p.snapshot.lastStopAt).toISOString(),
          restUntil: rest !== null && rest > view.now.getTime() ? new Date(rest).toISOString() : null,
          openCommand: p.open ? toCommand(p.open, ctx.locale) : null,
        };
      });
      return { station: view.station, settings: view.settings, pumps, at: view.now.toISOString() };
    },

    async saveSettings(ctx: Context, id: number, s: ControlSettings): Promise<ControlSettings> {
      const station = await repo(ctx.db).station(id);
      if (!station) throw notFound();
      if (!(await inScope(ctx, station.regionId))) throw forbidden();
      const before = await repo(ctx.db).settings(id);
      await repo(ctx.db).saveSettings(id, s, userId(ctx), app.clock.now());
      ctx.audit({ targetId: id, before: { station: station.name, ...before }, after: { station: station.name, ...s } });
      return s;
    },

    /**
     * One command (send route): a blocked one is recorded and audited, then answered 409 with its
     * reason. Reads only the commanded pump's configuration and live state (not the station's view).
     */
    async send(ctx: Context, input: z.output<typeof pumpCommandInputSchema>) {
      const r = repo(ctx.db);
      const me = userId(ctx)!;
      const target = await r.target(input.pumpId, me, input.idempotencyKey);
      if (!target) throw new RequestValidationError('body', [customIssue(['pumpId'], 'validation.unknownPump')]);
      if (!(await inScope(ctx, target.station.regionId))) throw forbidden();
      const first = target.firstId === null ? null : ((await r.view(target.firstId)) ?? null);
      let view: StationView | undefined;
      if (!first) {
        const now = app.clock.now();
        const configs: StationConfigs = {
          rows: [{ station: target.station, regionName: null }],
          pumps: [target.pump],
          sensors: target.level ? [target.level] : [],
        };
        // The running history judges a start only (minimum off-time, starts per hour).
        const history =
          input.command === 'start'
            ? await r.runningPointsOf(runningSeries(configs.pumps), new Date(now.getTime() - HOUR))
            : null;
        view = buildView({
          configs,
          settings: target.settings,
          devices: target.devices,
          latest: target.latest,
          open: [],
          busy: target.busy ? new Set([target.pump.id]) : undefined,
          history,
          now,
        });
      }
      const names = {
        stationName: target.station.name,
        regionId: target.station.regionId,
        requesterName: target.requesterName,
      };
      const result = first
        ? { command: toCommand(first, ctx.locale), refusal: null, duplicate: true, view: first }
        : await submit(ctx, view!, view!.pumps[0]!, input, null, names, null);
      auditCommand(ctx, result.command, result.refusal !== null);
      if (!result.duplicate) afterCommit(ctx, [result.view]);
      if (result.refusal && !result.duplicate) {
        throw new CommitThenFail(blockedError(result.command, result.refusal));
      }
      return result.command;
    },

    /** Stop every pump of a station, each checked on its own: all the commands, blocked ones too. */
    async stopAll(ctx: Context, stationId: number, input: { reason: string; idempotencyKey: string }) {
      const r = repo(ctx.db);
      const station = await r.station(stationId);
      if (!station) throw notFound();
      if (!(await inScope(ctx, station.regionId))) throw forbidden();
      const view = (await stationView(ctx.db, stationId))!;
      if (view.pumps.length === 0) throw new AppError(400, ResultCode.businessFailure, 'pumpControl.noPumps');
      const names = {
        stationName: station.name,
        regionId: station.regionId,
        requesterName: await r.userName(userId(ctx)!),
      };
      const batchId = `${stationId}-${input.idempotencyKey}`;
      const results = [];
      for (const p of view.pumps) {
        results.push(
          await submit(
            ctx,
            view,
            p,
            {
              command: 'stop',
              params: {},
              reason: input.reason,
              idempotencyKey: `${input.idempotencyKey}:${p.pump.id}`,
            },
            batchId,
            names,
          ),
        );
      }
      afterCommit(
        ctx,
        results.filter((r) => !r.duplicate).map((r) => r.view),
      );
      ctx.audit({
        targetId: stationId,
        after: {
          station: station.name,
          reason: input.reason,
          commands: results.map((r) => ({
            id: r.command.id,
            pump: r.command.pumpName,
            state: r.command.state,
            interlock: r.command.interlock,
          })),
        },
      });
      return { batchId: results[0]?.command.batchId ?? batchId, commands: results.map((r) => r.command) };
    },

    async approve(ctx: Context, id: number, reason: string): Promise<PumpCommand> {
      const v = await actionable(ctx, id);
      const c = v.command;
      if (c.requestedBy !== null && c.requestedBy === userId(ctx)) {
        throw new AppError(403, 403, 'pumpControl.ownCommand');
      }
      if (c.state !== 'awaiting_approval') {
        throw new AppError(409, ResultCode.businessFailure, 'pumpControl.notAwaitingApproval', { state: c.state });
      }
      const now = app.clock.now();
      const r = repo(ctx.db);
      if (c.approvalDeadline && c.approvalDeadline <= now) {
        const expired = await r.move(id, ['awaiting_approval'], { state: 'expired', finishedAt: now });
        afterCommit(ctx, [expired ?? { id }]);
        throw new CommitThenFail(new AppError(409, ResultCode.businessFailure, 'pumpControl.approvalExpired'));
      }
      const view = (await stationView(ctx.db, c.stationId, id))!;
      const pumpView = view.pumps.find((p) => p.pump.id === c.pumpId);
      const refusal = pumpView
        ? checkInterlocks(pumpView.snapshot, c.command, c.params)
        : { interlock: 'offline' as const, params: {} };
      const decided = { approvedBy: userId(ctx), approvedAt: now };
      const moved = refusal
        ? await r.move(id, ['awaiting_approval'], {
            ...decided,
            state: 'blocked',
            interlock: refusal.interlock,
            interlockParams: refusal.params,
            finishedAt: now,
          })
        : await r.move(id, ['awaiting_approval'], {
            ...decided,
            state: 'pending',
            expiresAt: new Date(now.getTime() + c.ttlSeconds * 1000),
          });
      if (!moved)
        throw new AppError(409, ResultCode.businessFailure, 'pumpControl.notAwaitingApproval', { state: c.state });
      const command = toCommand(moved, ctx.locale);
      afterCommit(ctx, [moved]);
      ctx.audit({
        targetId: id,
        ...(refusal ? { action: 'command-blocked' as const } : {}),
        after: {
          station: command.stationName,
          pump: command.pumpName,
          command: command.commandName,
          reason: command.reason,
          approval: reason,
          state: command.state,
          interlock: command.interlock,
          detail: command.detail,
        },
      });
      if (refusal) throw new CommitThenFail(blockedError(command, refusal));
      return command;
    },

    async refuse(ctx: Context, id: number, reason: string): Promise<PumpCommand> {
      const v = await actionable(ctx, id);
      const c = v.command;
      if (c.requestedBy !== null && c.requestedBy === userId(ctx)) {
        throw new AppError(403, 403, 'pumpControl.ownCommand');
      }
      const now = app.clock.now();
      const moved = await repo(ctx.db).move(id, ['awaiting_approval'], {
        state: 'refused',
        approvedBy: userId(ctx),
        approvedAt: now,
        finishedAt: now,
        detail: reason,
      });
      if (!moved)
        throw new AppError(409, ResultCode.businessFailure, 'pumpControl.notAwaitingApproval', { state: c.state });
      const command = toCommand(moved, ctx.locale);
      afterCommit(ctx, [moved]);
      ctx.audit({
        targetId: id,
        after: { station: command.stationName, pump: command.pumpName, command: command.commandName, reason },
      });
      return command;
    },

    async cancel(ctx: Context, id: number): Promise<PumpCommand> {
      const v = await repo(ctx.db).view(id);
      if (!v) throw notFound();
      const c = v.command;
      const own = c.requestedBy !== null && c.requestedBy === userId(ctx);
      if (!(await inScope(ctx, v.regionId))) throw forbidden();
      if (!own && !(await holdsPermission(ctx.db, ctx.auth, Permissions.pumpControl))) {
        throw new AppError(403, 403, 'pumpControl.cancelForbidden');
      }
      const now = app.clock.now();
      const moved = await repo(ctx.db).move(id, CANCELLABLE, { state: 'cancelled', finishedAt: now });
      if (!moved) throw new AppError(409, ResultCode.businessFailure, 'pumpControl.notCancellable', { state: c.state });
      const command = toCommand(moved, ctx.locale);
      afterCommit(ctx, [moved]);
      ctx.audit({
        targetId: id,
        after: { station: command.stationName, pump: command.pumpName, command: command.commandName },
      });
      return command;
    },

    async list(ctx: Context, q: ListQuery) {
      const regionIds = await regionFilter(ctx.db, await ctx.scope(), undefined);
      const date = (s: string | undefined) => {
        if (!s) return undefined;
        const d = new Date(s);
        if (Number.isNaN(d.getTime())) {
          throw new RequestValidationError('querystring', [
            customIssue([s === q.from ? 'from' : 'to'], 'validation.required'),
          ]);
        }
        return d;
      };
      const { rows, total } = await repo(ctx.db).list(
        {
          regionIds,
          stationId: q.stationId,
          pumpId: q.pumpId,
          state: q.state,
          command: q.command,
          approvalsFor: q.view === 'approvals' ? (userId(ctx) ?? -1) : undefined,
          from: date(q.from),
          to: date(q.to),
        },
        q.page,
        q.pageSize,
      );
      return { list: rows.map((r) => toCommand(r, ctx.locale)), total, page: q.page, pageSize: q.pageSize };
    },

    async get(ctx: Context, id: number): Promise<PumpCommand> {
      const v = await repo(ctx.db).view(id);
      if (!v || !(await inScope(ctx, v.regionId))) throw notFound();
      return toCommand(v, ctx.locale);
    },

    // ---- The device's side ----

    /** A gateway's fetch: its pending commands, each now sent. */
    async deviceFetch(code: string, secret: string): Promise<DeviceCommand[]> {
      const device = await app.telemetry.deviceOfHttp(code, secret);
      const now = app.clock.now();
      const rows = await app.db.transaction((tx) => repo(tx).takePending(device.id, now));
      await push(rows.map((r) => r.id));
      return rows.map((r) => wire(r, now));
    },

    /** A gateway's answer: 404 for a command that is not this device's. */
    async deviceReply(code: string, secret: string, answer: DeviceCommandReply): Promise<{ state: PumpCommandState }> {
      await app.telemetry.deviceOfHttp(code, secret);
      const state = await reply(code, answer);
      if (state === null) throw notFound();
      return { state };
    },

    reply,

    /** An MQTT reply on `devices/{code}/commands/ack`: unreadable ones are logged and dropped. */
    async replyMqtt(code: string, payload: Buffer): Promise<void> {
      let parsed: ReturnType<typeof deviceCommandReplySchema.safeParse>;
      try {
        parsed = deviceCommandReplySchema.safeParse(JSON.parse(payload.toString('utf8')));
      } catch {
        app.log.info({ device: code }, 'pump command: unreadable reply ignored');
        return;
      }
      if (!parsed.success) {
        app.log.info({ device: code }, 'pump command: malformed reply ignored');
        return;
      }
      await reply(code, parsed.data);
    },

    /** Expires approvals and times out commands due now; pushes what moved. */
    async sweep(): Promise<number[]> {
      const ids = await repo(app.db).sweep(app.clock.now());
      await push(ids);
      return ids;
    },
  };
}

export type PumpControlService = ReturnType<typeof createPumpControlService>;
