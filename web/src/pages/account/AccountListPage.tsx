import { useState } from 'react';
import { Button, Popconfirm, Space, Tag, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, KeyOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
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
import { formatInZone } from '@/utils/timezone';
import AccountFormModal from './AccountFormModal';
import ResetPasswordModal from './ResetPasswordModal';

interface AccountFilters {
  email?: string;
}

/** Any part of the e-mail (trimmed; empty: every account). */
const FILTER_FIELDS: ReadonlyArray<FilterField<AccountFilters>> = [
  { kind: 'text', name: 'email', testId: 'filter-email', placeholder: 'filter_email', wide: true },
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

  const actionCount = [PERMISSIONS.accountEdit, PERMISSIONS.accountResetPassword, PERMISSIONS.accountDelete].filter(hasPermission).length;
  const columns: ColumnsType<AccountRow> = [
    { title: t('email_account'), dataIndex: 'email', key: 'email', width: 240, ellipsis: true },
    { title: t('nickname'), dataIndex: 'username', key: 'username', width: 150, ellipsis: true },
    { title: t('role'), dataIndex: 'roleName', key: 'roleName', width: 150, render: (value) => <Tag color="blue">{value}</Tag> },
    {
      title: t('status'),
      dataIndex: 'status',
      key: 'status',
      width: 100,
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
      width: 150,
      render: (value: boolean) => (value ? t('google_bound') : t('google_unbound')),
    },
    { title: t('created_time'), dataIndex: 'createtime', key: 'createtime', width: 180, render: (value) => formatInZone(value, timeZone) },
    { title: t('last_login'), dataIndex: 'lastLoginTime', key: 'lastLoginTime', width: 180, render: (value) => formatInZone(value, timeZone) },
  ];
  if (actionCount > 0) {
    columns.push({
      title: t('actions'),
      key: 'actions',
      fixed: 'right',
      width: 24 + actionCount * 110,
      render: (_, row) => {
        const self = row.id === user?.id;
        return (
          <Space size={0} wrap>
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
              <Popconfirm
                title={t('account_delete_confirm', { email: row.email })}
                okText={t('sure')}
                cancelText={t('cancel')}
                okButtonProps={{ danger: true, 'data-testid': 'account-delete-sure' }}
                onConfirm={() => remove(row)}
                disabled={self}
              >
                <Tooltip title={self ? t('cannot_delete_self') : undefined}>
                  <Button type="link" size="small" danger icon={<DeleteOutlined />} disabled={self} data-testid="account-delete">
                    {t('delete')}
                  </Button>
                </Tooltip>
              </Popconfirm>
            </AccessControl>
          </Space>
        );
      },
    });
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
