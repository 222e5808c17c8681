import { OrderStatus } from '@/api/orders';
import type { TranslationKey } from '@/locales/types';

// Pure rules of the deposit screens (menus 301, 401, 402) that no other order kind has.

/** The states a deposit takes, offered by the status filter. */
export const DEPOSIT_STATUSES: readonly OrderStatus[] = [OrderStatus.Confirming, OrderStatus.Complete, OrderStatus.Void];

/** "3/12": confirmations seen of those required. */
export const confirmationsText = (seen: number | null | undefined, required: number | null | undefined): string =>
  `${seen ?? 0}/${required ?? 0}`;

/** Why a deposit credited nothing: the note's label key, or null when credited. */
export function noteKey(note: string | null | undefined): TranslationKey | null {
  if (!note) return null;
  if (note === 'dust') return 'deposit_note_dust';
  if (note === 'unsupported') return 'deposit_note_unsupported';
  return null;
}
