import type { Db } from '../client.ts';
import { seedBase } from './base.ts';
import { seedContent } from './content.ts';
import { seedDemo } from './demo.ts';
import { seedDemoArchives } from './demo-archives.ts';
import { seedDemoCity } from './demo-city.ts';
import { seedDemoDeviceSecrets } from './demo-secrets.ts';
import { seedDeviceTypes } from './device-types.ts';

export interface SeedOptions {
  demo: boolean;
  /** Where seeded files (demo images) go: DATA_DIR. Without it, items are seeded without files. */
  dataDir?: string | undefined;
  now?: Date;
}

export async function seed(db: Db, options: SeedOptions): Promise<void> {
  await db.transaction(async (tx) => {
    await seedBase(tx);
    await seedDeviceTypes(tx);
    if (options.demo) {
      const now = options.now ?? new Date();
      await seedDemo(tx, now);
      await seedDemoCity(tx, now);
      await seedDemoDeviceSecrets(tx);
      await seedDemoArchives(tx, now);
      await seedContent(tx, { dataDir: options.dataDir, now });
    }
  });
}
