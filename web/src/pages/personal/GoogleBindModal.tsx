import { useEffect, useState } from 'react';
import { Alert, Form, Input, QRCode, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { googleBind, googleCode } from '@/api/personal';
import type { GoogleSecret } from '@/api/types';
import { toast } from '@/utils/feedback';
import { codeRules } from '@/utils/formRules';
import { ApiError } from '@/utils/request';
import FormModal, { type DialogSpec } from '@/components/FormModal';

const DIALOG: DialogSpec = { name: 'google-bind', titleKey: 'google_bind_title', width: 440, testId: 'google-bind-modal' };

/** google_already_bound (docs/api.md). */
const CODE_GOOGLE_ALREADY_BOUND = 11009;

interface GoogleBindModalProps {
  open: boolean;
  onClose: () => void;
  onBound: () => void;
}

/**
 * Binding: /google/code gives a fresh secret, shown as a QR code of its otpauth URI and as text
 * for manual entry; the authenticator's current code confirms it (/google/bind).
 */
export default function GoogleBindModal({ open, onClose, onBound }: GoogleBindModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  const [secret, setSecret] = useState<GoogleSecret | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!open) return;
    let alive = true;
    setSecret(null);
    setFailed(false);
    googleCode()
      .then((answer) => alive && setSecret(answer))
      .catch((error) => {
        if (!alive) return;
        setFailed(true);
        // Bound elsewhere meanwhile (another tab): the toast says so; show the real state.
        if (error instanceof ApiError && error.code === CODE_GOOGLE_ALREADY_BOUND) onBound();
      });
    return () => {
      alive = false;
    };
  }, [open]); // once per opening; onBound may change identity between renders

  // Checked by FormModal: an empty or malformed code stays in the dialog and nothing is sent.
  const submit = async ({ code }: { code: string }) => {
    await googleBind(code.trim()); // a wrong code: the toast says so, the dialog stays for another try
    toast.success(t('google_set_success'));
    onBound();
  };

  return (
    <FormModal
      spec={DIALOG}
      open={open}
      form={form}
      onSubmit={submit}
      onCancel={onClose}
      okButtonProps={{ disabled: !secret }}
      submitOnEnter
      intro={
        <>
          {failed && <Alert type="error" showIcon message={t('google_secret_failed')} />}
          {secret && (
            <Space direction="vertical" size={12} className="coffer-full coffer-gap-bottom">
              <Typography.Text type="secondary">{t('google_bind_scan')}</Typography.Text>
              <div className="coffer-qr">
                <QRCode value={secret.otpauthUri} size={184} data-testid="google-qr" data-value={secret.otpauthUri} />
              </div>
              <Typography.Text type="secondary">{t('google_bind_manual')}</Typography.Text>
              <Typography.Text code copyable className="coffer-secret" data-testid="google-secret">
                {secret.secret}
              </Typography.Text>
              <Typography.Text type="secondary" data-testid="google-account">
                {t('google_account', { issuer: secret.issuer, account: secret.account })}
              </Typography.Text>
            </Space>
          )}
        </>
      }
    >
      {secret && (
        <Form.Item name="code" label={t('google_code_label')} rules={codeRules(t, t('input_google_code'))}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={8} placeholder={t('code_placeholder')} data-testid="google-code" />
        </Form.Item>
      )}
    </FormModal>
  );
}
