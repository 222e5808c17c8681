import { useState } from 'react';
import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveClientKey, type ClientKey } from '@/api/system';
import { toast } from '@/utils/feedback';
import { GoogleCodeField, ServerError, googleCodeOf, refusal } from './shared';

interface ClientKeyValues {
  publicKey: string;
  googleCode?: string;
}

interface ClientKeyModalProps {
  open: boolean;
  onClose: () => void;
  onSaved: (key: ClientKey) => void;
}

/**
 * Upload the merchant's RSA public key (80303): PEM and the authenticator's code. The server
 * checks the key first (PEM, RSA, 2048..4096 bits, not a private key); its refusal is shown here.
 */
export default function ClientKeyModal({ open, onClose, onSaved }: ClientKeyModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ClientKeyValues>();
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    let values: ClientKeyValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setError(null);
    let saved: ClientKey;
    try {
      saved = await saveClientKey({ publicKey: values.publicKey.trim(), googleCode: googleCodeOf(values) });
    } catch (failure) {
      setError(refusal(failure)); // e.g. a private key pasted: named by the server, nothing stored
      return;
    }
    toast.success(t('saved_successfully'));
    onSaved(saved);
  };

  return (
    <Modal
      open={open}
      title={t('sys_client_key_upload')}
      okText={t('confirm')}
      cancelText={t('cancel')}
      onOk={submit}
      okButtonProps={{ 'data-testid': 'client-key-submit' }}
      onCancel={onClose}
      afterClose={() => {
        form.resetFields();
        setError(null);
      }}
      destroyOnHidden
      maskClosable={false}
      width={640}
      data-testid="client-key-modal"
    >
      <Typography.Paragraph type="secondary">{t('sys_client_key_upload_tip')}</Typography.Paragraph>
      <ServerError message={error} testId="client-key-error" />
      <Form form={form} layout="vertical" requiredMark={false} name="client-key" onValuesChange={() => setError(null)}>
        <Form.Item name="publicKey" label={t('sys_client_key_pem')} rules={[{ required: true, whitespace: true, message: t('sys_client_key_empty') }]}>
          <Input.TextArea
            rows={8}
            spellCheck={false}
            autoComplete="off"
            className="coffer-address"
            placeholder={'-----BEGIN PUBLIC KEY-----\n…\n-----END PUBLIC KEY-----'}
            data-testid="client-key-pem"
          />
        </Form.Item>
        <GoogleCodeField testId="client-key" />
      </Form>
    </Modal>
  );
}
