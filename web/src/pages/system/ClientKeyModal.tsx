import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveClientKey, type ClientKey } from '@/api/system';
import { toast } from '@/utils/feedback';
import FormModal, { type DialogSpec } from '@/components/FormModal';
import { GoogleCodeField, googleCodeOf, refusal } from './shared';

interface ClientKeyValues {
  publicKey: string;
  googleCode?: string;
}

interface ClientKeyModalProps {
  open: boolean;
  onClose: () => void;
  onSaved: (key: ClientKey) => void;
}

const DIALOG: DialogSpec = { name: 'client-key', titleKey: 'sys_client_key_upload', width: 640, testId: 'client-key-modal' };

/**
 * Upload the merchant's RSA public key (80303): PEM and the authenticator's code. The server
 * checks the key first (PEM, RSA, 2048..4096 bits, not a private key); its refusal is shown here.
 */
export default function ClientKeyModal({ open, onClose, onSaved }: ClientKeyModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ClientKeyValues>();

  const submit = async (values: ClientKeyValues) => {
    // A refusal (e.g. a private key pasted) is named by the server in the dialog; nothing is stored.
    const saved = await saveClientKey({ publicKey: values.publicKey.trim(), googleCode: googleCodeOf(values) });
    toast.success(t('saved_successfully'));
    onSaved(saved);
  };

  return (
    <FormModal
      spec={DIALOG}
      open={open}
      form={form}
      maskClosable={false}
      onSubmit={submit}
      onCancel={onClose}
      refusal={{ testId: 'client-key-error', message: refusal }}
      intro={<Typography.Paragraph type="secondary">{t('sys_client_key_upload_tip')}</Typography.Paragraph>}
    >
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
    </FormModal>
  );
}
