import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderFilters } from '@/api/orders';
import { saveBlob } from '@/api/download';
import { exportOrders, type ExportPath } from '@/api/exports';
import { toast } from '@/utils/feedback';
import { exportFileName } from './orderFilters';

// The Export button of the order screens: the server writes and streams every row of the filter
// (its columns, labels and times are in docs/api.md "Order exports").

/** The Export button of an order screen: the server's file of every row of the filter, saved as named. */
export function useOrderExport(source: { exportPath: ExportPath; csvPrefix: string }, filters: OrderFilters & { type?: number }) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const file = await exportOrders(source.exportPath, filters, exportFileName(source.csvPrefix, filters));
      if (file.rows === 0) {
        toast.info(t('export_empty'));
        return;
      }
      saveBlob(file.fileName, file.blob);
      toast.success(t('exported_rows', { count: file.rows }));
    } catch {
      // the request layer told the user
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportCsv };
}
