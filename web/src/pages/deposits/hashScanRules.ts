import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { HashScanResult } from '@/api/deposits';
import type { TranslationKey } from '@/locales/types';

// The hash scan of the deposit list (40101): the light client check before anything is sent
// (a bill's "I have paid" checks its hash the same way), and how each answer is shown. The
// server decides the rest per chain (docs/api.md).

/** 64 hexadecimal characters, optionally after 0x (EVM and the devchain; TRON has none). */
const TX_HASH = /^(0x)?[0-9a-fA-F]{64}$/;

export const isTxHash = (value: string | null | undefined): boolean => TX_HASH.test((value ?? '').trim());

/** The hash as sent: trimmed, otherwise as typed (the server lowercases and drops 0x on TRON). */
export const hashToSend = (value: string): string => value.trim();

/** Why a typed hash is refused before anything is sent, or null. */
export function txHashProblem(value: string | null | undefined): TranslationKey | null {
  if (!value?.trim()) return 'hash_scan_hash_required';
  return isTxHash(value) ? null : 'hash_scan_hash_invalid';
}

/** The hash field's rule, in the hash scan and in a bill's "I have paid". */
export const txHashRules = (t: TFunction): FormRule[] => [
  {
    validator: (_, value: string | undefined) => {
      const problem = txHashProblem(value);
      return problem === null ? Promise.resolve() : Promise.reject(new Error(t(problem)));
    },
  },
];

export interface HashScanView {
  type: 'success' | 'info';
  titleKey: TranslationKey;
  tipKey: TranslationKey;
}

export const HASH_SCAN_VIEWS: Record<HashScanResult, HashScanView> = {
  credited: { type: 'success', titleKey: 'hash_scan_credited', tipKey: 'hash_scan_credited_tip' },
  known: { type: 'info', titleKey: 'hash_scan_known', tipKey: 'hash_scan_known_tip' },
  pending: { type: 'info', titleKey: 'hash_scan_pending', tipKey: 'hash_scan_pending_tip' },
};
