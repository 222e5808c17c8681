import { useEffect, useState } from 'react';
import { Form, Input, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountAdd, accountEdit, roleOptions as fetchRoleOptions } from '@/api/accounts';
import type { AccountRow, AccountStatus, RoleOption } from '@/api/types';
import PasswordRules from '@/components/PasswordRules';
import { toast } from '@/utils/feedback';
import { confirmRules, emailRules, nicknameRules, passwordRules } from '@/utils/formRules';

interface AccountFormValues {
  email: string;
  username: string;
  password: string;
  passwordVerify: string;
  roleId: number;
  status: AccountStatus;
}

interface AccountFormModalProps {
  /** null: closed; 'add': a new sub-account; a row: edit it. */
  target: 'add' | AccountRow | null;
  /** The signed-in user's id: nobody disables their own account. */
  selfId: number | undefined;
  onClose: () => void;
  onSaved: () => void;
}

/** Add a sub-account (e-mail, nickname, password, role) or edit one (nickname, role, status). */
export default function AccountFormModal({ target, selfId, onClose, onSaved }: AccountFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AccountFormValues>();
  const [roles, setRoles] = useState<RoleOption[] | null>(null);
  const editing = target !== null && target !== 'add' ? target : null;
  const password = Form.useWatch('password', form);

  useEffect(() => {
    if (target === null) return;
    let alive = true;
    fetchRoleOptions()
      .then((options) => alive && setRoles(options))
      .catch(() => alive && setRoles([]));
    form.setFieldsValue(
      editing
        ? { username: editing.username, roleId: editing.roleId, status: editing.status }
        : { status: 1 },
    );
    return () => {
      alive = false;
    };
  }, [target]); // once per opening

  const roleOptions = (roles ?? []).map((role) => ({ value: role.id, label: role.name }));
  if (editing && !roleOptions.some((option) => option.value === editing.roleId)) {
    roleOptions.push({ value: editing.roleId, label: editing.roleName });
  }

  const submit = async () => {
    const values = await form.validateFields();
    try {
      if (editing) {
        await accountEdit({ id: editing.id, username: values.username.trim(), roleId: values.roleId, status: values.status });
      } else {
        await accountAdd({
          email: values.email.trim(),
          username: values.username.trim(),
          password: values.password,
          passwordVerify: values.passwordVerify,
          roleId: values.roleId,
        });
      }
    } catch {
      return; // the toast says why (e-mail taken, last admin, ...); the dialog stays open
    }
    toast.success(t(editing ? 'edited_successfully' : 'added_successfully'));
    onSaved();
  };

  return (
    <Modal
      open={target !== null}
      title={editing ? t('account_edit') : t('account_add')}
      okText={t('confirm')}
      cancelText={t('cancel')}
      onOk={submit}
      okButtonProps={{ 'data-testid': 'account-form-submit' }}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      destroyOnHidden
      width={480}
      data-testid="account-form"
    >
      <Form form={form} layout="vertical" requiredMark={false} name="account">
        {editing ? (
          <Form.Item label={t('email')}>
            <Input value={editing.email} disabled data-testid="account-form-email" />
          </Form.Item>
        ) : (
          <Form.Item name="email" label={t('email')} rules={emailRules(t)}>
            <Input autoComplete="off" data-testid="account-form-email" />
          </Form.Item>
        )}
        <Form.Item name="username" label={t('nickname')} rules={nicknameRules(t)}>
          <Input maxLength={64} data-testid="account-form-username" />
        </Form.Item>
        {!editing && (
          <>
            <Form.Item
              name="password"
              label={t('password')}
              rules={passwordRules(t, t('incorrect_password_format'))}
              extra={<PasswordRules value={password} />}
            >
              <Input.Password autoComplete="new-password" data-testid="account-form-password" />
            </Form.Item>
            <Form.Item
              name="passwordVerify"
              label={t('password_confirm')}
              dependencies={['password']}
              rules={confirmRules(t, t('passwords_not_same'))}
            >
              <Input.Password autoComplete="new-password" data-testid="account-form-password-verify" />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="roleId"
          label={t('role')}
          rules={[{ required: true, message: t('role_empty') }]}
        >
          <Select
            loading={roles === null}
            data-testid="account-form-role"
            options={roleOptions}
            notFoundContent={roles === null ? undefined : t('roles_unavailable')}
          />
        </Form.Item>
        {editing && (
          <Form.Item name="status" label={t('status')}>
            <Radio.Group disabled={editing.id === selfId} data-testid="account-form-status">
              <Radio value={1}>{t('status_enabled')}</Radio>
              <Radio value={0}>{t('status_disabled')}</Radio>
            </Radio.Group>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
