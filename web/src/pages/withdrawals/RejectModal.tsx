import { useState } from 'react';
import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { REJECT_REASON_MAX, isRejectReason } from './withdrawalRules';

interface RejectModalProps {
  /** How many rows are rejected; 0 closes the dialog. */
  count: number;
  onCancel: () => void;
  /** Sends the reject; the dialog closes when it resolves. */
  onSubmit: (reason: string) => Promise<void>;
}

/** Reject one or more withdrawals: a reason is required (1 to 200 characters, trimmed). */
export default function RejectModal({ count, onCancel, onSubmit }: RejectModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason?: string }>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    let reason: string;
    try {
      reason = ((await form.validateFields()).reason ?? '').trim();
    } catch {
      return; // the field says what is wrong; nothing is sent
    }
    setBusy(true);
    try {
      await onSubmit(reason);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={count > 0}
      title={t('wd_reject_title', { count })}
      okText={t('wd_reject')}
      cancelText={t('cancel')}
      okButtonProps={{ danger: true, loading: busy, 'data-testid': 'reject-submit' }}
      cancelButtonProps={{ 'data-testid': 'reject-cancel' }}
      onOk={submit}
      onCancel={onCancel}
      afterClose={() => form.resetFields()}
      destroyOnHidden
      data-testid="reject-modal"
    >
      <Typography.Paragraph type="secondary">{t('wd_reject_tip')}</Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark={false} name="withdraw-reject">
        <Form.Item
          name="reason"
          label={t('wd_reason')}
          rules={[
            { required: true, whitespace: true, message: t('wd_reject_reason_empty') },
            {
              validator: (_, value: string | undefined) =>
                !value?.trim() || isRejectReason(value) ? Promise.resolve() : Promise.reject(new Error(t('wd_reject_reason_long', { max: REJECT_REASON_MAX }))),
            },
          ]}
        >
          <Input.TextArea rows={3} showCount maxLength={REJECT_REASON_MAX} data-testid="reject-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
