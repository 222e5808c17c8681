import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountResetPassword } from '@/api/accounts';
import type { AccountRow } from '@/api/types';
import FormModal, { type DialogSpec } from '@/components/FormModal';
import PasswordRules from '@/components/PasswordRules';
import { toast } from '@/utils/feedback';
import { confirmRules, passwordRules } from '@/utils/formRules';

const DIALOG: DialogSpec = { name: 'account-reset-password', titleKey: 'account_reset_password', width: 440, testId: 'reset-password-modal' };

/** An operator sets a new password for a sub-account; its sessions end (docs/api.md). */
export default function ResetPasswordModal({ target, onClose }: { target: AccountRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string; passwordVerify: string }>();
  const password = Form.useWatch('password', form);

  const submit = async (values: { password: string; passwordVerify: string }) => {
    if (!target) return;
    await accountResetPassword({ id: target.id, ...values });
    toast.success(t('reset_successfully'));
    onClose();
  };

  return (
    <FormModal
      spec={DIALOG}
      open={target !== null}
      form={form}
      onSubmit={submit}
      onCancel={onClose}
      intro={<Typography.Paragraph type="secondary">{t('account_reset_password_tip', { email: target?.email ?? '' })}</Typography.Paragraph>}
    >
      <Form.Item
        name="password"
        label={t('password_new')}
        rules={passwordRules(t, t('incorrect_password_format'))}
        extra={<PasswordRules value={password} />}
      >
        <Input.Password autoComplete="new-password" data-testid="reset-password-new" />
      </Form.Item>
      <Form.Item name="passwordVerify" label={t('password_confirm')} dependencies={['password']} rules={confirmRules(t, t('passwords_not_same'))}>
        <Input.Password autoComplete="new-password" data-testid="reset-password-verify" />
      </Form.Item>
    </FormModal>
  );
}
