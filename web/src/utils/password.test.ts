import { describe, expect, it } from 'vitest';
import { isSixDigitCode, isValidEmail, isValidPassword, passwordRuleStates } from './password';

describe('password rule', () => {
  it.each(['Abcdefg1', 'Demo-Pass-2026', 'aaaaaaA1'])('accepts %s', (value) => {
    expect(isValidPassword(value)).toBe(true);
  });

  it.each([
    ['Abcdef1', 'too short'],
    ['abcdefg1', 'no uppercase'],
    ['ABCDEFG1', 'no lowercase'],
    ['Abcdefgh', 'no digit'],
    ['', 'empty'],
  ])('rejects %s (%s)', (value) => {
    expect(isValidPassword(value)).toBe(false);
  });

  it('lights the four indicators one by one', () => {
    expect(passwordRuleStates('')).toEqual([false, false, false, false]);
    expect(passwordRuleStates('a')).toEqual([false, false, true, false]);
    expect(passwordRuleStates('aB3')).toEqual([false, true, true, true]);
    expect(passwordRuleStates('aB3aaaaa')).toEqual([true, true, true, true]);
  });
});

describe('codes and e-mail', () => {
  it('accepts exactly 6 digits once trimmed', () => {
    expect(isSixDigitCode(' 123456 ')).toBe(true);
    expect(isSixDigitCode('12345')).toBe(false);
    expect(isSixDigitCode('1234567')).toBe(false);
    expect(isSixDigitCode('12345a')).toBe(false);
  });

  it('checks the e-mail format of the spec', () => {
    expect(isValidEmail('demo.user_1-x@coffer.local')).toBe(true);
    expect(isValidEmail('demo@coffer.l')).toBe(false);
    expect(isValidEmail('demo+tag@coffer.local')).toBe(false);
    expect(isValidEmail('no-at.example.com')).toBe(false);
  });
});
