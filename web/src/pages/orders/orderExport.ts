import type { OrderFilters } from '@/api/orders';
import type { ExportPath } from '@/api/exports';
import { useListExport } from '@/hooks/useListExport';
import { exportFileName } from './orderFilters';

// The Export button of the order screens: the server writes and streams every row of the filter
// (its columns, labels and times are in docs/api.md "Order exports").

/** The Export button of an order screen: the server's file of every row of the filter, saved as named. */
export function useOrderExport(source: { exportPath: ExportPath; csvPrefix: string }, filters: OrderFilters & { type?: number }) {
  return useListExport(source.exportPath, filters, exportFileName(source.csvPrefix, filters));
}
