import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '@/api/download';
import { exportList, type ExportPath } from '@/api/exports';
import { toast } from '@/utils/feedback';

/**
 * A list's Export button: the server writes and streams every row of the filter; the file is
 * saved under the server's name (`fallbackName` if it gives none). An empty file is not saved.
 */
export function useListExport(path: ExportPath, filters: object, fallbackName: string) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const file = await exportList(path, filters, fallbackName);
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
