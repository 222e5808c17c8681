import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import en from '@/locales/en/translation';
import zhCN from '@/locales/zh-CN/translation';
import zhHK from '@/locales/zh-HK/translation';
import { NOT_CREDITED, defaultRange, exportFileName, optionalPeriod, requiredPeriod, toOrderFilters, todayInZone } from '@/pages/orders/orderFilters';
import { CALLBACK_STATUS, NOTIFY_STATUS, ORDER_STATUS, statusView } from '@/pages/orders/statuses';
import i18n from '@/locales';
import { DEPOSIT_STATUSES, confirmationsText, noteKey, noteText } from './depositRules';

const day = (text: string) => dayjs(text);
const label = (table: Record<string, string>, key: string | undefined) => (key ? table[key] : undefined);

describe('status labels', () => {
  it('names all 12 order states of the contract in three languages', () => {
    const keys = Array.from({ length: 12 }, (_, status) => statusView(ORDER_STATUS, status)?.key);
    expect(keys.map((key) => label(en, key))).toEqual([
      'New order',
      'Awaiting review',
      'Pass',
      'Reject',
      'Waiting settlement',
      'Waiting confirm',
      'Processing on chain',
      'On-chain confirming',
      'Transaction complete',
      'Partially completed',
      'Transaction failed',
      'Void',
    ]);
    for (const table of [zhCN, zhHK] as Record<string, string>[]) {
      expect(keys.every((key) => Boolean(label(table, key)))).toBe(true);
    }
    expect(label(zhCN, ORDER_STATUS[8].key)).toBe('交易完成');
    expect(label(zhHK, ORDER_STATUS[7].key)).toBe('鏈上確認中');
  });

  it('offers the deposit states 7, 8 and 11 and "Not credited" in the filter', () => {
    expect(DEPOSIT_STATUSES).toEqual([7, 8, 11, NOT_CREDITED]);
  });

  it('names callback and notification states; unknown values get no label', () => {
    expect([0, 1, 2].map((value) => label(en, statusView(CALLBACK_STATUS, value)?.key))).toEqual(['In callback', 'Success', 'Failed']);
    expect([0, 1, 2, 3].map((value) => label(en, statusView(NOTIFY_STATUS, value)?.key))).toEqual([
      'No notice required',
      'Notifying',
      'Success',
      'Failure',
    ]);
    expect(statusView(ORDER_STATUS, 15)).toBeNull();
    expect(statusView(ORDER_STATUS, null)).toBeNull();
  });

  it('writes confirmations as seen/required and names the notes', () => {
    expect(confirmationsText(3, 12)).toBe('3/12');
    expect(confirmationsText(null, undefined)).toBe('0/0');
    expect(noteKey('')).toBeNull();
    expect(noteKey('dust')).toBe('deposit_note_dust');
    expect(noteKey('unsupported')).toBe('deposit_note_unsupported');
    expect(noteKey('internal')).toBe('deposit_note_internal');
    expect(noteKey('below_recharge_minimum')).toBe('deposit_note_below_recharge_minimum');
    expect(noteKey('toString')).toBeNull();
    expect(noteKey('burnt')).toBeNull();
  });

  it('says why a deposit is never credited in three languages, an unknown reason as sent', async () => {
    const reasons = ['dust', 'unsupported', 'internal', 'below_recharge_minimum', 'burnt'];
    await i18n.changeLanguage('en');
    expect(reasons.map((note) => noteText(note, i18n.t))).toEqual([
      'Below the minimum',
      'Token not enabled',
      'From your own address (a sweep or a payout)',
      'A recharge of 1 USDT or less',
      'burnt',
    ]);
    await i18n.changeLanguage('zh-CN');
    expect(reasons.map((note) => noteText(note, i18n.t))).toEqual(['低于最小金额', '代币未启用', '来自您自己的地址（归集或出款）', '不超过 1 USDT 的充值', 'burnt']);
    await i18n.changeLanguage('zh-HK');
    expect(reasons.map((note) => noteText(note, i18n.t))).toEqual(['低於最小金額', '代幣未啟用', '來自您自己的地址（歸集或出款）', '不超過 1 USDT 的充值', 'burnt']);
    expect([label(en, 'deposit_not_credited'), label(zhCN, 'deposit_not_credited'), label(zhHK, 'deposit_not_credited')]).toEqual([
      'Not credited',
      '未入账',
      '未入賬',
    ]);
    await i18n.changeLanguage('en');
  });
});

describe('dates in the merchant zone', () => {
  // 2026-11-22 20:30 UTC: already the 23rd at UTC+8, still the 22nd at UTC-5 and UTC.
  const now = new Date('2026-11-22T20:30:00Z');

  it('takes today from the zone, not from the browser', () => {
    expect(todayInZone(8, now)).toBe('2026-11-23');
    expect(todayInZone(-5, now)).toBe('2026-11-22');
    expect(todayInZone(0, now)).toBe('2026-11-22');
    expect(todayInZone(13, new Date('2026-11-22T11:00:00Z'))).toBe('2026-11-23');
  });

  it('defaults to the last 7 days, today included', () => {
    const [from, to] = defaultRange(8, now);
    expect([from.format('YYYY-MM-DD'), to.format('YYYY-MM-DD')]).toEqual(['2026-11-17', '2026-11-23']);
    expect(requiredPeriod([from, to], 8)).toEqual({
      ok: true,
      period: { start: '2026-11-17T00:00:00.000+08:00', end: '2026-11-24T00:00:00.000+08:00' },
    });
    const [westFrom, westTo] = defaultRange(-5, now);
    expect(requiredPeriod([westFrom, westTo], -5)).toEqual({
      ok: true,
      period: { start: '2026-11-16T00:00:00.000-05:00', end: '2026-11-23T00:00:00.000-05:00' },
    });
  });

  it('requires a start and an end; end is the exclusive start of the day after', () => {
    expect(requiredPeriod(null, 8)).toEqual({ ok: false, reason: 'missing' });
    expect(requiredPeriod([day('2026-11-01'), null], 8)).toEqual({ ok: false, reason: 'missing' });
    expect(requiredPeriod([null, day('2026-11-01')], 8)).toEqual({ ok: false, reason: 'missing' });
    expect(requiredPeriod([day('2026-12-31'), day('2026-12-31')], 0)).toEqual({
      ok: true,
      period: { start: '2026-12-31T00:00:00.000+00:00', end: '2027-01-01T00:00:00.000+00:00' },
    });
    // Picked backwards: swapped.
    expect(requiredPeriod([day('2026-11-22'), day('2026-11-20')], 8)).toEqual({
      ok: true,
      period: { start: '2026-11-20T00:00:00.000+08:00', end: '2026-11-23T00:00:00.000+08:00' },
    });
  });

  it('allows at most 366 days', () => {
    expect(requiredPeriod([day('2024-01-01'), day('2024-12-31')], 8).ok).toBe(true); // 366 days (leap year)
    expect(requiredPeriod([day('2024-01-01'), day('2025-01-01')], 8)).toEqual({ ok: false, reason: 'too_long' });
  });

  it('optional periods: none, or both ends', () => {
    expect(optionalPeriod(null, 8)).toEqual({ ok: true, period: {} });
    expect(optionalPeriod([null, null], 8)).toEqual({ ok: true, period: {} });
    expect(optionalPeriod([day('2026-11-01'), null], 8)).toEqual({ ok: false, reason: 'missing' });
    expect(optionalPeriod([day('2026-11-01'), day('2026-11-01')], 8)).toEqual({
      ok: true,
      period: { start: '2026-11-01T00:00:00.000+08:00', end: '2026-11-02T00:00:00.000+08:00' },
    });
  });
});

describe('filter body', () => {
  const period: [dayjs.Dayjs, dayjs.Dayjs] = [day('2026-11-16'), day('2026-11-22')];

  it('keeps chosen ids, trims text, leaves blanks out', () => {
    expect(
      toOrderFilters(
        { period, chainId: 1337, tokenId: 1, status: 8, type: null, address: ' 0xAbC ', hash: '  ', orderNo: ' D1 ', openId: 'user-1' },
        8,
      ),
    ).toEqual({
      start: '2026-11-16T00:00:00.000+08:00',
      end: '2026-11-23T00:00:00.000+08:00',
      chainId: 1337,
      tokenId: 1,
      status: 8,
      address: '0xAbC',
      orderNo: 'D1',
      openId: 'user-1',
    });
    expect(toOrderFilters({ period, status: 0, type: 1 }, 8)).toMatchObject({ status: 0, type: 1 });
  });

  it('sends "Not credited" as uncredited, and a state of a list of deposits as its credited ones', () => {
    const notCredited = toOrderFilters({ period, status: NOT_CREDITED }, 8, true)!;
    expect(notCredited.uncredited).toBe(true);
    expect(notCredited).not.toHaveProperty('status');
    expect(toOrderFilters({ period, status: 8 }, 8, true)).toMatchObject({ status: 8, uncredited: false });
    expect(toOrderFilters({ period }, 8, true)).not.toHaveProperty('uncredited');
    // A list without deposits (withdrawals) sends the state alone.
    expect(toOrderFilters({ period, status: 8 }, 8)).not.toHaveProperty('uncredited');
  });

  it('is null without a full period', () => {
    expect(toOrderFilters({ period: [day('2026-11-16'), null], chainId: 1 }, 8)).toBeNull();
    expect(toOrderFilters({}, 8)).toBeNull();
  });

  it('names the export file after the picked days', () => {
    expect(exportFileName('deposits', { start: '2026-11-16T00:00:00.000+08:00', end: '2026-11-23T00:00:00.000+08:00' })).toBe(
      'deposits-20261116-20261122.csv',
    );
    expect(exportFileName('transactions', { start: '2026-12-31T00:00:00.000+00:00', end: '2027-01-01T00:00:00.000+00:00' })).toBe(
      'transactions-20261231-20261231.csv',
    );
  });
});
