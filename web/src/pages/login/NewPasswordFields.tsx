import { Form, Input, type FormInstance } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import PasswordRules from '@/components/PasswordRules';
import { confirmRules, passwordRules } from '@/utils/formRules';

/** Password and confirmation (step 2 of register and reset) with the four live indicators. */
export default function NewPasswordFields({ form, testId }: { form: FormInstance; testId: string }) {
  const { t } = useTranslation();
  const password = Form.useWatch('password', { form, preserve: true }) as string | undefined;
  return (
    <>
      <Form.Item name="password" label={t('password')} rules={passwordRules(t)} extra={<PasswordRules value={password} />}>
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid={`${testId}-password`} />
      </Form.Item>
      <Form.Item name="passwordVerify" label={t('password_confirm')} dependencies={['password']} rules={confirmRules(t)}>
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid={`${testId}-password-verify`} />
      </Form.Item>
    </>
  );
}
