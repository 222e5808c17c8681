import dayjs, { type Dayjs } from 'dayjs';
import type { AssetAmount, DayRange, HomeOverview, MoneyMoved, Tally, Waiting } from '@/api/home';
import { OrderStatus } from '@/api/orders';
import { PATHS } from '@/router/catalogue';
import { PAGES } from '@/router/permissions';
import type { MenuId } from '@/api/types';
import { MAX_RANGE_DAYS, todayInZone } from '@/pages/orders/orderFilters';
import type { TranslationKey } from '@/locales/types';

// Pure rules of the Home screen: the merchant's today, the chosen period, the getting-started
// steps and what waits, each with the screen it links to.

export const DATE_FORMAT = 'YYYY-MM-DD';

/** Today's date in the merchant's zone and today's figures, as the server counted them. */
export function readToday(overview: HomeOverview): { date: string; figures: MoneyMoved } {
  const { date, deposits, withdrawals, exchanges } = overview.today;
  return { date, figures: { deposits, withdrawals, exchanges } };
}

/** The picker's days as the contract's range (sorted); null when an end is missing or too long. */
export function pickedRange(from: Dayjs | null | undefined, to: Dayjs | null | undefined): DayRange | 'missing' | 'too_long' {
  if (!from || !to) return 'missing';
  const [first, last] = from.isAfter(to, 'day') ? [to, from] : [from, to];
  const startDate = first.format(DATE_FORMAT);
  const endDate = last.format(DATE_FORMAT);
  if (dayjs(endDate).diff(dayjs(startDate), 'day') + 1 > MAX_RANGE_DAYS) return 'too_long';
  return { startDate, endDate };
}

/** One asset of one chain, as a React key and a test id: `1337-1`, `1337-native`. */
export const assetKey = (asset: Pick<AssetAmount, 'chainId' | 'tokenId'>) => `${asset.chainId}-${asset.tokenId ?? 'native'}`;

export const isEmptyTally = (tally: Tally): boolean => tally.count === 0 && tally.totals.length === 0;

/** A line of a Home card that leads to the screen where it is handled (`page` to check access). */
export interface Shortcut<K> {
  key: K;
  label: TranslationKey;
  page: MenuId;
  path: string;
}

/** The getting-started card's steps, each done or not. */
export const STEPS: readonly Shortcut<keyof HomeOverview['gettingStarted']>[] = [
  { key: 'tokenEnabled', label: 'home_step_token', page: PAGES.tokenList, path: PATHS.tokenList },
  { key: 'hotWallet', label: 'home_step_hot_wallet', page: PAGES.hotWallets, path: PATHS.hotWallets },
  { key: 'callbackUrl', label: 'home_step_callback', page: PAGES.callbacks, path: PATHS.callbacks },
  { key: 'apiKey', label: 'home_step_api_key', page: PAGES.apiKey, path: PATHS.apiKey },
  { key: 'rsaKey', label: 'home_step_rsa', page: PAGES.apiKey, path: PATHS.apiKey },
];

/** The counts of the Waiting card (the rest of `Waiting` says since when some of them wait). */
export type WaitingCount = 'withdrawalsInReview' | 'exchangesHeld' | 'callbacksFailing' | 'coldRequestsPending';

/** A Waiting line; `since` names the time its oldest item was created, when its list is one of dated orders. */
export interface WaitingShortcut extends Shortcut<WaitingCount> {
  since?: 'withdrawalsInReviewSince' | 'exchangesHeldSince';
}

/**
 * What waits for people; a link to a list opens it filtered to what waits (`?status=`, read by
 * the order lists) and reaching back to the oldest of it (`?since=`: the lists open on 7 days).
 */
export const WAITING: readonly WaitingShortcut[] = [
  { key: 'withdrawalsInReview', label: 'home_withdrawals_in_review', page: PAGES.withdrawCheck, path: PATHS.withdrawCheck, since: 'withdrawalsInReviewSince' },
  {
    key: 'exchangesHeld',
    label: 'home_exchanges_held',
    page: PAGES.trade,
    path: `${PATHS.trade}?tab=orders&status=${OrderStatus.AwaitingReview}`,
    since: 'exchangesHeldSince',
  },
  { key: 'callbacksFailing', label: 'home_callbacks_failing', page: PAGES.callbacks, path: PATHS.callbacks },
  { key: 'coldRequestsPending', label: 'home_cold_requests_pending', page: PAGES.tokenList, path: PATHS.tokenList },
];

/** A Waiting line's link: its list, from the merchant's day of its oldest item when one waits (`since=2026-11-10`). */
export function waitingPath(item: WaitingShortcut, waiting: Waiting, timeZone: number | null): string {
  const since = item.since && waiting[item.since];
  if (!since) return item.path;
  const day = todayInZone(timeZone, new Date(since));
  return `${item.path}${item.path.includes('?') ? '&' : '?'}since=${day}`;
}
