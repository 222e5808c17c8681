import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Button, Card, Select, Space, Table, Typography } from 'antd';
import { DownloadOutlined, EyeOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import DismissibleTip from '@/components/list/DismissibleTip';
import FilterBar from '@/components/list/FilterBar';
import { ListError } from '@/components/list/PagedTable';
import { forScreens, type ListColumn } from '@/components/list/columnSettings';
import { OrderStatus, TxType, type OrderFilters } from '@/api/orders';
import { pageTransactions, pushTransaction, transactionSummary, type TransactionRow, type TransactionSummary } from '@/api/transactions';
import type { ChainNode } from '@/api/types';
import { useAccess } from '@/hooks/useAccess';
import { PAGE_SIZE_OPTIONS } from '@/hooks/usePagedQuery';
import { DEPOSIT_KIND } from '@/pages/deposits/depositKind';
import { DepositStatusTag } from '@/pages/deposits/DepositStatusTag';
import { WITHDRAWAL_KIND } from '@/pages/withdrawals/withdrawalKind';
import OrderDetailDrawer from '@/pages/orders/OrderDetailDrawer';
import OrderSummaryBar, { type SummaryPart } from '@/pages/orders/OrderSummaryBar';
import RePushButton from '@/pages/orders/RePushButton';
import { orderColumns } from '@/pages/orders/orderFields';
import { NOT_CREDITED, defaultRange, orderFilterFields, toOrderFilters, type OrderFilterValues, type StatusChoice } from '@/pages/orders/orderFilters';
import type { OrderKind } from '@/pages/orders/orderKind';
import { useOrderExport } from '@/pages/orders/orderExport';
import { opensDetail } from '@/pages/orders/rowClick';
import { ORDER_STATUS, TX_TYPE } from '@/pages/orders/statuses';
import { StatusTag } from '@/pages/orders/StatusTags';
import { useScreenZone } from '@/pages/orders/useScreenZone';
import { PAGES, PERMISSIONS } from '@/router/permissions';
import { useKeysetList } from './keysetPager';

// Transactions › Transaction list (menu 402): deposits and withdrawals in one list, newest
// first, paged by cursor (Previous / Next). A row opens its own kind's drawer and re-pushes
// its own kind's callback.

const EXPORT = { exportPath: '/api/partner/user/tx/export', csvPrefix: 'transactions' } as const;
/** Every state, and "Not credited" (deposits) beside "Transaction complete". */
const ALL_STATUSES: readonly StatusChoice[] = Object.values(OrderStatus).flatMap((status): StatusChoice[] => (status === OrderStatus.Complete ? [status, NOT_CREDITED] : [status]));

/** The drawer of a row's kind. */
const kindOf = (row: TransactionRow) => (row.type === TxType.Withdrawal ? WITHDRAWAL_KIND : DEPOSIT_KIND) as unknown as OrderKind<TransactionRow>;

function useSummary(filters: OrderFilters, reloads: number) {
  const [summary, setSummary] = useState<TransactionSummary | null>(null);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);
  useEffect(() => {
    const run = ++latest.current;
    setLoading(true);
    transactionSummary(filters)
      .then((value) => run === latest.current && setSummary(value))
      .catch(() => run === latest.current && setSummary(null))
      .finally(() => run === latest.current && setLoading(false));
  }, [filters, reloads]);
  return { summary, loading };
}

/** The deposits' figures unless only withdrawals are chosen, and the withdrawals' when they may be listed. */
function summaryParts(chosenType: OrderFilters['type'], summary: TransactionSummary | null): SummaryPart[] {
  if (chosenType === TxType.Withdrawal) return [{ summary, countKey: 'summary_withdrawals' }];
  const deposits: SummaryPart = { summary, countKey: 'summary_deposits' };
  return chosenType === undefined && summary?.withdrawals ? [deposits, { summary: summary.withdrawals, countKey: 'summary_withdrawals' }] : [deposits];
}

function TransactionScreen({ timeZone, chains }: { timeZone: number | null; chains: ChainNode[] }) {
  const { t } = useTranslation();
  const { hasPermission } = useAccess();
  const [initialValues] = useState<OrderFilterValues>(() => ({ period: defaultRange(timeZone) }));
  const [filterFields] = useState(() => orderFilterFields({ statuses: ALL_STATUSES, withType: true, withMerchantOrderNo: true }));
  const list = useKeysetList(pageTransactions, toOrderFilters(initialValues, timeZone, true)!);
  const [reloads, setReloads] = useState(0);
  const { summary, loading: summaryLoading } = useSummary(list.filters, reloads);
  const [selected, setSelected] = useState<TransactionRow | null>(null);
  const exporter = useOrderExport(EXPORT, list.filters);

  const canPush = hasPermission(PERMISSIONS.transactionPush);
  const pushButton = (row: TransactionRow, inDetail = false) =>
    canPush ? (
      <RePushButton
        orderNo={row.orderNo}
        push={() => pushTransaction(row.id, row.type)}
        onPushed={() => {
          list.reload();
          setReloads((count) => count + 1);
        }}
        testId={inDetail ? 'detail-push' : 'tx-push'}
        iconOnly={!inDetail}
      />
    ) : undefined;

  const shared = orderColumns<TransactionRow>({ t, timeZone, chains }, 'tx');
  const columns: Array<ListColumn<TransactionRow>> = [
    // The type beside the order number, on the row's one line: a column of its own would not fit at 1200 px.
    {
      ...shared.orderNo,
      render: (value: string, row) => (
        <Space size={4}>
          <span data-testid="tx-order-no">{value}</span>
          <StatusTag map={TX_TYPE} value={row.type} testId="tx-type" />
        </Space>
      ),
    },
    shared.amount('quantity'),
    {
      title: t('status'),
      dataIndex: 'status',
      key: 'status',
      phone: true,
      render: (value: number, row) =>
        row.type === TxType.Deposit ? <DepositStatusTag row={row} testId="tx-status" /> : <StatusTag map={ORDER_STATUS} value={value} testId="tx-status" />,
    },
    shared.createtime,
    {
      title: t('actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setSelected(row)} data-testid="tx-detail-open">
            {t('detail')}
          </Button>
          {pushButton(row)}
        </Space>
      ),
    },
  ];
  const chosenType = list.filters.type;
  const selectedKind = selected ? kindOf(selected) : DEPOSIT_KIND;

  return (
    <Card
      title={t('transaction_list')}
      className="coffer-card"
      data-testid={`transactions-${PAGES.transactionList}`}
      extra={
        <Button icon={<DownloadOutlined />} loading={exporter.exporting} onClick={exporter.exportCsv} data-testid="tx-export">
          {t('export_csv')}
        </Button>
      }
    >
      <DismissibleTip id="transactions" message={t('transactions_tip')} testId="order-tip" />
      <FilterBar<OrderFilterValues, OrderFilters>
        fields={filterFields}
        testId="tx-filters"
        chains={chains}
        initialValues={initialValues}
        toFilters={(values) => toOrderFilters(values, timeZone, true)}
        onSearch={list.search}
      />
      <OrderSummaryBar parts={summaryParts(chosenType, summary)} loading={summaryLoading} />
      <div className="coffer-list-table" data-testid="list-table">
        <Table<TransactionRow>
          rowKey={(row) => `${row.type}-${row.id}`}
          size="small"
          dataSource={list.rows}
          columns={forScreens(columns)}
          loading={list.loading}
          pagination={false}
          scroll={{ x: 'max-content' }}
          rowClassName="coffer-clickable-row"
          locale={list.failed ? { emptyText: <ListError onRetry={list.reload} /> } : undefined}
          onRow={(row) =>
            ({
              'data-testid': `tx-row-${row.orderNo}`,
              onClick: (event: MouseEvent<HTMLElement>) => opensDetail(event) && setSelected(row),
            }) as React.HTMLAttributes<HTMLElement>
          }
        />
      </div>
      <Space className="coffer-gap-top" wrap data-testid="tx-pager">
        <Typography.Text type="secondary" data-testid="tx-total">
          {t('tx_total', { total: list.total })}
        </Typography.Text>
        <Button icon={<LeftOutlined />} disabled={!list.hasPrevious || list.loading} onClick={list.previous} data-testid="tx-previous">
          {t('tx_page_previous')}
        </Button>
        <Typography.Text data-testid="tx-page">{t('tx_page_current', { page: list.page })}</Typography.Text>
        <Button disabled={!list.hasNext || list.loading} onClick={list.next} data-testid="tx-next">
          {t('tx_page_next')} <RightOutlined />
        </Button>
        <Select<number>
          value={list.pageSize}
          onChange={list.changePageSize}
          options={PAGE_SIZE_OPTIONS.map((size) => ({ value: size, label: t('tx_page_size', { size }) }))}
          data-testid="tx-page-size"
        />
      </Space>
      <OrderDetailDrawer<TransactionRow, TransactionRow & { callbacks: [] }>
        kind={selectedKind as unknown as OrderKind<TransactionRow, TransactionRow & { callbacks: [] }>}
        row={selected}
        timeZone={timeZone}
        chains={chains}
        canReadDetail={selectedKind.readsDetail(hasPermission)}
        reloadKey={reloads}
        pushButton={selected ? pushButton(selected, true) : undefined}
        onClose={() => setSelected(null)}
      />
    </Card>
  );
}

/** Transactions › Transaction list (menu 402). Waits for the merchant's zone: the default period is its last 7 days. */
export default function TransactionListPage() {
  const { t } = useTranslation();
  const { timeZone, chains, waiting } = useScreenZone();
  if (waiting) return <Card title={t('transaction_list')} className="coffer-card" loading data-testid={`transactions-${PAGES.transactionList}-loading`} />;
  return <TransactionScreen timeZone={timeZone} chains={chains} />;
}
