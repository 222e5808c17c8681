import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import type { WithdrawalProgress } from '@/api/withdrawals';
import { ORDER_STATUS } from '@/pages/orders/statuses';
import { followProgress } from './progress';
import {
  FINAL_STATUSES,
  WITHDRAWAL_STATUSES,
  chunk,
  isMerchantOrderNo,
  isRejectReason,
  isWithdrawAmount,
  oneClickFilter,
  riskReasonText,
  riskReasonsText,
} from './withdrawalRules';

const t = i18n.t.bind(i18n);
const progress = (id: number, status: number): WithdrawalProgress => ({ id, status: status as WithdrawalProgress['status'], hash: `0x${id}`, reason: '' });

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('withdrawal states and reasons', () => {
  it('names the 12 shared states and the exchanges\' three in three languages; 9, 11 and 12-14 are labelled but never offered', async () => {
    const names = (lang: string) => Object.values(ORDER_STATUS).map((view) => i18n.getFixedT(lang)(view.key));
    expect(names('en')).toEqual([
      'New order', 'Awaiting review', 'Pass', 'Reject', 'Waiting settlement', 'Waiting confirm', 'Processing on chain',
      'On-chain confirming', 'Transaction complete', 'Partially completed', 'Transaction failed', 'Void',
      'Refunding', 'Refunded', 'Expired',
    ]);
    expect(names('zh-CN')[1]).toBe('待审核');
    expect(names('zh-HK')[1]).toBe('待審核');
    expect(new Set(names('zh-HK')).size).toBe(15);
    for (const code of [9, 11, 12, 13, 14]) expect(WITHDRAWAL_STATUSES).not.toContain(code);
    expect(FINAL_STATUSES).toEqual([3, 8, 10]);
  });

  it('puts risk reasons in words, with the risk-control address’s own message', async () => {
    expect(riskReasonText('amount_over_review_minimum', t)).toBe('Amount at or above the minimum review amount');
    expect(riskReasonText('risk_control_refused: blocked user', t)).toBe('Refused by your risk-control address: blocked user');
    expect(riskReasonText('something_new', t)).toBe('something_new');
    expect(riskReasonsText(['amount_over_order_bound', 'screening_failed'], t)).toBe(
      'Amount above what one order may move: reject it; The checks failed on this order (see the service log): review it',
    );
    expect(riskReasonsText(['manual_withdrawal', 'risk_control_unreachable'], t)).toBe(
      'Manual withdrawal: always reviewed; Your risk-control address did not answer',
    );
    await i18n.changeLanguage('zh-CN');
    expect(riskReasonText('daily_limit_exceeded', i18n.t.bind(i18n))).toBe('今日提现总额超过每日限额');
  });
});

describe('form and review rules', () => {
  it('accepts a reject reason of 1 to 200 characters after trimming', () => {
    expect(isRejectReason('')).toBe(false);
    expect(isRejectReason('   ')).toBe(false);
    expect(isRejectReason(' no ')).toBe(true);
    expect(isRejectReason('x'.repeat(200))).toBe(true);
    expect(isRejectReason('x'.repeat(201))).toBe(false);
  });

  it('accepts positive amounts with at most the token’s decimals', () => {
    expect(isWithdrawAmount('5', 6)).toBe(true);
    expect(isWithdrawAmount('0.000001', 6)).toBe(true);
    expect(isWithdrawAmount('0.0000001', 6)).toBe(false);
    expect(isWithdrawAmount('0', 6)).toBe(false);
    expect(isWithdrawAmount('0.000', 6)).toBe(false);
    expect(isWithdrawAmount('-1', 6)).toBe(false);
    expect(isWithdrawAmount('1e3', 6)).toBe(false);
    expect(isWithdrawAmount('1.', 6)).toBe(false);
    expect(isWithdrawAmount('1.5', 0)).toBe(false);
    expect(isWithdrawAmount(' 5', 6)).toBe(false);
    expect(isWithdrawAmount('5 ', 6)).toBe(false);
    expect(isWithdrawAmount('999999999999999.5', 6)).toBe(true);
    expect(isWithdrawAmount('0001000000000000', 6)).toBe(true);
    expect(isWithdrawAmount('1000000000000000', 6)).toBe(false);
  });

  it('checks merchant order numbers like the server', () => {
    expect(isMerchantOrderNo('')).toBe(true);
    expect(isMerchantOrderNo('shop-1842_A')).toBe(true);
    expect(isMerchantOrderNo('a'.repeat(64))).toBe(true);
    expect(isMerchantOrderNo('a'.repeat(65))).toBe(false);
    expect(isMerchantOrderNo('shop 1')).toBe(false);
    expect(isMerchantOrderNo('订单1')).toBe(false);
  });

  it('narrows one-click to awaiting rows and splits ids by 100', () => {
    expect(oneClickFilter({ start: 's', end: 'e', status: 8, openId: 'u' })).toEqual({ start: 's', end: 'e', status: 1, openId: 'u' });
    const ids = Array.from({ length: 250 }, (_, index) => index + 1);
    expect(chunk(ids).map((group) => group.length)).toEqual([100, 100, 50]);
  });
});

describe('following passed rows', () => {
  it('asks at once, then only for rows not final, and stops when all are final', async () => {
    const answers = [
      [progress(1, 2), progress(2, 8)],
      [progress(1, 6)],
      [progress(1, 10)],
    ];
    const query = vi.fn(async () => answers.shift() ?? []);
    const updates: number[] = [];
    const sleep = vi.fn(async () => undefined);
    const outcome = await followProgress({
      ids: [1, 2],
      query,
      onUpdate: (latest) => updates.push([...latest.values()].filter((row) => FINAL_STATUSES.includes(row.status)).length),
      cancelled: () => false,
      sleep,
    });
    expect(outcome).toBe('done');
    expect(query.mock.calls).toEqual([[[1, 2]], [[1]], [[1]]]);
    expect(updates).toEqual([1, 1, 2]);
    expect(sleep).toHaveBeenCalledTimes(2);
    expect(sleep).toHaveBeenCalledWith(2000);
  });

  it('gives up after 2 minutes, survives a failed round, and stops when cancelled', async () => {
    let clock = 0;
    const query = vi.fn(async (ids: number[]) => {
      if (query.mock.calls.length === 2) throw new Error('network');
      return ids.map((id) => progress(id, 6));
    });
    const outcome = await followProgress({
      ids: [7],
      query,
      onUpdate: () => undefined,
      cancelled: () => false,
      now: () => clock,
      sleep: async (ms) => {
        clock += ms;
      },
    });
    expect(outcome).toBe('timeout');
    expect(query).toHaveBeenCalledTimes(61); // at 0, 2, 4, ... 120 s

    let stop = false;
    const cancelled = await followProgress({
      ids: [7],
      query: async (ids) => ids.map((id) => progress(id, 6)),
      onUpdate: () => undefined,
      cancelled: () => stop,
      sleep: async () => {
        stop = true;
      },
    });
    expect(cancelled).toBe('cancelled');
  });

  it('asks for at most 100 ids per call', async () => {
    const ids = Array.from({ length: 150 }, (_, index) => index + 1);
    const query = vi.fn(async (group: number[]) => group.map((id) => progress(id, 8)));
    expect(await followProgress({ ids, query, onUpdate: () => undefined, cancelled: () => false })).toBe('done');
    expect(query.mock.calls.map(([group]) => group.length)).toEqual([100, 50]);
  });
});
