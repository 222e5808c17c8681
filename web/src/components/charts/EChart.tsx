import { useEffect, useRef } from 'react';
import { init, type ChartOption } from './echarts';

interface EChartProps {
  option: ChartOption;
  testId: string;
  height?: number;
}

/** One ECharts chart: made on mount, its option replaced when it changes, resized with its box, disposed on unmount. */
export default function EChart({ option, testId, height = 280 }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof init> | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const made = init(element, undefined, { renderer: 'canvas' });
    chart.current = made;
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => made.resize());
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      made.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    // notMerge: a period with fewer assets must not keep the series of the previous one.
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return <div ref={box} className="coffer-full" style={{ height }} data-testid={testId} />;
}
