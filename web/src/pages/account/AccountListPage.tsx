import { useState } from 'react';
import { Button, Space, Tag, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, KeyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import CellText from '@/components/list/CellText';
import ConfirmLink from '@/components/list/ConfirmLink';
import { actionsColumn, type ListColumn } from '@/components/list/columnSettings';
import FilterBar from '@/components/list/FilterBar';
import { compactFilters, type FilterField } from '@/components/list/filterFields';
import ListCard, { AddButton } from '@/components/list/ListCard';
import PagedTable from '@/components/list/PagedTable';
import { accountDelete, accountPage } from '@/api/accounts';
import type { AccountRow } from '@/api/types';
import AccessControl from '@/components/AccessControl';
import { useAccess } from '@/hooks/useAccess';
import { usePagedQuery } from '@/hooks/usePagedQuery';
import { PERMISSIONS } from '@/router/permissions';
import { useMerchantTimeZone } from '@/store/merchantTimeZone';
import { refreshSession } from '@/store/refreshSession';
import { useSession } from '@/store/session';
import { toast } from '@/utils/feedback';
import { zoneTime } from '@/pages/orders/orderFields';
import AccountFormModal from './AccountFormModal';
import ResetPasswordModal from './ResetPasswordModal';

interface AccountFilters {
  email?: string;
}

/** Any part of the e-mail (trimmed; empty: every account). */
const FILTER_FIELDS: ReadonlyArray<FilterField<AccountFilters>> = [
  { kind: 'text', name: 'email', testId: 'filter-email', placeholder: 'filter_email' },
];

/** Account > Account list (menu 702): the merchant's users; each button behind its permission. */
export default function AccountListPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { hasPermission } = useAccess();
  const timeZone = useMerchantTimeZone();
  const list = usePagedQuery<AccountRow, AccountFilters>(accountPage, {});
  const [form, setForm] = useState<'add' | AccountRow | null>(null);
  const [resetting, setResetting] = useState<AccountRow | null>(null);

  const remove = async (row: AccountRow) => {
    try {
      await accountDelete(row.id);
    } catch {
      return;
    }
    toast.success(t('deleted_successfully'));
    list.reloadAfterRemove();
  };

  const withActions = [PERMISSIONS.accountEdit, PERMISSIONS.accountResetPassword, PERMISSIONS.accountDelete].some(hasPermission);
  // At first: who (e-mail), their role and status, and the buttons; the rest in the column settings.
  const columns: Array<ListColumn<AccountRow>> = [
    { title: t('email_account'), dataIndex: 'email', key: 'email', render: (value: string) => <CellText text={value} width={240} testId="account-email" /> },
    { title: t('nickname'), dataIndex: 'username', key: 'username', secondary: true, render: (value: string) => <CellText text={value} width={160} testId="account-nickname" /> },
    {
      title: t('role'),
      dataIndex: 'roleName',
      key: 'roleName',
      render: (value: string) => (
        <Tooltip title={value} placement="topLeft">
          <Tag color="blue" className="coffer-cell-clip" style={{ maxWidth: 160 }} data-testid="account-role">
            {value}
          </Tag>
        </Tooltip>
      ),
    },
    {
      title: t('status'),
      dataIndex: 'status',
      key: 'status',
      render: (value: number) => (
        <Tag color={value === 1 ? 'green' : value === 2 ? 'gold' : 'default'} data-testid="account-status">
          {value === 1 ? t('status_enabled') : value === 2 ? t('status_invited') : t('status_disabled')}
        </Tag>
      ),
    },
    {
      title: t('personal_google'),
      dataIndex: 'bindGoogle',
      key: 'bindGoogle',
      secondary: true,
      render: (value: boolean) => (value ? t('google_bound') : t('google_unbound')),
    },
    { title: t('created_time'), dataIndex: 'createtime', key: 'createtime', secondary: true, render: (value: string) => zoneTime(value, timeZone) },
    { title: t('last_login'), dataIndex: 'lastLoginTime', key: 'lastLoginTime', secondary: true, render: (value: string | null) => zoneTime(value, timeZone) },
  ];
  if (withActions) {
    columns.push(
      actionsColumn(t('actions'), (row) => {
        const self = row.id === user?.id;
        return (
          <Space size={0}>
            <AccessControl menuId={PERMISSIONS.accountEdit}>
              <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setForm(row)} data-testid="account-edit">
                {t('edit')}
              </Button>
            </AccessControl>
            <AccessControl menuId={PERMISSIONS.accountResetPassword}>
              <Button type="link" size="small" icon={<KeyOutlined />} onClick={() => setResetting(row)} data-testid="account-reset-password">
                {t('reset_password')}
              </Button>
            </AccessControl>
            <AccessControl menuId={PERMISSIONS.accountDelete}>
              <ConfirmLink
                title={t('account_delete_confirm', { email: row.email })}
                icon={<DeleteOutlined />}
                label={t('delete')}
                danger
                testId="account-delete"
                onConfirm={() => remove(row)}
                blocked={self ? t('cannot_delete_self') : undefined}
              />
            </AccessControl>
          </Space>
        );
      }),
    );
  }

  return (
    <ListCard
      title={t('account_list')}
      testId="account-list"
      extra={<AddButton menuId={PERMISSIONS.accountAdd} label={t('add')} onClick={() => setForm('add')} testId="account-add" />}
    >
      <FilterBar fields={FILTER_FIELDS} testId="account-search" toFilters={compactFilters} onSearch={list.search} />
      <PagedTable<AccountRow>
        list={list}
        listId="accounts"
        columns={columns}
        rowProps={(row) => ({ 'data-testid': `account-row-${row.email}` })}
      />
      <AccountFormModal
        target={form}
        selfId={user?.id}
        onClose={() => setForm(null)}
        onSaved={() => {
          // Editing oneself changes the nickname in the header: read the profile again.
          if (form !== null && form !== 'add' && form.id === user?.id) void refreshSession();
          setForm(null);
          list.reload();
        }}
      />
      <ResetPasswordModal target={resetting} onClose={() => setResetting(null)} />
    </ListCard>
  );
}
