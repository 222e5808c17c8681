import { expect } from '@playwright/test';
import { call, registerMerchant, type Session } from './api';
import { listDeposits, makeDeposit, type Deposit } from './deposits';
import { signInAs, type E2eEnv } from './fixtures';
import { coffer } from './server';
import { Authenticator, fundPaymentWallet, listWithdrawals, requestWithdrawal, waitForStatus, type Withdrawal } from './withdrawals';

// A merchant of its own for the Home and report specs, with real orders: devchain deposits,
// withdrawals carried out by the executor, one held for review. Its figures are nobody else's,
// so every expectation is what the server's own lists say about these orders.

export interface SeededMerchant {
  email: string;
  session: Session;
  /** The merchant's UTC offset in hours, as the server keeps it. */
  timeZone: number;
  /** USDT the payment wallet got from the faucet. */
  funded: string;
  /** Complete (8) deposits, as the deposit list returns them. */
  deposits: Deposit[];
  /** Complete (8) withdrawals, as the withdrawal list returns them. */
  withdrawals: Withdrawal[];
  /** Withdrawals awaiting review (1). */
  inReview: Withdrawal[];
  /** The merchant admin's bound authenticator: the next Google codes. */
  who: Authenticator;
}

export interface Seed {
  timeZone: number;
  funded: string;
  deposits: string[];
  withdrawals: string[];
  /** Amounts at or over the review minimum (1000 USDT, see enableDevUsdt). */
  inReview: string[];
}

/**
 * Registers and activates `email`'s merchant, sets its zone, enables devchain USDT with a funded
 * hot wallet, and makes the orders of `seed`; resolves once each is in its final state.
 */
export async function seedMerchant(env: E2eEnv, email: string, seed: Seed): Promise<SeededMerchant> {
  const password = 'Seeded-Pass-2026';
  await registerMerchant(env.baseURL, env.dataDir, email, password);
  coffer(env.dataDir, ['admin', 'merchant', 'activate', email]);
  const session = await signInAs(env, { email, password });
  const token = session.sessionCode;
  const zone = await call(env.baseURL, '/api/partner/timeZone/set', { timeZone: seed.timeZone }, token);
  expect(zone.code, JSON.stringify(zone)).toBe(1);
  const who = await Authenticator.bind(env, session);
  await fundPaymentWallet(env, token, seed.funded);

  for (const [index, amount] of seed.deposits.entries()) await makeDeposit(env, token, `seeded-user-${index + 1}`, amount, email);
  const made: Withdrawal[] = [];
  for (const amount of seed.withdrawals) made.push(await requestWithdrawal(env, who, amount));
  const held: Withdrawal[] = [];
  for (const amount of seed.inReview) held.push(await requestWithdrawal(env, who, amount));
  for (const order of made) await waitForStatus(env, token, order.orderNo, [8]);
  for (const order of held) await waitForStatus(env, token, order.orderNo, [1]);

  const timeZone = (await call<{ timeZone: number }>(env.baseURL, '/api/partner/home/config', {}, token)).data.timeZone;
  const withdrawals = await listWithdrawals(env, token);
  return {
    email,
    session,
    timeZone,
    funded: seed.funded,
    deposits: (await listDeposits(env, token)).list.filter((order) => order.status === 8),
    withdrawals: withdrawals.filter((order) => order.status === 8),
    inReview: withdrawals.filter((order) => order.status === 1),
    who,
  };
}

// Exact decimal arithmetic on the server's strings (never floats), and the console's display.

const SCALE = 18;

function toUnits(amount: string): bigint {
  const [whole, fraction = ''] = amount.split('.');
  return BigInt(whole || '0') * 10n ** BigInt(SCALE) + BigInt(fraction.padEnd(SCALE, '0').slice(0, SCALE) || '0');
}

/** Units written as the server writes amounts ("12.5", "3", "0"); never negative here. */
function fromUnits(units: bigint): string {
  expect(units >= 0n, 'a negative amount').toBe(true);
  const whole = units / 10n ** BigInt(SCALE);
  const fraction = (units % 10n ** BigInt(SCALE)).toString().padStart(SCALE, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/** The exact sum of decimal strings. */
export function sumAmounts(amounts: readonly string[]): string {
  return fromUnits(amounts.reduce((total, amount) => total + toUnits(amount || '0'), 0n));
}

/** `from` less `less`, exactly. */
export function differenceOf(from: string, less: string): string {
  return fromUnits(toUnits(from) - toUnits(less));
}

/** An amount as the console shows it: 4 decimals, rounded down. */
export function shownAmount(amount: string): string {
  const [whole, fraction = ''] = amount.split('.');
  return `${whole}.${fraction.slice(0, 4).padEnd(4, '0')}`;
}

/** The merchant's calendar date of an instant the server returned (RFC 3339), in its zone. */
export function merchantDay(instant: string, timeZone: number): string {
  return new Date(Date.parse(instant) + timeZone * 3_600_000).toISOString().slice(0, 10);
}

/** An instant the server returned as the console shows it in the merchant's zone: `YYYY-MM-DD HH:mm:ss`. */
export function merchantTime(instant: string, timeZone: number): string {
  return new Date(Date.parse(instant) + timeZone * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** The date `days` after a `YYYY-MM-DD` date (calendar arithmetic, no zone). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The orders of one merchant day, with what the reports and Home add up. */
export interface DayFigures {
  count: number;
  amount: string;
  fee: string;
}

/** Complete orders grouped by the merchant day they were created on. */
export function byDay(orders: readonly { createtime: string; amount: string; fee?: string }[], timeZone: number): Map<string, DayFigures> {
  const days = new Map<string, { amounts: string[]; fees: string[] }>();
  for (const order of orders) {
    const day = merchantDay(order.createtime, timeZone);
    const entry = days.get(day) ?? { amounts: [], fees: [] };
    entry.amounts.push(order.amount);
    entry.fees.push(order.fee ?? '0');
    days.set(day, entry);
  }
  return new Map([...days].map(([day, entry]) => [day, { count: entry.amounts.length, amount: sumAmounts(entry.amounts), fee: sumAmounts(entry.fees) }]));
}

/** The figures of the days from `start` to `end` (both inclusive) added up. */
export function within(days: Map<string, DayFigures>, start: string, end: string): DayFigures {
  const chosen = [...days].filter(([day]) => day >= start && day <= end).map(([, figures]) => figures);
  return {
    count: chosen.reduce((total, figures) => total + figures.count, 0),
    amount: sumAmounts(chosen.map((figures) => figures.amount)),
    fee: sumAmounts(chosen.map((figures) => figures.fee)),
  };
}
