import { useState } from 'react';
import { Form, Input, type FormInstance } from 'antd';
import { MailOutlined, SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { sendEmailCode, type EmailCodeType } from '@/api/auth';
import type { useCountdown } from '@/hooks/useCountdown';
import { toast } from '@/utils/feedback';
import { codeRules, emailRules } from '@/utils/formRules';
import { CodeInput, GetCodeButton } from './CodeInput';

interface EmailCodeFieldsProps {
  form: FormInstance;
  codeType: EmailCodeType;
  /** Owned by the flow, so the cooldown survives Back and Continue. */
  countdown: ReturnType<typeof useCountdown>;
  /** Prefix of the test ids: `${testId}-email`, `${testId}-code`, `${testId}-get-code`. */
  testId: string;
}

/**
 * E-mail and verification code with the get-code button (step 1 of register and reset). The
 * e-mail is validated before any code request: a bad format shows 'Email Format Incorrect' and
 * sends nothing. After a send the button counts 60 → 1 and ignores clicks.
 */
export default function EmailCodeFields({ form, codeType, countdown, testId }: EmailCodeFieldsProps) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);

  const getCode = async () => {
    if (countdown.running || sending) return;
    let email: string;
    try {
      email = String((await form.validateFields(['email'])).email).trim();
    } catch {
      return; // the e-mail field shows why; no request
    }
    setSending(true);
    try {
      await sendEmailCode({ email, type: codeType });
      countdown.start();
      toast.success(t('code_sent'));
    } catch {
      /* shown by the request layer (e.g. 'Do Not Resend') */
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Form.Item name="email" label={t('email')} rules={emailRules(t)}>
        <Input prefix={<MailOutlined />} placeholder={t('account_placeholder')} autoComplete="email" data-testid={`${testId}-email`} />
      </Form.Item>
      <Form.Item name="code" label={t('verification_code')} rules={codeRules(t)}>
        <CodeInput
          prefix={<SafetyOutlined />}
          data-testid={`${testId}-code`}
          suffix={<GetCodeButton sending={sending} countdown={countdown} onClick={getCode} testId={`${testId}-get-code`} />}
        />
      </Form.Item>
    </>
  );
}
