import { parseUserAgent } from '../../../shared/lib/user-agent.ts';
import type { AccountI18n } from '../use-account-i18n.ts';

/** Browser and system of a User-Agent in words, each "unknown" in the reader's language when unread. */
export function describeUserAgent(ua: string, t: AccountI18n['t']) {
  const { browser, os } = parseUserAgent(ua);
  const browserText = browser ?? t('account.ua.unknownBrowser');
  const osText = os ?? t('account.ua.unknownOs');
  return { browser: browserText, os: osText, summary: t('account.ua.summary', { browser: browserText, os: osText }) };
}
