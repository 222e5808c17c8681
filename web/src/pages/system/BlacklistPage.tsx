import { useState } from 'react';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { deleteBlacklist, pageBlacklist, type BlacklistEntry, type BlacklistFilters } from '@/api/system';
import CellText from '@/components/list/CellText';
import { actionsColumn, type ListColumn } from '@/components/list/columnSettings';
import ConfirmLink from '@/components/list/ConfirmLink';
import FilterBar from '@/components/list/FilterBar';
import { compactFilters, type FilterField } from '@/components/list/filterFields';
import ListCard, { AddButton } from '@/components/list/ListCard';
import PagedTable from '@/components/list/PagedTable';
import { useAccess } from '@/hooks/useAccess';
import { usePagedQuery } from '@/hooks/usePagedQuery';
import { zoneTime } from '@/pages/orders/orderFields';
import { AddressText } from '@/pages/token/AddressText';
import { useHomeConfig } from '@/pages/token/useHomeConfig';
import { PERMISSIONS } from '@/router/permissions';
import { useMerchantTimeZone } from '@/store/merchantTimeZone';
import { toast } from '@/utils/feedback';
import BlacklistAddModal from './BlacklistAddModal';

/** Chain and any part of the address. */
const FILTER_FIELDS: ReadonlyArray<FilterField<BlacklistFilters>> = [
  { kind: 'chain', name: 'chainId', testId: 'filter-chain' },
  { kind: 'text', name: 'address', testId: 'filter-address', placeholder: 'sys_filter_address' },
];

const fetchPage = (query: { page: number; pageSize: number } & BlacklistFilters) => pageBlacklist(query);

/** System › Blacklist (menu 802): addresses the merchant never pays out to. */
export default function BlacklistPage() {
  const { t } = useTranslation();
  const { hasPermission } = useAccess();
  const timeZone = useMerchantTimeZone();
  const { chains } = useHomeConfig();
  const list = usePagedQuery<BlacklistEntry, BlacklistFilters>(fetchPage, {});
  const [adding, setAdding] = useState(false);

  const remove = async (entry: BlacklistEntry) => {
    try {
      await deleteBlacklist(entry.id);
    } catch {
      return; // the request layer told the user
    }
    toast.success(t('deleted_successfully'));
    list.reloadAfterRemove();
  };

  // At first: the chain and the address, and Delete; the remark and the time in the column settings.
  const columns: Array<ListColumn<BlacklistEntry>> = [
    { title: t('chain'), dataIndex: 'chainname', key: 'chain', render: (value: string) => <CellText text={value} width={160} /> },
    { title: t('address'), dataIndex: 'address', key: 'address', render: (address: string) => <AddressText address={address} testId="blacklist-address" /> },
    { title: t('remark'), dataIndex: 'remark', key: 'remark', secondary: true, render: (value: string) => <CellText text={value} width={240} testId="blacklist-remark" /> },
    { title: t('sys_added_time'), dataIndex: 'createtime', key: 'createtime', secondary: true, render: (value: string) => zoneTime(value, timeZone) },
  ];
  if (hasPermission(PERMISSIONS.blacklistDelete)) {
    columns.push(
      actionsColumn(t('actions'), (entry) => (
        <ConfirmLink
          title={t('sys_blacklist_delete_confirm')}
          description={<span className="coffer-address">{entry.address}</span>}
          icon={<DeleteOutlined />}
          label={t('delete')}
          danger
          testId="blacklist-delete"
          onConfirm={() => remove(entry)}
        />
      )),
    );
  }

  return (
    <ListCard
      title={t('sys_blacklist')}
      testId="blacklist-page"
      tip={t('sys_blacklist_tip')}
      extra={<AddButton menuId={PERMISSIONS.blacklistAdd} label={t('sys_blacklist_add')} onClick={() => setAdding(true)} testId="blacklist-add" />}
    >
      <FilterBar fields={FILTER_FIELDS} testId="blacklist-filters" chains={chains} toFilters={compactFilters} onSearch={list.search} />
      <PagedTable<BlacklistEntry>
        list={list}
        listId="blacklist"
        columns={columns}
        rowProps={(entry) => ({ 'data-testid': `blacklist-row-${entry.id}`, 'data-address': entry.address })}
      />
      <BlacklistAddModal
        open={adding}
        chains={chains}
        onClose={() => setAdding(false)}
        onSaved={() => {
          setAdding(false);
          list.reloadFirstPage();
        }}
      />
    </ListCard>
  );
}
