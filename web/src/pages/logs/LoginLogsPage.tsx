import { loginLogPage } from '@/api/logs';
import type { LoginLogEntry } from '@/api/types';
import LogListCard from './LogListCard';
import { loginLogColumns } from './logColumns';

/** Logs > Login logs (menu 901): every sign-in attempt of the merchant's users. */
export default function LoginLogsPage() {
  return <LogListCard<LoginLogEntry> kind="login" title="login_logs" testId="login-logs" fetchPage={loginLogPage} columns={loginLogColumns} />;
}
