import { describe, expect, it } from 'vitest';
import i18n from '@/locales';
import type { ChainNode } from '@/api/types';
import { countProblem, decimalDifference, ENERGY_ORDER_STATUS, energyText, isNegative, maxDailyLimit, quoteSaving, savingPercent, secondsSince, termsOf, tronChains, unsigned } from './energyRules';

const chain = (chainid: number, family: string): ChainNode => ({ chainid, chainname: `chain ${chainid}`, symbol: 'X', txurl: '', family, tokens: [] });

describe('the energy order form', () => {
  it('takes whole numbers within the bounds, and says whether a count is missing or out of range', () => {
    expect(countProblem('1', 1, 10_000)).toBeNull();
    expect(countProblem(' 10000 ', 1, 10_000)).toBeNull();
    expect(countProblem('', 1, 10_000)).toBe('empty');
    expect(countProblem('   ', 1, 10_000)).toBe('empty');
    expect(countProblem(undefined, 1, 10_000)).toBe('empty');
    for (const wrong of ['0', '10001', '1.5', '-1', '1e3', 'abc', '12345678']) expect(countProblem(wrong, 1, 10_000)).toBe('out_of_range');
  });

  it('allows at most the times as max daily uses, and the highest times while the times are not valid', () => {
    expect(maxDailyLimit('3')).toBe(3);
    expect(maxDailyLimit(' 25 ')).toBe(25);
    expect(maxDailyLimit('')).toBe(10_000);
    expect(maxDailyLimit('0')).toBe(10_000);
  });

  it('sends the terms as numbers, the address trimmed and activation false unless ticked', () => {
    expect(termsOf({ chainId: 728126428, address: ' TXYZ ', times: '3', days: ' 2 ', maxDailyUses: '1' })).toEqual({
      chainId: 728126428,
      address: 'TXYZ',
      times: 3,
      days: 2,
      maxDailyUses: 1,
      activate: false,
    });
    expect(termsOf({ chainId: 1, address: 'T', times: '1', days: '1', maxDailyUses: '1', activate: true }).activate).toBe(true);
  });

  it('offers the TRON chains of home/config only, in its order', () => {
    expect(tronChains([chain(1337, 'dev'), chain(2, 'tron'), chain(31337, 'evm'), chain(1, 'tron')]).map((c) => c.chainid)).toEqual([2, 1]);
    expect(tronChains([chain(1337, 'dev')])).toEqual([]);
  });
});

describe('the figures of a price', () => {
  it('computes the saving exactly, in millionths', () => {
    expect(quoteSaving({ burnTotal: '39.0855', usesPoints: '4.5' })).toBe('34.5855');
    expect(decimalDifference('0.3', '0.1')).toBe('0.2'); // 0.19999999999999998 in floating point
    expect(decimalDifference('1', '1.000001')).toBe('-0.000001');
    expect(decimalDifference('10', '10')).toBe('0');
    expect(decimalDifference('123456789012345.123456', '0.000001')).toBe('123456789012345.123455');
    expect(decimalDifference('abc', '1')).toBeNull();
    expect(decimalDifference('1.1234567', '1')).toBeNull(); // more decimals than points have
  });

  it('gives the saving of smart collection as a share of the burn, from the figures, only when something would have burnt', () => {
    expect(savingPercent('125.142', '156.342')).toBe('80.0');
    expect(savingPercent('-6.143', '26.057')).toBe('23.5'); // 23.57…: toward zero, without the sign
    expect(savingPercent('13.03', '13.03')).toBe('100.0');
    expect(savingPercent('0', '5')).toBe('0.0');
    expect(savingPercent('0.000001', '3')).toBe('0.0');
    expect(savingPercent('-0.3', '0')).toBeNull(); // no share of nothing
    expect(savingPercent('1', 'abc')).toBeNull();
    expect([isNegative('-6.143'), isNegative('0'), isNegative('-0'), isNegative('125.142')]).toEqual([true, false, false, false]);
    expect([unsigned('-6.143'), unsigned('125.142')]).toEqual(['6.143', '125.142']);
  });

  it('shows energy with thousands separators', () => {
    expect(energyText(130285)).toBe('130,285');
    expect(energyText(0)).toBe('0');
  });

  it("counts the price's age in whole seconds, never below zero", () => {
    const readAt = '2026-11-29T07:06:40Z';
    const at = Date.parse(readAt);
    expect(secondsSince(readAt, at + 5_900)).toBe(5);
    expect(secondsSince('2026-11-29T15:06:40+08:00', at + 61_000)).toBe(61);
    expect(secondsSince(readAt, at - 1_000)).toBe(0);
  });
});

describe('order states', () => {
  it("names the five states in the spec's words, each with its tag colour", async () => {
    await i18n.changeLanguage('en');
    const views = [1, 2, 3, 4, 5].map((status) => ENERGY_ORDER_STATUS[status as 1 | 2 | 3 | 4 | 5]);
    expect(views.map((view) => i18n.t(view.key))).toEqual(['Waiting processing', 'Processing', 'Successful', 'Failed', 'Invalid']);
    expect(views.map((view) => view.color)).toEqual(['gold', 'processing', 'green', 'red', 'default']);
    await i18n.changeLanguage('zh-CN');
    expect(views.map((view) => i18n.t(view.key))).toEqual(['待处理', '处理中', '成功', '失败', '无效']);
    await i18n.changeLanguage('zh-HK');
    expect(views.map((view) => i18n.t(view.key))).toEqual(['待處理', '處理中', '成功', '失敗', '無效']);
    await i18n.changeLanguage('en');
  });
});
