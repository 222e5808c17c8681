import type { TFunction } from 'i18next';
import { OrderStatus } from '@/api/orders';
import { NOT_CREDITED, type StatusChoice } from '@/pages/orders/orderFilters';
import type { TranslationKey } from '@/locales/types';

// Pure rules of the deposit screens (menus 301, 401, 402) that no other order kind has.

/** The states a deposit takes, and "Not credited" (whatever its state), offered by the status filter. */
export const DEPOSIT_STATUSES: readonly StatusChoice[] = [OrderStatus.Confirming, OrderStatus.Complete, OrderStatus.Void, NOT_CREDITED];

/** "3/12": confirmations seen of those required. */
export const confirmationsText = (seen: number | null | undefined, required: number | null | undefined): string =>
  `${seen ?? 0}/${required ?? 0}`;

const NOTE_KEYS: Readonly<Record<string, TranslationKey>> = {
  dust: 'deposit_note_dust',
  unsupported: 'deposit_note_unsupported',
  internal: 'deposit_note_internal',
  below_recharge_minimum: 'deposit_note_below_recharge_minimum',
  exchange: 'deposit_note_exchange',
};

/** Why a deposit is never credited: the note's label key, or null when credited or a note this console does not know. */
export function noteKey(note: string | null | undefined): TranslationKey | null {
  return (note && Object.hasOwn(NOTE_KEYS, note) && NOTE_KEYS[note]) || null;
}

/** The note in words; one this console does not know as sent (a later server's reason). */
export function noteText(note: string | null | undefined, t: TFunction): string {
  const key = noteKey(note);
  return key ? t(key) : (note ?? '');
}
