import { describe, expect, it } from 'vitest';
import { ApiError } from '@/utils/request';
import { groupFingerprint, isCallbackUrl, maskedKey, platformPemFileName, serverMessage, whitelistEntries } from './systemRules';

describe('callback address (the server rule, client side)', () => {
  it.each([
    'https://shop.example',
    'https://shop.example/coffer/callback?x=1',
    'http://203.0.113.7:8080/cb',
    'http://[2001:db8::1]/cb',
    '  https://shop.example/cb  ',
  ])('accepts %s', (url) => expect(isCallbackUrl(url)).toBe(true));

  it.each([
    ['empty', ''],
    ['no scheme', 'shop.example/cb'],
    ['another scheme', 'ftp://shop.example/cb'],
    ['javascript', 'javascript:alert(1)'],
    ['no host', 'http://'],
    ['a user', 'https://user@shop.example/cb'],
    ['a user and password', 'https://user:secret@shop.example/cb'],
    ['a fragment', 'https://shop.example/cb#top'],
    ['an empty fragment', 'https://shop.example/cb#'],
    ['a space inside', 'https://shop.example/c b'],
    ['513 characters', `https://shop.example/${'a'.repeat(513 - 'https://shop.example/'.length)}`],
  ])('refuses %s', (_, url) => expect(isCallbackUrl(url)).toBe(false));

  it('accepts exactly 512 characters', () => {
    const url = `https://shop.example/${'a'.repeat(512 - 'https://shop.example/'.length)}`;
    expect(url).toHaveLength(512);
    expect(isCallbackUrl(url)).toBe(true);
  });
});

describe('display helpers', () => {
  it('masks the key after its id', () => {
    expect(maskedKey('ck_0123456789abcdef')).toBe(`ck_0123456789abcdef_${'•'.repeat(16)}`);
  });

  it('names the platform key file after its id', () => {
    expect(platformPemFileName('pk_1a2b')).toBe('coffer-platform-pk_1a2b.pem');
  });

  it('groups a fingerprint in fours', () => {
    expect(groupFingerprint('677c6915abcd01')).toBe('677c 6915 abcd 01');
  });

  it('keeps the non-blank whitelist rows, trimmed', () => {
    expect(whitelistEntries([' 203.0.113.7 ', '', '   ', undefined, '2001:db8::1'])).toEqual(['203.0.113.7', '2001:db8::1']);
  });

  it('takes the message of a refused call only', () => {
    expect(serverMessage(new ApiError(10422, 'Invalid IP address'))).toBe('Invalid IP address');
    expect(serverMessage(new Error('boom'))).toBeNull();
  });
});
