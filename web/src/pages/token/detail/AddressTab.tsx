import { Alert, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { pageColdAddresses, type Asset, type ColdAddressRow } from '@/api/assets';
import type { PageQuery } from '@/api/types';
import { pageDepositAddresses, type DepositAddressRow } from '@/api/wallets';
import CellText from '@/components/list/CellText';
import PagedTable from '@/components/list/PagedTable';
import { useAccess } from '@/hooks/useAccess';
import { usePagedQuery } from '@/hooks/usePagedQuery';
import { PAGES } from '@/router/permissions';
import { zoneTime } from '@/pages/orders/orderFields';
import { AddressText } from '../AddressText';
import { ratioPercent } from '../tokenRules';

const fetchCold = (query: PageQuery & { assetId: number }) => pageColdAddresses(query);
const fetchDeposit = (query: PageQuery & { chainId: number }) => pageDepositAddresses(query);

/**
 * Address tab: the token's effective cold addresses and the deposit addresses of its chain (the
 * address and its share, the user and the address at first; the rest in the column settings).
 */
export default function AddressTab({ asset, timeZone }: { asset: Asset; timeZone: number | null }) {
  const { t } = useTranslation();
  const { hasPermission } = useAccess();
  const canSeeDeposits = hasPermission(PAGES.walletAddress);
  const cold = usePagedQuery<ColdAddressRow, { assetId: number }>(fetchCold, { assetId: asset.id });
  const deposits = usePagedQuery<DepositAddressRow, { chainId: number }>(fetchDeposit, { chainId: asset.chainId }, canSeeDeposits);

  return (
    <Space direction="vertical" size={16} className="coffer-full">
      <Card size="small" title={t('cold_addresses')} data-testid="detail-cold">
        <PagedTable<ColdAddressRow>
          list={cold}
          listId="token-cold-addresses"
          size="small"
          locale={{ emptyText: t('cold_addresses_empty') }}
          rowProps={(row) => ({ 'data-testid': `cold-row-${row.address}` })}
          columns={[
            { title: t('address'), dataIndex: 'address', key: 'address', render: (address: string) => <AddressText address={address} testId="cold-address" /> },
            { title: t('ratio'), dataIndex: 'ratio', key: 'ratio', render: (ratio: string) => <span data-testid="cold-ratio">{ratioPercent(ratio)}</span> },
            { title: t('created_time'), dataIndex: 'createtime', key: 'createtime', secondary: true, render: (value: string) => zoneTime(value, timeZone) },
          ]}
        />
      </Card>
      <Card size="small" title={t('deposit_addresses_on', { chain: asset.chainname })} data-testid="detail-deposits">
        {canSeeDeposits ? (
          <PagedTable<DepositAddressRow>
            list={deposits}
            listId="token-deposit-addresses"
            size="small"
            rowProps={(row) => ({ 'data-testid': `detail-deposit-row-${row.openId}` })}
            columns={[
              { title: t('openid'), dataIndex: 'openId', key: 'openId', render: (value: string) => <CellText text={value} width={240} testId="detail-deposit-openid" /> },
              { title: t('address'), dataIndex: 'address', key: 'address', render: (address: string) => <AddressText address={address} testId="detail-deposit-address" /> },
              { title: t('remark'), dataIndex: 'remark', key: 'remark', secondary: true, render: (value: string) => <CellText text={value} width={240} /> },
              { title: t('created_time'), dataIndex: 'createtime', key: 'createtime', secondary: true, render: (value: string) => zoneTime(value, timeZone) },
            ]}
          />
        ) : (
          <Alert type="info" showIcon message={t('deposit_addresses_no_access')} />
        )}
      </Card>
    </Space>
  );
}
