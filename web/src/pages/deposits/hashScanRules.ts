import type { HashScanResult } from '@/api/deposits';
import type { TranslationKey } from '@/locales/types';

// The hash scan of the deposit list (40101): the light client check before anything is sent,
// and how each answer is shown. The server decides the rest per chain (docs/api.md).

/** 64 hexadecimal characters, optionally after 0x (EVM and the devchain; TRON has none). */
const TX_HASH = /^(0x)?[0-9a-fA-F]{64}$/;

export const isTxHash = (value: string | null | undefined): boolean => TX_HASH.test((value ?? '').trim());

/** The hash as sent: trimmed, otherwise as typed (the server lowercases and drops 0x on TRON). */
export const hashToSend = (value: string): string => value.trim();

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
