import { useState } from 'react';
import { Button, Card, Input, Popconfirm, Space, Tag, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import CellText from '@/components/list/CellText';
import { actionsColumn, type ListColumn } from '@/components/list/columnSettings';
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

/** Account > Account list (menu 702): the merchant's users; each button behind its permission. */
export default function AccountListPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { hasPermission } = useAccess();
  const timeZone = useMerchantTimeZone();
  const list = usePagedQuery<AccountRow, { email?: string }>(accountPage, {});
  const [form, setForm] = useState<'add' | AccountRow | null>(null);
  const [resetting, setResetting] = useState<AccountRow | null>(null);

  const remove = async (row: AccountRow) => {
    try {
      await accountDelete(row.id);
    } catch {
      return;
    }
    toast.success(t('deleted_successfully'));
    // The last row of a page is gone: show the page before it.
    if (list.rows.length === 1 && list.page > 1) list.changePage(list.page - 1, list.pageSize);
    else list.reload();
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
      }),
    );
  }

  return (
    <Card
      title={t('account_list')}
      className="coffer-card"
      data-testid="account-list"
      extra={
        <AccessControl menuId={PERMISSIONS.accountAdd}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm('add')} data-testid="account-add">
            {t('add')}
          </Button>
        </AccessControl>
      }
    >
      <Input.Search
        allowClear
        className="coffer-filter-input coffer-gap-bottom"
        placeholder={t('filter_email')}
        onSearch={(value) => list.search({ email: value.trim() || undefined })}
        data-testid="account-search"
      />
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
    </Card>
  );
}
