import type { AssetAmount, Tally } from '@/api/home';
import { formatAmountDown } from '@/pages/token/tokenRules';
import type { ChartOption, ChartSeries } from './echarts';

// The option of one daily chart (Home's deposits or withdrawals, a Data report's orders): a bar
// per asset with the day's amount, and the day's count as a line on its own axis. Bars are drawn
// from the amount as a number (a height only); every figure the user reads (tooltip) is the exact
// string rounded down.

/** One day of the chart: its date and the complete orders of that day (count, amount per asset). */
export interface DailyTally {
  date: string;
  tally: Tally;
}

const assetKey = (asset: Pick<AssetAmount, 'chainId' | 'tokenId'>) => `${asset.chainId}:${asset.tokenId ?? 'native'}`;

/** The assets that moved in the series, in the order they first appear (the server sorts totals). */
export function assetsOf(days: readonly DailyTally[]): AssetAmount[] {
  const seen = new Map<string, AssetAmount>();
  for (const day of days) for (const total of day.tally.totals) if (!seen.has(assetKey(total))) seen.set(assetKey(total), total);
  return [...seen.values()];
}

/** The amounts' axis names its unit: the assets' symbols (one each, "USDT / TRX" for two). */
export const amountUnit = (assets: readonly AssetAmount[]) => [...new Set(assets.map((asset) => asset.symbol))].join(' / ');

export function dailyOption(days: readonly DailyTally[], countLabel: string): ChartOption {
  const assets = assetsOf(days);
  const amounts: ChartSeries[] = assets.map((asset) => {
    const exact = days.map((day) => day.tally.totals.find((total) => assetKey(total) === assetKey(asset))?.amount ?? '0');
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
    data: days.map((day) => day.tally.count),
  };
  // Each value axis names its unit along its side, so the names take no band above the bars; the
  // grid holds the labels and the names ('all'), so the chart fills its box and nothing is cut.
  const sideName = { nameLocation: 'middle', nameRotate: 90 } as const;
  return {
    tooltip: { trigger: 'axis' },
    legend: { type: 'scroll', top: 0 },
    grid: { left: 4, right: 4, top: 32, bottom: 4, outerBoundsMode: 'same', outerBoundsContain: 'all' },
    xAxis: { type: 'category', data: days.map((day) => day.date) },
    yAxis: [
      { type: 'value', name: amountUnit(assets), ...sideName },
      { type: 'value', name: countLabel, minInterval: 1, splitLine: { show: false }, ...sideName, nameRotate: -90 },
    ],
    series: [...amounts, count],
  };
}
