import { describe, expect, it, vi } from 'vitest';
import i18n from '@/locales';
import { APPLY_STATUS, applyStatusView } from '@/components/StatusTags';
import { IP_LIMIT, countActive, countsTowardLimit, isIpAddress, limitReached, limitText, statusKey } from './ipRules';

describe('isIpAddress', () => {
  it.each([
    '203.0.113.7',
    '0.0.0.0',
    '255.255.255.255',
    ' 10.0.0.1 ',
    '::',
    '::1',
    '2001:db8::1',
    '2001:DB8:0:0:8:800:200C:417A',
    'fe80::1:2:3:4:5:6',
    '1:2:3:4:5:6:7::',
    '::ffff:192.0.2.128',
    '64:ff9b::192.0.2.33',
    '1:2:3:4:5:6:192.0.2.1',
  ])('accepts %s', (value) => expect(isIpAddress(value)).toBe(true));

  it.each([
    '',
    '   ',
    null,
    undefined,
    '256.1.1.1',
    '1.2.3',
    '1.2.3.4.5',
    '01.2.3.4',
    '1.2.3.4/24',
    '1.2.3.4:80',
    '1.2.3.-4',
    'a.b.c.d',
    'localhost',
    '203.0.113.7 10.0.0.1',
    ':::',
    '1::2::3',
    '12345::1',
    '1:2:3:4:5:6:7:8:9',
    '1:2:3:4:5:6:7',
    '1:2:3:4:5:6:7:8::',
    'fe80::1%eth0',
    '::ffff:999.0.2.128',
    '1:2:3:4:5:6:7:192.0.2.1',
    '2001:db8::g',
    '[::1]',
  ])('refuses %s', (value) => expect(isIpAddress(value)).toBe(false));
});

describe('the limit of 10', () => {
  it('counts pending and approved, not rejected', () => {
    expect(countsTowardLimit({ applyStatus: 0 })).toBe(true);
    expect(countsTowardLimit({ applyStatus: 1 })).toBe(true);
    expect(countsTowardLimit({ applyStatus: 2 })).toBe(false);
  });

  it('is reached at 10', () => {
    expect(IP_LIMIT).toBe(10);
    expect(limitReached(9)).toBe(false);
    expect(limitReached(10)).toBe(true);
    expect(limitReached(11)).toBe(true);
    expect(limitText(3)).toBe('3 / 10');
  });

  it('counts across every page of the list', async () => {
    const rows = [
      ...Array.from({ length: 150 }, () => ({ applyStatus: 2 as const })),
      ...Array.from({ length: 4 }, () => ({ applyStatus: 1 as const })),
      ...Array.from({ length: 3 }, () => ({ applyStatus: 0 as const })),
    ];
    const fetchPage = vi.fn(async ({ page, pageSize }: { page: number; pageSize: number }) => ({
      list: rows.slice((page - 1) * pageSize, page * pageSize),
      total: rows.length,
    }));
    expect(await countActive(fetchPage)).toBe(7);
    expect(fetchPage.mock.calls.map(([query]) => query)).toEqual([
      { page: 1, pageSize: 100 },
      { page: 2, pageSize: 100 },
    ]);
  });
});

describe('status labels', () => {
  it('names the three apply statuses and the two statuses', async () => {
    await i18n.changeLanguage('en');
    expect(Object.keys(APPLY_STATUS)).toEqual(['0', '1', '2']);
    expect([0, 1, 2].map((value) => i18n.t(applyStatusView(value)!.key))).toEqual(['Awaiting review', 'Approved', 'Rejected']);
    expect(applyStatusView(7)).toBeNull();
    expect(i18n.t(statusKey(1))).toBe('Effective');
    expect(i18n.t(statusKey(0))).toBe('Not effective');
    expect(i18n.t('ip_invalid')).toBe('Invalid IP address');
  });
});
