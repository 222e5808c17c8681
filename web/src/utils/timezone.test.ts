import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { TIME_ZONES, formatInZone, rangeToPeriod, rfc3339Offset } from './timezone';

describe('time zones', () => {
  it('has the 25 whole offsets from -11 to +13', () => {
    expect(TIME_ZONES).toHaveLength(25);
    expect(TIME_ZONES[0]).toBe(-11);
    expect(TIME_ZONES.at(-1)).toBe(13);
    expect(TIME_ZONES).toContain(0);
  });

  it('writes RFC 3339 offsets', () => {
    expect(rfc3339Offset(8)).toBe('+08:00');
    expect(rfc3339Offset(-5)).toBe('-05:00');
    expect(rfc3339Offset(0)).toBe('+00:00');
    expect(rfc3339Offset(13)).toBe('+13:00');
  });
});

describe('date range → RFC 3339 period in the merchant zone', () => {
  const day = (text: string) => dayjs(text);

  it('sends nothing without dates', () => {
    expect(rangeToPeriod(null, 8)).toEqual({ ok: true, period: {} });
    expect(rangeToPeriod([null, null], 8)).toEqual({ ok: true, period: {} });
  });

  it('refuses a range with only one end', () => {
    expect(rangeToPeriod([day('2026-11-01'), null], 8)).toEqual({ ok: false });
    expect(rangeToPeriod([undefined, day('2026-11-01')], 8)).toEqual({ ok: false });
  });

  it('covers whole days of the zone', () => {
    expect(rangeToPeriod([day('2026-11-01'), day('2026-11-22')], 8)).toEqual({
      ok: true,
      period: { start: '2026-11-01T00:00:00.000+08:00', end: '2026-11-22T23:59:59.999+08:00' },
    });
    const west = rangeToPeriod([day('2026-11-22'), day('2026-11-22')], -11);
    expect(west).toEqual({ ok: true, period: { start: '2026-11-22T00:00:00.000-11:00', end: '2026-11-22T23:59:59.999-11:00' } });
  });

  it('names the right instants: the +8 day starts at 16:00 UTC the day before', () => {
    const result = rangeToPeriod([day('2026-11-22'), day('2026-11-22')], 8);
    if (!result.ok) throw new Error('expected a period');
    expect(new Date(result.period.start!).toISOString()).toBe('2026-11-21T16:00:00.000Z');
    expect(new Date(result.period.end!).toISOString()).toBe('2026-11-22T15:59:59.999Z');
  });

  it('orders a reversed range', () => {
    const result = rangeToPeriod([day('2026-11-22'), day('2026-11-01')], 0);
    expect(result).toEqual({ ok: true, period: { start: '2026-11-01T00:00:00.000+00:00', end: '2026-11-22T23:59:59.999+00:00' } });
  });

  it('falls back to the browser zone when the merchant zone is unknown', () => {
    const result = rangeToPeriod([day('2026-11-22'), day('2026-11-22')], null);
    if (!result.ok) throw new Error('expected a period');
    expect(new Date(result.period.start!).getTime()).toBe(dayjs('2026-11-22').startOf('day').valueOf());
    expect(result.period.start).toMatch(/^2026-11-22T00:00:00\.000[+-]\d{2}:\d{2}$/);
  });
});

describe('times shown in the merchant zone', () => {
  it('converts a UTC time to the zone', () => {
    expect(formatInZone('2026-11-22T07:00:00Z', 8)).toBe('2026-11-22 15:00:00');
    expect(formatInZone('2026-11-22T07:00:00Z', -11)).toBe('2026-11-21 20:00:00');
    expect(formatInZone('2026-11-22T07:00:00+02:00', 0)).toBe('2026-11-22 05:00:00');
  });

  it('shows a dash for no value and the raw text for garbage', () => {
    expect(formatInZone(null, 8)).toBe('—');
    expect(formatInZone('not a date', 8)).toBe('not a date');
  });
});
