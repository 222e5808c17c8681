import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState, type HTMLAttributes } from 'react';
import { Alert, Button, Card, Empty, Space, Table, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { exportReport, exportReportOrders, getReport, type Report, type ReportDirection, type ReportRow } from '@/api/reports';
import type { ChainNode } from '@/api/types';
import { saveBlob } from '@/api/download';
import FilterBar from '@/components/list/FilterBar';
import ListCard from '@/components/list/ListCard';
import { useAccess } from '@/hooks/useAccess';
import { defaultRange } from '@/pages/orders/orderFilters';
import { AmountText } from '@/pages/orders/StatusTags';
import { useScreenZone } from '@/pages/orders/useScreenZone';
import { DIRECTIONS, REPORT_FIELDS, chartDays, rowKey, toReportFilters, totalKey, type ReportFilterValues, type ReportFilters } from './reportRules';

// ECharts comes with the chart alone, after the table's rows (docs/console.md, "Bundle budget").
const DailyChart = lazy(() => import('@/components/charts/DailyChart'));
/** Compact (at most 240 px): the table's rows stay in view under it. */
const CHART_HEIGHT = 180;

interface BodyProps {
  direction: ReportDirection;
  timeZone: number | null;
  chains: ChainNode[];
}

function ReportBody({ direction, timeZone, chains }: BodyProps) {
  const { t } = useTranslation();
  const { hasPermission } = useAccess();
  const view = DIRECTIONS[direction];
  // The defaults are taken once, when the screen opens: the last 7 days of the merchant's zone.
  const [initialValues] = useState<ReportFilterValues>(() => ({ period: defaultRange(timeZone) }));
  const [filters, setFilters] = useState<ReportFilters>(() => toReportFilters(initialValues, timeZone)!);
  const [report, setReport] = useState<Report | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [exporting, setExporting] = useState<'report' | 'orders' | null>(null);
  const latest = useRef(0);

  const load = useCallback(
    async (next: ReportFilters) => {
      const call = ++latest.current;
      setLoading(true);
      setFailed(false);
      try {
        const answer = await getReport(direction, next.query);
        if (call === latest.current) setReport(answer);
      } catch {
        // The request layer told the user; the card says why nothing is shown.
        if (call === latest.current) {
          setReport(null);
          setFailed(true);
        }
      } finally {
        if (call === latest.current) setLoading(false);
      }
    },
    [direction],
  );

  useEffect(() => {
    void load(filters);
  }, [load, filters]);

  const download = async (which: 'report' | 'orders') => {
    setExporting(which);
    try {
      const file = which === 'report' ? await exportReport(direction, filters.query) : await exportReportOrders(direction, filters.orders);
      saveBlob(file.fileName, file.blob);
    } catch {
      // The request layer showed the server's message.
    } finally {
      setExporting(null);
    }
  };

  // The period's orders per day, from the rows (exact per date, chain and token); none drawn for an empty period.
  const chart = useMemo(() => {
    const days = report ? chartDays(report) : [];
    return days.some((day) => day.tally.count > 0) ? days : null;
  }, [report]);
  const canExportOrders = view.orderPages.some((page) => hasPermission(page));
  const amount = (value: string, symbol: string, testId: string) => <AmountText amount={value} symbol={symbol} testId={testId} />;
  return (
    <ListCard
      title={t(view.title)}
      testId={`report-${direction}`}
      tip={t(view.tip)}
      extra={
        <Space wrap>
          <Button icon={<DownloadOutlined />} loading={exporting === 'report'} onClick={() => void download('report')} data-testid="report-export">
            {t('report_export')}
          </Button>
          {canExportOrders && (
            <Button icon={<DownloadOutlined />} loading={exporting === 'orders'} onClick={() => void download('orders')} data-testid="report-export-orders">
              {t('report_export_orders')}
            </Button>
          )}
        </Space>
      }
    >
      <FilterBar<ReportFilterValues, ReportFilters>
        fields={REPORT_FIELDS}
        testId="report-filters"
        chains={chains}
        initialValues={initialValues}
        toFilters={(values) => toReportFilters(values, timeZone)}
        onSearch={setFilters}
      />
      {failed && (
        <Alert
          type="error"
          showIcon
          className="coffer-gap-bottom"
          message={t('list_load_failed')}
          description={t('list_load_failed_hint')}
          action={<Button onClick={() => void load(filters)}>{t('list_retry')}</Button>}
          data-testid="report-load-failed"
        />
      )}
      {chart && (
        <div className="coffer-gap-bottom">
          <Suspense fallback={<div style={{ height: CHART_HEIGHT }} />}>
            <DailyChart days={chart} testId="report-chart" height={CHART_HEIGHT} />
          </Suspense>
        </div>
      )}
      <Table<ReportRow>
        rowKey={rowKey}
        loading={loading}
        dataSource={report?.rows ?? []}
        pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
        // Compact one-line rows, as the lists' (styles.css): the chart above leaves them in view.
        size="small"
        className="coffer-list-table"
        scroll={{ x: view.withFees ? 1000 : 600 }}
        data-testid="report-table"
        // A failed load says why in its alert above; a loaded empty period says what to try next.
        locale={{ emptyText: <Empty description={!failed && <span data-testid="report-empty">{t(view.empty)}</span>} /> }}
        onRow={(row) => ({ 'data-testid': `report-row-${rowKey(row)}` }) as HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('report_date'), dataIndex: 'date', key: 'date', className: 'coffer-nowrap' },
          { title: t('chain'), dataIndex: 'chainname', key: 'chain' },
          { title: t('token'), dataIndex: 'symbol', key: 'token' },
          { title: t('report_count'), dataIndex: 'count', key: 'count', align: 'right' },
          { title: t('report_amount'), key: 'amount', align: 'right', render: (_, row) => amount(row.amount, row.symbol, 'report-amount') },
          ...(view.withFees
            ? [
                {
                  title: t('report_fee'),
                  key: 'fee',
                  align: 'right' as const,
                  render: (_: unknown, row: ReportRow) => amount(row.fee, row.feeSymbol, 'report-fee'),
                },
                { title: t('report_collections'), dataIndex: 'collections', key: 'collections', align: 'right' as const },
                {
                  title: t('report_collection_fee'),
                  key: 'collectionFee',
                  align: 'right' as const,
                  render: (_: unknown, row: ReportRow) => amount(row.collectionFee, row.feeSymbol, 'report-collection-fee'),
                },
              ]
            : []),
        ]}
        summary={() =>
          (report?.totals ?? []).map((total, index) => (
            <Table.Summary.Row key={totalKey(total)} data-testid={`report-total-${totalKey(total)}`}>
              <Table.Summary.Cell index={0}>{index === 0 && <Typography.Text strong>{t('report_total')}</Typography.Text>}</Table.Summary.Cell>
              <Table.Summary.Cell index={1}>{total.chainname}</Table.Summary.Cell>
              <Table.Summary.Cell index={2}>{total.symbol}</Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                <span data-testid="report-total-count">{total.count}</span>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                {amount(total.amount, total.symbol, 'report-total-amount')}
              </Table.Summary.Cell>
              {view.withFees && (
                <>
                  <Table.Summary.Cell index={5} align="right">
                    {amount(total.fee, total.feeSymbol, 'report-total-fee')}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={6} align="right">
                    <span data-testid="report-total-collections">{total.collections}</span>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={7} align="right">
                    {amount(total.collectionFee, total.feeSymbol, 'report-total-collection-fee')}
                  </Table.Summary.Cell>
                </>
              )}
            </Table.Summary.Row>
          ))
        }
      />
    </ListCard>
  );
}

/**
 * A Data report screen (601 Payment: money out, 602 Receipt: money in). It waits for the
 * merchant's time zone (or for home/config to fail): the default period is its last 7 days.
 */
export default function ReportScreen({ direction }: { direction: ReportDirection }) {
  const { t } = useTranslation();
  const { timeZone, chains, waiting } = useScreenZone();
  if (waiting) return <Card title={t(DIRECTIONS[direction].title)} className="coffer-card" loading />;
  return <ReportBody direction={direction} timeZone={timeZone} chains={chains} />;
}
