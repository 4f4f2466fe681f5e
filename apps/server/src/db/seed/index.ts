import type { Db } from '../client.ts';
import { seedBase } from './base.ts';
import { seedContent } from './content.ts';
import { seedDemo } from './demo.ts';
import { seedDemoAlarmRules, seedOfflineRules } from './demo-alarm-rules.ts';
import { seedDemoArchives } from './demo-archives.ts';
import { seedDemoCameras } from './demo-cameras.ts';
import { seedDemoCity } from './demo-city.ts';
import { type DemoHistoryOptions, type DemoHistoryResult, seedDemoHistory } from './demo-history.ts';
import { seedDemoPumpControl } from './demo-pump-control.ts';
import { seedDemoPumpStations } from './demo-pump-stations.ts';
import { seedDemoDeviceSecrets } from './demo-secrets.ts';
import {
  type DemoWaterQualityHistoryResult,
  seedDemoWaterQuality,
  seedDemoWaterQualityHistory,
} from './demo-water-quality.ts';
import { seedDeviceTypes } from './device-types.ts';
import { seedNotifyTemplates } from './notify-templates.ts';
import { seedWaterQuality } from './water-quality.ts';

export interface SeedOptions {
  demo: boolean;
  /** Where seeded files (demo images) go: DATA_DIR. Without it, items are seeded without files. */
  dataDir?: string | undefined;
  now?: Date;
  /**
   * With the demo: give its devices 30 days of simulated history, once (seconds on PGlite). Off unless
   * asked for, so that test resets stay quick; the server asks for it (SEED_HISTORY).
   */
  history?: boolean | DemoHistoryOptions;
  /**
   * Default alarm rules, once each: the offline rule of every built-in device type (any
   * installation) and, with the demo, the demo city's rules. Off unless asked for, so that test
   * resets start without rules; the server asks for it.
   */
  alarmRules?: boolean;
}

export interface SeedResult {
  /** The seeded history, when this run wrote it. */
  history: (DemoHistoryResult & { ms: number }) | null;
  /** The demo water-quality sites' results (online and lab), when this run wrote them. */
  waterQuality?: DemoWaterQualityHistoryResult | null;
}

export async function seed(db: Db, options: SeedOptions): Promise<SeedResult> {
  await db.transaction(async (tx) => {
    await seedBase(tx);
    await seedNotifyTemplates(tx, options.now ?? new Date());
    await seedDeviceTypes(tx);
    await seedWaterQuality(tx, options.now ?? new Date());
    if (options.demo) {
      const now = options.now ?? new Date();
      await seedDemo(tx, now);
      await seedDemoCity(tx, now);
      // The water-quality sites of the city's analysers, judged by the base seed's national sets.
      await seedDemoWaterQuality(tx, now);
      await seedDemoPumpStations(tx, now);
      await seedDemoPumpControl(tx, now);
      await seedDemoDeviceSecrets(tx);
      await seedDemoArchives(tx, now);
      // The stations' cameras and their demo streams (issue 19), after the stations and their devices.
      await seedDemoCameras(tx, now);
      await seedContent(tx, { dataDir: options.dataDir, now });
    }
    if (options.alarmRules) {
      const now = options.now ?? new Date();
      await seedOfflineRules(tx, now);
      if (options.demo) await seedDemoAlarmRules(tx, now);
    }
  });
  if (!options.demo || !options.history) return { history: null };
  const historyOptions = options.history === true ? {} : options.history;
  const started = performance.now();
  // Its own transaction, after the city exists: the history and its seed mark commit together.
  const history = await db.transaction((tx) => seedDemoHistory(tx, options.now ?? new Date(), historyOptions));
  const ms = Math.round(performance.now() - started);
  // The water-quality sites' past after the telemetry's: their online results are its hours (not with
  // a history of chosen devices only, a test's).
  const waterQuality = historyOptions.codes
    ? null
    : await db.transaction((tx) => seedDemoWaterQualityHistory(tx, options.now ?? new Date()));
  return { history: history && { ...history, ms }, waterQuality };
}
