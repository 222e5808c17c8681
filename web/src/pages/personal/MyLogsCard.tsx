import { HistoryOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import IconCard from '@/components/IconCard';
import PagedTable from '@/components/list/PagedTable';
import { myLogs } from '@/api/personal';
import type { OperationLogEntry } from '@/api/types';
import { usePagedQuery } from '@/hooks/usePagedQuery';
import { useMerchantTimeZone } from '@/store/merchantTimeZone';
import { OperationChange, operationLogColumns } from '@/pages/logs/logColumns';

/** "My logs": the caller's own operation log, newest first, paginated by the server. */
export default function MyLogsCard() {
  const { t } = useTranslation();
  const timeZone = useMerchantTimeZone();
  const list = usePagedQuery<OperationLogEntry, object>(myLogs, {});

  return (
    <IconCard icon={<HistoryOutlined />} title={t('my_logs')} testId="my-logs">
      <PagedTable<OperationLogEntry>
        list={list}
        listId="my-logs"
        columns={operationLogColumns(t, timeZone, { withEmail: false })}
        rowProps={(entry) => ({ 'data-testid': `log-row-${entry.id}` })}
        expandable={{ expandedRowRender: (entry) => <OperationChange entry={entry} t={t} /> }}
      />
    </IconCard>
  );
}
