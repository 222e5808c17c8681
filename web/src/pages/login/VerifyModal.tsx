import { useState } from 'react';
import { Button, Form, Modal, Typography } from 'antd';
import { MailOutlined, SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { EMAIL_CODE_TYPE, sendEmailCode } from '@/api/auth';
import { useCountdown } from '@/hooks/useCountdown';
import { isSixDigitCode } from '@/utils/password';
import { toast } from '@/utils/feedback';
import { CodeInput, GetCodeButton } from './CodeInput';

/** Second step of sign-in: 0 = e-mail code, anything else = Google authenticator code. */
export const VERIFY_EMAIL = 0;
export const VERIFY_MODAL_WIDTH = 400;

interface VerifyModalProps {
  open: boolean;
  type: number;
  email: string;
  submitting: boolean;
  onSubmit: (code: string) => void;
  onClose: () => void;
}

export default function VerifyModal({ open, type, email, submitting, onSubmit, onClose }: VerifyModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  const byEmail = type === VERIFY_EMAIL;

  const getCode = async () => {
    if (countdown.running || sending) return; // clicks during the countdown do nothing
    setSending(true);
    try {
      await sendEmailCode({ email, type: EMAIL_CODE_TYPE.login });
      countdown.start();
      toast.success(t('code_sent'));
    } catch {
      /* shown by the request layer (e.g. 'Do Not Resend') */
    } finally {
      setSending(false);
    }
  };

  const close = () => {
    form.resetFields();
    onClose();
  };

  const codeRules = [
    { required: true, whitespace: true, message: byEmail ? t('title_input_code') : t('input_google_code') },
    {
      validator: (_: unknown, value: string) =>
        !value?.trim() || isSixDigitCode(value) ? Promise.resolve() : Promise.reject(new Error(t('code_six_digits'))),
    },
  ];

  return (
    <Modal
      open={open}
      width={VERIFY_MODAL_WIDTH}
      footer={null}
      onCancel={close}
      afterClose={() => form.resetFields()}
      maskClosable={false}
      title={
        <span>
          {byEmail ? <MailOutlined /> : <SafetyOutlined />} {byEmail ? t('verify_title_email') : t('verify_title_google')}
        </span>
      }
      className="coffer-verify-modal"
    >
      <Typography.Paragraph type="secondary" data-testid="verify-tip">
        {byEmail ? t('verify_tip_email', { email }) : t('verify_tip_google')}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        name={byEmail ? 'email-code' : 'google-code'}
        onFinish={({ code }) => onSubmit(code.trim())}
      >
        <Form.Item name="code" label={t('verification_code')} rules={codeRules}>
          {byEmail ? (
            <CodeInput
              size="large"
              data-testid="verify-code"
              suffix={<GetCodeButton sending={sending} countdown={countdown} onClick={getCode} testId="get-code" />}
            />
          ) : (
            <CodeInput size="large" data-testid="verify-code" autoFocus />
          )}
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={submitting} data-testid="verify-submit">
          {t('confirm')}
        </Button>
      </Form>
    </Modal>
  );
}
