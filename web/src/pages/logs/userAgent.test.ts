import { describe, expect, it } from 'vitest';
import { describeUserAgent } from './userAgent';

// Real user agents of the browsers merchants' staff use, and what the log tables show.
const CASES: ReadonlyArray<[agent: string, shown: string]> = [
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    'Chrome 131 · Windows 10',
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
    'Edge 131 · Windows 10',
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15',
    'Safari 17 · macOS',
  ],
  ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox 133 · Linux'],
  ['Mozilla/5.0 (Windows NT 6.1; Win64; x64; rv:115.0) Gecko/20100101 Firefox/115.0', 'Firefox 115 · Windows 7'],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    'Safari 17 · iOS 17',
  ],
  [
    'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
    'Chrome 131 · iOS 16',
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36',
    'Chrome 131 · Android 14',
  ],
  [
    'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
    'Samsung Internet 26 · Android 13',
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0',
    'Opera 115 · Windows 10',
  ],
  [
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 Safari/537.36',
    'Chrome 131 · Linux',
  ],
  ['Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome 131 · ChromeOS'],
  // Not a browser: its own name, bounded; posing as one without saying which: "other".
  ['curl/8.4.0', 'curl/8.4.0'],
  ['python-requests/2.32.3-with-a-very-long-build-tag', 'python-requests/2.32.3-w'],
  ['Mozilla/5.0 (compatible; SomeBot/1.0)', 'Other'],
  ['Mozilla/5.0 (Windows NT 10.0) UnknownBrowser/1.0', 'Other · Windows 10'],
  ['', '—'],
  ['   ', '—'],
];

describe('describeUserAgent', () => {
  it.each(CASES)('%s', (agent, shown) => {
    expect(describeUserAgent(agent, 'Other')).toBe(shown);
  });

  it('shows a dash for entries without one', () => {
    expect(describeUserAgent(null, 'Other')).toBe('—');
    expect(describeUserAgent(undefined, 'Other')).toBe('—');
  });
});
