import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { resetSecret, showSecret, type ApiSecret } from '@/api/system';
import { useMerchantTimeZone } from '@/store/merchantTimeZone';
import { toast } from '@/utils/feedback';
import { formatInZone } from '@/utils/timezone';
import { ServerError } from '@/components/FormModal';
import { CopyButton, GoogleCodeField, googleCodeOf, refusal } from './shared';

/** 'generate' is the reset call when no key exists yet: nothing is replaced, so it warns of nothing. */
export type SecretMode = 'show' | 'reset' | 'generate';

/** The dialog's texts per mode. */
const TEXTS = {
  show: { title: 'sys_key_show_title', tip: 'sys_key_show_tip', submit: 'sys_key_show', done: 'sys_key_secret_tip', toast: null },
  reset: { title: 'sys_key_reset_title', tip: 'sys_key_reset_warning', submit: 'sys_key_reset', done: 'sys_key_new_tip', toast: 'reset_successfully' },
  generate: { title: 'sys_key_generate_title', tip: 'sys_key_generate_tip', submit: 'sys_key_generate', done: 'sys_key_generated_tip', toast: 'sys_key_generated' },
} as const;

interface SecretModalProps {
  /** Which action the dialog performs; null: closed. */
  mode: SecretMode | null;
  onClose: () => void;
  /** After a reset: the new key exists (the card reads the settings again). */
  onReset: () => void;
}

/**
 * Shows the API key (80301), or replaces it or creates the first one (80302), each after the
 * authenticator's code.
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
  const changes = mode === 'reset' || mode === 'generate';
  const text = TEXTS[mode ?? 'show'];

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
      const answer = await (changes ? resetSecret : showSecret)(googleCodeOf(values));
      setSecret(answer);
      if (changes) {
        if (text.toast) toast.success(t(text.toast));
        onReset();
      }
    } catch (failure) {
      setError(refusal(failure));
    } finally {
      setBusy(false);
    }
  };

  const title = t(text.title);
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
                {t(text.submit)}
              </Button>,
            ]
      }
    >
      {secret ? (
        <div data-testid="secret-result">
          <Alert
            type={changes ? 'success' : 'info'}
            showIcon
            className="coffer-gap-bottom"
            message={t(text.done)}
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
          <Typography.Paragraph type={reset ? 'danger' : 'secondary'} data-testid="secret-tip">
            {t(text.tip)}
          </Typography.Paragraph>
          <ServerError message={error} testId="secret-error" />
          <Form form={form} layout="vertical" requiredMark={false} name="api-secret" onFinish={submit}>
            <GoogleCodeField testId="secret" />
          </Form>
        </>
      )}
    </Modal>
  );
}
