// antd RangePicker in tests: clear a filter bar's period as a user does with its clear icon.
import { fireEvent, screen } from '@testing-library/react';
import { settle } from './router';

/** Clears the period of the filter bar marked `filtersTestId` (its picker's clear icon). */
export async function clearPeriod(filtersTestId: string): Promise<void> {
  const clear = screen.getByTestId(filtersTestId).querySelector('.ant-picker-clear')!;
  fireEvent.mouseDown(clear);
  fireEvent.mouseUp(clear);
  fireEvent.click(clear);
  await settle(100);
}
