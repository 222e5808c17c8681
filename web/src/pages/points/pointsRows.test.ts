import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { PointAsset, PointCause } from '@/api/points';
import type { TFunction } from 'i18next';
import { assetLabel, assetSymbol, causeLabel, kindLabel, referenceView, shownSignedAmount, toPointFilters } from './pointsRows';

describe('a points ledger row', () => {
  it('shows an amount to 4 decimals rounded down, what came in with its plus sign', () => {
    expect(shownSignedAmount('10')).toBe('+10.0000');
    expect(shownSignedAmount('0.123456')).toBe('+0.1234');
    expect(shownSignedAmount('-0.25')).toBe('-0.2500');
    expect(shownSignedAmount('-0.123456')).toBe('-0.1234');
    expect(shownSignedAmount('0')).toBe('0.0000');
    // Below what 4 decimals show: the console's "less than" marker, unsigned.
    expect(shownSignedAmount('0.00001')).toBe('< 0.0001');
  });

  it('links a collection to its detail, names a withdrawal and shows anything else as written', () => {
    expect(referenceView('collection:12')).toEqual({ kind: 'link', key: 'points_ref_collection', id: '12', to: '/collect/transactions?id=12' });
    expect(referenceView('withdrawal:34')).toEqual({ kind: 'named', key: 'points_ref_withdrawal', id: '34' });
    expect(referenceView('grant:T-1')).toEqual({ kind: 'text', text: 'grant:T-1' });
    expect(referenceView('collection:x')).toEqual({ kind: 'text', text: 'collection:x' });
    expect(referenceView('')).toEqual({ kind: 'text', text: '' });
  });

  it('names the symbol of its asset', () => {
    expect(assetSymbol(PointAsset.Usdt)).toBe('USDT');
    expect(assetSymbol(PointAsset.Trx)).toBe('TRX');
  });
});

describe('the points filter', () => {
  it('sends the picked days in the merchant zone and the chosen asset and type', () => {
    const period = [dayjs('2026-11-16'), dayjs('2026-11-22')] as const;
    expect(toPointFilters({ period, asset: PointAsset.Trx, cause: PointCause.CollectionFee }, 8)).toEqual({
      start: '2026-11-16T00:00:00.000+08:00',
      end: '2026-11-23T00:00:00.000+08:00',
      asset: 2,
      cause: 3,
    });
    expect(toPointFilters({ period, asset: null, cause: null }, 0)).toEqual({ start: '2026-11-16T00:00:00.000+00:00', end: '2026-11-23T00:00:00.000+00:00' });
    expect(toPointFilters({ period: [dayjs('2026-11-16'), null] }, 8)).toBeNull();
  });
});

describe('the labels of a row', () => {
  const t = ((key: string) => `<${key}>`) as unknown as TFunction;
  it('names each code, and shows a code this console does not know as it is', () => {
    expect([assetLabel(t, 1), causeLabel(t, 3), kindLabel(t, 5)]).toEqual(['<points_asset_1>', '<points_cause_3>', '<points_kind_5>']);
    expect([assetLabel(t, 9), causeLabel(t, 99), kindLabel(t, 0)]).toEqual(['9', '99', '0']);
  });
});
