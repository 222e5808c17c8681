import type { MouseEvent } from 'react';

/**
 * Whether a click on a table row opens its detail: clicks on links, buttons, copy icons, inputs,
 * the selection checkbox and popups (portals) inside a row do not.
 */
export function opensDetail(event: MouseEvent<HTMLElement>): boolean {
  const target = event.target as HTMLElement | null;
  if (!target || !event.currentTarget.contains(target)) return false;
  return !target.closest('a, button, .ant-typography-copy, input, .ant-table-selection-column');
}
