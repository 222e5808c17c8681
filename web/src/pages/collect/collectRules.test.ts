import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { toCollectionFilters } from './collectRules';

describe("Collection transactions' filter", () => {
  it('sends the days picked as the merchant’s days, with the other fields trimmed and the run kept', () => {
    const period: [dayjs.Dayjs, dayjs.Dayjs] = [dayjs('2026-11-01'), dayjs('2026-11-03')];
    expect(toCollectionFilters({ period, chainId: 1337, address: ' 0aa3 ' }, 13, 4)).toEqual({
      start: '2026-11-01T00:00:00.000+13:00',
      end: '2026-11-04T00:00:00.000+13:00',
      chainId: 1337,
      address: '0aa3',
      runId: 4,
    });
  });

  it('sends no period when none is picked, and refuses one with a single end', () => {
    expect(toCollectionFilters({ period: null, address: '' }, 8, undefined)).toEqual({});
    expect(toCollectionFilters({ period: [dayjs('2026-11-01'), null] }, 8, undefined)).toBeNull();
  });
});
