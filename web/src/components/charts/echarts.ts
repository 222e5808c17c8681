import { init, use, type ComposeOption } from 'echarts/core';
import { BarChart, LineChart, type BarSeriesOption, type LineSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

// The only module that imports ECharts: its core and the parts the daily charts draw with (tree
// shaken), so only the chart chunk Home and the Data reports load on demand carries it
// (docs/console.md, "Bundle budget").

use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export type ChartOption = ComposeOption<BarSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption>;
export type ChartSeries = BarSeriesOption | LineSeriesOption;

export { init };
