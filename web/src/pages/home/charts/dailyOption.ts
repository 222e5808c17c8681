import type { AssetAmount, DailyTx } from '@/api/home';
import { formatAmountDown } from '@/pages/token/tokenRules';
import type { ChartOption, ChartSeries } from './echarts';

// The option of one daily chart (deposits or withdrawals): a bar per asset with the day's
// amount, and the day's count as a line on its own axis. Bars are drawn from the amount as a
// number (a height only); every figure the user reads (tooltip) is the exact string rounded down.

export type Direction = 'deposits' | 'withdrawals';

const assetKey = (asset: Pick<AssetAmount, 'chainId' | 'tokenId'>) => `${asset.chainId}:${asset.tokenId ?? 'native'}`;

/** The assets that moved in the series, in the order they first appear (the server sorts totals). */
export function assetsOf(days: readonly DailyTx[], direction: Direction): AssetAmount[] {
  const seen = new Map<string, AssetAmount>();
  for (const day of days) for (const total of day[direction].totals) if (!seen.has(assetKey(total))) seen.set(assetKey(total), total);
  return [...seen.values()];
}

export function dailyOption(days: readonly DailyTx[], direction: Direction, countLabel: string): ChartOption {
  const dates = days.map((day) => day.date);
  const amounts: ChartSeries[] = assetsOf(days, direction).map((asset) => {
    const exact = days.map((day) => day[direction].totals.find((total) => assetKey(total) === assetKey(asset))?.amount ?? '0');
    return {
      type: 'bar',
      name: `${asset.symbol} · ${asset.chainname}`,
      data: exact.map(Number),
      tooltip: { valueFormatter: (_value, index) => `${formatAmountDown(exact[index])} ${asset.symbol}` },
    };
  });
  const count: ChartSeries = {
    type: 'line',
    name: countLabel,
    yAxisIndex: 1,
    data: days.map((day) => day[direction].count),
  };
  return {
    tooltip: { trigger: 'axis' },
    legend: { type: 'scroll', top: 0 },
    grid: { left: 16, right: 16, top: 40, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: dates },
    yAxis: [{ type: 'value' }, { type: 'value', minInterval: 1, splitLine: { show: false } }],
    series: [...amounts, count],
  };
}
