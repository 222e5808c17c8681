import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import EChart from './EChart';
import { dailyOption, type DailyTally } from './dailyOption';

interface DailyChartProps {
  days: readonly DailyTally[];
  testId: string;
  height?: number;
}

/** Complete orders per day: the amount per asset (bars, the symbol's axis) and the count (line, its own axis). */
export default function DailyChart({ days, testId, height }: DailyChartProps) {
  const { t } = useTranslation();
  const countLabel = t('chart_count');
  const option = useMemo(() => dailyOption(days, countLabel), [days, countLabel]);
  return <EChart option={option} testId={testId} height={height} />;
}
