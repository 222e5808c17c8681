import { useState } from 'react';
import { Alert, Button, Card, Progress, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CloseOutlined, EyeOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { CollectionRow } from '@/api/collection';
import { AddressText } from '@/pages/token/AddressText';
import { PATHS } from '@/router/catalogue';
import CollectionDetailDrawer from './CollectionDetailDrawer';
import { CollectionState, tokenAmount } from './collectionFields';
import { useRunProgress, type StartedRun } from './useRunProgress';

interface CollectRunProgressProps {
  /** The runs Collect now started (one per token); null: no panel. */
  runs: StartedRun[] | null;
  /** Every collection of the runs is over (the list is read again). */
  onFinished: () => void;
  onClose: () => void;
}

/**
 * What a Collect now is doing: done / total, and each address's state and reason as they
 * change; a row opens its detail, a run opens in Collection transactions. Closing stops
 * following; the collections go on.
 */
export default function CollectRunProgress({ runs, onFinished, onClose }: CollectRunProgressProps) {
  const { t } = useTranslation();
  const progress = useRunProgress(runs, onFinished);
  const [selected, setSelected] = useState<CollectionRow | null>(null);
  if (!runs || !progress) return null;

  const columns: ColumnsType<CollectionRow> = [
    { title: t('collection_deposit_address'), dataIndex: 'address', key: 'address', render: (value: string) => <AddressText address={value} testId="progress-address" /> },
    {
      title: t('deposit_token'),
      key: 'token',
      render: (_, row) => (
        <span className="coffer-nowrap">
          {row.symbol} <span className="coffer-muted">{row.chainname}</span>
        </span>
      ),
    },
    { title: t('collection_amount'), dataIndex: 'amount', key: 'amount', align: 'right', render: (value: string | null, row) => tokenAmount(value ?? row.waiting, row, 'progress-amount') },
    { title: t('status'), key: 'status', render: (_, row) => <CollectionState row={row} testId="progress-status" /> },
    {
      title: t('actions'),
      key: 'actions',
      render: (_, row) => (
        <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setSelected(row)} data-testid="progress-detail-open">
          {t('detail')}
        </Button>
      ),
    },
  ];
  const percent = progress.total === 0 ? 100 : Math.floor((progress.done * 100) / progress.total);

  return (
    <Card
      size="small"
      className="coffer-card coffer-gap-bottom"
      title={t('collect_progress_title')}
      data-testid="collect-progress"
      data-finished={String(progress.finished)}
      extra={
        <Button type="text" size="small" icon={<CloseOutlined />} onClick={onClose} aria-label={t('collect_progress_close')} data-testid="collect-progress-close" />
      }
    >
      <Space direction="vertical" className="coffer-full">
        <Space wrap>
          <Typography.Text strong data-testid="collect-progress-count" data-done={progress.done} data-total={progress.total}>
            {t('collect_progress_count', { done: progress.done, total: progress.total })}
          </Typography.Text>
          {runs.map((run) => (
            <Link key={run.runId} to={`${PATHS.collectTransactions}?runId=${run.runId}`} data-testid={`collect-progress-run-${run.runId}`}>
              {t('collect_progress_open_run', { runId: run.runId })}
            </Link>
          ))}
        </Space>
        <Progress percent={percent} status={progress.finished ? 'success' : 'active'} showInfo={false} />
        {progress.finished ? (
          <Alert type="success" showIcon message={t('collect_progress_done')} data-testid="collect-progress-done" />
        ) : (
          <Typography.Text type="secondary">{t('collect_progress_running')}</Typography.Text>
        )}
        {progress.unreadable && <Alert type="warning" showIcon message={t('collect_progress_unreadable')} data-testid="collect-progress-unreadable" />}
        <Table<CollectionRow>
          rowKey="id"
          size="small"
          dataSource={progress.rows}
          columns={columns}
          pagination={false}
          scroll={{ x: 'max-content', y: 320 }}
          onRow={(row) => ({ 'data-testid': `progress-row-${row.id}` }) as object}
        />
      </Space>
      <CollectionDetailDrawer row={selected} onClose={() => setSelected(null)} />
    </Card>
  );
}
