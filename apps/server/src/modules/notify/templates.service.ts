import {
  isRobotChannel,
  LOCALES,
  type Locale,
  type NotifyChannel,
  type NotifyPurpose,
  type NotifyTemplate,
  type NotifyTemplateInput,
  type NotifyTemplatePreview,
  ROBOT_MARKDOWN_MAX_BYTES,
  renderTemplate,
  SMS_MAX_SEGMENTS,
  smsSize,
  TEMPLATE_VARIABLES,
  unknownTemplateVariables,
} from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { defaultTemplate } from '../../db/seed/notify-templates.ts';
import type { Context } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { RequestValidationError } from '../../lib/validation.ts';
import { templateSamples } from './template-samples.ts';
import { createTemplatesRepository, type TemplateFilter } from './templates.repository.ts';

type Localized = Record<Locale, string>;
type Issue = z.core.$ZodIssue;

interface Draft {
  purpose: NotifyPurpose;
  channel: NotifyChannel;
  title: Localized;
  body: Localized;
}

/**
 * A template checked as the channel will send it, rendered with each language's sample values:
 * what the preview shows, and the issues that refuse saving it (each at its field and language,
 * naming the variable or the figures).
 */
export function checkTemplate(draft: Draft): { preview: NotifyTemplatePreview; issues: Issue[] } {
  const { purpose, channel } = draft;
  const samples = templateSamples(purpose);
  const known = TEMPLATE_VARIABLES[purpose].map((v) => `{${v}}`).join(' ');
  const issues: Issue[] = [];
  const unknown = new Set<string>();
  const problems: NotifyTemplatePreview['problems'] = [];
  const rendered = {} as NotifyTemplatePreview['rendered'];
  const bytes = {} as Record<Locale, number>;
  const sms = {} as Record<Locale, ReturnType<typeof smsSize>>;

  for (const locale of LOCALES) {
    for (const field of ['title', 'body'] as const) {
      for (const name of unknownTemplateVariables(purpose, draft[field][locale])) {
        unknown.add(name);
        issues.push({
          code: 'custom',
          path: [field, locale],
          message: 'validation.unknownVariable',
          params: { name: `{${name}}`, known },
          input: undefined,
        });
      }
    }
    const title = renderTemplate(draft.title[locale], samples[locale]);
    const body = renderTemplate(draft.body[locale], samples[locale]);
    rendered[locale] = { title, body };
    // A robot's message is its title line and its markdown: that is what its cap counts.
    bytes[locale] = Buffer.byteLength(isRobotChannel(channel) ? `${title}\n${body}` : body, 'utf8');

    if (channel === 'sms') {
      const size = smsSize(body);
      sms[locale] = size;
      if (size.segments > SMS_MAX_SEGMENTS) {
        problems.push({ locale, key: 'validation.smsTooLong', limit: SMS_MAX_SEGMENTS });
        issues.push({
          code: 'custom',
          path: ['body', locale],
          message: 'validation.smsTooLong',
          params: { segments: size.segments, chars: size.chars, limit: SMS_MAX_SEGMENTS },
          input: undefined,
        });
      }
    }
    if (isRobotChannel(channel)) {
      const limit = ROBOT_MARKDOWN_MAX_BYTES[channel];
      if (bytes[locale] > limit) {
        problems.push({ locale, key: 'validation.markdownTooLong', limit });
        issues.push({
          code: 'custom',
          path: ['body', locale],
          message: 'validation.markdownTooLong',
          params: { bytes: bytes[locale], limit },
          input: undefined,
        });
      }
    }
  }
  return {
    preview: { rendered, unknown: [...unknown], sms: channel === 'sms' ? sms : null, bytes, problems },
    issues,
  };
}

const sameText = (a: Localized, b: Localized) => LOCALES.every((l) => a[l] === b[l]);

export function createTemplatesService(app: FastifyInstance) {
  const repo = (ctx: Context) => createTemplatesRepository(ctx.db);

  async function found(ctx: Context, id: number): Promise<NotifyTemplate> {
    const template = await repo(ctx).get(id);
    if (!template) throw notFound();
    return template;
  }

  return {
    list: (ctx: Context, filter: TemplateFilter) => repo(ctx).list(filter),

    preview: (draft: Draft): NotifyTemplatePreview => checkTemplate(draft).preview,

    /** Saved only when every variable is the purpose's and the text fits the channel's limits. */
    async update(ctx: Context, id: number, input: NotifyTemplateInput): Promise<NotifyTemplate> {
      const locked = await repo(ctx).lock(id);
      if (!locked) throw notFound();
      const before = await found(ctx, id);
      const { issues } = checkTemplate({ ...locked, title: input.title, body: input.body });
      if (input.fallback !== null && input.fallback === locked.channel) {
        issues.push({
          code: 'custom',
          path: ['fallback'],
          message: 'validation.fallbackSameChannel',
          input: undefined,
        });
      }
      if (issues.length > 0) throw new RequestValidationError('body', issues);
      const seeded = defaultTemplate(locked.purpose, locked.channel);
      // Saving the seeded text unchanged keeps it the default (a reset would be a no-op).
      const isDefault =
        input.enabled === seeded.enabled &&
        input.fallback === seeded.fallback &&
        sameText(input.title, seeded.title) &&
        sameText(input.body, seeded.body);
      await repo(ctx).update(id, { ...input, isDefault, updatedBy: ctx.auth?.userId ?? null }, app.clock.now());
      const after = await found(ctx, id);
      ctx.audit({ targetId: id, before: auditView(before), after: auditView(after) });
      return after;
    },

    /** Back to the seeded text, switch and fallback. */
    async reset(ctx: Context, id: number): Promise<NotifyTemplate> {
      const locked = await repo(ctx).lock(id);
      if (!locked) throw notFound();
      const before = await found(ctx, id);
      const seeded = defaultTemplate(locked.purpose, locked.channel);
      await repo(ctx).update(id, { ...seeded, isDefault: true, updatedBy: ctx.auth?.userId ?? null }, app.clock.now());
      const after = await found(ctx, id);
      ctx.audit({ targetId: id, before: auditView(before), after: auditView(after) });
      return after;
    },
  };
}

/** What the operation log keeps of a template: the parts an administrator edits. */
const auditView = (t: NotifyTemplate) => ({
  enabled: t.enabled,
  title: t.title,
  body: t.body,
  fallback: t.fallback,
  isDefault: t.isDefault,
});
