import { formatInZone } from '@/utils/timezone';

// Collection transactions' Export: the server writes the file (`collect/export`, docs/api.md
// "Collect") and names it; this is the name the console falls back on.

/** `collections-20261122.csv`: the merchant's day of the export. */
export function collectionsFileName(timeZone: number | null, now: Date = new Date()): string {
  const day = formatInZone(now.toISOString(), timeZone).slice(0, 10).replace(/-/g, '');
  return `collections-${day}.csv`;
}
