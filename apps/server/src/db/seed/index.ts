import type { Db } from '../client.ts';
import { seedBase } from './base.ts';
import { seedDemo } from './demo.ts';

export async function seed(db: Db, options: { demo: boolean }): Promise<void> {
  await db.transaction(async (tx) => {
    await seedBase(tx);
    if (options.demo) await seedDemo(tx);
  });
}
