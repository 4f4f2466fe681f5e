import { isValidationMessageKey, type Locale, validationMessages } from '@water/contracts';
import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';

const zodLocales = { 'zh-CN': z.locales.zhCN(), 'en-US': z.locales.en() };

type Issue = z.core.$ZodIssue;

/** A request part that failed its contract schema; the error handler answers it in the caller's language. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly part: string,
    readonly issues: Issue[],
  ) {
    super(`invalid ${part}`);
  }

  localize(issue: Issue, locale: Locale): string {
    const message = zodLocales[locale].localeError?.(issue as never);
    return typeof message === 'string' ? message : (message?.message ?? issue.message);
  }
}

/** One zod issue in the caller's language: the contract's own message key, else zod's locale. */
export function issueText(issue: Issue, locale: Locale): string {
  if (isValidationMessageKey(issue.message)) return validationMessages[issue.message][locale];
  const message = zodLocales[locale].localeError?.(issue as never);
  return typeof message === 'string' ? message : (message?.message ?? issue.message);
}

/**
 * Validates with the contract's zod schema, keeping each issue's input so the message can be
 * phrased in the caller's language later (zod's default message is English only).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(httpPart ?? 'body', result.error.issues) };
  };
