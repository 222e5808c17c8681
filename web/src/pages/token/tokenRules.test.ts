import { applyStatusView } from '@/components/StatusTags';
import { describe, expect, it } from 'vitest';
import {
  coldRequestProblem,
  formatAmountDown,
  hotWalletCountText,
  isAmount,
  isClockTime,
  parseRatio,
  ratioPercent,
  ratioSum,
  ratiosTotalOne,
  scaledToDecimal,
  shortAddress,
  tokenIconSrc,
  txLink,
} from './tokenRules';
import type { ChainFamily } from '@/api/types';
import { SERVER_ADDRESS_RULES } from '@/test/addressRules';
import { rulesForFamily } from '@/utils/addressRules';

const EVM_A = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const EVM_B = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TRON_A = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
/** The address rules the server sends for chains of a family. */
const shapes = (family: ChainFamily) => rulesForFamily(SERVER_ADDRESS_RULES, family);

describe('ratios in integer math', () => {
  it('parses > 0 with at most 4 decimals', () => {
    expect(parseRatio('0.6')).toBe(6000);
    expect(parseRatio('1')).toBe(10000);
    expect(parseRatio('0.0001')).toBe(1);
    expect(parseRatio(' 0.25 ')).toBe(2500);
    expect(parseRatio('0')).toBeNull();
    expect(parseRatio('0.0000')).toBeNull();
    expect(parseRatio('0.00001')).toBeNull();
    expect(parseRatio('-0.5')).toBeNull();
    expect(parseRatio('.5')).toBeNull();
    expect(parseRatio('0.5.1')).toBeNull();
    expect(parseRatio('1e-1')).toBeNull();
    expect(parseRatio('2')).toBeNull();
    expect(parseRatio('')).toBeNull();
  });

  it('totals exactly 1, without floating point', () => {
    expect(ratiosTotalOne(['0.6', '0.4'])).toBe(true);
    expect(ratiosTotalOne(['0.3333', '0.3333', '0.3334'])).toBe(true);
    expect(ratiosTotalOne(['0.1', '0.2', '0.7'])).toBe(true); // 0.1 + 0.2 !== 0.3 in floats
    expect(ratiosTotalOne(['1'])).toBe(true);
    expect(ratiosTotalOne(['0.999'])).toBe(false);
    expect(ratiosTotalOne(['0.333', '0.333', '0.333'])).toBe(false);
    expect(ratiosTotalOne(['0.6', '0.5'])).toBe(false);
    expect(ratiosTotalOne(['0.6', 'x', '0.4'])).toBe(false);
    expect(ratiosTotalOne([])).toBe(false);
    expect(ratioSum(['0.6', 'x', '0.3'])).toBe(9000);
    expect(scaledToDecimal(10000)).toBe('1');
    expect(scaledToDecimal(9990)).toBe('0.999');
    expect(scaledToDecimal(12000)).toBe('1.2');
    expect(scaledToDecimal(1)).toBe('0.0001');
    expect(scaledToDecimal(0)).toBe('0');
  });

  it('shows ratios as percentages', () => {
    expect(ratioPercent('0.6')).toBe('60%');
    expect(ratioPercent('0.3333')).toBe('33.33%');
    expect(ratioPercent('1')).toBe('100%');
    expect(ratioPercent('0.0001')).toBe('0.01%');
    expect(ratioPercent('0.105')).toBe('10.5%');
    expect(ratioPercent('odd')).toBe('odd');
  });
});

describe('a cold-address request', () => {
  const row = (address: string, ratio: string) => ({ address, ratio });
  it('accepts 1 to 5 distinct well-formed addresses totalling 1', () => {
    expect(coldRequestProblem([row(EVM_A, '0.6'), row(EVM_B, '0.4')], shapes('evm'))).toBeNull();
    expect(coldRequestProblem([row(TRON_A, '1')], shapes('tron'))).toBeNull();
  });
  it('refuses the rest, in order', () => {
    expect(coldRequestProblem([], shapes('evm'))).toEqual({ kind: 'count' });
    expect(coldRequestProblem(Array.from({ length: 6 }, () => row(EVM_A, '0.1')), shapes('evm'))).toEqual({ kind: 'count' });
    expect(coldRequestProblem([row(EVM_A, '0.5'), row(EVM_A.toLowerCase(), '0.5')], shapes('evm'))).toEqual({ kind: 'address', index: 1 });
    expect(coldRequestProblem([row(TRON_A, '0.5'), row(EVM_B, '0.5')], shapes('tron'))).toEqual({ kind: 'address', index: 1 });
    expect(coldRequestProblem([row(EVM_A, '0.5'), row(EVM_B, '0')], shapes('evm'))).toEqual({ kind: 'ratio', index: 1 });
    expect(coldRequestProblem([row(EVM_A, '0.5'), row(EVM_B, '0.49999')], shapes('evm'))).toEqual({ kind: 'ratio', index: 1 });
    expect(coldRequestProblem([row(EVM_A, '0.6'), row(EVM_B, '0.399')], shapes('evm'))).toEqual({ kind: 'total' });
  });
});

describe('amounts', () => {
  it('show 4 decimals rounded down, from the digits', () => {
    expect(formatAmountDown('1.23456')).toBe('1.2345');
    expect(formatAmountDown('1.99999999')).toBe('1.9999');
    expect(formatAmountDown('250')).toBe('250.0000');
    expect(formatAmountDown('1.5')).toBe('1.5000');
    // A non-zero amount never reads as zero.
    expect(formatAmountDown('0.00009')).toBe('< 0.0001');
    expect(formatAmountDown('0.000000000000000001')).toBe('< 0.0001');
    expect(formatAmountDown('0.0001')).toBe('0.0001');
    expect(formatAmountDown('0')).toBe('0.0000');
    expect(formatAmountDown('0.00000')).toBe('0.0000');
    expect(formatAmountDown('0.00009', 6)).toBe('0.000090');
    expect(formatAmountDown('0.0000001', 6)).toBe('< 0.000001');
    expect(formatAmountDown('0.5', 0)).toBe('< 1');
    expect(formatAmountDown('123456789012345678901234567890.123456789')).toBe('123456789012345678901234567890.1234');
    expect(formatAmountDown('007.1')).toBe('7.1000');
    expect(formatAmountDown('-1.23456')).toBe('-1.2345');
    expect(formatAmountDown('-0.00001')).toBe('> -0.0001');
    expect(formatAmountDown('-0.0000')).toBe('0.0000');
    expect(formatAmountDown('1.23456', 6)).toBe('1.234560');
    expect(formatAmountDown('n/a')).toBe('n/a');
  });

  it('accept non-negative decimals with at most the token decimals', () => {
    expect(isAmount('0', 6)).toBe(true);
    expect(isAmount('12.123456', 6)).toBe(true);
    expect(isAmount('12.1234567', 6)).toBe(false);
    expect(isAmount('-1', 6)).toBe(false);
    expect(isAmount('1e3', 6)).toBe(false);
    expect(isAmount('', 6)).toBe(false);
    expect(isAmount('1.', 6)).toBe(false);
  });
});

describe('labels and helpers', () => {
  it('shortens addresses to 6 + … + 4', () => {
    expect(shortAddress(EVM_A)).toBe('0x5FbD…0aa3');
    expect(shortAddress(TRON_A)).toBe('TR7NHq…Lj6t');
    expect(shortAddress('short')).toBe('short');
  });
  it('links hashes and icons', () => {
    expect(txLink('https://etherscan.io/tx/', '0xabc')).toBe('https://etherscan.io/tx/0xabc');
    expect(txLink('', '0xabc')).toBeNull();
    expect(tokenIconSrc('/static/token-icons/', 'USDT')).toBe('/static/token-icons/usdt.png');
    expect(tokenIconSrc('/icons', 'ETH')).toBe('/icons/eth.png');
    expect(tokenIconSrc('', 'ETH')).toBeNull();
  });
  it('names statuses and counts', () => {
    expect(applyStatusView(null)).toBeNull();
    expect(applyStatusView(0)?.key).toBe('ip_apply_pending');
    expect(applyStatusView(2)?.color).toBe('red');
    expect(hotWalletCountText(5)).toBe('5 / 5');
    expect(isClockTime('00:00')).toBe(true);
    expect(isClockTime('23:59')).toBe(true);
    expect(isClockTime('24:00')).toBe(false);
    expect(isClockTime('9:00')).toBe(false);
  });
});
