import { DEFAULT_CONTROL_SETTINGS } from '@water/contracts';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../client.ts';
import { stationControlSettings, stations } from '../schema/index.ts';
import { markSeeded, seededKeys } from './marks.ts';

/** The demo station whose pump commands need a second person's approval (four eyes, issue 17). */
export const DEMO_APPROVAL_STATION = 'PS02';

/**
 * The demo's control settings: PS02 asks for four eyes, every other station keeps the defaults (no
 * row). Seeded once (mark `demo:pump-control`): settings an administrator changed since stay.
 */
export async function seedDemoPumpControl(db: Queryable, now: Date): Promise<void> {
  if ((await seededKeys(db, ['demo:pump-control'])).has('demo:pump-control')) return;
  await markSeeded(db, ['demo:pump-control']);
  const [station] = await db.select({ id: stations.id }).from(stations).where(eq(stations.code, DEMO_APPROVAL_STATION));
  if (!station) return;
  await db
    .insert(stationControlSettings)
    .values({ stationId: station.id, ...DEFAULT_CONTROL_SETTINGS, requireApproval: true, updatedAt: now })
    .onConflictDoNothing();
}
