import type { Locale, PumpCommand, PumpCommandState, PumpInterlock } from '@water/contracts';
import { type MessageKey, t } from '../../i18n/messages.ts';
import type { CommandView } from './pump-control.repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A pump as messages name it: its name, else its number (1#). */
export const pumpLabel = (p: { number: number; name: string }) => p.name.trim() || `${p.number}#`;

/** A command's name in the reader's language, as its thing model named it when it was sent. */
export const commandNameOf = (c: { command: string; commandNameZh: string; commandNameEn: string }, locale: Locale) =>
  (locale === 'en-US' ? c.commandNameEn : c.commandNameZh) || c.command;

/** Why a command was blocked, in the reader's language. */
export function interlockText(
  interlock: PumpInterlock,
  params: Record<string, string | number>,
  names: { pump: string; command: string },
  locale: Locale,
): string {
  return t(locale, `pumpControl.interlock.${interlock}` as MessageKey, { ...params, ...names });
}

export function toCommand(v: CommandView, locale: Locale): PumpCommand {
  const c = v.command;
  const commandName = commandNameOf(c, locale);
  const pumpName = pumpLabel({ number: v.pumpNumber, name: v.pumpName });
  const state = c.state as PumpCommandState;
  let detail = c.detail;
  if (c.interlock) {
    detail = interlockText(
      c.interlock as PumpInterlock,
      c.interlockParams ?? {},
      { pump: pumpName, command: commandName },
      locale,
    );
  } else if (state === 'timed_out') {
    detail = t(locale, 'pumpControl.timedOut', { seconds: c.ttlSeconds });
  } else if (state === 'expired' && c.approvalDeadline) {
    const minutes = Math.round((c.approvalDeadline.getTime() - c.requestedAt.getTime()) / 60_000);
    detail = t(locale, 'pumpControl.expired', { minutes });
  }
  return {
    id: c.id,
    stationId: c.stationId,
    stationName: v.stationName,
    pumpId: c.pumpId,
    pumpNumber: v.pumpNumber,
    pumpName,
    deviceId: c.deviceId,
    deviceCode: c.deviceCode,
    command: c.command,
    commandName,
    params: c.params,
    reason: c.reason,
    state,
    interlock: (c.interlock as PumpInterlock | null) ?? null,
    detail,
    result: c.result ?? null,
    batchId: c.batchId,
    requestedBy: c.requestedBy === null ? null : { id: c.requestedBy, name: v.requesterName ?? '' },
    requestedAt: c.requestedAt.toISOString(),
    approvalRequired: c.approvalRequired,
    approvalDeadline: iso(c.approvalDeadline),
    approvedBy: c.approvedBy === null ? null : { id: c.approvedBy, name: v.approverName ?? '' },
    approvedAt: iso(c.approvedAt),
    sentAt: iso(c.sentAt),
    acknowledgedAt: iso(c.acknowledgedAt),
    finishedAt: iso(c.finishedAt),
    expiresAt: iso(c.expiresAt),
  };
}
