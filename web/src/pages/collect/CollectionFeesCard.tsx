import { useState } from 'react';
import { Button, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { EditOutlined, WalletOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { collectionFees, type ChainFees } from '@/api/collection';
import IconCard from '@/components/IconCard';
import { ListError } from '@/components/list/PagedTable';
import { useAccess } from '@/hooks/useAccess';
import { useWholeList } from '@/hooks/usePagedQuery';
import { AmountText } from '@/pages/orders/StatusTags';
import { AddressText } from '@/pages/token/AddressText';
import { chainById } from '@/pages/token/tokenRules';
import { useHomeConfig } from '@/pages/token/useHomeConfig';
import { PERMISSIONS } from '@/router/permissions';
import CollectionFeesModal from './CollectionFeesModal';
import { nativeDecimals } from './collectRules';

/** The fee wallet in force: its address, flagged when paused (a paused one tops nothing up); or none. */
function FeeWallet({ chain }: { chain: ChainFees }) {
  const { t } = useTranslation();
  if (chain.feeWalletId === null) {
    return (
      <Typography.Text type="warning" data-testid="fees-wallet-none">
        {t('collection_fee_wallet_none')}
      </Typography.Text>
    );
  }
  return (
    <Space size={6}>
      <AddressText address={chain.feeWalletAddress ?? ''} testId="fees-wallet" />
      {chain.feeWalletStatus === 1 && (
        <Tag color="orange" data-testid="fees-wallet-paused">
          {t('collection_fee_wallet_paused')}
        </Tag>
      )}
    </Space>
  );
}

/**
 * Fund collection's fee settings (menu 502), one row per configured chain: the fee wallet that
 * tops deposit addresses up before a sweep, and the cap per collection (all its transactions). Edit needs button 50202.
 */
export default function CollectionFeesCard() {
  const { t } = useTranslation();
  const { chains } = useHomeConfig();
  const { hasPermission } = useAccess();
  const canEdit = hasPermission(PERMISSIONS.collectFees);
  const list = useWholeList(collectionFees);
  const [editing, setEditing] = useState<ChainFees | null>(null);

  const columns: ColumnsType<ChainFees> = [
    { title: t('chain'), dataIndex: 'chainname', key: 'chain', render: (value: string, row) => <span data-testid="fees-chain">{`${value} (${row.symbol})`}</span> },
    { title: t('collection_fee_wallet'), key: 'wallet', render: (_, row) => <FeeWallet chain={row} /> },
    {
      title: t('collection_max_fee'),
      dataIndex: 'maxFee',
      key: 'maxFee',
      render: (value: string, row) =>
        value ? (
          <AmountText amount={value} symbol={row.symbol} testId="fees-max" />
        ) : (
          <span className="coffer-muted" data-testid="fees-max">
            {t('collection_max_fee_none')}
          </span>
        ),
    },
  ];
  if (canEdit) {
    columns.push({
      title: t('actions'),
      key: 'actions',
      render: (_, row) => (
        <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(row)} data-testid="fees-edit">
          {t('edit')}
        </Button>
      ),
    });
  }

  return (
    <IconCard icon={<WalletOutlined />} title={t('collection_fees')} testId="fees-card">
      <Typography.Paragraph type="secondary">{t('collection_fees_tip')}</Typography.Paragraph>
      <Table<ChainFees>
        rowKey="chainId"
        size="small"
        loading={list.loading}
        dataSource={list.failed ? [] : list.rows}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={list.failed ? { emptyText: <ListError onRetry={list.reload} /> } : undefined}
        onRow={(row) => ({ 'data-testid': `fees-row-${row.chainId}` }) as object}
      />
      <CollectionFeesModal
        chain={editing}
        decimals={nativeDecimals(chainById(chains, editing?.chainId)?.decimals)}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.reload();
        }}
      />
    </IconCard>
  );
}
