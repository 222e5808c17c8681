import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { pageWaiting, type WaitingFilters, type WaitingRow } from '@/api/collection';
import CellText from '@/components/list/CellText';
import type { ListColumn } from '@/components/list/columnSettings';
import FilterBar from '@/components/list/FilterBar';
import { compactFilters, type FilterField } from '@/components/list/filterFields';
import ListCard from '@/components/list/ListCard';
import PagedTable from '@/components/list/PagedTable';
import { usePagedQuery } from '@/hooks/usePagedQuery';
import { AmountText, StatusTag } from '@/pages/orders/StatusTags';
import { COLLECTION_STATUS } from '@/pages/orders/statuses';
import { AddressText } from '@/pages/token/AddressText';
import { useHomeConfig } from '@/pages/token/useHomeConfig';

/** Chain, token (of the chain chosen) and any part of the address. */
const FILTER_FIELDS: ReadonlyArray<FilterField<WaitingFilters>> = [
  { kind: 'chain', name: 'chainId', testId: 'filter-chain' },
  { kind: 'token', name: 'tokenId', chain: 'chainId', testId: 'filter-token' },
  { kind: 'text', name: 'address', testId: 'filter-address', placeholder: 'filter_address', wide: true },
];

const fetchPage = (query: { page: number; pageSize: number } & WaitingFilters) => pageWaiting(query);

/** An amount of the row's token. */
const amountColumn = (title: string, field: 'waiting' | 'credited' | 'collected', secondary: boolean): ListColumn<WaitingRow> => ({
  title,
  dataIndex: field,
  key: field,
  align: 'right',
  secondary,
  render: (value: string, row) => <AmountText amount={value} symbol={row.symbol} testId={`waiting-${field}`} />,
});

/** Collect > Fund collection (menu 502): what each deposit address holds for collection. */
export default function FundCollectionPage() {
  const { t } = useTranslation();
  const { chains } = useHomeConfig();
  const list = usePagedQuery<WaitingRow, WaitingFilters>(fetchPage, {});

  // At first: chain, address, what waits, whether a run takes it and its open collection; the
  // credited and collected sums in the column settings.
  const columns: Array<ListColumn<WaitingRow>> = [
    { title: t('chain'), dataIndex: 'chainname', key: 'chain', render: (value: string) => <CellText text={value} width={140} /> },
    { title: t('address'), dataIndex: 'address', key: 'address', render: (address: string) => <AddressText address={address} testId="waiting-address" /> },
    amountColumn(t('collect_waiting'), 'waiting', false),
    {
      title: <Tooltip title={t('collect_due_tip')}>{t('collect_due')}</Tooltip>,
      dataIndex: 'due',
      key: 'due',
      render: (due: boolean) => (
        <Tag color={due ? 'green' : 'default'} data-testid="waiting-due" data-value={String(due)}>
          {t(due ? 'collect_due_yes' : 'collect_due_no')}
        </Tag>
      ),
    },
    {
      title: t('collection_status'),
      dataIndex: 'collectionStatus',
      key: 'collectionStatus',
      render: (status: WaitingRow['collectionStatus']) =>
        status === null ? <span className="coffer-muted" data-testid="waiting-collection">{t('collection_none')}</span> : <StatusTag map={COLLECTION_STATUS} value={status} testId="waiting-collection" />,
    },
    amountColumn(t('collect_credited'), 'credited', true),
    amountColumn(t('collect_collected'), 'collected', true),
  ];

  return (
    <ListCard title={t('fund_collection')} testId="fund-collection" tip={t('fund_collection_tip')}>
      <FilterBar fields={FILTER_FIELDS} testId="waiting-filters" chains={chains} toFilters={compactFilters} onSearch={list.search} />
      <PagedTable<WaitingRow> list={list} listId="fund-collection" columns={columns} rowProps={(row) => ({ 'data-testid': `waiting-row-${row.depositAddressId}-${row.tokenId}` })} />
    </ListCard>
  );
}
