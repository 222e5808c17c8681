import { describe, expect, it } from 'vitest';
import i18n from '@/locales';
import { ChargeMode, RateService, RateStatus, type Rate } from '@/api/rates';
import { statusView } from '@/pages/orders/statuses';
import { chargeModeLabel, exactRateText, payModeLabel, RATE_STATUS, rateAsset, rateText, serviceLabel } from './rateRows';

const t = i18n.getFixedT('en');

const terms = (over: Partial<Rate>): Pick<Rate, 'service' | 'chargeMode' | 'percent' | 'fixed' | 'min' | 'max'> => ({
  service: RateService.PaymentFee,
  chargeMode: ChargeMode.Percent,
  percent: '0',
  fixed: '0',
  min: null,
  max: null,
  ...over,
});

describe('a rate as text', () => {
  it('shows a percent with its bounds in the points of the service, 4 decimals rounded down', () => {
    expect(rateText(t, terms({ percent: '0.5', min: '0.1', max: '10' }))).toBe('0.5% (min 0.1000, max 10.0000 USDT points)');
    expect(rateText(t, terms({ percent: '0.5', min: '0.123456' }))).toBe('0.5% (min 0.1234 USDT points)');
    expect(rateText(t, terms({ percent: '1.25', max: '3' }))).toBe('1.25% (max 3.0000 USDT points)');
    expect(rateText(t, terms({ percent: '0.0001' }))).toBe('0.0001%');
  });

  it('shows fixed points per transaction and per month, energy in TRX points', () => {
    expect(rateText(t, terms({ service: RateService.Energy, chargeMode: ChargeMode.Fixed, fixed: '1.5' }))).toBe('1.5000 TRX points per transaction');
    expect(rateText(t, terms({ service: RateService.Monthly, chargeMode: ChargeMode.Monthly, fixed: '10' }))).toBe('10.0000 USDT points per month');
    expect(rateText(t, terms({ service: RateService.CollectionFee, chargeMode: ChargeMode.Fixed, fixed: '0' }))).toBe('0.0000 USDT points per transaction');
  });

  it('keeps the exact points for the hover', () => {
    const rate = terms({ service: RateService.CollectionFee, chargeMode: ChargeMode.Fixed, fixed: '0.123456' });
    expect(rateText(t, rate)).toBe('0.1234 USDT points per transaction');
    expect(exactRateText(t, rate)).toBe('0.123456 USDT points per transaction');
    expect(exactRateText(t, terms({ percent: '0.5', min: '0.1', max: '10' }))).toBe('0.5% (min 0.1, max 10 USDT points)');
  });

  it('reads in Chinese', () => {
    const zh = i18n.getFixedT('zh-CN');
    expect(rateText(zh, terms({ service: RateService.Energy, chargeMode: ChargeMode.Monthly, fixed: '2' }))).toBe('每月 2.0000 TRX 点数');
  });

  it('charges energy in TRX points and every other service in USDT points', () => {
    expect([1, 2, 3, 4].map(rateAsset)).toEqual([1, 1, 2, 1]);
  });
});

describe('the labels of a rate row', () => {
  it('names each service, charge mode and pay mode, and a code this console does not know as it is', () => {
    expect([1, 2, 3, 4].map((code) => serviceLabel(t, code))).toEqual(['Collection fee', 'Payment fee', 'Energy', 'Monthly fee']);
    expect([1, 2, 3].map((code) => chargeModeLabel(t, code))).toEqual(['Percent', 'Fixed per transaction', 'Monthly']);
    expect([1, 2].map((code) => payModeLabel(t, code))).toEqual(['Prepaid from points', 'Postpaid on the monthly bill']);
    expect([serviceLabel(t, 9), chargeModeLabel(t, 0), payModeLabel(t, 3)]).toEqual(['9', '0', '3']);
  });

  it('tags an effective row green and an expired one grey', () => {
    expect(statusView(RATE_STATUS, RateStatus.Effective)).toEqual({ key: 'service_status_1', color: 'green' });
    expect(statusView(RATE_STATUS, RateStatus.Expired)).toEqual({ key: 'service_status_2', color: 'default' });
    expect(t(RATE_STATUS[RateStatus.Effective].key)).toBe('Effective');
    expect(t(RATE_STATUS[RateStatus.Expired].key)).toBe('Expired');
    expect(statusView(RATE_STATUS, 7)).toBeNull();
  });
});
