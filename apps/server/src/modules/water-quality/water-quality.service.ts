import {
  LOCALES,
  type ValidationMessageKey,
  WQ_SET_KIND_OF_SITE,
  type WqLimitSet,
  type WqSite,
  type wqLimitSetInputSchema,
  type wqParameterInputSchema,
  type wqSiteListQuerySchema,
} from '@water/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { WQ_NATIONAL_SETS } from '../../db/seed/water-quality-standards.ts';
import type { Context } from '../../lib/context.ts';
import { inRegionScope } from '../../lib/data-scope.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { regionFilter } from '../../lib/region-filter.ts';
import { together } from '../../lib/together.ts';
import { RequestValidationError } from '../../lib/validation.ts';
import { checkRecipients } from '../alarm-rules/alarm-rules.check.ts';
import { setName, toLimitSet } from './water-quality.mappers.ts';
import { createWaterQualityRepository, type SiteValues } from './water-quality.repository.ts';

type Issue = RequestValidationError['issues'][number];
type Path = (string | number)[];
const issue = (path: Path, message: ValidationMessageKey): Issue => ({
  code: 'custom',
  path,
  message,
  input: undefined,
});

/** The device type whose devices may measure at a site. */
export const WQ_ANALYSER_TYPE = 'water_quality_analyser';

/** National sets in the standards' order, then the copies as they were made. */
const nationalOrder = (code: string | null) => {
  const i = WQ_NATIONAL_SETS.findIndex((s) => s.code === code);
  return i < 0 ? WQ_NATIONAL_SETS.length : i;
};

/**
 * Water quality's configuration (issue 18): the parameters' detection limits and methods, the limit
 * sets (national ones read only, local copies adjusted), and the sites where water is judged.
 */
export function createWaterQualityService(app: FastifyInstance) {
  const repo = (ctx: Context) => createWaterQualityRepository(ctx.db);
  /** Online judging reads the site ↔ analyser mapping and the sites' limits again (after the commit). */
  const refreshOnline = () => app.waterQuality.refresh();

  async function limitSets(ctx: Context): Promise<WqLimitSet[]> {
    const r = repo(ctx);
    const sets = await r.sets();
    const [limits, counts] = await together(
      ctx.db,
      () => r.limitsOf(sets.map((s) => s.id)),
      () => r.siteCounts(),
    );
    const byId = new Map(sets.map((s) => [s.id, s]));
    return sets
      .sort((a, b) => nationalOrder(a.code) - nationalOrder(b.code) || a.id - b.id)
      .map((s) =>
        toLimitSet(
          s,
          limits.filter((l) => l.setId === s.id),
          counts.get(s.id) ?? 0,
          s.basedOnId === null ? undefined : byId.get(s.basedOnId),
          ctx.locale,
        ),
      );
  }

  async function limitSet(ctx: Context, id: number): Promise<WqLimitSet> {
    const found = (await limitSets(ctx)).find((s) => s.id === id);
    if (!found) throw notFound();
    return found;
  }

  /** A national set is read only: copied to adjust, never changed or deleted in place. */
  async function localSet(ctx: Context, id: number) {
    const row = await repo(ctx).setRow(id);
    if (!row) throw notFound();
    if (row.national) throw new AppError(409, 409, 'wq.nationalReadOnly');
    return row;
  }

  /** A copy's name is not another set's (a national one's in either language, or another copy's). */
  async function checkName(ctx: Context, name: string, except: number | null) {
    const key = name.trim().toLowerCase();
    const taken = (await repo(ctx).sets()).some(
      (s) =>
        s.id !== except &&
        (s.code ? LOCALES.map((l) => setName(s, l)) : [s.name]).some((n) => n.trim().toLowerCase() === key),
    );
    if (taken) throw new AppError(409, 409, 'wq.setNameTaken');
  }

  /** A site the caller may see: outside their region limit it does not exist for them. */
  async function visibleSite(ctx: Context, id: number) {
    const row = await repo(ctx).siteRow(id);
    if (!row || !inRegionScope(await ctx.scope(), row.regionId)) throw notFound();
    return row;
  }

  async function site(ctx: Context, id: number): Promise<WqSite> {
    return (await repo(ctx).site(id, ctx.locale))!;
  }

  /**
   * What the contract cannot check of a site, each a 400 naming its field: the region exists and is
   * within the caller's region limit (a region-limited caller names one); the set exists and is of
   * the site kind's set kind; a graded set's site has a target class and no other site has one; each
   * analyser is a water-quality analyser in service, within the caller's region limit, at no other
   * site; every recipient exists.
   */
  async function checkSite(ctx: Context, v: SiteValues, siteId: number | null) {
    const r = repo(ctx);
    const scope = await ctx.scope();
    const issues: Issue[] = [];
    const [regionOk, set, found, recipientIssues] = await together(
      ctx.db,
      () => (v.regionId === null ? true : r.regionExists(v.regionId)),
      () => r.setRow(v.limitSetId),
      () => r.devicesOf(v.deviceIds),
      () => checkRecipients(ctx, v.recipients),
    );
    if (v.regionId === null) {
      if (scope.regions !== null) issues.push(issue(['regionId'], 'validation.required'));
    } else if (!regionOk || !inRegionScope(scope, v.regionId)) {
      issues.push(issue(['regionId'], 'validation.unknownRegion'));
    }
    if (!set) issues.push(issue(['limitSetId'], 'validation.wqUnknownSet'));
    else {
      if (set.kind !== WQ_SET_KIND_OF_SITE[v.kind]) issues.push(issue(['limitSetId'], 'validation.wqSetKind'));
      if (set.graded !== (v.targetGrade !== null)) issues.push(issue(['targetGrade'], 'validation.wqTargetGrade'));
    }
    const byId = new Map(found.map((d) => [d.id, d]));
    const seen = new Set<number>();
    v.deviceIds.forEach((id, i) => {
      const d = byId.get(id);
      if (seen.has(id)) issues.push(issue(['deviceIds', i], 'validation.duplicate'));
      else if (!d || d.archivedAt !== null || !inRegionScope(scope, d.regionId))
        issues.push(issue(['deviceIds', i], 'validation.unknownDevice'));
      else if (d.typeCode !== WQ_ANALYSER_TYPE) issues.push(issue(['deviceIds', i], 'validation.wqNotAnalyser'));
      else if (d.siteId !== null && d.siteId !== siteId)
        issues.push(issue(['deviceIds', i], 'validation.wqDeviceOtherSite'));
      seen.add(id);
    });
    issues.push(...recipientIssues);
    if (issues.length) throw new RequestValidationError('body', issues);
  }

  return {
    parameters: (ctx: Context) => repo(ctx).parameters(ctx.locale),

    async updateParameter(ctx: Context, code: string, v: z.output<typeof wqParameterInputSchema>) {
      const r = repo(ctx);
      const before = await r.parameterRow(code);
      if (!before) throw notFound();
      await r.updateParameter(code, v.mdl, v.method, app.clock.now());
      const after = (await r.parameters(ctx.locale)).find((p) => p.code === code)!;
      ctx.audit({ targetId: code, before: { mdl: before.mdl, method: before.method }, after });
      return after;
    },

    limitSets,

    async copyLimitSet(ctx: Context, id: number, name: string) {
      const r = repo(ctx);
      const source = await r.setRow(id);
      if (!source) throw notFound();
      await checkName(ctx, name, null);
      const now = app.clock.now();
      const from = await limitSet(ctx, id);
      const copy = await r.insertSet({
        code: null,
        name: name.trim(),
        kind: source.kind,
        standard: source.standard,
        graded: source.graded,
        national: false,
        basedOnId: source.id,
        description: from.description,
        createdAt: now,
        updatedAt: now,
      });
      await r.copyLimits(source.id, copy.id);
      const after = await limitSet(ctx, copy.id);
      ctx.audit({ targetId: copy.id, after });
      return after;
    },

    /**
     * A local set's name, description and limits, the limits replaced as a whole. Results already
     * judged keep the limit they were judged by (stored with them); later ones are judged by these.
     */
    async updateLimitSet(ctx: Context, id: number, v: z.output<typeof wqLimitSetInputSchema>) {
      const row = await localSet(ctx, id);
      const issues = v.limits.flatMap((l, i) =>
        row.graded === (l.grade !== null) ? [] : [issue(['limits', i, 'grade'], 'validation.wqLimitGrade')],
      );
      if (issues.length) throw new RequestValidationError('body', issues);
      await checkName(ctx, v.name, id);
      const before = await limitSet(ctx, id);
      const r = repo(ctx);
      await r.updateSet(id, { name: v.name.trim(), description: v.description }, app.clock.now());
      await r.replaceLimits(id, v.limits);
      const after = await limitSet(ctx, id);
      ctx.audit({ targetId: id, before, after });
      // Online judging holds the sites' limits: the new ones apply from the next reading.
      if (after.siteCount > 0) ctx.afterCommit(refreshOnline);
      return after;
    },

    async deleteLimitSet(ctx: Context, id: number) {
      await localSet(ctx, id);
      const before = await limitSet(ctx, id);
      if (before.siteCount > 0) throw new AppError(409, 409, 'wq.setInUse', { n: before.siteCount });
      await repo(ctx).deleteSet(id);
      ctx.audit({ targetId: id, before });
      return null;
    },

    async sites(ctx: Context, q: z.output<typeof wqSiteListQuerySchema>) {
      const regionIds = await regionFilter(ctx.db, await ctx.scope(), q.regionId);
      const { total, list } = await repo(ctx).sitePage({ ...q, regionIds }, ctx.locale);
      return { total, page: q.page, pageSize: q.pageSize, list };
    },

    async createSite(ctx: Context, v: SiteValues) {
      const r = repo(ctx);
      if (await r.siteByCode(v.code)) throw new AppError(409, 409, 'wq.siteCodeTaken');
      await checkSite(ctx, v, null);
      const id = await r.insertSite(v, app.clock.now());
      await r.placeDevices(id, v.deviceIds);
      const after = await site(ctx, id);
      ctx.audit({ targetId: id, after });
      ctx.afterCommit(refreshOnline);
      return after;
    },

    /** Later results are judged by the site's new set and target; those already judged keep theirs. */
    async updateSite(ctx: Context, id: number, v: SiteValues) {
      await visibleSite(ctx, id);
      const r = repo(ctx);
      const other = await r.siteByCode(v.code);
      if (other && other.id !== id) throw new AppError(409, 409, 'wq.siteCodeTaken');
      await checkSite(ctx, v, id);
      const before = await site(ctx, id);
      await r.updateSite(id, v, app.clock.now());
      await r.placeDevices(id, v.deviceIds);
      const after = await site(ctx, id);
      ctx.audit({ targetId: id, before, after });
      ctx.afterCommit(refreshOnline);
      return after;
    },

    /** Only a site without results: one with a history is disabled instead, so that the history stays. */
    async deleteSite(ctx: Context, id: number) {
      await visibleSite(ctx, id);
      const r = repo(ctx);
      const n = await r.resultCount(id);
      if (n > 0) throw new AppError(409, 409, 'wq.siteHasResults', { n }, { results: n });
      const before = await site(ctx, id);
      await r.deleteSite(id);
      ctx.audit({ targetId: id, before });
      ctx.afterCommit(refreshOnline);
      return null;
    },

    visibleSite,
  };
}
