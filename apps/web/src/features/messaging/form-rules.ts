import type { RulesProps } from '@arco-design/web-react';
import type { z } from 'zod';
import { ApiError } from '../../shared/api/http.ts';
import type { MessagingI18n } from './use-messaging-i18n.ts';

/**
 * An Arco Form rule that runs one field's contract schema, so the console rejects exactly what the
 * server would, with the contract's own text. An untouched field is checked as ''.
 */
export function contractRule(schema: z.ZodType, tv: MessagingI18n['tv']): RulesProps {
  return {
    validator: (value, callback) => {
      const result = schema.safeParse(value ?? '');
      callback(result.success ? undefined : tv(result.error.issues[0]?.message ?? ''));
    },
  };
}

/** The server's message when it sent one (already in the caller's language), else a local fallback. */
export function errorText(error: unknown, t: MessagingI18n['t']): string {
  return error instanceof ApiError && error.message ? error.message : t('messaging.notices.requestFailed');
}
