import { z } from 'zod';

/** Business codes of the spec's error catalogue (§8). HTTP status travels alongside. */
export const ResultCode = {
  ok: 200,
  businessFailure: 50000,
  illegalToken: 50008,
  otherClientLoggedIn: 50012,
  tokenExpired: 50014,
} as const;

/** Codes that force the console to log the user out (spec §8). */
export const LOGOUT_CODES: readonly number[] = [
  ResultCode.illegalToken,
  ResultCode.otherClientLoggedIn,
  ResultCode.tokenExpired,
];

/** Every API answer is `{ code, msg, data }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

export const errorEnvelope = envelope(z.unknown());
export type ApiEnvelope<T> = { code: number; msg: string; data: T };

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;
