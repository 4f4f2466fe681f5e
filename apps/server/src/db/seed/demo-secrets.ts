import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { sha256 } from '../../lib/tokens.ts';
import type { Queryable } from '../client.ts';
import { devices } from '../schema/index.ts';

/**
 * The demo city's devices report through the simulator, which must know their ingest secrets while
 * the register keeps only hashes. So demo secrets are derived from the device code with a key that is
 * public in this source: fine for a demo, and the reason a real install runs with SEED_DEMO=false
 * (or gives each demo device a new secret, which the simulator then leaves alone).
 */
const DEMO_SECRET_KEY = 'water-ops demo city 岚川市: not a secret';

/** A demo device's ingest secret: HMAC-SHA256 of its code, base64url, 32 characters. */
export const demoDeviceSecret = (code: string) =>
  createHmac('sha256', DEMO_SECRET_KEY).update(code).digest('base64url').slice(0, 32);

/**
 * The codes the demo-city seed gives its devices (stations' equipment, the network's sensors, the
 * analysers of the water plant, the wastewater plant and the river: `WP01-WQ01`, `WW01-WQ01`, `RVnn-WQ01`).
 */
export const DEMO_DEVICE_CODE =
  /^(PS\d{2}-(LT01|FM01|P\d|CAM01|GW01|WQ01)|MH-\d{2}-\d{3}|PT-\d{2}-0[12]|RG-\d{2}|WQ-N\d{2}|(WP|WW|RV)\d{2}-WQ01)$/;

/**
 * Gives the demo city's devices their derived secret where they still have the seed's empty one
 * (installs seeded before demo secrets existed); a device an operator gave a secret keeps it.
 * Idempotent: runs at every start with the demo seed.
 */
export async function seedDemoDeviceSecrets(db: Queryable): Promise<void> {
  const keyless = await db.select({ id: devices.id, code: devices.code }).from(devices).where(sql`secret_hash = ''`);
  const rows = keyless
    .filter((d) => DEMO_DEVICE_CODE.test(d.code))
    .map((d) => ({ id: d.id, hash: sha256(demoDeviceSecret(d.code)) }));
  if (rows.length === 0) return;
  await db.execute(sql`
    update ${devices} d set secret_hash = v.hash
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id integer, hash text)
    where d.id = v.id and d.secret_hash = ''`);
}
