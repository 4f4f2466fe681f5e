/**
 * A deliberately small User-Agent reader for the sign-in history and session lists: it names the
 * browser families and systems this console meets (desktop browsers, phones, WeChat, API clients)
 * with a major version. ua-parser-js would know more devices, but v2 is AGPL and both weigh far more
 * than two table columns need; an unrecognised string simply reads "unknown".
 */
export interface UserAgentSummary {
  browser: string | null;
  os: string | null;
}

// Order matters: many browsers also claim to be Chrome and Safari, so the specific ones come first.
const browsers: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bMicroMessenger\/(\d+)/, 'WeChat'],
  [/\bDingTalk\/(\d+)/, 'DingTalk'],
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\b(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\bUCBrowser\/(\d+)/, 'UC Browser'],
  [/\bQQBrowser\/(\d+)/, 'QQ Browser'],
  [/\bQihooBrowser|\b360SE\b/, '360 Browser'],
  [/\bYaBrowser\/(\d+)/, 'Yandex Browser'],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/\bHeadlessChrome\/(\d+)/, 'Headless Chrome'],
  [/\bChromium\/(\d+)/, 'Chromium'],
  [/\b(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)[\d.]*\s.*\bSafari\//, 'Safari'],
  [/\bMSIE (\d+)/, 'Internet Explorer'],
  [/\bTrident\/.*\brv:(\d+)/, 'Internet Explorer'],
  [/^curl\/(\d+)/, 'curl'],
  [/^PostmanRuntime\/(\d+)/, 'Postman'],
  [/^python-requests\/(\d+)/, 'Python requests'],
  [/^okhttp\/(\d+)/, 'OkHttp'],
  [/^(?:node|undici)\b/, 'Node.js'],
];

const windowsVersions: Record<string, string> = { '10.0': '10/11', '6.3': '8.1', '6.2': '8', '6.1': '7' };

function readOs(ua: string): string | null {
  let m = /\b(iPhone|iPad|iPod)\b.*?\bOS (\d+)(?:_(\d+))?/.exec(ua);
  if (m) return `${m[1] === 'iPad' ? 'iPadOS' : 'iOS'} ${m[2]}${m[3] ? `.${m[3]}` : ''}`;
  if (/\b(?:HarmonyOS|OpenHarmony)\b/.test(ua)) return 'HarmonyOS';
  m = /\bAndroid (\d+(?:\.\d+)?)/.exec(ua);
  if (m) return `Android ${m[1]}`;
  if (/\bAndroid\b/.test(ua)) return 'Android';
  m = /\bWindows NT (\d+\.\d+)/.exec(ua);
  if (m) return `Windows ${windowsVersions[m[1] ?? ''] ?? m[1]}`;
  if (/\bWindows\b/.test(ua)) return 'Windows';
  // macOS froze its reported version at 10.15.7, so a number here would mislead.
  if (/\bMac OS X\b|\bMacintosh\b/.test(ua)) return 'macOS';
  if (/\bCrOS\b/.test(ua)) return 'ChromeOS';
  if (/\bUbuntu\b/.test(ua)) return 'Ubuntu';
  if (/\bLinux\b/.test(ua)) return 'Linux';
  return null;
}

export function parseUserAgent(ua: string | null | undefined): UserAgentSummary {
  const text = (ua ?? '').trim();
  if (!text) return { browser: null, os: null };
  let browser: string | null = null;
  for (const [pattern, name] of browsers) {
    const m = pattern.exec(text);
    if (m) {
      browser = m[1] ? `${name} ${m[1]}` : name;
      break;
    }
  }
  return { browser, os: readOs(text) };
}
