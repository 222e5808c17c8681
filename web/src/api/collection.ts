import { post } from '@/utils/request';
import type { PageQuery, PageResult } from './types';

// Collect (menu 5), docs/api.md "Collect". Amounts are decimal strings in the token's units.

/** A collection's state (the spec's seven; the numbers are Coffer's, docs/api.md). */
export const CollectionStatus = {
  Collected: 1,
  NotCollected: 2,
  WaitingFeeArrival: 3,
  Failed: 4,
  WaitingEnergyTransaction: 5,
  EnergyCollecting: 6,
  WaitingCollection: 7,
} as const;
export type CollectionStatus = (typeof CollectionStatus)[keyof typeof CollectionStatus];

/** One deposit address and token with something credited and not yet collected. */
export interface WaitingRow {
  depositAddressId: number;
  address: string;
  chainId: number;
  chainname: string;
  tokenId: number;
  symbol: string;
  decimals: number;
  credited: string;
  collected: string;
  waiting: string;
  /** The token is enabled and it waits at least the minimum collection amount. */
  due: boolean;
  collectionId: number | null;
  collectionStatus: CollectionStatus | null;
}

export interface WaitingFilters {
  chainId?: number;
  tokenId?: number;
  address?: string;
}

export const pageWaiting = (query: PageQuery & WaitingFilters, options: { silent?: boolean } = {}) =>
  post<PageResult<WaitingRow>>('/api/partner/collect/waiting', query, options);

/** Needs 50201 and the Google code: opens a collection for each chosen address (1 to 100) of one token that waits at least its minimum. */
export const collectNow = (body: { chainId: number; tokenId: number; depositAddressIds: number[]; googleCode: string }) =>
  post<{ runId: number; opened: number }>('/api/partner/collect/now', body, { loading: true });
