import { useEffect, useState } from 'react';
import { Alert, Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountAdd, accountEdit, roleOptions as fetchRoleOptions } from '@/api/accounts';
import type { AccountRow, AccountStatus, RoleOption } from '@/api/types';
import FormModal, { type DialogSpec } from '@/components/FormModal';
import { GoogleCodeField, googleCodeOf, refusal } from '@/pages/system/shared';
import { toast } from '@/utils/feedback';
import { emailRules, nicknameRules } from '@/utils/formRules';

interface AccountFormValues {
  email: string;
  username: string;
  roleId: number;
  status: AccountStatus;
  googleCode?: string;
}

interface AccountFormModalProps {
  /** null: closed; 'add': a new sub-account; a row: edit it. */
  target: 'add' | AccountRow | null;
  /** The signed-in user's id: nobody disables their own account. */
  selfId: number | undefined;
  onClose: () => void;
  onSaved: () => void;
}

const DIALOG: DialogSpec = { name: 'account', width: 480, testId: 'account-form' };

/**
 * Invite a sub-account (e-mail, nickname, role; the invitee sets the password from the mailed
 * code) or edit one (nickname, role, status). Inviting and changing a role need the Google code;
 * the server decides which roles the caller may give and its refusal is shown in the form.
 */
export default function AccountFormModal({ target, selfId, onClose, onSaved }: AccountFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AccountFormValues>();
  const [roles, setRoles] = useState<RoleOption[] | null>(null);
  const editing = target !== null && target !== 'add' ? target : null;
  const roleId = Form.useWatch('roleId', form);
  const needsGoogle = !editing || (roleId !== undefined && roleId !== editing.roleId);

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

  const submit = async (values: AccountFormValues) => {
    // A refusal (e.g. a role beyond the caller's own) is shown in the form; the dialog stays open.
    if (editing) {
      await accountEdit({
        id: editing.id,
        username: values.username.trim(),
        roleId: values.roleId,
        status: values.status,
        googleCode: googleCodeOf(values),
      });
    } else {
      await accountAdd({
        email: values.email.trim(),
        username: values.username.trim(),
        roleId: values.roleId,
        googleCode: googleCodeOf(values),
      });
    }
    toast.success(t(editing ? 'edited_successfully' : 'account_invited'));
    onSaved();
  };

  return (
    <FormModal
      spec={DIALOG}
      open={target !== null}
      title={editing ? t('account_edit') : t('account_add')}
      form={form}
      onSubmit={submit}
      onCancel={onClose}
      refusal={{ testId: 'account-form-error', message: refusal, keepOnEdit: true }}
    >
      {!editing && <Alert type="info" showIcon className="coffer-gap-bottom" message={t('account_invite_tip')} data-testid="account-invite-tip" />}
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
        <Input maxLength={32} data-testid="account-form-username" />
      </Form.Item>
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
          {editing.status === 2 ? (
            <Radio.Group disabled data-testid="account-form-status">
              <Radio value={2}>{t('status_invited')}</Radio>
            </Radio.Group>
          ) : (
            <Radio.Group disabled={editing.id === selfId} data-testid="account-form-status">
              <Radio value={1}>{t('status_enabled')}</Radio>
              <Radio value={0}>{t('status_disabled')}</Radio>
            </Radio.Group>
          )}
        </Form.Item>
      )}
      {needsGoogle && <GoogleCodeField testId="account-form" />}
    </FormModal>
  );
}
