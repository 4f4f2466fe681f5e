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
  if (isValidationMessageKey(issue.message)) {
    // A custom issue may name what it refuses ({name} in the text, from its params).
    const params = (issue as { params?: Record<string, unknown> }).params;
    const text = validationMessages[issue.message][locale];
    return params ? text.replace(/\{(\w+)\}/g, (all, k: string) => (k in params ? String(params[k]) : all)) : text;
  }
  const message = zodLocales[locale].localeError?.(issue as never);
  return typeof message === 'string' ? message : (message?.message ?? issue.message);
}

// A UTF-16 surrogate not paired with its other half: no character at all. PostgreSQL's jsonb
// refuses it and UTF-8 cannot carry it.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text no field can hold: a lone surrogate anywhere, or NUL (PostgreSQL's text refuses it). */
export function isBrokenText(s: string): boolean {
  return s.includes('\u0000') || LONE_SURROGATE.test(s);
}

/**
 * The issues of every string (and key) in `value` that no field can hold, each at its path, so
 * every route of every contract refuses them the same way before its own schema runs.
 */
export function brokenTextIssues(value: unknown, path: PropertyKey[] = [], depth = 0): Issue[] {
  if (typeof value === 'string') {
    return isBrokenText(value) ? [{ code: 'custom', path, message: 'validation.brokenText', input: value }] : [];
  }
  if (!value || typeof value !== 'object' || depth > 32) return [];
  const issues: Issue[] = [];
  for (const [key, item] of Object.entries(value)) {
    if (isBrokenText(key)) issues.push({ code: 'custom', path, message: 'validation.brokenText', input: key });
    else issues.push(...brokenTextIssues(item, [...path, Array.isArray(value) ? Number(key) : key], depth + 1));
    if (issues.length >= 20) break;
  }
  return issues;
}

/**
 * Validates with the contract's zod schema, keeping each issue's input so the message can be
 * phrased in the caller's language later (zod's default message is English only). Strings no
 * field can hold are refused first, naming their path, whatever the route's schema says.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const part = httpPart ?? 'body';
    const broken = brokenTextIssues(data);
    if (broken.length > 0) return { error: new RequestValidationError(part, broken) };
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(part, result.error.issues) };
  };
