import dayjs, { type Dayjs } from 'dayjs';
import type { Asset, AssetSettingsBody, CollectType } from '@/api/assets';
import { isClockTime } from './tokenRules';

// The asset settings form (add, edit, the detail's Set tab): flat form values and the
// conversions to and from the contract's `{paymentAddress, collect, risk}`.

export interface AssetFormValues {
  chainId?: number;
  tokenId?: number;
  paymentAddress?: string;
  autoCollect: boolean;
  collectType: CollectType;
  startTime: Dayjs | null;
  intervalHours: number | null;
  minCollectAmount: string;
  minSplitAmount: string;
  minReviewAmount: string;
  maxDailyCount: number | null;
  dailyLimit: string;
}

export const INTERVAL_MIN = 1;
export const INTERVAL_MAX = 168;
export const MAX_DAILY_COUNT = 1_000_000;

/** "HH:MM" → a time of today (the date part is never sent). */
export function clockToDayjs(value: string | null | undefined): Dayjs | null {
  if (!isClockTime(value)) return null;
  const [hours, minutes] = value!.split(':').map(Number);
  return dayjs().hour(hours).minute(minutes).second(0).millisecond(0);
}

export const dayjsToClock = (value: Dayjs | null | undefined): string => (value ? value.format('HH:mm') : '00:00');

/**
 * A new token: automatic collection off, daily at 00:00 when turned on (spec section 9), no
 * minimum amounts; the risk limits start at the contract's example values.
 */
export function defaultAssetValues(): AssetFormValues {
  return {
    autoCollect: false,
    collectType: 1,
    startTime: clockToDayjs('00:00'),
    intervalHours: 24,
    minCollectAmount: '0',
    minSplitAmount: '0',
    minReviewAmount: '1000',
    maxDailyCount: 100,
    dailyLimit: '100000',
  };
}

export function assetToValues(asset: Asset): AssetFormValues {
  return {
    paymentAddress: asset.paymentAddress || undefined,
    autoCollect: asset.collect.autoCollect,
    collectType: asset.collect.collectType,
    startTime: clockToDayjs(asset.collect.startTime) ?? clockToDayjs('00:00'),
    intervalHours: asset.collect.intervalHours,
    minCollectAmount: asset.collect.minCollectAmount,
    minSplitAmount: asset.collect.minSplitAmount,
    minReviewAmount: asset.risk.minReviewAmount,
    maxDailyCount: asset.risk.maxDailyCount,
    dailyLimit: asset.risk.dailyLimit,
  };
}

export function valuesToBody(values: AssetFormValues): AssetSettingsBody {
  return {
    paymentAddress: (values.paymentAddress ?? '').trim(),
    collect: {
      autoCollect: Boolean(values.autoCollect),
      collectType: values.collectType,
      startTime: dayjsToClock(values.startTime),
      intervalHours: values.intervalHours ?? 24,
      minCollectAmount: values.minCollectAmount.trim(),
      minSplitAmount: values.minSplitAmount.trim(),
    },
    risk: {
      minReviewAmount: values.minReviewAmount.trim(),
      maxDailyCount: values.maxDailyCount ?? 0,
      dailyLimit: values.dailyLimit.trim(),
    },
  };
}
