// A user-agent string read as "browser major · system" for the log tables. Hand-written on
// purpose: the logs need the common browsers and systems, not a full database. Order matters:
// Edge and Opera also say "Chrome", Chrome also says "Safari", iPads also say "Mac OS X",
// Android also says "Linux".

export interface ReadAgent {
  /** Browser and major version ("Chrome 131"); null when not recognised. */
  browser: string | null;
  /** Operating system ("Windows 10", "iOS 17", "macOS"); null when not recognised. */
  os: string | null;
}

const BROWSERS: ReadonlyArray<[name: string, pattern: RegExp]> = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /\b(?:OPR|OPiOS)\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /\b(?:HeadlessChrome|Chrome|CriOS)\/(\d+)/],
  // Safari names its version apart from its WebKit build.
  ['Safari', /\bVersion\/(\d+)[\d.]*(?: Mobile\/\S+)? Safari\//],
];

const WINDOWS_RELEASES: Record<string, string> = { '10.0': '10', '6.3': '8.1', '6.2': '8', '6.1': '7' };

function operatingSystem(agent: string): string | null {
  const ios = /\b(?:iPhone|iPad|iPod)\b.*?\bOS (\d+)_/.exec(agent);
  if (ios) return `iOS ${ios[1]}`;
  if (/\b(?:iPhone|iPad|iPod)\b/.test(agent)) return 'iOS';
  const android = /\bAndroid (\d+)/.exec(agent);
  if (android) return `Android ${android[1]}`;
  if (/\bAndroid\b/.test(agent)) return 'Android';
  const windows = /\bWindows NT (\d+\.\d+)/.exec(agent);
  if (windows) return WINDOWS_RELEASES[windows[1]] ? `Windows ${WINDOWS_RELEASES[windows[1]]}` : 'Windows';
  if (/\bWindows\b/.test(agent)) return 'Windows';
  // Browsers freeze the macOS version in the user agent: it would mislead.
  if (/\bMac OS X\b|\bMacintosh\b/.test(agent)) return 'macOS';
  if (/\bCrOS\b/.test(agent)) return 'ChromeOS';
  if (/\bLinux\b|\bX11\b/.test(agent)) return 'Linux';
  return null;
}

export function readUserAgent(agent: string | null | undefined): ReadAgent {
  const text = agent ?? '';
  const found = BROWSERS.map(([name, pattern]) => [name, pattern.exec(text)] as const).find(([, match]) => match);
  return { browser: found ? `${found[0]} ${found[1]![1]}` : null, os: operatingSystem(text) };
}

/** The longest fallback shown for a client that is not a browser ("curl/8.4.0"). */
const FALLBACK_CHARS = 24;

/**
 * "Chrome 131 · Windows 10". A client that is no known browser shows its own first product
 * token ("curl/8.4.0"), or `other` when it poses as one ("Mozilla/5.0 ..."); none shows "—".
 */
export function describeUserAgent(agent: string | null | undefined, other: string): string {
  const text = (agent ?? '').trim();
  if (!text) return '—';
  const { browser, os } = readUserAgent(text);
  const product = text.split(/\s/, 1)[0];
  const client = browser ?? (os || /^Mozilla\//i.test(product) ? other : product.slice(0, FALLBACK_CHARS));
  return os ? `${client} · ${os}` : client;
}
