import { useEffect, useState, type MouseEvent } from 'react';
import { Button, Card, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { CollectionStatus, collectionDetail, collectionSummary, pageCollections, type CollectionFilters, type CollectionRow, type CollectionSummary } from '@/api/collection';
import type { ChainNode } from '@/api/types';
import FilterBar from '@/components/list/FilterBar';
import { statusField, type FilterField } from '@/components/list/filterFields';
import ListCard from '@/components/list/ListCard';
import PagedTable from '@/components/list/PagedTable';
import { useLatestAnswer } from '@/hooks/useLatestAnswer';
import { useListExport } from '@/hooks/useListExport';
import { usePagedQuery } from '@/hooks/usePagedQuery';
import { defaultRange, optionalPeriodProblem } from '@/pages/orders/orderFilters';
import { opensDetail } from '@/pages/orders/rowClick';
import { COLLECTION_STATUS } from '@/pages/orders/statuses';
import { useScreenZone } from '@/pages/orders/useScreenZone';
import CollectionDetailDrawer from './CollectionDetailDrawer';
import CollectionSummaryBar from './CollectionSummaryBar';
import { collectionsFileName } from './collectionCsv';
import { toCollectionFilters, type CollectionFilterValues as FilterValues } from './collectRules';
import { collectionColumns } from './collectionFields';

/** The days created (optional, both ends or none), chain, token (of the chain chosen), state (the seven, by name) and any part of the deposit address. */
const FILTER_FIELDS: ReadonlyArray<FilterField<FilterValues>> = [
  { kind: 'period', name: 'period', testId: 'filter-period', problem: optionalPeriodProblem },
  { kind: 'chain', name: 'chainId', testId: 'filter-chain' },
  { kind: 'token', name: 'tokenId', chain: 'chainId', testId: 'filter-token' },
  statusField<FilterValues, CollectionStatus>(Object.values(CollectionStatus), COLLECTION_STATUS),
  { kind: 'text', name: 'address', testId: 'filter-address', placeholder: 'filter_address' },
];

const fetchPage = (query: { page: number; pageSize: number } & CollectionFilters) => pageCollections(query);

/** `?runId=3`: the collections of one Collect now (the progress panel links here); `?id=12`: one collection's detail (the points ledger links here). */
function idParam(params: URLSearchParams, name: 'runId' | 'id'): number | undefined {
  const value = Number(params.get(name));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

function CollectionTransactions({ timeZone, chains }: { timeZone: number | null; chains: ChainNode[] }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [runId, setRunId] = useState(() => idParam(params, 'runId'));
  // The last 7 days of the merchant's zone, as every list opens, so the summary never adds up
  // every collection ever made; a link to one run shows all of it, however old (no period).
  const [initialValues] = useState<FilterValues>(() => (runId === undefined ? { period: defaultRange(timeZone) } : {}));
  const [initialFilters] = useState(() => toCollectionFilters(initialValues, timeZone, runId)!);
  const list = usePagedQuery<CollectionRow, CollectionFilters>(fetchPage, initialFilters);
  const exporter = useListExport('/api/partner/collect/export', list.filters, collectionsFileName(timeZone));
  const totals = useLatestAnswer(() => collectionSummary(list.filters), null as CollectionSummary | null, [list.filters]);
  const [selected, setSelected] = useState<CollectionRow | null>(null);
  const [linkedId] = useState(() => idParam(params, 'id'));
  useEffect(() => {
    if (linkedId !== undefined) collectionDetail(linkedId).then(setSelected, () => undefined);
  }, [linkedId]);

  const showAllRuns = () => {
    setRunId(undefined);
    setParams({}, { replace: true });
    const { runId: _run, ...rest } = list.filters;
    list.search(rest);
  };

  return (
    <ListCard
      title={t('collection_transactions')}
      testId="collection-transactions"
      tip={t('collection_transactions_tip')}
      extra={
        <Button icon={<DownloadOutlined />} loading={exporter.exporting} onClick={exporter.exportCsv} data-testid="collection-export">
          {t('export_csv')}
        </Button>
      }
    >
      <FilterBar<FilterValues, CollectionFilters>
        fields={FILTER_FIELDS}
        testId="collection-filters"
        chains={chains}
        initialValues={initialValues}
        toFilters={(values) => toCollectionFilters(values, timeZone, runId)}
        onSearch={list.search}
      />
      {runId !== undefined && (
        <Tag closable onClose={showAllRuns} className="coffer-gap-bottom" data-testid="collection-run-filter">
          {t('collection_run_filter', { runId })}
        </Tag>
      )}
      <CollectionSummaryBar summary={totals.answer} loading={totals.loading} />
      <PagedTable<CollectionRow>
        list={list}
        listId="collection-transactions"
        emptyHint={t('collection_transactions_empty')}
        columns={collectionColumns({ t, timeZone, onOpen: setSelected })}
        rowClassName="coffer-clickable-row"
        rowProps={(row) => ({
          'data-testid': `collection-row-${row.id}`,
          onClick: (event: MouseEvent<HTMLElement>) => opensDetail(event) && setSelected(row),
        })}
      />
      <CollectionDetailDrawer row={selected} onClose={() => setSelected(null)} />
    </ListCard>
  );
}

/**
 * Collect › Collection transactions (menu 501): every collection, newest first, and its steps.
 * It waits for the merchant's zone (or for home/config to fail): the default period is its days.
 */
export default function CollectionTransactionsPage() {
  const { t } = useTranslation();
  const { timeZone, chains, waiting } = useScreenZone();
  if (waiting) return <Card title={t('collection_transactions')} className="coffer-card" loading data-testid="collection-transactions-loading" />;
  return <CollectionTransactions timeZone={timeZone} chains={chains} />;
}
