import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { googleUnbind } from '@/api/personal';
import FormModal, { type DialogSpec } from '@/components/FormModal';
import { toast } from '@/utils/feedback';
import { codeRules } from '@/utils/formRules';

const DIALOG: DialogSpec = { name: 'google-unbind', titleKey: 'google_unbind_title', width: 400, testId: 'google-unbind-modal' };

/** Unbinding needs the current code of the bound authenticator (/google/unbind). */
export default function GoogleUnbindModal({ open, onClose, onUnbound }: { open: boolean; onClose: () => void; onUnbound: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();

  const submit = async ({ code }: { code: string }) => {
    await googleUnbind(code.trim());
    toast.success(t('google_unbind_success'));
    onUnbound();
  };

  return (
    <FormModal
      spec={DIALOG}
      open={open}
      form={form}
      okButtonProps={{ danger: true }}
      onSubmit={submit}
      onCancel={onClose}
      submitOnEnter
      intro={<Typography.Paragraph type="secondary">{t('google_unbind_tip')}</Typography.Paragraph>}
    >
      <Form.Item name="code" label={t('google_code_label')} rules={codeRules(t, t('input_google_code'))}>
        <Input inputMode="numeric" autoComplete="one-time-code" maxLength={8} placeholder={t('code_placeholder')} data-testid="google-unbind-code" />
      </Form.Item>
    </FormModal>
  );
}
