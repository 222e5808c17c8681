import type { TFunction } from 'i18next';
import { ChargeMode, PayMode, RateService, RateStatus, type Rate } from '@/api/rates';
import { PointAsset } from '@/api/points';
import type { TranslationKey } from '@/locales/types';
import { assetLabel, labelOf } from '@/pages/points/pointsRows';
import type { StatusView } from '@/pages/orders/statuses';
import { formatAmountDown } from '@/pages/token/tokenRules';

// Pure rules of the Service list's Rates tab: the labels of the codes and a rate as text.

const SERVICE_KEYS: Readonly<Record<RateService, TranslationKey>> = { 1: 'service_name_1', 2: 'service_name_2', 3: 'service_name_3', 4: 'service_name_4', 5: 'service_name_5' };
const MODE_KEYS: Readonly<Record<ChargeMode, TranslationKey>> = { 1: 'service_mode_1', 2: 'service_mode_2', 3: 'service_mode_3' };
const PAY_KEYS: Readonly<Record<PayMode, TranslationKey>> = { 1: 'service_pay_1', 2: 'service_pay_2' };

export const serviceLabel = labelOf(SERVICE_KEYS);
export const chargeModeLabel = labelOf(MODE_KEYS);
export const payModeLabel = labelOf(PAY_KEYS);

/** Effective green, expired grey (StatusTag shows a code it does not know as the number). */
export const RATE_STATUS: Readonly<Record<RateStatus, StatusView>> = {
  [RateStatus.Effective]: { key: 'service_status_1', color: 'green' },
  [RateStatus.Expired]: { key: 'service_status_2', color: 'default' },
};

/** The points a service is charged in: energy in TRX points, everything else in USDT points. */
export const rateAsset = (service: number): PointAsset => (service === RateService.Energy ? PointAsset.Trx : PointAsset.Usdt);

type RateTerms = Pick<Rate, 'service' | 'chargeMode' | 'percent' | 'fixed' | 'min' | 'max'>;

/**
 * A rate as one line in the reader's language: "0.5% (min 0.1000, max 10.0000 USDT points)",
 * "1.5000 TRX points per transaction", "10.0000 USDT points per month". Points go through
 * `format`: 4 decimals rounded down as every amount on screen; the exact line (`format` the
 * identity) is the hover. The percent has at most 4 decimals and is shown as sent.
 */
export function rateText(t: TFunction, rate: RateTerms, format: (amount: string) => string = formatAmountDown): string {
  const unit = assetLabel(t, rateAsset(rate.service));
  switch (rate.chargeMode) {
    case ChargeMode.Percent: {
      const percent = rate.percent;
      if (rate.min !== null && rate.max !== null) return t('service_rate_percent_min_max', { percent, min: format(rate.min), max: format(rate.max), unit });
      if (rate.min !== null) return t('service_rate_percent_min', { percent, min: format(rate.min), unit });
      if (rate.max !== null) return t('service_rate_percent_max', { percent, max: format(rate.max), unit });
      return t('service_rate_percent', { percent });
    }
    case ChargeMode.Fixed:
      return t('service_rate_fixed', { amount: format(rate.fixed), unit });
    case ChargeMode.Monthly:
      return t('service_rate_monthly', { amount: format(rate.fixed), unit });
    default:
      // A mode this console does not know yet: its number and the points, nothing invented.
      return `${String(rate.chargeMode)}: ${format(rate.fixed)} ${unit}`;
  }
}

/** The exact line, shown on hover when rounding changed what the row shows. */
export const exactRateText = (t: TFunction, rate: RateTerms): string => rateText(t, rate, (amount) => amount);
