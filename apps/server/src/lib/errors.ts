import { ResultCode } from '@water/contracts';
import type { MessageKey } from '../i18n/messages.ts';

/**
 * An error meant for the caller: HTTP status, business code, a message key answered in the
 * caller's language, and optional data. Anything else thrown is a 500 with no details.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: number,
    readonly messageKey: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly data: unknown = null,
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

export const businessError = (
  status: number,
  key: MessageKey,
  params?: Record<string, string | number>,
  data?: unknown,
) => new AppError(status, ResultCode.businessFailure, key, params, data);

export const notFound = () => new AppError(404, 404, 'http.notFound');
export const forbidden = () => new AppError(403, 403, 'auth.forbidden');
export const conflict = () => new AppError(409, 409, 'http.conflict');

/**
 * Thrown by an audited write whose work so far must stand although the call fails (a wrong
 * guess counted against its limit): the transaction commits, then `error` is answered.
 */
export class CommitThenFail extends Error {
  constructor(readonly error: Error) {
    super(error.message);
    this.name = 'CommitThenFail';
  }
}

/**
 * The server cannot start for a reason its operator can mend (a port already taken): server.ts
 * prints the message alone, one line naming the setting, and exits with code 1.
 */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}
