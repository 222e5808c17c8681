import { useEffect, useMemo, useState } from 'react';
import { Alert, Form, Input, Spin, Tag, Tree } from 'antd';
import { useTranslation } from 'react-i18next';
import { roleAdd, roleEdit, roleMenus } from '@/api/accounts';
import type { MenuItem, RoleRow } from '@/api/types';
import FormModal, { type DialogSpec } from '@/components/FormModal';
import { GoogleCodeField, googleCodeOf, refusal } from '@/pages/system/shared';
import { toast } from '@/utils/feedback';
import {
  buildPermissionTree, checkedFromMenuIds, indexTree, menuIdsToSend, toggleMenu, type PermissionNode,
} from './permissionTree';

interface RoleFormModalProps {
  /** null: closed; 'add': a new role; a row: edit it. */
  target: 'add' | RoleRow | null;
  onClose: () => void;
  onSaved: () => void;
}

const DIALOG: DialogSpec = { name: 'role', width: 520, testId: 'role-form' };

/**
 * Add or edit a role: its name and its permissions, picked in a tree of every menu item, and the
 * Google code. The server refuses permissions the caller does not hold, and the caller's own role;
 * its message is shown in the form.
 */
export default function RoleFormModal({ target, onClose, onSaved }: RoleFormModalProps) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<{ name: string; googleCode?: string }>();
  const [menus, setMenus] = useState<MenuItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const editing = target !== null && target !== 'add' ? target : null;

  const tree = useMemo(() => buildPermissionTree(menus ?? [], i18n.language), [menus, i18n.language]);
  const index = useMemo(() => indexTree(tree), [tree]);

  useEffect(() => {
    if (target === null || menus !== null) return;
    let alive = true;
    roleMenus()
      .then((list) => alive && setMenus(Array.isArray(list) ? list : []))
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [target, menus]);

  useEffect(() => {
    if (target === null) return;
    form.setFieldsValue({ name: editing?.name ?? '' });
    setChecked(checkedFromMenuIds(editing?.menuIds, index));
  }, [target, index]); // once per opening, and again when the tree arrives

  const submit = async (values: { name: string; googleCode?: string }) => {
    const body = { name: values.name.trim(), menuIds: menuIdsToSend(checked, tree), googleCode: googleCodeOf(values) };
    // A refusal (e.g. a permission the caller does not hold) is shown in the form; the dialog stays open.
    if (editing) await roleEdit({ id: editing.id, ...body });
    else await roleAdd(body);
    toast.success(t(editing ? 'edited_successfully' : 'added_successfully'));
    onSaved();
  };

  const toTreeData = (nodes: PermissionNode[]): object[] =>
    nodes.map((node) => ({
      key: node.key,
      title: (
        <span data-testid={`perm-${node.key}`}>
          {node.title}
          {node.type === 'F' && <Tag className="coffer-perm-tag">{t('permission_button')}</Tag>}
        </span>
      ),
      children: toTreeData(node.children),
    }));

  return (
    <FormModal
      spec={DIALOG}
      open={target !== null}
      title={editing ? t('role_edit') : t('role_add')}
      form={form}
      okButtonProps={{ disabled: menus === null }}
      onSubmit={submit}
      onCancel={onClose}
      afterClose={() => setChecked(new Set())}
      refusal={{ testId: 'role-form-error', message: refusal, keepOnEdit: true }}
    >
      <Form.Item name="name" label={t('role_name')} rules={[{ required: true, whitespace: true, message: t('role_name_empty') }]}>
        <Input maxLength={32} data-testid="role-form-name" />
      </Form.Item>
      <Form.Item label={t('permissions')} extra={t('permissions_tip')}>
        {failed && <Alert type="error" showIcon message={t('permissions_unavailable')} />}
        {!failed && menus === null && <Spin />}
        {menus !== null && (
          <div className="coffer-perm-tree" data-testid="role-form-tree">
            <Tree
              checkable
              checkStrictly
              selectable={false}
              defaultExpandAll
              treeData={toTreeData(tree) as never}
              checkedKeys={{ checked: [...checked], halfChecked: [] }}
              onCheck={(_, info) => setChecked((current) => toggleMenu(index, current, String(info.node.key), info.checked))}
            />
          </div>
        )}
      </Form.Item>
      <GoogleCodeField testId="role-form" />
    </FormModal>
  );
}
