import { useState } from 'react';
import { Button, Space, Tag, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { roleDelete, rolePage } from '@/api/accounts';
import type { RoleRow } from '@/api/types';
import AccessControl from '@/components/AccessControl';
import CellText from '@/components/list/CellText';
import ConfirmLink from '@/components/list/ConfirmLink';
import { actionsColumn, type ListColumn } from '@/components/list/columnSettings';
import ListCard, { AddButton } from '@/components/list/ListCard';
import PagedTable from '@/components/list/PagedTable';
import { useAccess } from '@/hooks/useAccess';
import { useWholeList } from '@/hooks/usePagedQuery';
import { PERMISSIONS } from '@/router/permissions';
import { toast } from '@/utils/feedback';
import RoleFormModal from './RoleFormModal';

/** Account > Role list (menu 703). The admin role holds every permission and is read-only. */
export default function RoleListPage() {
  const { t } = useTranslation();
  const { hasPermission } = useAccess();
  const [form, setForm] = useState<'add' | RoleRow | null>(null);
  const list = useWholeList<RoleRow>(() => rolePage().then((page) => page.list));
  const load = list.reload;

  const remove = async (role: RoleRow) => {
    try {
      await roleDelete(role.id);
    } catch {
      return;
    }
    toast.success(t('deleted_successfully'));
    load();
  };

  const columns: Array<ListColumn<RoleRow>> = [
    { title: t('role_name'), dataIndex: 'name', key: 'name', render: (value: string) => <CellText text={value} width={280} testId="role-name" /> },
    {
      title: t('role_admin'),
      dataIndex: 'isAdmin',
      key: 'isAdmin',
      width: 140,
      render: (value: boolean) => (value ? <Tag color="gold">{t('role_admin_yes')}</Tag> : t('role_admin_no')),
    },
    { title: t('role_user_count'), dataIndex: 'userCount', key: 'userCount', width: 120 },
  ];
  if ([PERMISSIONS.roleEdit, PERMISSIONS.roleDelete].some(hasPermission)) {
    columns.push(
      actionsColumn(t('actions'), (role) => {
        const deleteBlocked = role.isAdmin ? t('role_admin_read_only') : role.userCount > 0 ? t('role_in_use') : null;
        return (
          <Space size={0}>
            <AccessControl menuId={PERMISSIONS.roleEdit}>
              <Tooltip title={role.isAdmin ? t('role_admin_read_only') : undefined}>
                <Button type="link" size="small" icon={<EditOutlined />} disabled={role.isAdmin} onClick={() => setForm(role)} data-testid="role-edit">
                  {t('edit')}
                </Button>
              </Tooltip>
            </AccessControl>
            <AccessControl menuId={PERMISSIONS.roleDelete}>
              <ConfirmLink
                title={t('role_delete_confirm', { name: role.name })}
                icon={<DeleteOutlined />}
                label={t('delete')}
                danger
                testId="role-delete"
                onConfirm={() => remove(role)}
                blocked={deleteBlocked ?? undefined}
              />
            </AccessControl>
          </Space>
        );
      }),
    );
  }

  return (
    <ListCard
      title={t('role_list')}
      testId="role-list"
      extra={<AddButton menuId={PERMISSIONS.roleAdd} label={t('add')} onClick={() => setForm('add')} testId="role-add" />}
    >
      <PagedTable<RoleRow> list={list} columns={columns} listId="roles" rowProps={(role) => ({ 'data-testid': `role-row-${role.name}` })} />
      <RoleFormModal
        target={form}
        onClose={() => setForm(null)}
        onSaved={() => {
          setForm(null);
          load();
        }}
      />
    </ListCard>
  );
}
