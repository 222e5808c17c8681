import type { PageQuery, PageResult } from '@/api/types';
import type { IpStatus, PartnerIpRow } from '@/api/ipList';
import type { TranslationKey } from '@/locales/types';

// Pure rules of the IP list screen (menu 701, docs/api.md "IP list").

/** At most this many addresses may be pending or approved at once (the server refuses more). */
export const IP_LIMIT = 10;
export const REMARK_MAX = 100;

const IPV4_OCTET = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/; // 0-255, no leading zeros

export function isIpv4(value: string): boolean {
  const parts = value.split('.');
  return parts.length === 4 && parts.every((part) => IPV4_OCTET.test(part));
}

const HEX_GROUP = /^[0-9a-fA-F]{1,4}$/;

/** Standard textual IPv6 (RFC 4291 section 2.2): 8 groups, one `::`, optional trailing IPv4; no zone id. */
export function isIpv6(value: string): boolean {
  if (!value.includes(':')) return false;
  let text = value;
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    // An embedded IPv4 address stands for the last two groups.
    if (!isIpv4(tail)) return false;
    text = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const counts = halves.map((half) => {
    if (half === '') return 0;
    const parts = half.split(':');
    return parts.every((part) => HEX_GROUP.test(part)) ? parts.length : Number.NaN;
  });
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (Number.isNaN(total)) return false;
  return halves.length === 2 ? total <= 7 : total === 8;
}

/** What the request form accepts: one IPv4 or IPv6 address (no ranges, no port, no zone). */
export function isIpAddress(value: string | null | undefined): boolean {
  const text = (value ?? '').trim();
  return text !== '' && (isIpv4(text) || isIpv6(text));
}

/** Pending and approved addresses count towards the limit; rejected ones do not. */
export const countsTowardLimit = (row: Pick<PartnerIpRow, 'applyStatus'>): boolean => row.applyStatus === 0 || row.applyStatus === 1;

export const limitReached = (activeCount: number): boolean => activeCount >= IP_LIMIT;

export const limitText = (activeCount: number): string => `${activeCount} / ${IP_LIMIT}`;

export const statusKey = (value: IpStatus | number): TranslationKey => (value === 1 ? 'ip_status_effective' : 'ip_status_ineffective');

/**
 * How many addresses are pending or approved, across every page: the list answer carries no such
 * count, and the page on screen may not hold all of them (rejected rows count in `total`).
 */
export async function countActive(
  fetchPage: (query: PageQuery) => Promise<PageResult<Pick<PartnerIpRow, 'applyStatus'>>>,
  pageSize = 100,
  maxPages = 50,
): Promise<number> {
  let count = 0;
  for (let page = 1; page <= maxPages; page += 1) {
    const answer = await fetchPage({ page, pageSize });
    const rows = answer?.list ?? [];
    count += rows.filter(countsTowardLimit).length;
    if (rows.length < pageSize || page * pageSize >= (answer?.total ?? 0)) break;
  }
  return count;
}
