import { EnergyOrderStatus, type EnergyOrderTerms } from '@/api/energy';
import type { ChainNode } from '@/api/types';
import type { StatusView } from '@/pages/orders/statuses';

// Pure rules of Token › Energy: the order form's bounds, the body of a price, the tags of the
// order states, and the figures the screen derives (the saving, the price's age).

/** The bounds the server holds an order to (10422 `energy_order_bounds` beyond them). */
export const ENERGY_BOUNDS = { times: { min: 1, max: 10_000 }, days: { min: 1, max: 365 } } as const;

export const ENERGY_ORDER_STATUSES: readonly EnergyOrderStatus[] = Object.values(EnergyOrderStatus);

/** Waiting gold, processing blue, successful green, failed red, invalid grey (as the other status tags). */
export const ENERGY_ORDER_STATUS: Readonly<Record<EnergyOrderStatus, StatusView>> = {
  [EnergyOrderStatus.WaitingProcessing]: { key: 'energy_status_1', color: 'gold' },
  [EnergyOrderStatus.Processing]: { key: 'energy_status_2', color: 'processing' },
  [EnergyOrderStatus.Successful]: { key: 'energy_status_3', color: 'green' },
  [EnergyOrderStatus.Failed]: { key: 'energy_status_4', color: 'red' },
  [EnergyOrderStatus.Invalid]: { key: 'energy_status_5', color: 'default' },
};

/** The chains energy is sold on: the TRON ones of home/config, in its order. */
export const tronChains = (chains: readonly ChainNode[]): ChainNode[] => chains.filter((chain) => chain.family === 'tron');

/** What is wrong with a count typed in the form: nothing, nothing typed, or not a whole number within [min, max]. */
export type CountProblem = 'empty' | 'out_of_range' | null;

export function countProblem(value: string | null | undefined, min: number, max: number): CountProblem {
  const text = (value ?? '').trim();
  if (text === '') return 'empty';
  if (!/^\d{1,6}$/.test(text)) return 'out_of_range';
  const count = Number(text);
  return count >= min && count <= max ? null : 'out_of_range';
}

/**
 * The highest max daily uses the form accepts: the times when they are valid (an order cannot use
 * more a day than in total), else the highest times.
 */
export function maxDailyLimit(times: string | null | undefined): number {
  const { min, max } = ENERGY_BOUNDS.times;
  return countProblem(times, min, max) === null ? Number(times!.trim()) : max;
}

/** What the form holds. */
export interface EnergyFormValues {
  chainId?: number;
  address?: string;
  times?: string;
  days?: string;
  maxDailyUses?: string;
  activate?: boolean;
}

/** The body of Get price, from values the form has checked. */
export const termsOf = (values: EnergyFormValues): EnergyOrderTerms => ({
  chainId: values.chainId!,
  address: (values.address ?? '').trim(),
  times: Number(values.times!.trim()),
  days: Number(values.days!.trim()),
  maxDailyUses: Number(values.maxDailyUses!.trim()),
  activate: Boolean(values.activate),
});

// Points and TRX are decimal strings with at most 6 decimals: the saving is computed exactly in
// millionths, never in floating point.
const SCALE = 6;
const DECIMAL = /^(-?)(\d+)(?:\.(\d{1,6}))?$/;

function toMillionths(value: string): bigint | null {
  const match = DECIMAL.exec(value.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const units = BigInt(whole) * 10n ** BigInt(SCALE) + BigInt(fraction.padEnd(SCALE, '0'));
  return sign ? -units : units;
}

function fromMillionths(units: bigint): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(SCALE + 1, '0');
  const whole = digits.slice(0, -SCALE);
  const fraction = digits.slice(-SCALE).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** a − b exactly ("39.0855" − "4.5" = "34.5855"); null when either is not a decimal string. */
export function decimalDifference(a: string, b: string): string | null {
  const left = toMillionths(a);
  const right = toMillionths(b);
  return left === null || right === null ? null : fromMillionths(left - right);
}

/** What buying saves against burning TRX for the same uses (negative: buying costs more). */
export const quoteSaving = (quote: { burnTotal: string; usesPoints: string }): string | null => decimalDifference(quote.burnTotal, quote.usesPoints);

/** Whole seconds from `readAt` (RFC 3339) to `nowMs`; never below 0 (a clock a little behind the server's). */
export const secondsSince = (readAt: string, nowMs: number): number => Math.max(0, Math.floor((nowMs - Date.parse(readAt)) / 1000));

/** Energy as shown: whole units with thousands separators (130,285). */
export const energyText = (energy: number): string => new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(energy);

/**
 * What smart collection saved as a share of what burning would have cost, to one decimal (rounded
 * toward zero) and without its sign: "80.0" for 125.142 saved of 156.342. Null when nothing would
 * have burnt (no share of nothing) or a figure is not a decimal string.
 */
export function savingPercent(saved: string, burnFee: string): string | null {
  const part = toMillionths(saved);
  const whole = toMillionths(burnFee);
  if (part === null || whole === null || whole <= 0n) return null;
  const tenths = ((part < 0n ? -part : part) * 1000n) / whole;
  return `${tenths / 10n}.${tenths % 10n}`;
}

/** A decimal string without its minus sign ("-6.3" → "6.3"). */
export const unsigned = (value: string): string => value.trim().replace(/^-/, '');

/** A decimal string below zero ("-6.3"; "-0" is not). */
export const isNegative = (value: string): boolean => (toMillionths(value) ?? 0n) < 0n;
