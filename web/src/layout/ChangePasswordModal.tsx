import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { editPassword, type PasswordChange } from '@/api/auth';
import { toast } from '@/utils/feedback';
import { isValidPassword } from '@/utils/password';
import FormModal, { type DialogSpec } from '@/components/FormModal';
import PasswordRules from '@/components/PasswordRules';

interface ChangePasswordModalProps {
  open: boolean;
  onClose: () => void;
}

const DIALOG: DialogSpec = { name: 'change-password', titleKey: 'change_password', width: 440, testId: 'change-password-modal' };

/** Change Password dialog of spec section 2 (fields passwordOld, password, passwordVerify). */
export default function ChangePasswordModal({ open, onClose }: ChangePasswordModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordChange>();
  const password = Form.useWatch('password', form);
  const required = { required: true, message: t('please_input') };

  const submit = async (values: PasswordChange) => {
    await editPassword(values); // a refusal (e.g. wrong current password) is toasted
    toast.success(t('modified_successfully'));
    onClose();
  };

  return (
    <FormModal spec={DIALOG} open={open} form={form} onSubmit={submit} onCancel={onClose}>
      <Form.Item name="passwordOld" label={t('password_old')} rules={[required]}>
        <Input.Password autoComplete="current-password" data-testid="password-old" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('password_new')}
        rules={[
          required,
          {
            validator: (_, value: string) =>
              !value || isValidPassword(value) ? Promise.resolve() : Promise.reject(new Error(t('incorrect_password_format'))),
          },
        ]}
        extra={<PasswordRules value={password} />}
      >
        <Input.Password autoComplete="new-password" data-testid="password-new" />
      </Form.Item>
      <Form.Item
        name="passwordVerify"
        label={t('password_verify')}
        dependencies={['password']}
        rules={[
          required,
          ({ getFieldValue }) => ({
            validator: (_, value: string) =>
              !value || value === getFieldValue('password')
                ? Promise.resolve()
                : Promise.reject(new Error(t('passwords_not_same'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid="password-verify" />
      </Form.Item>
    </FormModal>
  );
}
