import { useTranslation } from 'react-i18next';
import { operationLogPage } from '@/api/logs';
import type { OperationLogEntry } from '@/api/types';
import LogListCard from './LogListCard';
import { OperationChange, operationLogColumns } from './logColumns';

/** Logs > Operation logs (menu 902): every mutating call, with the state before and after. */
export default function OperationLogsPage() {
  const { t } = useTranslation();
  return (
    <LogListCard<OperationLogEntry>
      kind="operation"
      title="operation_logs"
      testId="operation-logs"
      fetchPage={operationLogPage}
      columns={(translate, timeZone) => operationLogColumns(translate, timeZone, { withEmail: true })}
      expandable={{ expandedRowRender: (entry) => <OperationChange entry={entry} t={t} /> }}
    />
  );
}
