import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

// The merchant's time zone is a whole UTC offset in hours (home/config `timeZone`, -11..+13).
// Log filters send the day boundaries of that zone and tables show times in it, so every
// operator of a merchant sees the same day whatever their browser's zone.

export const MIN_TIME_ZONE = -11;
export const MAX_TIME_ZONE = 13;

/** The 25 zones of spec section 9, west to east. */
export const TIME_ZONES: readonly number[] = Array.from(
  { length: MAX_TIME_ZONE - MIN_TIME_ZONE + 1 },
  (_, index) => MIN_TIME_ZONE + index,
);

export function isTimeZone(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= MIN_TIME_ZONE && value <= MAX_TIME_ZONE;
}

/** RFC 3339 offset of a zone: 8 → "+08:00", -5 → "-05:00", 0 → "+00:00". */
export function rfc3339Offset(hours: number): string {
  const sign = hours < 0 ? '-' : '+';
  return `${sign}${String(Math.abs(hours)).padStart(2, '0')}:00`;
}

/**
 * A calendar date (as picked) → the first instant of that day in the zone. Without a zone
 * (home/config unreadable) the browser's zone is used, with its own offset in the text.
 */
export function dayStartInZone(date: Dayjs, hours: number | null): string {
  if (!isTimeZone(hours)) return date.startOf('day').format('YYYY-MM-DDTHH:mm:ss.SSSZ');
  return `${date.format('YYYY-MM-DD')}T00:00:00.000${rfc3339Offset(hours)}`;
}

/** A calendar date (as picked) → the last millisecond of that day in the zone. */
export function dayEndInZone(date: Dayjs, hours: number | null): string {
  if (!isTimeZone(hours)) return date.endOf('day').format('YYYY-MM-DDTHH:mm:ss.SSSZ');
  return `${date.format('YYYY-MM-DD')}T23:59:59.999${rfc3339Offset(hours)}`;
}

export type PickedRange = readonly [Dayjs | null | undefined, Dayjs | null | undefined] | null | undefined;

export type PeriodResult =
  | { ok: true; period: { start?: string; end?: string } }
  /** Only one end of the range was chosen (spec section 5: a start and an end must be chosen). */
  | { ok: false };

/**
 * The filter period sent to the logs calls. No dates: no period. Both dates: from the start of
 * the first day to the end of the last day in the merchant's zone. One date alone is refused.
 */
export function rangeToPeriod(range: PickedRange, hours: number | null): PeriodResult {
  const [from, to] = range ?? [null, null];
  if (!from && !to) return { ok: true, period: {} };
  if (!from || !to) return { ok: false };
  const [first, last] = from.isAfter(to, 'day') ? [to, from] : [from, to];
  return { ok: true, period: { start: dayStartInZone(first, hours), end: dayEndInZone(last, hours) } };
}

/** A server time shown in the merchant's zone (the browser's zone until that is known). */
export function formatInZone(value: string | null | undefined, hours: number | null | undefined): string {
  if (!value) return '—';
  const parsed = dayjs(value);
  if (!parsed.isValid()) return value;
  return (isTimeZone(hours) ? parsed.utcOffset(hours * 60) : parsed).format('YYYY-MM-DD HH:mm:ss');
}
