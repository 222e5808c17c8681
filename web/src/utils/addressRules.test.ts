import { describe, expect, it } from 'vitest';
import type { ChainFamily } from '@/api/types';
import { SERVER_ADDRESS_RULES } from '@/test/addressRules';
import {
  addressKey as keyFor,
  addressPlaceholder,
  duplicateIndexes as repeatsFor,
  isAddressFor,
  rulesForFamily,
} from './addressRules';

// The address rules as the server sends them (chain/addressRules): the shapes the console used to
// keep its own copy of, now read per family from the server's answer.

const EVM_A = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const EVM_B = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TRON_A = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const TRON_B = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

type Family = ChainFamily | null | undefined;
const shapes = (family: Family) => rulesForFamily(SERVER_ADDRESS_RULES, family);
const isAddressForFamily = (address: string, family: Family) => isAddressFor(address, shapes(family));
const duplicateIndexes = (addresses: string[], family: Family) => repeatsFor(addresses, shapes(family));
const addressKey = (address: string, family: Family) => keyFor(address, shapes(family));

describe('address shape per chain family', () => {
  it('evm and dev: 0x + 40 hex digits, any case', () => {
    for (const family of ['evm', 'dev'] as const) {
      expect(isAddressForFamily(EVM_A, family)).toBe(true);
      expect(isAddressForFamily(EVM_A.toLowerCase(), family)).toBe(true);
      expect(isAddressForFamily(` ${EVM_A} `, family)).toBe(true); // trimmed
      expect(isAddressForFamily(EVM_A.slice(0, -1), family)).toBe(false); // 39 digits
      expect(isAddressForFamily(`${EVM_A}0`, family)).toBe(false); // 41 digits
      expect(isAddressForFamily(EVM_A.replace('0x', '0X'), family)).toBe(false);
      expect(isAddressForFamily(EVM_A.replace('a', 'g'), family)).toBe(false);
      expect(isAddressForFamily(TRON_A, family)).toBe(false);
      expect(isAddressForFamily('', family)).toBe(false);
    }
  });

  it('tron: T + 33 base58 characters', () => {
    expect(isAddressForFamily(TRON_A, 'tron')).toBe(true);
    expect(isAddressForFamily(TRON_B, 'tron')).toBe(true);
    expect(isAddressForFamily(TRON_A.slice(0, -1), 'tron')).toBe(false);
    expect(isAddressForFamily(`${TRON_A}x`, 'tron')).toBe(false);
    expect(isAddressForFamily(`A${TRON_A.slice(1)}`, 'tron')).toBe(false);
    expect(isAddressForFamily(TRON_A.replace('q', '0'), 'tron')).toBe(false); // 0 is not base58
    expect(isAddressForFamily(TRON_A.replace('q', 'O'), 'tron')).toBe(false);
    expect(isAddressForFamily(TRON_A.replace('q', 'l'), 'tron')).toBe(false);
    expect(isAddressForFamily(EVM_A, 'tron')).toBe(false);
  });

  it('without a family either shape passes', () => {
    expect(isAddressForFamily(EVM_A, undefined)).toBe(true);
    expect(isAddressForFamily(TRON_A, null)).toBe(true);
    expect(isAddressForFamily('hello', undefined)).toBe(false);
  });
});

describe('duplicates', () => {
  it('ignores case for evm and dev, not for tron', () => {
    expect(duplicateIndexes([EVM_A, EVM_B, EVM_A.toLowerCase()], 'evm')).toEqual([2]);
    expect(duplicateIndexes([EVM_A, EVM_A.toUpperCase().replace('0X', '0x')], 'dev')).toEqual([1]);
    expect(duplicateIndexes([TRON_A, TRON_B], 'tron')).toEqual([]);
    expect(duplicateIndexes([TRON_A, ` ${TRON_A}`], 'tron')).toEqual([1]);
    expect(duplicateIndexes([TRON_A, TRON_A.toLowerCase()], 'tron')).toEqual([]);
    expect(duplicateIndexes(['', ''], 'evm')).toEqual([]); // empty rows are the required rule's
    expect(addressKey(` ${EVM_A}`, 'evm')).toBe(EVM_A.toLowerCase());
  });
});

describe('rules from the server', () => {
  it('picks the family’s rule; an unknown family gets every rule', () => {
    expect(shapes('tron').map((rule) => rule.chainId)).toEqual([728126428]);
    expect(shapes('evm').map((rule) => rule.chainId)).toEqual([31337]);
    expect(shapes(undefined)).toHaveLength(SERVER_ADDRESS_RULES.length);
  });

  it('each rule’s example has its shape', () => {
    for (const rule of SERVER_ADDRESS_RULES) expect(isAddressFor(rule.example, [rule])).toBe(true);
  });

  it('a family the console has never heard of is checked with the server’s pattern', () => {
    const rules = [{ chainId: 9, family: 'sol', pattern: '^[1-9A-HJ-NP-Za-km-z]{32,44}$', example: '', caseSensitive: true }];
    expect(isAddressFor('So11111111111111111111111111111111111111112', rules)).toBe(true);
    expect(isAddressFor(EVM_A, rules)).toBe(false);
  });

  it('hints at the literal start of the family’s addresses', () => {
    expect(addressPlaceholder(shapes('tron'))).toBe('T…');
    expect(addressPlaceholder(shapes('evm'))).toBe('0x…');
    expect(addressPlaceholder(shapes(undefined))).toBe('0x…'); // the devchain's, listed first
    expect(addressPlaceholder([])).toBe('');
  });

  it('without rules (not read yet) any text passes and the server decides', () => {
    expect(isAddressFor('hello', [])).toBe(true);
    expect(isAddressFor('  ', [])).toBe(false);
    expect(keyFor(` ${EVM_A}`, [])).toBe(EVM_A);
  });
});
