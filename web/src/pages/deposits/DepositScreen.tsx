import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Alert, Button, Card, Space, Table } from 'antd';
import { DownloadOutlined, EyeOutlined, ScanOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DepositFilters, DepositQuery, DepositRow, DepositSummary } from '@/api/deposits';
import type { ChainNode, PageResult } from '@/api/types';
import { useAccess } from '@/hooks/useAccess';
import { usePagedQuery } from '@/hooks/usePagedQuery';
import { PAGES, PERMISSIONS } from '@/router/permissions';
import { downloadText } from '@/utils/csv';
import { toast } from '@/utils/feedback';
import type { AttemptResult } from '@/api/callbacks';
import DepositDetailDrawer from './DepositDetailDrawer';
import DepositFilterBar from './DepositFilterBar';
import DepositSummaryBar from './DepositSummaryBar';
import HashScanModal from './HashScanModal';
import RePushButton from './RePushButton';
import { depositColumns } from './depositColumns';
import { EXPORT_LIMIT, depositCsv, fetchAllRows } from './depositExport';
import { defaultRange, exportFileName, toDepositFilters } from './depositRules';
import { opensDetail } from './rowClick';
import { useScreenZone } from './useScreenZone';

/** What differs between Orders › Deposit (301), Deposit list (401) and Transaction list (402). */
export interface DepositSource {
  menuId: string;
  titleKey: string;
  tipKey: string;
  countKey: string;
  csvPrefix: string;
  withType: boolean;
  /** The F button id of the re-push action. */
  pushPermission: string;
  page: (query: DepositQuery) => Promise<PageResult<DepositRow>>;
  summary: (filters: DepositFilters) => Promise<DepositSummary>;
  push: (id: number) => Promise<AttemptResult | null | undefined>;
  /** Offers "Scan transaction hash" (40101): the deposit list (401) only. */
  hashScan?: boolean;
}

function DepositScreenBody({ source, timeZone, chains }: { source: DepositSource; timeZone: number | null; chains: ChainNode[] }) {
  const { t } = useTranslation();
  const { hasPermission } = useAccess();
  // The defaults are taken once, when the screen opens: the last 7 days of the merchant's zone.
  const [initialRange] = useState(() => defaultRange(timeZone));
  const [initialFilters] = useState(() => toDepositFilters({ period: initialRange }, timeZone)!);
  const list = usePagedQuery<DepositRow, DepositFilters>(source.page, initialFilters);
  const [summary, setSummary] = useState<DepositSummary | null>(null);
  const [summaryLoading, setSummaryLoading] = useState(false);
  const [selected, setSelected] = useState<DepositRow | null>(null);
  const [detailReloads, setDetailReloads] = useState(0);
  const [exporting, setExporting] = useState(false);
  const [scanning, setScanning] = useState(false);
  const summaryRun = useRef(0);

  const { filters, reload } = list;
  useEffect(() => {
    const run = ++summaryRun.current;
    setSummaryLoading(true);
    source
      .summary(filters)
      .then((answer) => run === summaryRun.current && setSummary(answer))
      .catch(() => run === summaryRun.current && setSummary(null))
      .finally(() => run === summaryRun.current && setSummaryLoading(false));
  }, [source, filters]);

  const canPush = hasPermission(source.pushPermission);
  const canScan = !!source.hashScan && hasPermission(PERMISSIONS.hashScan);
  const canReadDetail = hasPermission(PAGES.depositOrders) || hasPermission(PAGES.depositList);

  const pushButton = (row: DepositRow, testId = 'deposit-push') =>
    canPush ? (
      <RePushButton
        orderNo={row.orderNo}
        push={() => source.push(row.id)}
        onPushed={() => {
          reload();
          setDetailReloads((count) => count + 1);
        }}
        testId={testId}
      />
    ) : undefined;

  const columns = depositColumns({
    t,
    timeZone,
    chains,
    withType: source.withType,
    actions: (row) => (
      <Space size={0}>
        <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setSelected(row)} data-testid="deposit-detail-open">
          {t('detail')}
        </Button>
        {pushButton(row)}
      </Space>
    ),
  });

  const exportCsv = async () => {
    setExporting(true);
    try {
      const fetched = await fetchAllRows(source.page, filters);
      if (fetched.rows.length === 0) {
        toast.info(t('export_empty'));
        return;
      }
      downloadText(exportFileName(source.csvPrefix, filters), depositCsv(fetched.rows, t, timeZone, { withType: source.withType }));
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
      data-testid={`deposits-${source.menuId}`}
      extra={
        <Space wrap>
          {canScan && (
            <Button icon={<ScanOutlined />} onClick={() => setScanning(true)} data-testid="hash-scan-open">
              {t('hash_scan_button')}
            </Button>
          )}
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={exportCsv} data-testid="deposit-export">
            {t('export_csv')}
          </Button>
        </Space>
      }
    >
      <Alert type="info" showIcon className="coffer-gap-bottom" message={t(source.tipKey)} />
      <DepositFilterBar timeZone={timeZone} chains={chains} withType={source.withType} initialRange={initialRange} onSearch={list.search} />
      <DepositSummaryBar summary={summary} loading={summaryLoading} countKey={source.countKey} />
      <Table<DepositRow>
        rowKey="id"
        size="middle"
        loading={list.loading}
        dataSource={list.rows}
        columns={columns}
        pagination={{ ...list.pagination, showTotal: (total) => t('total_items', { total }) }}
        scroll={{ x: 'max-content' }}
        rowClassName="coffer-clickable-row"
        onRow={(row) =>
          ({
            'data-testid': `deposit-row-${row.orderNo}`,
            onClick: (event: MouseEvent<HTMLElement>) => opensDetail(event) && setSelected(row),
          }) as object
        }
      />
      <DepositDetailDrawer
        row={selected}
        timeZone={timeZone}
        chains={chains}
        canReadDetail={canReadDetail}
        reloadKey={detailReloads}
        pushButton={selected ? pushButton(selected, 'detail-push') : undefined}
        onClose={() => setSelected(null)}
      />
      {canScan && (
        <HashScanModal
          open={scanning}
          chains={chains}
          onClose={() => setScanning(false)}
          // New rows: read the list and the summary again (same filters, page 1).
          onCredited={() => list.search({ ...filters })}
        />
      )}
    </Card>
  );
}

/**
 * A deposit table screen. It waits for the merchant's time zone (or for home/config to fail)
 * before the first request, because the default period is the last 7 days of that zone.
 */
export default function DepositScreen({ source }: { source: DepositSource }) {
  const { t } = useTranslation();
  const { timeZone, chains, waiting } = useScreenZone();
  if (waiting) {
    return <Card title={t(source.titleKey)} className="coffer-card" loading data-testid={`deposits-${source.menuId}-loading`} />;
  }
  return <DepositScreenBody source={source} timeZone={timeZone} chains={chains} />;
}
