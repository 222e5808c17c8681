import { useState } from 'react';
import { Button, Space, Table } from 'antd';
import { EditOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { listPairs, type PairView } from '@/api/exchange';
import { OnOffTag } from '@/components/StatusTags';
import { actionsColumn, type ListColumn } from '@/components/list/columnSettings';
import ListCard, { AddButton } from '@/components/list/ListCard';
import { ListError } from '@/components/list/PagedTable';
import { useAccess } from '@/hooks/useAccess';
import { useLatestAnswer } from '@/hooks/useLatestAnswer';
import { useAssets } from '@/pages/token/useAssets';
import { useHomeConfig } from '@/pages/token/useHomeConfig';
import { PERMISSIONS } from '@/router/permissions';
import { LimitsCell, OutsideCell, PairName, PayoutCell, RateCell, SourceCell, SpreadCell } from './PairCells';
import PairFormModal, { type PairTarget } from './PairFormModal';

const NO_PAIRS: PairView[] = [];

/**
 * Token › Trade (menu 204), its Pairs tab: the merchant's pairs, each with its rate read live for the list (the
 * Refresh button reads them again), its price source, or why it is stopped. Adding and editing a
 * pair need TRADE_PAIR_EDIT (20401) and the Google code.
 */
export default function PairsTab() {
  const { t } = useTranslation();
  const { hasPermission } = useAccess();
  const canEdit = hasPermission(PERMISSIONS.tradePairEdit);
  const { chains } = useHomeConfig();
  const assets = useAssets();
  const pairs = useLatestAnswer<PairView[]>(listPairs, NO_PAIRS, []);
  const [target, setTarget] = useState<PairTarget | null>(null);
  // The payout balances' ages are counted from when the list was read.
  const [readAtMs, setReadAtMs] = useState(() => Date.now());
  const refresh = () => {
    setReadAtMs(Date.now());
    pairs.reload();
  };

  const columns: Array<ListColumn<PairView>> = [
    { title: t('trade_col_pair'), key: 'pair', render: (_, pair) => <PairName pair={pair} /> },
    {
      title: t('status'),
      key: 'enabled',
      render: (_, pair) => <OnOffTag on={pair.enabled} onKey="status_enabled" offKey="status_disabled" testId="trade-enabled" />,
    },
    { title: t('trade_col_rate'), key: 'rate', render: (_, pair) => <RateCell pair={pair} /> },
    { title: t('trade_col_source'), key: 'source', render: (_, pair) => <SourceCell pair={pair} /> },
    { title: t('trade_col_spread'), key: 'spread', render: (_, pair) => <SpreadCell pair={pair} /> },
    { title: t('trade_col_limits'), key: 'limits', render: (_, pair) => <LimitsCell pair={pair} /> },
    { title: t('trade_col_payout'), key: 'payout', render: (_, pair) => <PayoutCell pair={pair} nowMs={readAtMs} /> },
    { title: t('trade_col_outside'), key: 'outside', render: (_, pair) => <OutsideCell pair={pair} /> },
  ];
  if (canEdit) {
    columns.push(
      actionsColumn(t('actions'), (pair) => (
        <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setTarget(pair)} data-testid="trade-edit">
          {t('edit')}
        </Button>
      )),
    );
  }

  return (
    <ListCard
      title={t('trade_pairs')}
      testId="trade-pairs"
      tip={t('trade_tip')}
      tipTestId="trade-tip"
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} loading={pairs.loading} onClick={refresh} data-testid="trade-refresh">
            {t('trade_refresh')}
          </Button>
          <AddButton menuId={PERMISSIONS.tradePairEdit} label={t('trade_add')} onClick={() => setTarget('add')} testId="trade-add" />
        </Space>
      }
    >
      {pairs.failed ? (
        <ListError onRetry={refresh} />
      ) : (
        <div className="coffer-list-table" data-testid="list-table">
          <Table<PairView>
            rowKey="id"
            columns={columns}
            dataSource={pairs.answer}
            loading={pairs.loading}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('trade_no_pairs') }}
            onRow={(pair) => ({ 'data-testid': `trade-row-${pair.id}` }) as object}
          />
        </div>
      )}
      {canEdit && (
        <PairFormModal
          target={target}
          chains={chains}
          assets={assets ?? null}
          onClose={() => setTarget(null)}
          onSaved={() => {
            setTarget(null);
            refresh();
          }}
        />
      )}
    </ListCard>
  );
}
