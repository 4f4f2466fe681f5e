import type { wqResultListQuerySchema, wqResultUpdateSchema, wqSampleInputSchema } from '@water/contracts';
import { type WqParameter, wqValueInRange } from '@water/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { wqResults } from '../../db/schema/index.ts';
import type { Context } from '../../lib/context.ts';
import { inRegionScope } from '../../lib/data-scope.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { regionFilter } from '../../lib/region-filter.ts';
import { RequestValidationError } from '../../lib/validation.ts';
import { parameterName, type ResultRow, toResult } from './water-quality.mappers.ts';
import { createWaterQualityRepository } from './water-quality.repository.ts';
import { judgedRow, loadJudging, recordResults, temperatureAt } from './wq-record.ts';

type Issue = RequestValidationError['issues'][number];

/** A sampling time this far ahead of the server's clock is still taken (a lab PC's clock runs fast). */
export const WQ_FUTURE_SLACK_MS = 5 * 60_000;

/** One field refused: a 400 naming it, in the caller's language. */
export const refuse = (part: 'body' | 'querystring', path: (string | number)[], message: Issue['message']) =>
  new RequestValidationError(part, [{ code: 'custom', path, message, input: undefined }]);

/** A from–to filter whose end is not after its start is refused naming `to`. */
export function checkRange(from: string | undefined, to: string | undefined) {
  if (from !== undefined && to !== undefined && Date.parse(to) <= Date.parse(from))
    throw refuse('querystring', ['to'], 'validation.timeRangeOrder');
}

/**
 * Lab results (issue 18): the results list (online and lab), a sample entered by hand, a result
 * corrected or deleted. Every lab write is judged and stored through recordResults / judgedRow and
 * told to the hub (`app.waterQuality.judged`) once committed, where the alarm seam hears it.
 */
export function createWqLabService(app: FastifyInstance) {
  const repo = (ctx: Context) => createWaterQualityRepository(ctx.db);

  /** A result the caller may see (its site within their region limit), else 404; a lab one to change it. */
  async function visibleResult(ctx: Context, id: number, lab: boolean) {
    const found = await repo(ctx).resultWithSite(id);
    if (!found || !inRegionScope(await ctx.scope(), found.regionId)) throw notFound();
    if (lab && found.result.source !== 'lab') throw new AppError(409, 409, 'wq.labOnly');
    return found;
  }

  const notFuture = (at: Date, path: (string | number)[]) => {
    if (at.getTime() > app.clock.now().getTime() + WQ_FUTURE_SLACK_MS)
      throw refuse('body', path, 'validation.wqFuture');
  };

  return {
    async results(ctx: Context, q: z.output<typeof wqResultListQuerySchema>) {
      checkRange(q.from, q.to);
      const regionIds = await regionFilter(ctx.db, await ctx.scope(), q.regionId);
      const { total, rows } = await repo(ctx).resultPage({
        ...q,
        regionIds,
        from: q.from === undefined ? undefined : new Date(q.from),
        to: q.to === undefined ? undefined : new Date(q.to),
      });
      return { total, page: q.page, pageSize: q.pageSize, list: rows.map((r) => toResult(r.result, r, ctx.locale)) };
    },

    /**
     * One sample's results, judged together (its own temperature feeds its NH3-N's cold-water limit)
     * and stored in the route's transaction: all of them or none.
     */
    async createSample(ctx: Context, v: z.output<typeof wqSampleInputSchema>) {
      const r = repo(ctx);
      const site = await r.siteRow(v.siteId);
      if (!site || !inRegionScope(await ctx.scope(), site.regionId))
        throw refuse('body', ['siteId'], 'validation.wqUnknownSite');
      if (!site.enabled) throw refuse('body', ['siteId'], 'validation.wqSiteDisabled');
      const sampledAt = new Date(v.sampledAt);
      notFuture(sampledAt, ['sampledAt']);
      const stored = await r.storedSamples(site.id, [v.sampleId]);
      const taken = v.values.find((x) => stored.some((s) => s.parameter === x.parameter));
      if (taken)
        throw new AppError(409, 409, 'wq.duplicateSample', {
          sampleId: v.sampleId,
          parameter: parameterName(taken.parameter, ctx.locale),
        });
      const rows = await recordResults(
        ctx.db,
        v.values.map((x) => ({
          siteId: site.id,
          parameter: x.parameter,
          source: 'lab' as const,
          sampledAt,
          value: x.value,
          belowDetection: x.belowDetection,
          sampleId: v.sampleId,
          analyst: v.analyst || null,
          enteredBy: ctx.auth?.userId ?? null,
        })),
      );
      ctx.audit({
        targetId: site.id,
        after: {
          sampleId: v.sampleId,
          results: rows.map((x) => ({ id: x.id, parameter: x.parameter, value: x.value, verdict: x.verdict })),
        },
      });
      ctx.afterCommit(() => app.waterQuality.judged(rows));
      return rows.map((x) => toResult(x, site, ctx.locale));
    },

    /**
     * A lab result corrected: judged again by the site's set as it is now, with its sample's own
     * temperature where a cold-water limit reads one. A corrected temperature judges its sample's
     * results that read it again too.
     */
    async updateResult(ctx: Context, id: number, v: z.output<typeof wqResultUpdateSchema>) {
      const found = await visibleResult(ctx, id, true);
      const before = found.result;
      const parameter = before.parameter as WqParameter;
      if (!wqValueInRange(parameter, v.value)) throw refuse('body', ['value'], 'validation.wqValueRange');
      const sampledAt = new Date(v.sampledAt);
      notFuture(sampledAt, ['sampledAt']);
      const site = (await loadJudging(ctx.db, [before.siteId])).get(before.siteId);
      if (!site) throw notFound();
      const coldLimited = (p: string) => site.limits.some((l) => l.parameter === p && l.coldUpper !== null);
      const siblings =
        before.sampleId === null
          ? []
          : await ctx.db
              .select()
              .from(wqResults)
              .where(
                and(
                  eq(wqResults.siteId, before.siteId),
                  eq(wqResults.source, 'lab'),
                  eq(wqResults.sampleId, before.sampleId),
                ),
              );
      const sampleTemperature = siblings.find((s) => s.parameter === 'temperature' && s.id !== id)?.value;
      const temperature = coldLimited(parameter)
        ? (sampleTemperature ?? (await temperatureAt(ctx.db, before.siteId, sampledAt)))
        : null;
      const rejudge = async (
        row: ResultRow,
        value: number,
        belowDetection: boolean,
        at: Date,
        analyst: string | null,
        t: number | null,
      ) => {
        const next = judgedRow(
          site,
          {
            siteId: row.siteId,
            parameter: row.parameter as WqParameter,
            source: 'lab',
            sampledAt: at,
            value,
            belowDetection,
            sampleId: row.sampleId,
            analyst,
            deviceId: row.deviceId,
            deviceCode: row.deviceCode,
            enteredBy: row.enteredBy,
          },
          t,
        );
        const [updated] = await ctx.db.update(wqResults).set(next).where(eq(wqResults.id, row.id)).returning();
        return updated!;
      };
      const updated = await rejudge(before, v.value, v.belowDetection, sampledAt, v.analyst || null, temperature);
      const also: ResultRow[] = [];
      if (parameter === 'temperature') {
        for (const s of siblings.filter((x) => x.id !== id && coldLimited(x.parameter))) {
          also.push(await rejudge(s, s.value, s.belowDetection, s.sampledAt, s.analyst, v.value));
        }
      }
      ctx.audit({ targetId: id, before, after: updated });
      ctx.afterCommit(() => app.waterQuality.judged([updated, ...also]));
      return toResult(updated, found, ctx.locale);
    },

    async deleteResult(ctx: Context, id: number) {
      const found = await visibleResult(ctx, id, true);
      await ctx.db.delete(wqResults).where(eq(wqResults.id, id));
      // The alarm follows what is left: the site's parameter is judged by its newest remaining result
      // (compliant clears an alarm the deleted result raised; none left leaves it to the operator).
      const [left] = await ctx.db
        .select()
        .from(wqResults)
        .where(and(eq(wqResults.siteId, found.result.siteId), eq(wqResults.parameter, found.result.parameter)))
        .orderBy(desc(wqResults.sampledAt), desc(wqResults.id))
        .limit(1);
      if (left) ctx.afterCommit(() => app.waterQuality.judged([left], { replacing: true }));
      ctx.audit({ targetId: id, before: found.result });
      return null;
    },
  };
}
