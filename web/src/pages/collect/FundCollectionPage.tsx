import { useEffect, useState } from 'react';
import { Button, Tag, Tooltip, Typography } from 'antd';
import type { TableRowSelection } from 'antd/es/table/interface';
import { ThunderboltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { collectNow, pageWaiting, type WaitingFilters, type WaitingRow } from '@/api/collection';
import CellText from '@/components/list/CellText';
import type { ListColumn } from '@/components/list/columnSettings';
import FilterBar from '@/components/list/FilterBar';
import { compactFilters, type FilterField } from '@/components/list/filterFields';
import ListCard from '@/components/list/ListCard';
import PagedTable from '@/components/list/PagedTable';
import { useAccess } from '@/hooks/useAccess';
import { usePagedQuery } from '@/hooks/usePagedQuery';
import PassModal, { type PassRequest } from '@/components/PassModal';
import { PAGES, PERMISSIONS } from '@/router/permissions';
import { toast } from '@/utils/feedback';
import { AmountText, StatusTag } from '@/pages/orders/StatusTags';
import { COLLECTION_STATUS } from '@/pages/orders/statuses';
import { AddressText } from '@/pages/token/AddressText';
import { useHomeConfig } from '@/pages/token/useHomeConfig';
import CollectionFeesCard from './CollectionFeesCard';
import CollectRunProgress from './CollectRunProgress';
import type { StartedRun } from './useRunProgress';

/** Chain, token (of the chain chosen) and any part of the address. */
const FILTER_FIELDS: ReadonlyArray<FilterField<WaitingFilters>> = [
  { kind: 'chain', name: 'chainId', testId: 'filter-chain' },
  { kind: 'token', name: 'tokenId', chain: 'chainId', testId: 'filter-token' },
  { kind: 'text', name: 'address', testId: 'filter-address', placeholder: 'filter_address' },
];

/** The most addresses one "Collect now" sends (the server's limit). */
export const MAX_CHOSEN = 100;

const rowKey = (row: WaitingRow) => `${row.depositAddressId}-${row.tokenId}`;

/** Sends the chosen rows, one call per token; the runs they started, or null when one was refused. */
async function collectChosen(rows: WaitingRow[], googleCode: string): Promise<StartedRun[] | null> {
  const byToken = new Map<string, WaitingRow[]>();
  for (const row of rows) {
    const token = `${row.chainId}-${row.tokenId}`;
    byToken.set(token, [...(byToken.get(token) ?? []), row]);
  }
  const runs: StartedRun[] = [];
  for (const group of byToken.values()) {
    try {
      const run = await collectNow({ chainId: group[0].chainId, tokenId: group[0].tokenId, depositAddressIds: group.map((row) => row.depositAddressId), googleCode });
      // A run that opened nothing is not kept: nothing to follow.
      if (run.runId !== null) runs.push({ runId: run.runId, opened: run.opened });
    } catch {
      return null; // the request layer showed why
    }
  }
  return runs;
}

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
  const { hasPermission } = useAccess();
  const canCollect = hasPermission(PERMISSIONS.collectNow);
  // Following a run reads Collection transactions (501); without it the toast is all there is.
  const canFollow = hasPermission(PAGES.collectTransactions);
  const [following, setFollowing] = useState<StartedRun[] | null>(null);
  const [chosen, setChosen] = useState<Record<string, WaitingRow>>({});
  const [asking, setAsking] = useState<PassRequest | null>(null);
  // A new filter starts a new choice: rows of the old one are out of sight.
  useEffect(() => setChosen({}), [list.filters]);
  const chosenRows = Object.values(chosen);
  const tooMany = chosenRows.length > MAX_CHOSEN;

  const rowSelection: TableRowSelection<WaitingRow> | undefined = canCollect
    ? {
        selectedRowKeys: Object.keys(chosen),
        preserveSelectedRowKeys: true,
        // An address already being collected cannot be chosen again.
        getCheckboxProps: (row) => ({ disabled: row.collectionStatus !== null, 'data-testid': `collect-choose-${rowKey(row)}` }) as object,
        onChange: (_keys, picked) => {
          const next: Record<string, WaitingRow> = {};
          for (const row of picked) if (row) next[rowKey(row)] = row;
          setChosen(next);
        },
      }
    : undefined;

  const askToCollect = () =>
    setAsking({
      title: t('collect_now_confirm', { count: chosenRows.length }),
      tip: t('collect_now_tip'),
      codeTip: t('collect_now_google_tip'),
      testId: 'collect-now',
      send: async (googleCode) => {
        const runs = await collectChosen(chosenRows, googleCode);
        if (runs === null) return false;
        const started = runs.filter((run) => run.opened > 0);
        const opened = started.reduce((sum, run) => sum + run.opened, 0);
        if (opened > 0) toast.success(t('collect_now_started', { count: opened }));
        else toast.info(t('collect_now_none'));
        if (canFollow && started.length > 0) setFollowing(started);
        setChosen({});
        list.reload();
        return true;
      },
    });

  const toolbar = canCollect ? (
    <div className="coffer-review-bar" data-testid="collect-bar">
      <Typography.Text data-testid="collect-selected">{t('collect_selected', { count: chosenRows.length })}</Typography.Text>
      <Button type="primary" icon={<ThunderboltOutlined />} disabled={chosenRows.length === 0 || tooMany} onClick={askToCollect} data-testid="collect-now">
        {t('collect_now')}
      </Button>
      {tooMany && (
        <Typography.Text type="warning" data-testid="collect-too-many">
          {t('collect_now_limit', { max: MAX_CHOSEN })}
        </Typography.Text>
      )}
    </div>
  ) : null;

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
    <>
      <ListCard title={t('fund_collection')} testId="fund-collection" tip={t('fund_collection_tip')}>
        <CollectRunProgress runs={following} onFinished={list.reload} onClose={() => setFollowing(null)} />
        <FilterBar fields={FILTER_FIELDS} testId="waiting-filters" chains={chains} toFilters={compactFilters} onSearch={list.search} />
        <PagedTable<WaitingRow>
          list={list}
          listId="fund-collection"
          columns={columns}
          rowKey={rowKey}
          rowSelection={rowSelection}
          toolbar={toolbar}
          rowProps={(row) => ({ 'data-testid': `waiting-row-${rowKey(row)}` })}
        />
        <PassModal request={asking} onCancel={() => setAsking(null)} />
      </ListCard>
      <div className="coffer-gap">
        <CollectionFeesCard />
      </div>
    </>
  );
}
