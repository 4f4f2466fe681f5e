import {
  type Locale,
  WQ_PARAMETERS,
  type WqParameter,
  type WqResultSource,
  type WqSite,
  type WqSiteKind,
  type WqVerdict,
  type wqLimitInputSchema,
  type wqSiteInputSchema,
} from '@water/contracts';
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import {
  devices,
  deviceTypes,
  regions,
  wqLimitSets,
  wqLimits,
  wqParameters,
  wqResults,
  wqSiteDevices,
  wqSites,
} from '../../db/schema/index.ts';
import { containing } from '../../lib/like.ts';
import { together } from '../../lib/together.ts';
import { type SiteDevice, type SiteListRow, toParameter, toSite } from './water-quality.mappers.ts';

export type SiteValues = z.output<typeof wqSiteInputSchema>;
type LimitValues = z.output<typeof wqLimitInputSchema>;

/** Which sites a read covers: the caller's filters, and the regions their role may see. */
export interface SiteFilter {
  keyword?: string | undefined;
  kind?: WqSiteKind | undefined;
  /** undefined: no region limit; []: none at all. */
  regionIds?: number[] | undefined;
  siteIds?: number[] | undefined;
  enabled?: boolean | undefined;
}

export function siteWhere(f: SiteFilter): SQL | undefined {
  return and(
    f.keyword ? or(ilike(wqSites.code, containing(f.keyword)), ilike(wqSites.name, containing(f.keyword))) : undefined,
    f.kind ? eq(wqSites.kind, f.kind) : undefined,
    f.regionIds ? (f.regionIds.length ? inArray(wqSites.regionId, f.regionIds) : sql`false`) : undefined,
    f.siteIds ? (f.siteIds.length ? inArray(wqSites.id, f.siteIds) : sql`false`) : undefined,
    f.enabled === undefined ? undefined : eq(wqSites.enabled, f.enabled),
  );
}

export interface ResultFilter extends SiteFilter {
  parameter?: WqParameter | undefined;
  source?: WqResultSource | undefined;
  verdict?: WqVerdict | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

export function resultWhere(f: ResultFilter): SQL | undefined {
  return and(
    siteWhere(f),
    f.parameter ? eq(wqResults.parameter, f.parameter) : undefined,
    f.source ? eq(wqResults.source, f.source) : undefined,
    f.verdict ? eq(wqResults.verdict, f.verdict) : undefined,
    f.from ? gte(wqResults.sampledAt, f.from) : undefined,
    f.to ? lt(wqResults.sampledAt, f.to) : undefined,
  );
}

const siteValues = (v: SiteValues, now: Date) => ({
  code: v.code,
  name: v.name,
  kind: v.kind,
  regionId: v.regionId,
  longitude: v.longitude,
  latitude: v.latitude,
  address: v.address,
  limitSetId: v.limitSetId,
  targetGrade: v.targetGrade,
  alarmEnabled: v.alarmEnabled,
  alarmSeverity: v.alarmSeverity,
  recipients: v.recipients,
  enabled: v.enabled,
  updatedAt: now,
});

const limitValues = (setId: number, limits: LimitValues[]) =>
  limits.map((l) => ({
    setId,
    parameter: l.parameter,
    grade: l.grade ?? 0,
    lower: l.lower,
    upper: l.upper,
    coldUpper: l.coldUpper,
    citation: l.citation,
  }));

export function createWaterQualityRepository(db: Queryable) {
  const listed = () =>
    db
      .select({ site: wqSites, regionName: regions.name, setCode: wqLimitSets.code, setName: wqLimitSets.name })
      .from(wqSites)
      .innerJoin(wqLimitSets, eq(wqLimitSets.id, wqSites.limitSetId))
      .leftJoin(regions, eq(regions.id, wqSites.regionId));

  const repository = {
    // ——— parameters

    async parameters(locale: Locale) {
      const rows = await db.select().from(wqParameters);
      const order = (code: string) => WQ_PARAMETERS.indexOf(code as WqParameter);
      return rows.sort((a, b) => order(a.code) - order(b.code)).map((r) => toParameter(r, locale));
    },

    parameterRow: (code: string) =>
      db
        .select()
        .from(wqParameters)
        .where(eq(wqParameters.code, code))
        .then((rows) => rows[0]),

    async updateParameter(code: string, mdl: number | null, method: string, now: Date) {
      const [row] = await db
        .update(wqParameters)
        .set({ mdl, method, updatedAt: now })
        .where(eq(wqParameters.code, code))
        .returning();
      return row;
    },

    // ——— limit sets

    sets: () => db.select().from(wqLimitSets).orderBy(asc(wqLimitSets.id)),

    setRow: (id: number) =>
      db
        .select()
        .from(wqLimitSets)
        .where(eq(wqLimitSets.id, id))
        .then((rows) => rows[0]),

    limitsOf: (setIds: number[]) =>
      setIds.length ? db.select().from(wqLimits).where(inArray(wqLimits.setId, setIds)) : Promise.resolve([]),

    /** Sites judged by each set, every site counted (a set in use is in use whoever sees the site). */
    async siteCounts(): Promise<Map<number, number>> {
      const rows = await db.select({ setId: wqSites.limitSetId, n: count() }).from(wqSites).groupBy(wqSites.limitSetId);
      return new Map(rows.map((r) => [r.setId, r.n]));
    },

    async insertSet(values: typeof wqLimitSets.$inferInsert) {
      const [row] = await db.insert(wqLimitSets).values(values).returning();
      return row!;
    },

    async updateSet(id: number, values: { name: string; description: string }, now: Date) {
      await db
        .update(wqLimitSets)
        .set({ ...values, updatedAt: now })
        .where(eq(wqLimitSets.id, id));
    },

    /** A set's limits, all replaced (in the caller's transaction). */
    async replaceLimits(setId: number, limits: LimitValues[]) {
      await db.delete(wqLimits).where(eq(wqLimits.setId, setId));
      if (limits.length) await db.insert(wqLimits).values(limitValues(setId, limits));
    },

    async copyLimits(fromId: number, toId: number) {
      const rows = await db.select().from(wqLimits).where(eq(wqLimits.setId, fromId));
      if (rows.length) await db.insert(wqLimits).values(rows.map((r) => ({ ...r, setId: toId })));
    },

    deleteSet: (id: number) => db.delete(wqLimitSets).where(eq(wqLimitSets.id, id)),

    // ——— sites

    async sitePage(f: SiteFilter & { page: number; pageSize: number }, locale: Locale) {
      const condition = siteWhere(f);
      const [[total], rows] = await together(
        db,
        () => db.select({ n: count() }).from(wqSites).where(condition),
        () =>
          listed()
            .where(condition)
            .orderBy(asc(wqSites.code))
            .limit(f.pageSize)
            .offset((f.page - 1) * f.pageSize),
      );
      return { total: total?.n ?? 0, list: await repository.toSites(rows, locale) };
    },

    /** Every site of the filter, by code (latest, compliance, the report: a few hundred at most). */
    sitesOf: (f: SiteFilter) => listed().where(siteWhere(f)).orderBy(asc(wqSites.code)),

    async toSites(rows: SiteListRow[], locale: Locale): Promise<WqSite[]> {
      const ids = rows.map((r) => r.site.id);
      const attached: SiteDevice[] = ids.length
        ? await db
            .select({
              siteId: wqSiteDevices.siteId,
              id: devices.id,
              code: devices.code,
              name: devices.name,
              status: devices.status,
            })
            .from(wqSiteDevices)
            .innerJoin(devices, eq(devices.id, wqSiteDevices.deviceId))
            .where(inArray(wqSiteDevices.siteId, ids))
            .orderBy(asc(devices.code))
        : [];
      return rows.map((r) => toSite(r, attached, locale));
    },

    async site(id: number, locale: Locale): Promise<WqSite | undefined> {
      const rows = await listed().where(eq(wqSites.id, id));
      return rows.length ? (await repository.toSites(rows, locale))[0] : undefined;
    },

    siteRow: (id: number) =>
      db
        .select()
        .from(wqSites)
        .where(eq(wqSites.id, id))
        .then((rows) => rows[0]),

    siteByCode: (code: string) =>
      db
        .select({ id: wqSites.id })
        .from(wqSites)
        .where(eq(wqSites.code, code))
        .then((rows) => rows[0]),

    async insertSite(v: SiteValues, now: Date) {
      const [row] = await db
        .insert(wqSites)
        .values({ ...siteValues(v, now), createdAt: now })
        .returning({ id: wqSites.id });
      return row!.id;
    },

    updateSite: (id: number, v: SiteValues, now: Date) =>
      db.update(wqSites).set(siteValues(v, now)).where(eq(wqSites.id, id)),

    async placeDevices(siteId: number, deviceIds: number[]) {
      await db.delete(wqSiteDevices).where(eq(wqSiteDevices.siteId, siteId));
      if (deviceIds.length) await db.insert(wqSiteDevices).values(deviceIds.map((deviceId) => ({ deviceId, siteId })));
    },

    deleteSite: (id: number) => db.delete(wqSites).where(eq(wqSites.id, id)),

    regionExists: (id: number) =>
      db
        .select({ id: regions.id })
        .from(regions)
        .where(eq(regions.id, id))
        .then((rows) => rows.length > 0),

    /** Devices by id with their type and the site each measures at, for the site checks. */
    devicesOf: (ids: number[]) =>
      ids.length
        ? db
            .select({
              id: devices.id,
              typeCode: deviceTypes.code,
              regionId: devices.regionId,
              archivedAt: devices.archivedAt,
              siteId: wqSiteDevices.siteId,
            })
            .from(devices)
            .innerJoin(deviceTypes, eq(deviceTypes.id, devices.typeId))
            .leftJoin(wqSiteDevices, eq(wqSiteDevices.deviceId, devices.id))
            .where(inArray(devices.id, ids))
        : Promise.resolve([]),

    async resultCount(siteId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(wqResults).where(eq(wqResults.siteId, siteId));
      return row?.n ?? 0;
    },

    // ——— results

    async resultPage(f: ResultFilter & { page: number; pageSize: number }) {
      const condition = resultWhere(f);
      const [[total], rows] = await together(
        db,
        () =>
          db
            .select({ n: count() })
            .from(wqResults)
            .innerJoin(wqSites, eq(wqSites.id, wqResults.siteId))
            .where(condition),
        () =>
          db
            .select({ result: wqResults, code: wqSites.code, name: wqSites.name, kind: wqSites.kind })
            .from(wqResults)
            .innerJoin(wqSites, eq(wqSites.id, wqResults.siteId))
            .where(condition)
            .orderBy(desc(wqResults.sampledAt), desc(wqResults.id))
            .limit(f.pageSize)
            .offset((f.page - 1) * f.pageSize),
      );
      return { total: total?.n ?? 0, rows };
    },

    /** One result with its site (its region for the caller's region limit), or undefined. */
    resultWithSite: (id: number) =>
      db
        .select({
          result: wqResults,
          code: wqSites.code,
          name: wqSites.name,
          kind: wqSites.kind,
          regionId: wqSites.regionId,
        })
        .from(wqResults)
        .innerJoin(wqSites, eq(wqSites.id, wqResults.siteId))
        .where(eq(wqResults.id, id))
        .then((rows) => rows[0]),

    /** The parameters a site already holds for these lab samples: the duplicates a write refuses. */
    storedSamples: (siteId: number, sampleIds: string[]) =>
      sampleIds.length
        ? db
            .select({ sampleId: wqResults.sampleId, parameter: wqResults.parameter })
            .from(wqResults)
            .where(
              and(eq(wqResults.siteId, siteId), eq(wqResults.source, 'lab'), inArray(wqResults.sampleId, sampleIds)),
            )
        : Promise.resolve([]),
  };
  return repository;
}
