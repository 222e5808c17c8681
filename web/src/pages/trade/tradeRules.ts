import type { TFunction } from 'i18next';

// Pure rules of Token › Trade (menu 204). Rates, amounts and percents stay decimal texts or
// integers from end to end: nothing here goes through a float, so nothing drifts on screen.

/** The bounds the server keeps, in basis points (1 bp = 0.01 %). */
export const MAX_SPREAD_BP = 5000;
export const MAX_TOLERANCE_BP = 1000;

/** A percent as typed: up to 3 whole digits and at most 2 decimals (0.01 % is one basis point). */
const PERCENT = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

/**
 * A typed percent as whole basis points, from its digits: "0.5" → 50, "0.05" → 5, "50" → 5000.
 * Null when it is not a plain percent with at most 2 decimals ("0.005", "-1", "1e2", "").
 */
export function percentToBp(value: string | null | undefined): number | null {
  const match = PERCENT.exec((value ?? '').trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Whole basis points as a percent, from the integer's digits: 50 → "0.5", 5 → "0.05", 5000 → "50". */
export function bpToPercent(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const fraction = String(bp % 100).padStart(2, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** The typed percent's basis points when they are within 0..maxBp; null otherwise. */
export function percentWithin(value: string | null | undefined, maxBp: number): number | null {
  const bp = percentToBp(value);
  return bp !== null && bp <= maxBp ? bp : null;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * Compares two non-negative decimal texts by their digits ("10" > "9.99", "1.50" = "1.5"):
 * negative, zero or positive as `a` is below, equal to or above `b`. Null when one is not a decimal.
 */
export function compareDecimal(a: string, b: string): number | null {
  const left = DECIMAL.exec(a.trim());
  const right = DECIMAL.exec(b.trim());
  if (!left || !right) return null;
  const whole = (text: string) => text.replace(/^0+/, '');
  const [leftWhole, rightWhole] = [whole(left[1]), whole(right[1])];
  if (leftWhole.length !== rightWhole.length) return leftWhole.length - rightWhole.length;
  const places = Math.max((left[2] ?? '').length, (right[2] ?? '').length);
  const leftDigits = leftWhole + (left[2] ?? '').padEnd(places, '0');
  const rightDigits = rightWhole + (right[2] ?? '').padEnd(places, '0');
  return leftDigits === rightDigits ? 0 : leftDigits < rightDigits ? -1 : 1;
}

/** Whether a decimal text is zero ("0", "0.00", ""): a daily limit of none, an amount not there yet. */
export const isZeroDecimal = (value: string): boolean => /^0*(\.0*)?$/.test(value.trim());

/** "12 s ago", "3 min ago", "2 h ago", "4 d ago": how old a price or a reading is, in its largest whole unit. */
export function ageText(seconds: number, t: TFunction): string {
  const whole = Math.max(0, Math.floor(seconds));
  if (whole < 60) return t('trade_age_seconds', { n: whole });
  if (whole < 3600) return t('trade_age_minutes', { n: Math.floor(whole / 60) });
  if (whole < 86_400) return t('trade_age_hours', { n: Math.floor(whole / 3600) });
  return t('trade_age_days', { n: Math.floor(whole / 86_400) });
}
