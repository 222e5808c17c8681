import { CLOSED_COLLECTION_STATUSES, type CollectionStatus } from '@/api/collection';
import { isAmount } from '@/pages/token/tokenRules';

// Pure rules of the Collect screens (docs/api.md "Collect"): amounts stay decimal strings.

/** A cap the server takes: a decimal greater than 0 with at most `decimals` decimals. */
export const isPositiveAmount = (value: string | null | undefined, decimals: number): boolean =>
  isAmount(value, decimals) && /[1-9]/.test(value ?? '');

/** Whether a collection is over: collected, not collected or failed. */
export const isClosed = (status: CollectionStatus): boolean => CLOSED_COLLECTION_STATUSES.includes(status);

/** The decimals of a chain's native coin, as home/config gives them (18, as EVM, when absent). */
export const nativeDecimals = (decimals: number | undefined): number => decimals ?? 18;

