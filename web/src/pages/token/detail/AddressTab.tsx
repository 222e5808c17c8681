import { Alert, Card, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { pageColdAddresses, type Asset, type ColdAddressRow } from '@/api/assets';
import type { PageQuery } from '@/api/types';
import { pageDepositAddresses, type DepositAddressRow } from '@/api/wallets';
import { useAccess } from '@/hooks/useAccess';
import { usePagedQuery } from '@/hooks/usePagedQuery';
import { PAGES } from '@/router/permissions';
import { formatInZone } from '@/utils/timezone';
import { AddressText } from '../AddressText';
import { ratioPercent } from '../tokenRules';

const fetchCold = (query: PageQuery & { assetId: number }) => pageColdAddresses(query);
const fetchDeposit = (query: PageQuery & { chainId: number }) => pageDepositAddresses(query);

/** Address tab: the token's effective cold addresses and the deposit addresses of its chain. */
export default function AddressTab({ asset, timeZone }: { asset: Asset; timeZone: number | null }) {
  const { t } = useTranslation();
  const { hasPermission } = useAccess();
  const canSeeDeposits = hasPermission(PAGES.walletAddress);
  const cold = usePagedQuery<ColdAddressRow, { assetId: number }>(fetchCold, { assetId: asset.id });
  const deposits = usePagedQuery<DepositAddressRow, { chainId: number }>(fetchDeposit, { chainId: asset.chainId }, canSeeDeposits);

  return (
    <Space direction="vertical" size={16} className="coffer-full">
      <Card size="small" title={t('cold_addresses')} data-testid="detail-cold">
        <Table<ColdAddressRow>
          rowKey="id"
          size="small"
          loading={cold.loading}
          dataSource={cold.rows}
          pagination={cold.total > cold.pageSize ? cold.pagination : false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('cold_addresses_empty') }}
          onRow={(row) => ({ 'data-testid': `cold-row-${row.address}` }) as object}
          columns={[
            { title: t('address'), dataIndex: 'address', key: 'address', render: (address: string) => <AddressText address={address} testId="cold-address" /> },
            { title: t('ratio'), dataIndex: 'ratio', key: 'ratio', render: (ratio: string) => <span data-testid="cold-ratio">{ratioPercent(ratio)}</span> },
            { title: t('created_time'), dataIndex: 'createtime', key: 'createtime', render: (value) => formatInZone(value, timeZone) },
          ]}
        />
      </Card>
      <Card size="small" title={t('deposit_addresses_on', { chain: asset.chainname })} data-testid="detail-deposits">
        {canSeeDeposits ? (
          <Table<DepositAddressRow>
            rowKey="id"
            size="small"
            loading={deposits.loading}
            dataSource={deposits.rows}
            pagination={{ ...deposits.pagination, showTotal: (total) => t('total_items', { total }) }}
            scroll={{ x: 'max-content' }}
            onRow={(row) => ({ 'data-testid': `detail-deposit-row-${row.openId}` }) as object}
            columns={[
              { title: t('openid'), dataIndex: 'openId', key: 'openId' },
              { title: t('address'), dataIndex: 'address', key: 'address', render: (address: string) => <AddressText address={address} /> },
              { title: t('remark'), dataIndex: 'remark', key: 'remark', render: (value: string) => value || '—' },
              { title: t('created_time'), dataIndex: 'createtime', key: 'createtime', render: (value) => formatInZone(value, timeZone) },
            ]}
          />
        ) : (
          <Alert type="info" showIcon message={t('deposit_addresses_no_access')} />
        )}
      </Card>
    </Space>
  );
}
