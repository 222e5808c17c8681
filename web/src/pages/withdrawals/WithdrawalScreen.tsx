import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Alert, Button, Card, Space, Table } from 'antd';
import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DepositSummary, OrderStatus } from '@/api/deposits';
import type { ChainNode } from '@/api/types';
import { pageWithdrawals, pushWithdrawal, withdrawalSummary, type WithdrawalFilters, type WithdrawalRow } from '@/api/withdrawals';
import { useAccess } from '@/hooks/useAccess';
import { usePagedQuery } from '@/hooks/usePagedQuery';
import DepositFilterBar from '@/pages/deposits/DepositFilterBar';
import DepositSummaryBar from '@/pages/deposits/DepositSummaryBar';
import RePushButton from '@/pages/deposits/RePushButton';
import { EXPORT_LIMIT, fetchAllRows } from '@/pages/deposits/depositExport';
import { defaultRange, exportFileName, toDepositFilters } from '@/pages/deposits/depositRules';
import { opensDetail } from '@/pages/deposits/rowClick';
import { useScreenZone } from '@/pages/deposits/useScreenZone';
import { downloadText } from '@/utils/csv';
import { toast } from '@/utils/feedback';
import WithdrawalDetailDrawer from './WithdrawalDetailDrawer';
import { useWithdrawReview } from './useWithdrawReview';
import { withdrawalColumns } from './withdrawalColumns';
import { withdrawalCsv } from './withdrawalExport';
import { WITHDRAWAL_STATUSES } from './withdrawalRules';

/** What differs between Orders › Withdraw (302), Withdraw check (403) and Withdraw list (404). */
export interface WithdrawalSourceConfig {
  menuId: string;
  titleKey: string;
  tipKey: string;
  /** The F button id of re-push; none: no re-push on this screen. */
  pushPermission?: string;
  /** The review queue (403): selection, pass, reject, one-click, review again. */
  review?: boolean;
  /** The status the filter starts with (403: 1 awaiting review). */
  initialStatus?: OrderStatus;
}

const fetchPage = (query: Parameters<typeof pageWithdrawals>[0]) => pageWithdrawals(query);

function WithdrawalScreenBody({ source, timeZone, chains }: { source: WithdrawalSourceConfig; timeZone: number | null; chains: ChainNode[] }) {
  const { t } = useTranslation();
  const { hasPermission } = useAccess();
  // The defaults are taken once, when the screen opens: the last 7 days of the merchant's zone.
  const [initialRange] = useState(() => defaultRange(timeZone));
  const [initialFilters] = useState<WithdrawalFilters>(() => toDepositFilters({ period: initialRange, status: source.initialStatus }, timeZone)!);
  const list = usePagedQuery<WithdrawalRow, WithdrawalFilters>(fetchPage, initialFilters);
  const [summary, setSummary] = useState<DepositSummary | null>(null);
  const [summaryLoading, setSummaryLoading] = useState(false);
  const [summaryReloads, setSummaryReloads] = useState(0);
  const [selected, setSelected] = useState<WithdrawalRow | null>(null);
  const [detailReloads, setDetailReloads] = useState(0);
  const [exporting, setExporting] = useState(false);
  const summaryRun = useRef(0);

  const { filters, reload } = list;
  useEffect(() => {
    const run = ++summaryRun.current;
    setSummaryLoading(true);
    withdrawalSummary(filters)
      .then((answer) => run === summaryRun.current && setSummary(answer))
      .catch(() => run === summaryRun.current && setSummary(null))
      .finally(() => run === summaryRun.current && setSummaryLoading(false));
  }, [filters, summaryReloads]);

  const refresh = () => {
    reload();
    setSummaryReloads((count) => count + 1);
    setDetailReloads((count) => count + 1);
  };
  const reviewHook = useWithdrawReview({ rows: list.rows, filters, chains, onChanged: refresh });
  const review = source.review ? reviewHook : null;

  const canPush = !!source.pushPermission && hasPermission(source.pushPermission);
  const pushButton = (row: WithdrawalRow, testId = 'wd-push') =>
    canPush ? (
      <RePushButton
        orderNo={row.orderNo}
        push={() => pushWithdrawal(row.id)}
        onPushed={() => {
          reload();
          setDetailReloads((count) => count + 1);
        }}
        testId={testId}
      />
    ) : undefined;

  const columns = withdrawalColumns({
    t,
    timeZone,
    chains,
    actions: (row) => (
      <Space size={0} wrap={false}>
        <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setSelected(row)} data-testid="wd-detail-open">
          {t('detail')}
        </Button>
        {pushButton(row)}
        {review?.rowActions(row)}
      </Space>
    ),
  });

  const exportCsv = async () => {
    setExporting(true);
    try {
      const fetched = await fetchAllRows<WithdrawalRow, WithdrawalFilters>(fetchPage, filters);
      if (fetched.rows.length === 0) {
        toast.info(t('export_empty'));
        return;
      }
      downloadText(exportFileName('withdrawals', filters), withdrawalCsv(fetched.rows, t, timeZone));
      if (fetched.truncated) toast.warning(t('export_truncated', { limit: EXPORT_LIMIT, total: fetched.total }));
      else toast.success(t('exported_rows', { count: fetched.rows.length }));
    } catch {
      // the request layer told the user
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card
      title={t(source.titleKey)}
      className="coffer-card"
      data-testid={`withdrawals-${source.menuId}`}
      extra={
        <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportCsv} data-testid="wd-export">
          {t('export_csv')}
        </Button>
      }
    >
      <Alert type="info" showIcon className="coffer-gap-bottom" message={t(source.tipKey)} />
      <DepositFilterBar
        timeZone={timeZone}
        chains={chains}
        withType={false}
        withMerchantOrderNo
        statuses={WITHDRAWAL_STATUSES}
        initialStatus={source.initialStatus}
        initialRange={initialRange}
        onSearch={list.search}
      />
      <DepositSummaryBar summary={summary} loading={summaryLoading} countKey="summary_withdrawals" />
      {review?.toolbar}
      <Table<WithdrawalRow>
        rowKey="id"
        size="middle"
        loading={list.loading}
        dataSource={list.rows}
        columns={columns}
        rowSelection={review?.rowSelection}
        pagination={{ ...list.pagination, showTotal: (total) => t('total_items', { total }) }}
        scroll={{ x: 'max-content' }}
        rowClassName="coffer-clickable-row"
        onRow={(row) =>
          ({
            'data-testid': `wd-row-${row.orderNo}`,
            onClick: (event: MouseEvent<HTMLElement>) => opensDetail(event) && setSelected(row),
          }) as object
        }
      />
      <WithdrawalDetailDrawer
        row={selected}
        timeZone={timeZone}
        chains={chains}
        reloadKey={detailReloads}
        pushButton={selected ? pushButton(selected, 'detail-push') : undefined}
        onClose={() => setSelected(null)}
      />
      {review?.modals}
    </Card>
  );
}

/** A withdrawal table screen; it waits for the merchant's zone like the deposit screens. */
export default function WithdrawalScreen({ source }: { source: WithdrawalSourceConfig }) {
  const { t } = useTranslation();
  const { timeZone, chains, waiting } = useScreenZone();
  if (waiting) return <Card title={t(source.titleKey)} className="coffer-card" loading data-testid={`withdrawals-${source.menuId}-loading`} />;
  return <WithdrawalScreenBody source={source} timeZone={timeZone} chains={chains} />;
}
