import { describe, expect, it } from 'vitest';
import { MAX_RANGE_DAYS, linkedRange } from './orderFilters';

// 2026-11-22 20:00 UTC: already the 23rd at UTC+8, the merchant's zone.
const NOW = new Date('2026-11-22T20:00:00Z');
const days = (link: string) => linkedRange(new URLSearchParams(link), 8, NOW).map((day) => day.format('YYYY-MM-DD'));

describe('linkedRange', () => {
  it('opens on the last 7 days of the merchant\u2019s zone without a link', () => {
    expect(days('')).toEqual(['2026-11-17', '2026-11-23']);
    expect(days('status=1')).toEqual(['2026-11-17', '2026-11-23']);
  });

  it('reaches back to the day Home\u2019s waiting link names, so every item it counted shows', () => {
    expect(days('status=1&since=2026-11-10')).toEqual(['2026-11-10', '2026-11-23']);
    // Inside the 7 days: the 7 days.
    expect(days('since=2026-11-20')).toEqual(['2026-11-17', '2026-11-23']);
  });

  it('reaches back at most the longest period a list takes', () => {
    const [first, last] = linkedRange(new URLSearchParams('since=2023-01-01'), 8, NOW);
    expect(last.add(1, 'day').diff(first, 'day')).toBe(MAX_RANGE_DAYS);
  });

  it('ignores what is not a day', () => {
    for (const bad of ['2026-02-31', '2026-11', 'yesterday', '2026-11-10T00:00']) {
      expect(days(`since=${bad}`)).toEqual(['2026-11-17', '2026-11-23']);
    }
  });
});
