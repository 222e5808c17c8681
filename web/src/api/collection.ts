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
  post<{ runId: number | null; opened: number }>('/api/partner/collect/now', body, { loading: true });

/** The states a collection ends in: collected, not collected, failed. */
export const CLOSED_COLLECTION_STATUSES: readonly CollectionStatus[] = [CollectionStatus.Collected, CollectionStatus.NotCollected, CollectionStatus.Failed];

/** What opened a collection. */
export const CollectionTrigger = { Scheduled: 1, OnDeposit: 2, Manual: 3 } as const;
export type CollectionTrigger = (typeof CollectionTrigger)[keyof typeof CollectionTrigger];

/** One sweep of a deposit address and token to the cold addresses. Token amounts in the token's units, fees in the native coin. */
export interface CollectionRow {
  id: number;
  /** The Collect now run that opened it; null for a scheduled or on-deposit one. */
  runId: number | null;
  trigger: CollectionTrigger;
  chainId: number;
  chainname: string;
  tokenId: number;
  symbol: string;
  /** The deposit address. */
  address: string;
  status: CollectionStatus;
  /** Why it waits, failed or closed ("" when none). */
  reason: string;
  /** Credited and not collected when it was opened. */
  waiting: string;
  /** Swept (the chain balance when signed); null before. */
  amount: string | null;
  attributed: string | null;
  unattributed: string | null;
  nativeSymbol: string;
  feeEstimated: string | null;
  feePaid: string | null;
  /** What the sweep would have burnt without energy (the native coin), set when it is signed. */
  burnFee: string | null;
  /** Smart collection: the energy its sweep runs on; 0 when it was given up (the reason says why) and TRX burnt; null: not used. */
  energy: number | null;
  /** The TRX points held for that energy (charged once delivered); null without energy. */
  energyPoints: string | null;
  /** The explorer's prefix: txurl + hash ("" when the chain has none). */
  txurl: string;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

export interface CollectionFilters {
  chainId?: number;
  tokenId?: number;
  status?: CollectionStatus;
  address?: string;
  /** The collections one Collect now opened. */
  runId?: number;
  /** Created at or after `start`, before `end` (RFC 3339: the merchant's days). */
  start?: string;
  end?: string;
}

/** What the collections of one chain and token a filter selects add up to. */
export interface CollectionTotal {
  chainId: number;
  chainname: string;
  tokenId: number;
  symbol: string;
  count: number;
  /** Of them, the collected ones and what their sweeps moved (the token's units). */
  collectedCount: number;
  collected: string;
  nativeSymbol: string;
  /** The network fees every step of them paid (the native coin). */
  feePaid: string;
}

export interface CollectionSummary {
  count: number;
  totals: CollectionTotal[];
}

/** An on-chain step of a collection. */
export const StepKind = { FeeTopUp: 1, Activation: 2, SweepPart: 3, TrxLeft: 4 } as const;
export type StepKind = (typeof StepKind)[keyof typeof StepKind];

export const StepState = { Signed: 1, Broadcast: 2, Seen: 3, Confirmed: 4, Dead: 5 } as const;
export type StepState = (typeof StepState)[keyof typeof StepState];

export interface CollectionStep {
  kind: StepKind;
  part: number;
  fromAddress: string;
  toAddress: string;
  /** The native coin for a top-up or an activation, the token for a sweep part. */
  amount: string;
  feeEstimated: string;
  feePaid: string | null;
  hash: string;
  state: StepState;
  blockNumber: number | null;
  reason: string;
  createdAt: string;
  broadcastAt: string | null;
  confirmedAt: string | null;
}

export type CollectionDetail = CollectionRow & { steps: CollectionStep[] };

export const pageCollections = (query: PageQuery & CollectionFilters, options: { silent?: boolean } = {}) =>
  post<PageResult<CollectionRow>>('/api/partner/collect/page_list', query, options);

export const collectionSummary = (filters: CollectionFilters) => post<CollectionSummary>('/api/partner/collect/summary', filters, { silent: true });

export const collectionDetail = (id: number) => post<CollectionDetail>('/api/partner/collect/detail', { id });

/** One chain's collection fee settings: the fee wallet (a hot wallet) and the cap per collection (all its transactions). */
export interface ChainFees {
  chainId: number;
  chainname: string;
  /** The native coin. */
  symbol: string;
  feeWalletId: number | null;
  feeWalletAddress: string | null;
  /** 0 normal, 1 paused (tops nothing up); null without a fee wallet. */
  feeWalletStatus: 0 | 1 | null;
  /** The most one sweep may cost, in the native coin; "" for no cap. */
  maxFee: string;
}

export const collectionFees = (options: { silent?: boolean } = {}) => post<ChainFees[]>('/api/partner/collect/fees', {}, options);

/** Needs 50202 and the Google code. `feeWalletId` null: none; `maxFee` "": no cap. */
export const saveCollectionFees = (body: { chainId: number; feeWalletId: number | null; maxFee: string; googleCode: string }) =>
  post<null>('/api/partner/collect/fees/edit', body, { loading: true });
