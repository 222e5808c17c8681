import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import PagedTable from '@/components/list/PagedTable';
import { loginLogPage } from '@/api/logs';
import type { LoginLogEntry } from '@/api/types';
import { usePagedQuery } from '@/hooks/usePagedQuery';
import { useMerchantTimeZone } from '@/store/merchantTimeZone';
import LogFilterBar, { type LogFilters } from './LogFilterBar';
import { loginLogColumns } from './logColumns';

/** Logs > Login logs (menu 901): every sign-in attempt of the merchant's users. */
export default function LoginLogsPage() {
  const { t } = useTranslation();
  const timeZone = useMerchantTimeZone();
  const list = usePagedQuery<LoginLogEntry, LogFilters>(loginLogPage, {});
  return (
    <Card title={t('login_logs')} className="coffer-card" data-testid="login-logs">
      <LogFilterBar kind="login" timeZone={timeZone} onSearch={list.search} />
      <PagedTable<LoginLogEntry>
        list={list}
        listId="login-logs"
        columns={loginLogColumns(t, timeZone)}
        rowProps={(entry) => ({ 'data-testid': `log-row-${entry.id}` })}
      />
    </Card>
  );
}
