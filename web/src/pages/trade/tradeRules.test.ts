import { describe, expect, it } from 'vitest';
import i18n from '@/locales';
import { MAX_SPREAD_BP, MAX_TOLERANCE_BP, ageText, bpToPercent, compareDecimal, percentToBp, percentWithin } from './tradeRules';

describe('percent and basis points', () => {
  it('reads a typed percent as whole basis points, from its digits', () => {
    expect(percentToBp('0.05')).toBe(5);
    expect(percentToBp('0.5')).toBe(50);
    expect(percentToBp('0.50')).toBe(50);
    expect(percentToBp('1.25')).toBe(125);
    expect(percentToBp(' 12 ')).toBe(1200);
    expect(percentToBp('0.29')).toBe(29); // 0.29 * 100 is 28.999999999999996 as a float
    expect(percentToBp('50')).toBe(5000);
    expect(percentToBp('0')).toBe(0);
  });

  it('refuses what is not a percent with at most 2 decimals', () => {
    for (const text of ['0.005', '1.234', '-1', '1e2', '.5', '1.', '', '1,5', '0x10', '5 %']) {
      expect({ text, bp: percentToBp(text) }).toEqual({ text, bp: null });
    }
    expect(percentToBp(undefined)).toBeNull();
  });

  it('keeps spread to 0..50 % and tolerance to 0..10 %', () => {
    expect(percentWithin('50', MAX_SPREAD_BP)).toBe(5000);
    expect(percentWithin('50.01', MAX_SPREAD_BP)).toBeNull();
    expect(percentWithin('10', MAX_TOLERANCE_BP)).toBe(1000);
    expect(percentWithin('10.01', MAX_TOLERANCE_BP)).toBeNull();
    expect(percentWithin('0', MAX_TOLERANCE_BP)).toBe(0);
  });

  it('shows basis points as a percent without float drift', () => {
    expect(bpToPercent(5)).toBe('0.05');
    expect(bpToPercent(50)).toBe('0.5');
    expect(bpToPercent(29)).toBe('0.29');
    expect(bpToPercent(125)).toBe('1.25');
    expect(bpToPercent(5000)).toBe('50');
    expect(bpToPercent(0)).toBe('0');
    // Round trip: every basis point the server allows comes back as typed.
    for (let bp = 0; bp <= MAX_SPREAD_BP; bp += 1) expect(percentToBp(bpToPercent(bp))).toBe(bp);
  });
});

describe('compareDecimal', () => {
  it('compares decimal texts by their digits', () => {
    expect(compareDecimal('10', '9.99')).toBeGreaterThan(0);
    expect(compareDecimal('1.5', '1.50')).toBe(0);
    expect(compareDecimal('0.000001', '0.00001')).toBeLessThan(0);
    expect(compareDecimal('007', '7.0')).toBe(0);
    expect(compareDecimal('100000000000000000001', '100000000000000000000')).toBeGreaterThan(0); // beyond a float's digits
    expect(compareDecimal('abc', '1')).toBeNull();
  });
});

describe('ageText', () => {
  it('says how old in its largest whole unit', async () => {
    await i18n.changeLanguage('en');
    const t = i18n.t.bind(i18n);
    expect(ageText(12, t)).toBe('12 s ago');
    expect(ageText(59.9, t)).toBe('59 s ago');
    expect(ageText(60, t)).toBe('1 min ago');
    expect(ageText(7199, t)).toBe('1 h ago');
    expect(ageText(2 * 86_400, t)).toBe('2 d ago');
    expect(ageText(-3, t)).toBe('0 s ago');
  });
});
