import { DEFAULT_LOCALE, type Locale, PERSONAL_CHANNELS, type PersonalChannel } from '@water/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { notifyPrefs } from '../../db/schema/index.ts';

/** A user's preferences as the planner reads them: `channels` includes in-app, always first. */
export interface LoadedPrefs {
  channels: PersonalChannel[];
  locale: Locale;
  /** Clock HH:mm in UTC+8; a window may cross midnight (22:00–07:00). */
  quiet: { enabled: boolean; start: string; end: string };
}

/** A user without a row: in-app, SMS and e-mail, the utility's language, no quiet hours. */
export const DEFAULT_PREFS: Readonly<LoadedPrefs> = Object.freeze({
  channels: ['inApp', 'sms', 'email'] as PersonalChannel[],
  locale: DEFAULT_LOCALE,
  quiet: { enabled: false, start: '22:00', end: '07:00' },
});

/** In-app first and always; the others in the contract's order, each once, unknown names dropped. */
export function withInApp(channels: readonly string[]): PersonalChannel[] {
  const wanted = new Set(channels);
  return PERSONAL_CHANNELS.filter((c) => c === 'inApp' || wanted.has(c));
}

type PrefsRow = typeof notifyPrefs.$inferSelect;

const loaded = (row: PrefsRow | undefined): LoadedPrefs =>
  row
    ? {
        channels: withInApp(row.channels),
        locale: row.locale === 'en-US' ? 'en-US' : 'zh-CN',
        quiet: { enabled: row.quietEnabled, start: row.quietStart, end: row.quietEnd },
      }
    : { channels: [...DEFAULT_PREFS.channels], locale: DEFAULT_PREFS.locale, quiet: { ...DEFAULT_PREFS.quiet } };

// One statement's parameters stay well under PostgreSQL's 65,535 for a push to 10,000 and more.
const CHUNK = 5000;

/** Each user's preferences, with the defaults for users who never set theirs (every id asked gets an entry). */
export async function loadPrefs(db: Queryable, userIds: readonly number[]): Promise<Map<number, LoadedPrefs>> {
  const ids = [...new Set(userIds)];
  const rows: PrefsRow[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    rows.push(
      ...(await db
        .select()
        .from(notifyPrefs)
        .where(inArray(notifyPrefs.userId, ids.slice(i, i + CHUNK)))),
    );
  }
  const byUser = new Map(rows.map((r) => [r.userId, r]));
  return new Map(ids.map((id) => [id, loaded(byUser.get(id))]));
}

export function createPrefsRepository(db: Queryable) {
  return {
    get: (userId: number): Promise<LoadedPrefs> =>
      db
        .select()
        .from(notifyPrefs)
        .where(eq(notifyPrefs.userId, userId))
        .then((rows) => loaded(rows[0])),

    /** Stored without in-app: it is always on, whatever the row says. */
    async upsert(userId: number, prefs: LoadedPrefs, now: Date): Promise<void> {
      const values = {
        channels: prefs.channels.filter((c) => c !== 'inApp'),
        locale: prefs.locale,
        quietEnabled: prefs.quiet.enabled,
        quietStart: prefs.quiet.start,
        quietEnd: prefs.quiet.end,
        updatedAt: now,
      };
      await db
        .insert(notifyPrefs)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: notifyPrefs.userId, set: values });
    },
  };
}
