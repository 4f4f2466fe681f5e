import {
  LOCALES,
  type Locale,
  WQ_IMPORT_MAX_BYTES,
  WQ_IMPORT_MAX_ROWS,
  WQ_METRIC_ALIASES,
  WQ_PARAMETERS,
  WQ_VALUE_RANGES,
  type WqImportReport,
  type WqParameter,
  wqParameterNames,
  wqSampleInputSchema,
  wqValueInRange,
} from '@water/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { wqParameters, wqResults, wqSites } from '../../db/schema/index.ts';
import { type MessageKey, t } from '../../i18n/messages.ts';
import { UTILITY_OFFSET_MS, utilityDay } from '../../lib/clock.ts';
import type { Context, RouteContext } from '../../lib/context.ts';
import { inRegionScope } from '../../lib/data-scope.ts';
import type { IncomingFile } from '../../lib/incoming-file.ts';
import { columnsOf, type SheetRow } from '../../lib/row-import.ts';
import { issueText } from '../../lib/validation.ts';
import { sendXlsx } from '../../lib/xlsx.ts';
import { WQ_FUTURE_SLACK_MS } from './wq-lab.service.ts';
import { type ResultIn, recordResults } from './wq-record.ts';

/** The lab import's columns, in order: what the template holds. */
const COLUMNS = ['sampleId', 'site', 'sampledAt', 'parameter', 'value', 'belowDetection', 'analyst'] as const;
type Column = (typeof COLUMNS)[number];
const REQUIRED: Column[] = ['sampleId', 'site', 'sampledAt', 'parameter', 'value'];

const columnKey = (c: Column) => `wq.import.col.${c}` as MessageKey;
const columnLabel = (locale: Locale, c: Column) => t(locale, columnKey(c));

/** Either language's header names a column: a sheet travels between colleagues. */
const HEADER_LABELS = Object.fromEntries(
  COLUMNS.map((c) => [c, LOCALES.map((locale) => columnLabel(locale, c))]),
) as Record<Column, string[]>;

/** A parameter's name as compared: case, spaces, dashes and subscripts do not count ("NH3-N" is nh3n, "BOD₅" bod5). */
const normalise = (s: string) =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\-_.()（）]/g, '');

/** Every way a sheet may name a parameter: its code, its names in both languages, the analysers' metric keys. */
const PARAMETER_NAMES = new Map<string, WqParameter>([
  ...WQ_PARAMETERS.flatMap((p) => [
    [normalise(p), p] as const,
    ...LOCALES.map((l) => [normalise(wqParameterNames[p][l]), p] as const),
  ]),
  ...Object.entries(WQ_METRIC_ALIASES).map(([k, p]) => [normalise(k), p] as const),
]);

export const parameterOf = (text: string): WqParameter | undefined => PARAMETER_NAMES.get(normalise(text));

/** "ND", "未检出", "<DL": below the method's detection limit, at the parameter's MDL. */
const NOT_DETECTED = new Set(['nd', 'n.d.', 'n.d', '未检出', '<dl', '<mdl', '<检出限']);
/** "<0.025", or "0.025L" (the detection limit followed by L, as Chinese lab reports write it, HJ 630-2011). */
const BELOW = /^(?:[<＜]\s*([0-9]+(?:\.[0-9]+)?)|([0-9]+(?:\.[0-9]+)?)\s*L)$/i;
const NUMBER = /^[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:e[-+]?\d+)?$/i;
const YES = new Set(['是', 'y', 'yes', 'true', '1', '√', '✓', 'nd']);
const NO = new Set(['否', 'n', 'no', 'false', '0', '']);

/**
 * A sampling time as a sheet gives it: an Excel date cell (read back as the wall clock in UTC, which
 * is the utility's, UTC+8), "2026-11-27 09:30[:00]" or "2026/11/27 9:30" on the utility's clock, a
 * date alone at midnight, or an instant with its offset. Null when it is none of these.
 */
export function sheetTime(value: string): Date | null {
  const v = value.trim();
  // readXlsxRows gives a date cell as toISOString(): the cell's wall clock taken as UTC. Excel keeps
  // it as a fraction of a day, which comes back a millisecond off (09:29:59.999): to the second.
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(v))
    return new Date(Math.round(Date.parse(v) / 1000) * 1000 - UTILITY_OFFSET_MS);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v)) {
    const ms = Date.parse(v);
    return Number.isNaN(ms) ? null : new Date(ms);
  }
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(v);
  if (!m) return null;
  const [y, mo, d, h = 0, mi = 0, s = 0] = m.slice(1).map((x) => (x === undefined ? undefined : Number(x)));
  const ms = Date.UTC(y!, mo! - 1, d!, h, mi, s);
  const back = new Date(ms);
  // 2026-02-30 or 25:00 rolls over: not a time the lab wrote.
  if (
    back.getUTCFullYear() !== y ||
    back.getUTCMonth() !== mo! - 1 ||
    back.getUTCDate() !== d ||
    back.getUTCHours() !== h ||
    back.getUTCMinutes() !== mi
  )
    return null;
  return new Date(ms - UTILITY_OFFSET_MS);
}

interface Good extends ResultIn {
  row: number;
  siteCode: string;
  sampleId: string;
}

/** The lab import: the template, and the results of a received sheet. */
export function createWqImportService(app: FastifyInstance) {
  return {
    /** The columns in the caller's language and one sample's rows: a temperature, NH3-N by it, two below detection. */
    async importTemplate(ctx: RouteContext) {
      const l = ctx.locale;
      const scope = await ctx.scope();
      const sites = await ctx.db
        .select({ code: wqSites.code, kind: wqSites.kind, regionId: wqSites.regionId })
        .from(wqSites)
        .where(eq(wqSites.enabled, true))
        .orderBy(asc(wqSites.code));
      const mine = sites.filter((s) => inRegionScope(scope, s.regionId));
      const site = (mine.find((s) => s.kind === 'wastewater_discharge') ?? mine[0])?.code ?? 'WQ-01';
      // Yesterday 09:30 on the utility's clock: an example the import takes as it is.
      const day = utilityDay(new Date(app.clock.now().getTime() - 86_400_000));
      const at = new Date(`${day}T09:30:00+08:00`);
      const sample = `S${day.replaceAll('-', '')}-01`;
      const analyst = l === 'en-US' ? 'Li Na' : '李娜';
      const name = (p: WqParameter) => wqParameterNames[p][l];
      const yes = t(l, 'wq.import.yes');
      return sendXlsx(
        ctx.reply,
        `${t(l, 'wq.import.templateName')}.xlsx`,
        COLUMNS.map((c) => columnLabel(l, c)),
        [
          [sample, site, at, name('temperature'), 10.5, '', analyst],
          [sample, site, at, name('nh3n'), 6.2, '', analyst],
          [sample, site, at, name('cod'), 38, '', analyst],
          [sample, site, at, name('tp'), '<0.01', '', analyst],
          [sample, site, at, name('ss'), '', yes, analyst],
        ],
      );
    },

    /**
     * The good rows of a received sheet judged and stored in one call (a sample's temperature row
     * feeds its NH3-N), the bad ones reported with their row number and reasons in the caller's
     * language; nothing of a bad row is stored. Runs in the import's transaction (`ctx.db`).
     */
    async importResults(ctx: Context, file: IncomingFile): Promise<WqImportReport> {
      const l = ctx.locale;
      const { header, rows } = await file.table({ maxBytes: WQ_IMPORT_MAX_BYTES, maxRows: WQ_IMPORT_MAX_ROWS });
      const cellsOf = columnsOf(header, HEADER_LABELS, REQUIRED, COLUMNS.map((c) => columnLabel(l, c)).join(', '));
      const scope = await ctx.scope();
      const sites = await ctx.db
        .select({ id: wqSites.id, code: wqSites.code, enabled: wqSites.enabled, regionId: wqSites.regionId })
        .from(wqSites);
      const params = await ctx.db.select({ code: wqParameters.code, mdl: wqParameters.mdl }).from(wqParameters);
      const siteByCode = new Map(sites.map((s) => [s.code.toLowerCase(), s]));
      const mdlOf = new Map(params.map((p) => [p.code, p.mdl]));
      const now = app.clock.now();

      const failed: WqImportReport['failed'] = [];
      const good: Good[] = [];
      const check = ({ row, cells }: SheetRow) => {
        const c = cellsOf(cells);
        const reasons: string[] = [];
        const fail = (column: Column, key: MessageKey, params: Record<string, string | number> = {}) =>
          reasons.push(`${columnLabel(l, column)}: ${t(l, key, params)}`);
        for (const column of REQUIRED) {
          // A value left empty with the below-detection flag set is the parameter's MDL.
          if (column === 'value' && c.belowDetection !== '') continue;
          if (c[column] === '') fail(column, 'wq.import.required');
        }
        // The sample id and the analyst as a sample entered by hand takes them (length, no markup).
        for (const column of ['sampleId', 'analyst'] as const) {
          if (c[column] === '') continue;
          const parsed = wqSampleInputSchema.shape[column].safeParse(c[column]);
          if (!parsed.success) reasons.push(`${columnLabel(l, column)}: ${issueText(parsed.error.issues[0]!, l)}`);
        }

        const site = c.site ? siteByCode.get(c.site.toLowerCase()) : undefined;
        if (c.site && (!site || !inRegionScope(scope, site.regionId)))
          fail('site', 'wq.import.unknownSite', { value: c.site });
        else if (site && !site.enabled) fail('site', 'wq.import.siteDisabled', { value: c.site });

        const sampledAt = c.sampledAt ? sheetTime(c.sampledAt) : null;
        if (c.sampledAt && !sampledAt) fail('sampledAt', 'wq.import.badTime', { value: c.sampledAt });
        else if (sampledAt && sampledAt.getTime() > now.getTime() + WQ_FUTURE_SLACK_MS)
          fail('sampledAt', 'wq.import.future');

        const parameter = c.parameter ? parameterOf(c.parameter) : undefined;
        if (c.parameter && !parameter) fail('parameter', 'wq.import.unknownParameter', { value: c.parameter });

        const flag = c.belowDetection.trim().toLowerCase();
        let below = false;
        if (YES.has(flag)) below = true;
        else if (!NO.has(flag)) fail('belowDetection', 'wq.import.badFlag', { value: c.belowDetection });

        let value: number | null = null;
        const raw = c.value.trim();
        const mdl = parameter ? (mdlOf.get(parameter) ?? null) : null;
        const atMdl = () => {
          below = true;
          if (parameter && mdl === null) fail('value', 'wq.import.noMdl');
          value = mdl;
        };
        const lessThan = BELOW.exec(raw);
        if (NOT_DETECTED.has(raw.toLowerCase())) atMdl();
        else if (lessThan) {
          below = true;
          value = Number(lessThan[1] ?? lessThan[2]);
        } else if (raw === '') {
          if (below) atMdl();
        } else if (NUMBER.test(raw)) value = Number(raw);
        else fail('value', 'wq.import.badValue', { value: raw });
        if (value !== null && parameter && !wqValueInRange(parameter, value)) {
          const [min, max] = WQ_VALUE_RANGES[parameter];
          fail('value', 'wq.import.outOfRange', { value: raw, min, max });
        }
        if (reasons.length || !site || !sampledAt || !parameter || value === null) {
          failed.push({ row, sampleId: c.sampleId, reasons });
          return;
        }
        good.push({
          row,
          siteCode: site.code,
          siteId: site.id,
          parameter,
          source: 'lab',
          sampledAt,
          value,
          belowDetection: below,
          sampleId: c.sampleId,
          analyst: c.analyst || null,
          enteredBy: ctx.auth?.userId ?? null,
        });
      };
      for (const row of rows) check(row);

      // Across rows: a sample's parameter once (in the file and among the stored), one time per sample.
      const stored = good.length
        ? await ctx.db
            .select({ siteId: wqResults.siteId, sampleId: wqResults.sampleId, parameter: wqResults.parameter })
            .from(wqResults)
            .where(
              and(
                eq(wqResults.source, 'lab'),
                inArray(wqResults.siteId, [...new Set(good.map((g) => g.siteId))]),
                inArray(wqResults.sampleId, [...new Set(good.map((g) => g.sampleId))]),
              ),
            )
        : [];
      const key = (siteId: number, sampleId: string | null, parameter: string) =>
        `${siteId}\u0000${sampleId}\u0000${parameter}`;
      const storedKeys = new Set(stored.map((s) => key(s.siteId, s.sampleId, s.parameter)));
      const inFile = new Set<string>();
      const sampleTime = new Map<string, number>();
      const accepted: Good[] = [];
      for (const g of good) {
        const reasons: string[] = [];
        const k = key(g.siteId, g.sampleId, g.parameter);
        if (storedKeys.has(k))
          reasons.push(
            `${columnLabel(l, 'parameter')}: ${t(l, 'wq.import.stored', { parameter: wqParameterNames[g.parameter][l] })}`,
          );
        else if (inFile.has(k)) reasons.push(`${columnLabel(l, 'parameter')}: ${t(l, 'wq.import.duplicateInFile')}`);
        const sk = `${g.siteId}\u0000${g.sampleId}`;
        const time = sampleTime.get(sk);
        if (time !== undefined && time !== g.sampledAt.getTime())
          reasons.push(`${columnLabel(l, 'sampledAt')}: ${t(l, 'wq.import.sampleTimes')}`);
        if (reasons.length) {
          failed.push({ row: g.row, sampleId: g.sampleId, reasons });
          continue;
        }
        inFile.add(k);
        if (time === undefined) sampleTime.set(sk, g.sampledAt.getTime());
        accepted.push(g);
      }

      const created = await recordResults(
        ctx.db,
        accepted.map(({ row: _row, siteCode: _code, ...r }) => r),
      );
      const report: WqImportReport = {
        created: created.length,
        exceeding: created.filter((r) => r.verdict === 'exceeding').length,
        failed: failed.sort((a, b) => a.row - b.row),
      };
      ctx.audit({
        after: {
          created: report.created,
          exceeding: report.exceeding,
          failed: report.failed.length,
          samples: [...new Set(accepted.map((g) => `${g.siteCode}/${g.sampleId}`))],
        },
      });
      ctx.afterCommit(() => app.waterQuality.judged(created));
      return report;
    },
  };
}
