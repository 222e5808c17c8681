import { post } from '@/utils/request';
import type { ChainFamily } from './types';

/** How an address typed for a chain is shaped (docs/api.md, `chain/addressRules`). */
export interface AddressRule {
  chainId: number;
  family: ChainFamily;
  /** A regular expression the trimmed address matches whole. */
  pattern: string;
  example: string;
  /** False when spellings that differ only in letter case are one address (hex). */
  caseSensitive: boolean;
}

/** Silent: without the rules the forms let the server check addresses alone. */
export const getAddressRules = () => post<AddressRule[]>('/api/partner/chain/addressRules', undefined, { silent: true });
