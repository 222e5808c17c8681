import { post } from '@/utils/request';
import type { PageQuery, PageResult } from './types';

// Assets (tokens the merchant enabled) and their cold-address requests: menu 201, docs/api.md
// "Wallets and assets". Amounts, prices and ratios are decimal strings, never floats.

/** 1 daily at startTime, 2 every intervalHours, 3 on each deposit. */
export type CollectType = 1 | 2 | 3;

export interface CollectSettings {
  autoCollect: boolean;
  collectType: CollectType;
  /** HH:MM in the merchant's time zone. */
  startTime: string;
  /** 1..168 */
  intervalHours: number;
  minCollectAmount: string;
  minSplitAmount: string;
}

export interface RiskSettings {
  minReviewAmount: string;
  /** A whole number 0..1000000. */
  maxDailyCount: number;
  dailyLimit: string;
}

export interface ColdAddressEntry {
  address: string;
  ratio: string;
}

/** 0 awaiting review, 1 approved, 2 rejected. */
export type ApplyStatus = 0 | 1 | 2;

export interface Asset {
  id: number;
  chainId: number;
  tokenId: number;
  chainname: string;
  chainsymbol: string;
  symbol: string;
  symbol_price: string;
  decimals: number;
  contract: string;
  /** 1 enabled, 0 disabled. */
  status: 0 | 1;
  paymentAddress: string;
  collect: CollectSettings;
  risk: RiskSettings;
  coldAddresses: ColdAddressEntry[];
  /** 1 effective cold addresses exist, 0 none yet. */
  coldStatus: 0 | 1;
  /** Latest cold-address request; null when there was none. */
  applyStatus: ApplyStatus | null;
  createtime: string;
}

/** The asset a cold-address row or request belongs to. */
interface OfAsset {
  id: number;
  assetId: number;
  chainId: number;
  chainname: string;
  tokenId: number;
  symbol: string;
}

/** An effective collection address of an asset. */
export interface ColdAddressRow extends OfAsset {
  address: string;
  ratio: string;
  createtime: string;
}

export interface TokenRequestRow extends OfAsset {
  coldAddresses: ColdAddressEntry[];
  /** 1 these addresses are in force, 0 not (pending, rejected or superseded). */
  status: 0 | 1;
  applyStatus: ApplyStatus;
  /** The operator's reason for a rejection ("" otherwise). */
  reason: string;
  createtime: string;
  reviewtime: string | null;
}

export interface AssetSettingsBody {
  paymentAddress: string;
  collect: CollectSettings;
  risk: RiskSettings;
}

export const listAssets = (body: { chainId?: number } = {}, options: { silent?: boolean } = {}) =>
  post<Asset[]>('/api/partner/asset/list', body, options);

/** Needs 20101. */
export const addAsset = (body: AssetSettingsBody & { chainId: number; tokenId: number }) =>
  post<{ id: number }>('/api/partner/asset/add_v2', body, { loading: true });

/** Needs 20102. */
export const editAsset = (body: AssetSettingsBody & { id: number }) => post<null>('/api/partner/asset/edit', body, { loading: true });

/** Needs 20103. */
export const setAssetStatus = (id: number, status: 0 | 1) => post<null>('/api/partner/asset/status/edit', { id, status }, { loading: true });

export const pageColdAddresses = (query: PageQuery & { assetId?: number }) =>
  post<PageResult<ColdAddressRow>>('/api/partner/asset/pageAddressCold', query);

/** Needs 20104 and a bound authenticator (its current code in `googleCode`). */
export const requestColdAddresses = (body: { assetId: number; coldAddresses: ColdAddressEntry[]; googleCode: string }) =>
  post<{ id: number }>('/api/partner/token/request/requestColdAddress', body, { loading: true });

export const getTokenRequests = (query: PageQuery & { assetId?: number }) =>
  post<PageResult<TokenRequestRow>>('/api/partner/token/request/getTokenRequests', query);
