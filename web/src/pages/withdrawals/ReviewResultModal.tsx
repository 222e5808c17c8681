import { Alert, Button, Modal, Progress, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { ChainNode } from '@/api/types';
import type { ReviewAction } from '@/api/orders';
import type { ReviewReport, ReviewRowResult } from '@/api/withdrawals';
import { ORDER_STATUS, REVIEW_ACTION } from '@/pages/orders/statuses';
import { HashText, StatusTag } from '@/pages/orders/StatusTags';
import { chainById } from '@/pages/token/tokenRules';
import type { TranslationKey } from '@/locales/types';
import { finishedCount, type Tracking } from './progress';

/** What a review call answered, with what the screen knows of the rows it named. */
export interface ReviewOutcome {
  action: ReviewAction;
  report: ReviewReport;
  /** Order number and chain of the rows the screen had listed (one-click may name others). */
  rows: Record<number, { orderNo: string; chainId: number }>;
}

/** The decision taken, in the summary's words: how many of the rows it named were passed, rejected, sent back. */
const RESULT_SUMMARY: Record<ReviewAction, TranslationKey> = { 1: 'wd_result_summary_1', 2: 'wd_result_summary_2', 3: 'wd_result_summary_3' };

interface ReviewResultModalProps {
  outcome: ReviewOutcome | null;
  /** The progress of the passed rows (pass only). */
  tracking: Tracking | null;
  chains: readonly ChainNode[];
  onClose: () => void;
}

/** Per-row results of a review (each row's ok / message) and, after a pass, the rows' progress. */
export default function ReviewResultModal({ outcome, tracking, chains, onClose }: ReviewResultModalProps) {
  const { t } = useTranslation();
  const report = outcome?.report;
  const followed = tracking?.ids.length ?? 0;
  const finished = tracking ? finishedCount(tracking.ids, tracking.latest) : 0;
  const running = tracking?.outcome === 'running';

  const columns: ColumnsType<ReviewRowResult> = [
    {
      title: t('order_no'),
      key: 'order',
      render: (_, row) => <span data-testid="result-order">{outcome?.rows[row.id]?.orderNo ?? `#${row.id}`}</span>,
    },
    {
      title: t('attempt_result'),
      dataIndex: 'ok',
      key: 'ok',
      render: (ok: boolean) => (
        <Tag color={ok ? 'green' : 'red'} data-testid="result-ok" data-ok={String(ok)}>
          {t(ok ? 'wd_result_ok' : 'wd_result_failed')}
        </Tag>
      ),
    },
    { title: t('wd_result_msg'), dataIndex: 'msg', key: 'msg', render: (msg: string) => <span data-testid="result-msg">{msg || '—'}</span> },
  ];
  if (tracking) {
    columns.push(
      {
        title: t('status'),
        key: 'status',
        render: (_, row) => {
          const latest = tracking.latest.get(row.id);
          return latest ? <StatusTag map={ORDER_STATUS} value={latest.status} testId="result-status" /> : <span data-testid="result-status">—</span>;
        },
      },
      {
        title: t('tx_hash'),
        key: 'hash',
        render: (_, row) => {
          const latest = tracking.latest.get(row.id);
          const chainId = outcome?.rows[row.id]?.chainId;
          return <HashText hash={latest?.hash ?? ''} txurl={chainById(chains, chainId)?.txurl} testId="result-hash" />;
        },
      },
    );
  }

  return (
    <Modal
      open={outcome !== null}
      title={outcome ? t('wd_result_title', { action: t(REVIEW_ACTION[outcome.action].key) }) : ''}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} data-testid="result-close">
          {t('sys_close')}
        </Button>
      }
      width={760}
      destroyOnHidden
      data-testid="review-result"
    >
      {report && outcome && (
        <Space direction="vertical" size={12} className="coffer-full">
          <Alert
            type={report.done === report.total ? 'success' : report.done > 0 ? 'warning' : 'error'}
            showIcon
            message={t(RESULT_SUMMARY[outcome.action], { done: report.done, total: report.total })}
            data-testid="result-summary"
          />
          {tracking && followed > 0 && (
            <div data-testid="result-progress" data-finished={finished} data-total={followed} data-outcome={tracking.outcome}>
              <Typography.Text strong data-testid="result-progress-text">
                {t('wd_progress', { finished, total: followed })}
              </Typography.Text>
              <Progress percent={Math.floor((finished * 100) / followed)} status={running ? 'active' : finished === followed ? 'success' : 'normal'} />
              <Typography.Text type="secondary" data-testid="result-progress-note">
                {running ? t('wd_progress_running') : tracking.outcome === 'done' ? t('wd_progress_done') : t('wd_progress_timeout')}
              </Typography.Text>
            </div>
          )}
          <Table<ReviewRowResult>
            rowKey="id"
            size="small"
            dataSource={report.results}
            columns={columns}
            pagination={report.results.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
            scroll={{ x: 'max-content' }}
            onRow={(row) => ({ 'data-testid': `result-row-${row.id}` }) as object}
          />
        </Space>
      )}
    </Modal>
  );
}
