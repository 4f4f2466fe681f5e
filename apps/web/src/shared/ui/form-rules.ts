import type { FormInstance, RulesProps } from '@arco-design/web-react';
import { fieldErrorSchema } from '@water/contracts';
import type { z } from 'zod';
import { ApiError } from '../api/http.ts';

/**
 * An Arco Form rule that runs one field's contract schema, so the console rejects exactly what the
 * server would, with the contract's own text (`tv` is a feature dictionary's validation reader). An
 * untouched field is checked as ''.
 */
export function contractRule(schema: z.ZodType, tv: (key: string) => string): RulesProps {
  return {
    validator: (value, callback) => {
      const result = schema.safeParse(value ?? '');
      callback(result.success ? undefined : tv(result.error.issues[0]?.message ?? ''));
    },
  };
}

/** The "enter it again" rule: same value as `otherField`. */
// biome-ignore lint/suspicious/noExplicitAny: any form's values
export function sameAsRule<T extends Record<string, any>>(
  form: FormInstance<T>,
  otherField: keyof T,
  message: string,
): RulesProps {
  return {
    validator: (value, callback) => callback(value && value === form.getFieldValue(otherField) ? undefined : message),
  };
}

const fieldErrorsSchema = fieldErrorSchema.array();

/**
 * Puts the server's per-field messages (the 400 envelope's `data.errors`) on the form's fields. The
 * client runs the same schemas, so this rarely fires; the form's alert shows the whole message too.
 */
// biome-ignore lint/suspicious/noExplicitAny: any form's values
export function showServerFieldErrors<T extends Record<string, any>>(form: FormInstance<T>, error: unknown): void {
  if (!(error instanceof ApiError)) return;
  const parsed = fieldErrorsSchema.safeParse((error.data as { errors?: unknown } | null)?.errors);
  if (!parsed.success) return;
  const fields: Record<string, { error: { message: string } }> = {};
  for (const { field, message } of parsed.data) fields[field] = { error: { message } };
  form.setFields(fields as Parameters<FormInstance<T>['setFields']>[0]);
}

/** The server's message when it sent one (already in the caller's language), else the caller's fallback. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
