import type { AddressRule } from '@/api/chains';
import type { ChainNode } from '@/api/types';
import { duplicateIndexes, isAddressFor } from '@/utils/addressRules';

// Pure rules of the token screens (menu 2, docs/api.md "Wallets and assets"). Amounts and ratios
// are decimal strings: every rule here works on their digits or on scaled integers, never on
// floating point, so 0.3333 + 0.3333 + 0.3334 is exactly 1 and 0.999 never rounds up to it.

/** A cold-address request holds 1 to this many addresses. */
export const COLD_ADDRESS_LIMIT = 5;
/** Hot (payment) wallets per merchant, across chains. */
export const HOT_WALLET_LIMIT = 5;
export const REMARK_MAX = 100;
/** Ratios have at most this many decimals; they are summed as integers of 10^-4. */
export const RATIO_DECIMALS = 4;
const RATIO_SCALE = 10 ** RATIO_DECIMALS;
/** Amounts on screen: 4 decimals, rounded down (spec section 9). */
export const DISPLAY_DECIMALS = 4;

// ---------------------------------------------------------------------------------------------
// Addresses (their shapes: utils/addressRules, from the server)

/** First 6 + … + last 4 characters; short values are shown whole. */
export function shortAddress(address: string | null | undefined): string {
  const text = address ?? '';
  return text.length > 12 ? `${text.slice(0, 6)}…${text.slice(-4)}` : text;
}

/** Block-explorer link of a transaction: the chain's txurl + hash, or null without a txurl. */
export function txLink(txurl: string | null | undefined, hash: string | null | undefined): string | null {
  if (!txurl || !hash) return null;
  return `${txurl}${hash}`;
}

/** Icon of a token: tokenIconUrl + the lower-case symbol + '.png'. */
export function tokenIconSrc(tokenIconUrl: string | null | undefined, symbol: string): string | null {
  if (!tokenIconUrl || !symbol) return null;
  const base = tokenIconUrl.endsWith('/') ? tokenIconUrl : `${tokenIconUrl}/`;
  return `${base}${symbol.toLowerCase()}.png`;
}

export const chainById = (chains: readonly ChainNode[] | null | undefined, chainId: number | null | undefined): ChainNode | undefined =>
  (chains ?? []).find((chain) => chain.chainid === chainId);

// ---------------------------------------------------------------------------------------------
// Ratios

const RATIO = /^(\d+)(?:\.(\d{1,4}))?$/;

/** A ratio as an integer of 10^-4 (0.6 → 6000), or null unless it is > 0 with at most 4 decimals. */
export function parseRatio(value: string | null | undefined): number | null {
  const match = RATIO.exec((value ?? '').trim());
  if (!match) return null;
  const whole = Number(match[1]);
  if (whole > 1) return null; // a share of 1 at most; also keeps the integers small
  const scaled = whole * RATIO_SCALE + Number((match[2] ?? '').padEnd(RATIO_DECIMALS, '0'));
  return scaled > 0 ? scaled : null;
}

/** Sum of the valid ratios, as an integer of 10^-4. */
export const ratioSum = (ratios: readonly (string | null | undefined)[]): number =>
  ratios.reduce<number>((sum, ratio) => sum + (parseRatio(ratio) ?? 0), 0);

/** True iff every ratio is valid and together they are exactly 1. */
export function ratiosTotalOne(ratios: readonly (string | null | undefined)[]): boolean {
  const parsed = ratios.map(parseRatio);
  return parsed.length > 0 && parsed.every((value) => value !== null) && ratioSum(ratios) === RATIO_SCALE;
}

/** A scaled integer of 10^-4 as a decimal ("1", "0.999", "1.2"). */
export function scaledToDecimal(scaled: number): string {
  const whole = Math.floor(scaled / RATIO_SCALE);
  const fraction = String(scaled % RATIO_SCALE).padStart(RATIO_DECIMALS, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** A ratio as a percentage: "0.6" → "60%", "0.3333" → "33.33%"; unparsable values as sent. */
export function ratioPercent(value: string | null | undefined): string {
  const scaled = parseRatio(value);
  if (scaled === null) return value ?? '';
  const whole = Math.floor(scaled / 100);
  const fraction = String(scaled % 100).padStart(2, '0').replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''}%`;
}

export type ColdRequestProblem =
  | { kind: 'count' }
  | { kind: 'address'; index: number }
  | { kind: 'ratio'; index: number }
  | { kind: 'total' };

/**
 * Every client-side check of a cold-address request, in the order the form reports them: 1..5
 * rows, each address well-formed for the chain and not repeated, each ratio > 0 with at most 4
 * decimals, and the ratios totalling exactly 1. Null when the request may be sent.
 */
export function coldRequestProblem(
  rows: readonly { address?: string; ratio?: string }[],
  addressRules: readonly AddressRule[],
): ColdRequestProblem | null {
  if (rows.length < 1 || rows.length > COLD_ADDRESS_LIMIT) return { kind: 'count' };
  const addresses = rows.map((row) => row.address ?? '');
  const repeated = new Set(duplicateIndexes(addresses, addressRules));
  const badAddress = addresses.findIndex((address, index) => !isAddressFor(address, addressRules) || repeated.has(index));
  if (badAddress >= 0) return { kind: 'address', index: badAddress };
  const badRatio = rows.findIndex((row) => parseRatio(row.ratio) === null);
  if (badRatio >= 0) return { kind: 'ratio', index: badRatio };
  if (!ratiosTotalOne(rows.map((row) => row.ratio))) return { kind: 'total' };
  return null;
}

// ---------------------------------------------------------------------------------------------
// Amounts

const AMOUNT = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * A decimal string shown with `decimals` places, rounded down (truncated), from its digits:
 * "1.23456" → "1.2345", "250" → "250.0000". A non-zero amount is never shown as zero: below the
 * last place it reads "< 0.0001" ("> -0.0001" below zero; `AmountText` shows the exact amount on
 * hover). Unparsable values are shown as sent.
 */
export function formatAmountDown(value: string | null | undefined, decimals = DISPLAY_DECIMALS): string {
  const text = (value ?? '').trim();
  const match = AMOUNT.exec(text);
  if (!match) return text;
  const [, sign, whole, fraction = ''] = match;
  const digits = fraction.slice(0, decimals).padEnd(decimals, '0');
  const wholeDigits = whole.replace(/^0+(?=\d)/, '');
  const shownZero = /^0*$/.test(wholeDigits + digits);
  if (shownZero && /[1-9]/.test(fraction)) {
    const smallest = decimals > 0 ? `0.${'1'.padStart(decimals, '0')}` : '1';
    return sign ? `> -${smallest}` : `< ${smallest}`;
  }
  const body = decimals > 0 ? `${wholeDigits}.${digits}` : wholeDigits;
  return `${sign && !shownZero ? '-' : ''}${body}`;
}

/** A non-negative decimal string with at most `decimals` decimals (what the server accepts). */
export function isAmount(value: string | null | undefined, decimals: number): boolean {
  const match = /^(\d+)(?:\.(\d+))?$/.exec((value ?? '').trim());
  return match !== null && (match[2] ?? '').length <= decimals;
}

// ---------------------------------------------------------------------------------------------
// Labels

/** "2 / 5" for the hot-wallet header. */
export const hotWalletCountText = (count: number): string => `${count} / ${HOT_WALLET_LIMIT}`;

/** HH:MM, 00:00 to 23:59. */
export const isClockTime = (value: string | null | undefined): boolean => /^([01]\d|2[0-3]):[0-5]\d$/.test(value ?? '');
