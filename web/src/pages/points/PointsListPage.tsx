import { useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Row, Space, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { pagePoints, pointBalances, type PointBalance, type PointFilters, type PointTransfer } from '@/api/points';
import FilterBar from '@/components/list/FilterBar';
import type { FilterField } from '@/components/list/filterFields';
import type { ListColumn } from '@/components/list/columnSettings';
import PagedTable from '@/components/list/PagedTable';
import { useListExport } from '@/hooks/useListExport';
import { usePagedQuery } from '@/hooks/usePagedQuery';
import { zoneTime } from '@/pages/orders/orderFields';
import { defaultRange, exportFileName, requiredPeriodProblem } from '@/pages/orders/orderFilters';
import { AmountText, HashText } from '@/pages/orders/StatusTags';
import { useScreenZone } from '@/pages/orders/useScreenZone';
import BalanceFigures from './BalanceFigures';
import RechargeSection from './RechargeSection';
import { assetLabel, assetSymbol, causeLabel, kindLabel, POINT_ASSETS, POINT_CAUSES, referenceView, shownSignedAmount, toPointFilters, type PointFilterValues } from './pointsRows';

const FILTER_FIELDS: ReadonlyArray<FilterField<PointFilterValues>> = [
  { kind: 'period', name: 'period', testId: 'filter-period', problem: requiredPeriodProblem },
  {
    kind: 'select',
    name: 'asset',
    testId: 'filter-asset',
    placeholder: 'points_filter_assets',
    options: (t) => POINT_ASSETS.map((asset) => ({ value: asset, label: assetLabel(t, asset) })),
  },
  {
    kind: 'select',
    name: 'cause',
    testId: 'filter-cause',
    placeholder: 'points_filter_causes',
    options: (t) => POINT_CAUSES.map((cause) => ({ value: cause, label: causeLabel(t, cause) })),
  },
];

/** Both assets' points: available, held and the credit limit, and where to recharge them. */
function BalancesCard() {
  const { t } = useTranslation();
  const [balances, setBalances] = useState<PointBalance[] | null>(null);
  useEffect(() => {
    pointBalances()
      .then(setBalances)
      .catch(() => setBalances([]));
  }, []);
  return (
    <Card title={t('points_balances')} className="coffer-card coffer-gap-bottom" loading={balances === null} data-testid="points-balances">
      <Row gutter={[24, 16]}>
        {(balances ?? []).map((b) => (
          <Col key={b.asset} xs={24} md={12} data-testid={`points-balance-${b.asset}`}>
            <BalanceFigures balance={b} testPrefix="points" />
          </Col>
        ))}
      </Row>
      <RechargeSection />
    </Card>
  );
}

function Reference({ reference }: { reference: string }) {
  const { t } = useTranslation();
  const view = referenceView(reference);
  if (view.kind === 'link') return <Link to={view.to} data-testid="points-reference">{t(view.key, { id: view.id })}</Link>;
  if (view.kind === 'named') return <span data-testid="points-reference">{t(view.key, { id: view.id })}</span>;
  return <span data-testid="points-reference">{view.text || '—'}</span>;
}

function ledgerColumns(t: TFunction, timeZone: number | null): Array<ListColumn<PointTransfer>> {
  return [
    { title: t('created_time'), dataIndex: 'createTime', key: 'createTime', render: (value: string) => zoneTime(value, timeZone) },
    { title: t('points_asset'), dataIndex: 'asset', key: 'asset', render: (value: number) => <span data-testid="points-asset">{assetLabel(t, value)}</span> },
    {
      title: t('points_cause'),
      dataIndex: 'cause',
      key: 'cause',
      render: (value: number, row) => (
        <Space size={4} wrap>
          <span data-testid="points-cause">{causeLabel(t, value)}</span>
          <Tag data-testid="points-kind">{kindLabel(t, row.kind)}</Tag>
        </Space>
      ),
    },
    {
      title: t('points_amount'),
      dataIndex: 'amount',
      key: 'amount',
      align: 'right',
      render: (value: string, row) => <AmountText amount={value} format={shownSignedAmount} symbol={assetSymbol(row.asset)} testId="points-amount" />,
    },
    {
      title: t('points_available_after'),
      dataIndex: 'availableAfter',
      key: 'availableAfter',
      align: 'right',
      render: (value: string, row) => <AmountText amount={value} symbol={assetSymbol(row.asset)} testId="points-available-after" />,
    },
    { title: t('points_reference'), dataIndex: 'reference', key: 'reference', render: (value: string) => <Reference reference={value} /> },
    {
      title: t('points_tx_hash'),
      dataIndex: 'txHash',
      key: 'txHash',
      render: (value: string | null, row) => <HashText hash={value ?? ''} txurl={row.txurl} testId="points-tx-hash" />,
    },
    { title: t('points_id'), dataIndex: 'id', key: 'id', secondary: true },
  ];
}

function Ledger({ timeZone }: { timeZone: number | null }) {
  const { t } = useTranslation();
  const [initialValues] = useState<PointFilterValues>(() => ({ period: defaultRange(timeZone) }));
  const [initialFilters] = useState(() => toPointFilters(initialValues, timeZone)!);
  const list = usePagedQuery<PointTransfer, PointFilters>(pagePoints, initialFilters);
  const exporter = useListExport('/api/partner/points/export', list.filters, exportFileName('points', list.filters));
  return (
    <Card
      title={t('points_ledger')}
      className="coffer-card"
      data-testid="points-ledger"
      extra={
        <Button icon={<DownloadOutlined />} loading={exporter.exporting} onClick={exporter.exportCsv} data-testid="points-export">
          {t('export_csv')}
        </Button>
      }
    >
      <FilterBar<PointFilterValues, PointFilters>
        fields={FILTER_FIELDS}
        testId="points-filters"
        chains={[]}
        initialValues={initialValues}
        toFilters={(values) => toPointFilters(values, timeZone)}
        onSearch={list.search}
      />
      <PagedTable<PointTransfer>
        list={list}
        listId="points-ledger"
        columns={ledgerColumns(t, timeZone)}
        rowProps={(row) => ({ 'data-testid': `points-row-${row.id}` })}
      />
    </Card>
  );
}

/** Points list (menu 11): both balances, then the ledger of every transfer, newest first. */
export default function PointsListPage() {
  const { t } = useTranslation();
  const { timeZone, waiting } = useScreenZone();
  return (
    <div data-testid="points-list">
      <Alert type="info" showIcon className="coffer-gap-bottom" message={t('points_list_tip')} />
      <BalancesCard />
      {waiting ? <Card title={t('points_ledger')} className="coffer-card" loading /> : <Ledger timeZone={timeZone} />}
    </div>
  );
}
