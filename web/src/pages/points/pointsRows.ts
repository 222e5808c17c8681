import type { TFunction } from 'i18next';
import { PointAsset, PointCause, type PointFilters, type PointKind } from '@/api/points';
import { requiredPeriod } from '@/pages/orders/orderFilters';
import { formatAmountDown } from '@/pages/token/tokenRules';
import { PATHS } from '@/router/catalogue';
import type { TranslationKey } from '@/locales/types';
import type { PickedRange } from '@/utils/timezone';

// Pure rules of the Points list: the labels of the codes, the signed amount and what a
// ledger entry's reference links to.

export const POINT_ASSETS: readonly PointAsset[] = Object.values(PointAsset);
export const POINT_CAUSES: readonly PointCause[] = Object.values(PointCause);

const ASSET_KEYS: Readonly<Record<PointAsset, TranslationKey>> = { 1: 'points_asset_1', 2: 'points_asset_2' };
const CAUSE_KEYS: Readonly<Record<PointCause, TranslationKey>> = {
  1: 'points_cause_1',
  2: 'points_cause_2',
  3: 'points_cause_3',
  4: 'points_cause_4',
  5: 'points_cause_5',
  6: 'points_cause_6',
  7: 'points_cause_7',
  8: 'points_cause_8',
  9: 'points_cause_9',
  10: 'points_cause_10',
  11: 'points_cause_11',
};
const KIND_KEYS: Readonly<Record<PointKind, TranslationKey>> = { 1: 'points_kind_1', 2: 'points_kind_2', 3: 'points_kind_3', 4: 'points_kind_4', 5: 'points_kind_5' };

/** A code's label, or the code itself for one this console does not know yet (Service list too). */
export const labelOf =
  <C extends number>(keys: Readonly<Record<C, TranslationKey>>) =>
  (t: TFunction, code: number): string =>
    code in keys ? t(keys[code as C]) : String(code);

export const assetLabel = labelOf(ASSET_KEYS);
export const causeLabel = labelOf(CAUSE_KEYS);
export const kindLabel = labelOf(KIND_KEYS);

/** The symbol shown beside an amount. */
export const assetSymbol = (asset: number): string => (asset === PointAsset.Trx ? 'TRX' : 'USDT');

/**
 * A ledger amount as shown: 4 decimals rounded down as every amount, and a plus sign on what
 * came in, so it reads apart from what went out.
 */
export function shownSignedAmount(amount: string): string {
  const shown = formatAmountDown(amount);
  const positive = /^\d*[1-9]|^\d+\.\d*[1-9]/.test(amount);
  return positive && /^\d/.test(shown) ? `+${shown}` : shown;
}

export type ReferenceView =
  /** A screen holds it: the text and where it opens. */
  | { kind: 'link'; key: TranslationKey; id: string; to: string }
  /** Named, but no screen shows it by id. */
  | { kind: 'named'; key: TranslationKey; id: string }
  | { kind: 'text'; text: string };

/**
 * What a reference shows: a collection opens Collection transactions with its detail; a
 * withdrawal is named (the withdrawal screens look orders up by order number, not id);
 * anything else as written.
 */
export function referenceView(reference: string): ReferenceView {
  const [kind, id = ''] = reference.split(/:(.*)/s);
  const numeric = /^\d+$/.test(id);
  if (kind === 'collection' && numeric) return { kind: 'link', key: 'points_ref_collection', id, to: `${PATHS.collectTransactions}?id=${id}` };
  if (kind === 'withdrawal' && numeric) return { kind: 'named', key: 'points_ref_withdrawal', id };
  return { kind: 'text', text: reference };
}

/** What the filter form holds. */
export interface PointFilterValues {
  period?: PickedRange;
  asset?: PointFilters['asset'] | null;
  cause?: PointFilters['cause'] | null;
}

/** The request body of the form: the period (required) and the chosen asset and type. */
export function toPointFilters(values: PointFilterValues, hours: number | null): PointFilters | null {
  const period = requiredPeriod(values.period, hours);
  if (!period.ok) return null;
  const filters: PointFilters = { ...period.period };
  if (values.asset) filters.asset = values.asset;
  if (values.cause) filters.cause = values.cause;
  return filters;
}
