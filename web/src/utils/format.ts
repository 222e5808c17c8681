import dayjs from 'dayjs';

/** Local date and time for server timestamps (RFC 3339); unparsable values are shown as sent. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed.format('YYYY-MM-DD HH:mm:ss') : value;
}

/** "+8" / "-5" / "+0" for a UTC offset in hours. */
export function formatUtcOffset(hours: number): string {
  return hours >= 0 ? `+${hours}` : String(hours);
}
