import { post } from '@/utils/request';
import type { RechargeAddress } from './points';
import type { PageQuery, PageResult } from './types';

// Token › Energy (menu 203; placing an order also needs ENERGY_ORDER, 20301, and the Google
// code; turning a smart-collection switch ENERGY_SMART, 20302, and the Google code): TRON energy
// bought with TRX points (1 TRX = 1 point). Points are exact decimal strings
// (6 decimals at most), energy is whole units, times are UTC RFC 3339 strings as in every other
// call, addresses TRON base58. Lists take `page` and `pageSize` as every other list.

/** An energy order's states, the spec's names: waiting processing → processing → successful, failed or invalid. */
export const EnergyOrderStatus = { WaitingProcessing: 1, Processing: 2, Successful: 3, Failed: 4, Invalid: 5 } as const;
export type EnergyOrderStatus = (typeof EnergyOrderStatus)[keyof typeof EnergyOrderStatus];

/** What an order is: where the energy goes, how many uses over how many days, at most how many a day. */
export interface EnergyOrderTerms {
  chainId: number;
  address: string;
  times: number;
  days: number;
  maxDailyUses: number;
  /** Buy the receiver's activation when it does not exist on chain yet. */
  activate: boolean;
}

/** A price for the terms, valid `validSeconds` (cite `quoteId` in /order before it expires). */
export interface EnergyQuote extends EnergyOrderTerms {
  quoteId: string;
  validSeconds: number;
  expiresAt: string;
  /** The address does not exist on chain yet. */
  needsActivation: boolean;
  /** TRX points of the activation when needed (charged only with `activate`). */
  activationPoints: string;
  /** Energy delivered per use: a transfer to an address holding no USDT. */
  energyPerUse: number;
  /** A transfer to an address holding USDT. */
  energyToHolder: number;
  pricePerUse: string;
  /** times × pricePerUse. */
  usesPoints: string;
  /** usesPoints + activationPoints (when activate). */
  totalPoints: string;
  /** Sun per energy burnt, live. */
  energyPrice: number;
  /** TRX burning would cost per use (energyPerUse × energyPrice). */
  burnPerUse: string;
  /** times × burnPerUse. */
  burnTotal: string;
  /** The merchant's TRX points available now. */
  trxPoints: string;
  /** trxPoints ≥ totalPoints. */
  enough: boolean;
}

export interface EnergyOrder {
  id: number;
  chainId: number;
  address: string;
  times: number;
  days: number;
  maxDailyUses: number;
  /** Uses seen on chain. */
  used: number;
  /** Uses in the merchant's day. */
  todayUses: number;
  energyPerUse: number;
  pricePerUse: string;
  activate: boolean;
  activationPoints: string;
  /** Held when ordered. */
  totalPoints: string;
  /** What it cost, once ended. */
  chargedPoints: string;
  /** totalPoints − chargedPoints, once ended. */
  refundedPoints: string;
  status: EnergyOrderStatus;
  /** Why it waits or ended so; "" when nothing to say. */
  reason: string;
  createdAt: string;
  endsAt: string;
  endedAt: string | null;
}

export interface EnergyOrderFilters {
  status?: EnergyOrderStatus;
  address?: string;
}

export interface EnergyProfile {
  trxPoints: { available: string; held: string };
  ordersInProgress: number;
  /** In the merchant's month. */
  usesThisMonth: number;
  energyThisMonth: number;
  /** TRX burning that energy would have cost at today's price; null with the price. */
  burnSavedThisMonth: string | null;
  /** Sun per energy now; null when no TRON node answers. */
  energyPrice: number | null;
  /** When energyPrice was read (null with it). */
  priceReadAt: string | null;
  smartCollection: SmartCollection;
  smartSaving: SmartSaving;
}

/**
 * Smart collection measured from the collections themselves (never a constant): those created in
 * the last `days` days that were collected on energy. TRX amounts are exact decimal strings.
 */
export interface SmartSaving {
  days: number;
  /** Collections collected on energy. */
  collections: number;
  /** The energy they ran on. */
  energy: number;
  /** TRX their sweeps would have burnt (price and energy when signed). */
  burnFee: string;
  /** TRX their transactions paid (activations, bandwidth). */
  feePaid: string;
  /** TRX points charged for the energy. */
  energyPoints: string;
  /** burnFee − feePaid − energyPoints; negative ("-6.3") when energy cost more than burning. */
  saved: string;
}

/** The merchant's smart-collection switches (all off until one is changed). */
export interface SmartCollection {
  /** setCollect: TRON sweeps run on delegated energy instead of burning TRX from a fee top-up. */
  energyCollect: boolean;
  /** setEnergyPay: that energy is paid with TRX points (smart collection needs both on). */
  energyPay: boolean;
  /** setTrxCollect: the TRX left in a swept deposit address is collected too. */
  trxCollect: boolean;
  /** The latest change; null: never changed. */
  updatedAt: string | null;
}

export type SmartSwitch = 'energyCollect' | 'energyPay' | 'trxCollect';

/** Each switch's call. */
const SMART_CALLS: Readonly<Record<SmartSwitch, string>> = {
  energyCollect: '/api/partner/energy/setCollect',
  energyPay: '/api/partner/energy/setEnergyPay',
  trxCollect: '/api/partner/energy/setTrxCollect',
};

/**
 * Silent (spec section 7): a refusal (bounds, a bad or blacklisted address, no node) is shown
 * where the price would be, not toasted.
 */
export const estimateEnergyPrice = (terms: EnergyOrderTerms) => post<EnergyQuote>('/api/partner/energy/estimatePrice', terms, { silent: true });

/** Places the quoted order (sent twice: the same order). A refusal is the request layer's toast. */
export const orderEnergy = (body: { quoteId: string; googleCode: string }) => post<EnergyOrder>('/api/partner/energy/order', body);

/** Newest first; every status and address when none is given. */
export const pageEnergyOrders = (query: PageQuery & EnergyOrderFilters) => post<PageResult<EnergyOrder>>('/api/partner/energy/order/page_list', query);

export const energyProfile = () => post<EnergyProfile>('/api/partner/energy/profile', {});

/**
 * Where to send TRX for TRX points on a TRON chain: the answer of Points list's recharge. Silent:
 * a refusal (not TRON, recharging not available yet) is shown in place of the address.
 */
export const energyChargePoint = (chainId: number) => post<RechargeAddress>('/api/partner/energy/chargePoint', { chainId }, { silent: true });

/** Turns one switch (the others stay); the switches after. A refusal is the request layer's toast. */
export const setSmartSwitch = (name: SmartSwitch, body: { enabled: boolean; googleCode: string }) => post<SmartCollection>(SMART_CALLS[name], body);
