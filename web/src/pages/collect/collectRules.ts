import { CLOSED_COLLECTION_STATUSES, type CollectionFilters, type CollectionStatus } from '@/api/collection';
import { compactFilters } from '@/components/list/filterFields';
import { optionalPeriod } from '@/pages/orders/orderFilters';
import { isAmount } from '@/pages/token/tokenRules';
import type { PickedRange } from '@/utils/timezone';

// Pure rules of the Collect screens (docs/api.md "Collect"): amounts stay decimal strings.

/** A cap the server takes: a decimal greater than 0 with at most `decimals` decimals. */
export const isPositiveAmount = (value: string | null | undefined, decimals: number): boolean =>
  isAmount(value, decimals) && /[1-9]/.test(value ?? '');

/** Whether a collection is over: collected, not collected or failed. */
export const isClosed = (status: CollectionStatus): boolean => CLOSED_COLLECTION_STATUSES.includes(status);

/** The decimals of a chain's native coin, as home/config gives them (18, as EVM, when absent). */
export const nativeDecimals = (decimals: number | undefined): number => decimals ?? 18;


/** Collection transactions' filter form: the days created instead of the times the server takes. */
export type CollectionFilterValues = Omit<CollectionFilters, 'runId' | 'start' | 'end'> & { period?: PickedRange };

/**
 * The query of the form's values: the days picked as the merchant's days (RFC 3339 from its
 * midnight), the other fields without their empty values, and the Collect now run the screen
 * shows; null while the period has one end only.
 */
export function toCollectionFilters(values: CollectionFilterValues, timeZone: number | null, runId: number | undefined): CollectionFilters | null {
  const { period: picked, ...rest } = values;
  const period = optionalPeriod(picked, timeZone);
  if (!period.ok) return null;
  return { ...compactFilters(rest), ...period.period, ...(runId === undefined ? {} : { runId }) };
}
