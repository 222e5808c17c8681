import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { resetSecret, showSecret, type ApiSecret } from '@/api/system';
import { useMerchantTimeZone } from '@/store/merchantTimeZone';
import { toast } from '@/utils/feedback';
import { formatInZone } from '@/utils/timezone';
import { ServerError } from '@/components/FormModal';
import { CopyButton, GoogleCodeField, googleCodeOf, refusal } from './shared';

export type SecretMode = 'show' | 'reset';

interface SecretModalProps {
  /** Which action the dialog performs; null: closed. */
  mode: SecretMode | null;
  onClose: () => void;
  /** After a reset: the new key exists (the card reads the settings again). */
  onReset: () => void;
}

/**
 * Shows the API key (80301) or generates a new one (80302), each after the authenticator's code.
 * The key lives only in this dialog's state: closing it drops the key, so it is masked again.
 */
export default function SecretModal({ mode, onClose, onReset }: SecretModalProps) {
  const { t } = useTranslation();
  const timeZone = useMerchantTimeZone();
  const [form] = Form.useForm<{ googleCode?: string }>();
  const [secret, setSecret] = useState<ApiSecret | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reset = mode === 'reset';

  // Each opening starts masked, whatever the last one showed.
  useEffect(() => {
    if (mode === null) return;
    setSecret(null);
    setError(null);
  }, [mode]);

  const submit = async () => {
    let values: { googleCode?: string };
    try {
      values = await form.validateFields();
    } catch {
      return; // the field says what is wrong; nothing is sent
    }
    setError(null);
    setBusy(true);
    try {
      const answer = await (reset ? resetSecret : showSecret)(googleCodeOf(values));
      setSecret(answer);
      if (reset) {
        toast.success(t('reset_successfully'));
        onReset();
      }
    } catch (failure) {
      setError(refusal(failure));
    } finally {
      setBusy(false);
    }
  };

  const title = reset ? t('sys_key_reset_title') : t('sys_key_show_title');
  return (
    <Modal
      open={mode !== null}
      title={title}
      onCancel={onClose}
      afterClose={() => {
        form.resetFields();
        setSecret(null);
        setError(null);
      }}
      destroyOnHidden
      maskClosable={false}
      width={560}
      data-testid="secret-modal"
      footer={
        secret
          ? [
              <Button key="close" type="primary" onClick={onClose} data-testid="secret-close">
                {t('sys_close')}
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={onClose}>
                {t('cancel')}
              </Button>,
              <Button key="ok" type="primary" danger={reset} loading={busy} onClick={submit} data-testid="secret-submit">
                {reset ? t('sys_key_reset') : t('sys_key_show')}
              </Button>,
            ]
      }
    >
      {secret ? (
        <div data-testid="secret-result">
          <Alert
            type={reset ? 'success' : 'info'}
            showIcon
            className="coffer-gap-bottom"
            message={reset ? t('sys_key_new_tip') : t('sys_key_secret_tip')}
          />
          <Descriptions column={1} size="small" className="coffer-gap-bottom">
            <Descriptions.Item label={t('sys_key_id')}>
              <span className="coffer-address" data-testid="secret-key-id">
                {secret.keyId}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('sys_key_created')}>{formatInZone(secret.createtime, timeZone)}</Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph className="coffer-secret coffer-address coffer-sys-secret" data-testid="api-secret">
            {secret.secret}
          </Typography.Paragraph>
          <CopyButton text={secret.secret} testId="secret-copy" />
        </div>
      ) : (
        <>
          <Typography.Paragraph type={reset ? 'danger' : 'secondary'}>{reset ? t('sys_key_reset_warning') : t('sys_key_show_tip')}</Typography.Paragraph>
          <ServerError message={error} testId="secret-error" />
          <Form form={form} layout="vertical" requiredMark={false} name="api-secret" onFinish={submit}>
            <GoogleCodeField testId="secret" />
          </Form>
        </>
      )}
    </Modal>
  );
}
