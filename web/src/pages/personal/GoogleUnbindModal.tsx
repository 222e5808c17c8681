import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { googleUnbind } from '@/api/personal';
import { toast } from '@/utils/feedback';
import { codeRules } from '@/utils/formRules';

/** Unbinding needs the current code of the bound authenticator (/google/unbind). */
export default function GoogleUnbindModal({ open, onClose, onUnbound }: { open: boolean; onClose: () => void; onUnbound: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();

  const submit = async () => {
    const { code } = await form.validateFields();
    try {
      await googleUnbind(code.trim());
    } catch {
      return;
    }
    toast.success(t('google_unbind_success'));
    onUnbound();
  };

  return (
    <Modal
      open={open}
      title={t('google_unbind_title')}
      okText={t('confirm')}
      cancelText={t('cancel')}
      okButtonProps={{ danger: true, 'data-testid': 'google-unbind-submit' }}
      onOk={submit}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      destroyOnHidden
      width={400}
      data-testid="google-unbind-modal"
    >
      <Typography.Paragraph type="secondary">{t('google_unbind_tip')}</Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark={false} name="google-unbind" onFinish={submit}>
        <Form.Item name="code" label={t('google_code_label')} rules={codeRules(t, t('input_google_code'))}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={8} placeholder={t('code_placeholder')} data-testid="google-unbind-code" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
