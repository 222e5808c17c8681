import { Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { CallbackAttempt } from '@/api/orders';
import { formatInZone } from '@/utils/timezone';
import { LongText } from './StatusTags';
import { reasonText } from './attemptResult';

interface CallbackAttemptsTableProps {
  attempts: readonly CallbackAttempt[];
  timeZone: number | null;
  loading?: boolean;
  testId?: string;
}

/** The delivery attempts of a callback, newest first: time, URL, HTTP status, latency, reply. */
export default function CallbackAttemptsTable({ attempts, timeZone, loading = false, testId = 'callback-attempts' }: CallbackAttemptsTableProps) {
  const { t } = useTranslation();
  const columns: ColumnsType<CallbackAttempt> = [
    {
      title: t('attempt_time'),
      dataIndex: 'createtime',
      key: 'createtime',
      render: (value: string) => <span className="coffer-nowrap">{formatInZone(value, timeZone)}</span>,
    },
    {
      title: t('attempt_url'),
      dataIndex: 'url',
      key: 'url',
      render: (value: string) => <LongText text={value} testId="attempt-url" />,
    },
    {
      title: t('attempt_result'),
      dataIndex: 'success',
      key: 'success',
      render: (success: boolean) => (
        <Tag color={success ? 'green' : 'red'} data-testid="attempt-result">
          {t(success ? 'callback_status_1' : 'callback_status_2')}
        </Tag>
      ),
    },
    {
      title: t('attempt_reason'),
      dataIndex: 'reason',
      key: 'reason',
      render: (value: string | undefined, attempt) => (
        <span data-testid="attempt-reason">{value ? reasonText(t, { reason: value, httpStatus: attempt.httpStatus }) : '—'}</span>
      ),
    },
    {
      title: t('attempt_http'),
      dataIndex: 'httpStatus',
      key: 'httpStatus',
      render: (value: number | null) => <span data-testid="attempt-http">{value ?? '—'}</span>,
    },
    {
      title: t('attempt_latency'),
      dataIndex: 'latencyMs',
      key: 'latencyMs',
      align: 'right',
      render: (value: number | null) => (value === null || value === undefined ? '—' : t('attempt_latency_ms', { ms: value })),
    },
    {
      title: t('attempt_response'),
      dataIndex: 'response',
      key: 'response',
      render: (value: string) => <LongText text={value} testId="attempt-response" />,
    },
    {
      title: t('attempt_error'),
      dataIndex: 'error',
      key: 'error',
      render: (value: string) => (value ? <Typography.Text type="danger">{value}</Typography.Text> : '—'),
    },
  ];
  return (
    <div data-testid={testId}>
      <Table<CallbackAttempt>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={attempts as CallbackAttempt[]}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('callback_attempts_empty') }}
        onRow={(attempt) => ({ 'data-testid': `attempt-row-${attempt.id}` }) as object}
      />
    </div>
  );
}
