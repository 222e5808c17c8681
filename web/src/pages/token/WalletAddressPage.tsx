import { useState } from 'react';
import { Button } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { pageDepositAddresses, type DepositAddressFilters, type DepositAddressRow } from '@/api/wallets';
import CellText from '@/components/list/CellText';
import { actionsColumn, type ListColumn } from '@/components/list/columnSettings';
import FilterBar from '@/components/list/FilterBar';
import { compactFilters, type FilterField } from '@/components/list/filterFields';
import ListCard from '@/components/list/ListCard';
import PagedTable from '@/components/list/PagedTable';
import { useAccess } from '@/hooks/useAccess';
import { usePagedQuery } from '@/hooks/usePagedQuery';
import { PERMISSIONS } from '@/router/permissions';
import { zoneTime } from '@/pages/orders/orderFields';
import { useMerchantTimeZone } from '@/store/merchantTimeZone';
import { AddressText } from './AddressText';
import RemarkModal from './RemarkModal';
import { useHomeConfig } from './useHomeConfig';

/** Chain, the user's OpenID and any part of the address. */
const FILTER_FIELDS: ReadonlyArray<FilterField<DepositAddressFilters>> = [
  { kind: 'chain', name: 'chainId', testId: 'filter-chain' },
  { kind: 'text', name: 'openId', testId: 'filter-openid', placeholder: 'filter_openid' },
  { kind: 'text', name: 'address', testId: 'filter-address', placeholder: 'filter_address' },
];

const fetchPage = (query: { page: number; pageSize: number } & DepositAddressFilters) => pageDepositAddresses(query);

/** Token > Wallet address (menu 202): the deposit addresses of the merchant's users. */
export default function WalletAddressPage() {
  const { t } = useTranslation();
  const { hasPermission } = useAccess();
  const timeZone = useMerchantTimeZone();
  const { chains } = useHomeConfig();
  const list = usePagedQuery<DepositAddressRow, DepositAddressFilters>(fetchPage, {});
  const [editing, setEditing] = useState<DepositAddressRow | null>(null);

  // At first: the chain, the user (OpenID) and the address, and Edit remark; the remark and the
  // time in the column settings.
  const columns: Array<ListColumn<DepositAddressRow>> = [
    { title: t('chain'), dataIndex: 'chainname', key: 'chain', render: (value: string) => <CellText text={value} width={160} /> },
    { title: t('openid'), dataIndex: 'openId', key: 'openId', render: (value: string) => <CellText text={value} width={240} testId="deposit-openid" /> },
    { title: t('address'), dataIndex: 'address', key: 'address', render: (address: string) => <AddressText address={address} testId="deposit-address" /> },
    { title: t('remark'), dataIndex: 'remark', key: 'remark', secondary: true, render: (value: string) => <CellText text={value} width={240} testId="deposit-remark" /> },
    { title: t('created_time'), dataIndex: 'createtime', key: 'createtime', secondary: true, render: (value: string) => zoneTime(value, timeZone) },
  ];
  if (hasPermission(PERMISSIONS.addressRemark)) {
    columns.push(
      actionsColumn(t('actions'), (row) => (
        <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(row)} data-testid="deposit-remark-edit">
          {t('remark_edit')}
        </Button>
      )),
    );
  }

  return (
    <ListCard title={t('wallet_address')} testId="wallet-address" tip={t('wallet_address_tip')}>
      <FilterBar fields={FILTER_FIELDS} testId="deposit-filters" chains={chains} toFilters={compactFilters} onSearch={list.search} />
      <PagedTable<DepositAddressRow> list={list} listId="wallet-addresses" columns={columns} rowProps={(row) => ({ 'data-testid': `deposit-row-${row.chainId}-${row.openId}` })} />
      <RemarkModal
        target={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          list.reload();
        }}
      />
    </ListCard>
  );
}
