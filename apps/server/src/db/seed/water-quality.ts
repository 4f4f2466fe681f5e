import { inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../client.ts';
import { wqLimitSets, wqLimits, wqParameters } from '../schema/index.ts';
import { WQ_NATIONAL_SETS, WQ_PARAMETER_SEED, type WqSetSeed } from './water-quality-standards.ts';

type LimitRow = typeof wqLimits.$inferInsert;

/** A set's limits as rows (grade 0 in a set without classes: a key column cannot be null). */
const limitRows = (setId: number, s: WqSetSeed): LimitRow[] =>
  s.limits.map((l) => ({
    setId,
    parameter: l.parameter,
    grade: l.grade ?? 0,
    lower: l.lower,
    upper: l.upper,
    coldUpper: l.coldUpper,
    citation: l.citation,
  }));

/** Limits compared as a whole, whatever order they were read in. */
const fingerprint = (rows: readonly LimitRow[]) =>
  rows
    .map((l) =>
      JSON.stringify([
        l.parameter,
        l.grade ?? 0,
        l.lower ?? null,
        l.upper ?? null,
        l.coldUpper ?? null,
        l.citation ?? '',
      ]),
    )
    .sort()
    .join('\n');

/**
 * Water quality's base data (issue 18), for every installation at every start: the parameters (those
 * missing inserted; the lab's detection limit and method kept, the unit and decimals the code's) and
 * the national limit sets, read only to users, brought in line with the standards as the code states
 * them (water-quality-standards.ts): a corrected value or citation reaches every installation on
 * its next start. Results already judged keep the limit they were judged by.
 */
export async function seedWaterQuality(db: Queryable, now: Date = new Date()): Promise<void> {
  await db
    .insert(wqParameters)
    .values(WQ_PARAMETER_SEED.map((p) => ({ ...p, updatedAt: now })))
    .onConflictDoUpdate({
      target: wqParameters.code,
      set: { unit: sql`excluded.unit`, decimals: sql`excluded.decimals` },
      setWhere: sql`${wqParameters.unit} is distinct from excluded.unit or ${wqParameters.decimals} is distinct from excluded.decimals`,
    });

  const codes = WQ_NATIONAL_SETS.map((s) => s.code);
  const head = (s: WqSetSeed) => ({
    code: s.code,
    // The table keeps the standard's own language; the API answers the caller's (nationalSetName).
    name: s.name['zh-CN'],
    kind: s.kind,
    standard: s.standard,
    graded: s.graded,
    national: true,
    basedOnId: null,
    description: s.description['zh-CN'],
  });
  const existing = await db.select().from(wqLimitSets).where(inArray(wqLimitSets.code, codes));
  const byCode = new Map(existing.map((r) => [r.code as string, r]));
  const missing = WQ_NATIONAL_SETS.filter((s) => !byCode.has(s.code));
  if (missing.length > 0) {
    const inserted = await db
      .insert(wqLimitSets)
      .values(missing.map((s) => ({ ...head(s), createdAt: now, updatedAt: now })))
      .onConflictDoNothing()
      .returning();
    for (const r of inserted) byCode.set(r.code as string, r);
    if (inserted.length < missing.length) {
      // Another server inserted some at the same moment.
      const others = await db
        .select()
        .from(wqLimitSets)
        .where(
          inArray(
            wqLimitSets.code,
            missing.map((s) => s.code),
          ),
        );
      for (const r of others) byCode.set(r.code as string, r);
    }
  }

  const ids = [...byCode.values()].map((r) => r.id);
  const stored = await db.select().from(wqLimits).where(inArray(wqLimits.setId, ids));
  const replace: number[] = [];
  const rows: LimitRow[] = [];
  for (const s of WQ_NATIONAL_SETS) {
    const row = byCode.get(s.code);
    if (!row) continue;
    const wanted = limitRows(row.id, s);
    const h = head(s);
    const headChanged =
      row.name !== h.name ||
      row.kind !== h.kind ||
      row.standard !== h.standard ||
      row.graded !== h.graded ||
      !row.national ||
      row.basedOnId !== null ||
      row.description !== h.description;
    const limitsChanged = fingerprint(wanted) !== fingerprint(stored.filter((l) => l.setId === row.id));
    if (limitsChanged) {
      replace.push(row.id);
      rows.push(...wanted);
    }
    if (headChanged || limitsChanged) {
      await db
        .update(wqLimitSets)
        .set({ ...h, updatedAt: now })
        .where(sql`${wqLimitSets.id} = ${row.id}`);
    }
  }
  if (replace.length > 0) {
    await db.delete(wqLimits).where(inArray(wqLimits.setId, replace));
    await db.insert(wqLimits).values(rows);
  }
}
