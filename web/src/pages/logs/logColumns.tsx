import { Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { LogResult, LoginLogEntry, OperationLogEntry } from '@/api/types';
import { formatInZone } from '@/utils/timezone';
import type { TranslationKey } from '@/locales/types';

// Table columns of the log screens and of "my logs" in the personal centre. Times are shown in
// the merchant's time zone (null while unknown: the browser's zone).

export function ResultTag({ result, t }: { result: LogResult | string; t: TFunction }) {
  const success = result === 'success';
  return (
    <Tag color={success ? 'green' : 'red'} data-testid="log-result">
      {success ? t('result_success') : result === 'failure' ? t('result_failure') : result}
    </Tag>
  );
}

/** A before/after value of an operation log entry, whose shape the contract leaves open. */
export function formatLogValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value !== 'string') return JSON.stringify(value, null, 2);
  // The server sends the request body as JSON text (secrets masked): indent it for reading.
  if (/^\s*[[{]/.test(value)) {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      return value;
    }
  }
  return value;
}

const REASON_KEYS: Partial<Record<string, TranslationKey>> = {
  bad_password: 'reason_bad_password',
  bad_code: 'reason_bad_code',
  locked: 'reason_locked',
  pending: 'reason_pending',
  disabled: 'reason_disabled',
  // Authenticator checks paused after repeated wrong codes
  google_locked: 'reason_google_locked',
};

export function failureReason(reason: string | null | undefined, t: TFunction): string {
  if (!reason) return '—';
  const key = REASON_KEYS[reason];
  return key ? t(key) : reason;
}

export function loginLogColumns(t: TFunction, timeZone: number | null): ColumnsType<LoginLogEntry> {
  return [
    { title: t('log_time'), dataIndex: 'createtime', key: 'createtime', width: 180, render: (value) => formatInZone(value, timeZone) },
    { title: t('email'), dataIndex: 'email', key: 'email', ellipsis: true },
    { title: t('log_ip'), dataIndex: 'ip', key: 'ip', width: 150, render: (value: string) => value || '—' },
    {
      title: t('log_result'),
      dataIndex: 'result',
      key: 'result',
      width: 110,
      render: (value: LogResult) => <ResultTag result={value} t={t} />,
    },
    {
      title: t('log_reason'),
      dataIndex: 'reason',
      key: 'reason',
      width: 170,
      render: (value: string | null) => <span data-testid="log-reason">{failureReason(value, t)}</span>,
    },
    {
      title: t('log_user_agent'),
      dataIndex: 'userAgent',
      key: 'userAgent',
      ellipsis: { showTitle: false },
      render: (value: string) => (
        <Tooltip placement="topLeft" title={value}>
          {value || '—'}
        </Tooltip>
      ),
    },
  ];
}

export function operationLogColumns(
  t: TFunction,
  timeZone: number | null,
  { withEmail }: { withEmail: boolean },
): ColumnsType<OperationLogEntry> {
  const columns: ColumnsType<OperationLogEntry> = [
    { title: t('log_time'), dataIndex: 'createtime', key: 'createtime', width: 180, render: (value) => formatInZone(value, timeZone) },
    {
      title: t('log_action'),
      dataIndex: 'action',
      key: 'action',
      render: (value: string) => (
        <Typography.Text code data-testid="log-action">
          {value}
        </Typography.Text>
      ),
    },
    { title: t('log_target'), dataIndex: 'target', key: 'target', ellipsis: true, render: (value) => value || '—' },
    {
      title: t('log_result'),
      dataIndex: 'result',
      key: 'result',
      width: 110,
      render: (value: LogResult) => <ResultTag result={value} t={t} />,
    },
    { title: t('log_ip'), dataIndex: 'ip', key: 'ip', width: 150, render: (value: string) => value || '—' },
  ];
  if (withEmail) columns.splice(1, 0, { title: t('email'), dataIndex: 'email', key: 'email', ellipsis: true });
  return columns;
}

/** Expanded row of an operation: the state before and after the change. */
export function OperationChange({ entry, t }: { entry: OperationLogEntry; t: TFunction }) {
  return (
    <div className="coffer-log-change">
      <div>
        <Typography.Text type="secondary">{t('log_before')}</Typography.Text>
        <pre>{formatLogValue(entry.before)}</pre>
      </div>
      <div>
        <Typography.Text type="secondary">{t('log_after')}</Typography.Text>
        <pre>{formatLogValue(entry.after)}</pre>
      </div>
    </div>
  );
}
