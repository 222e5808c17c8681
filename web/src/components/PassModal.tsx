import { useState } from 'react';
import { Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { GoogleCodeField, googleCodeOf, useGoogleBound } from '@/pages/system/shared';

/** An action waiting for the user's Google code: a withdrawal pass, a Collect now. */
export interface PassRequest {
  /** The question (names the order or says how many). */
  title: string;
  /** A line under it (one-click: the per-click limit or what happens to failures). */
  tip?: string;
  /** What the code authorises (the line above the field). */
  codeTip: string;
  /** The test ids of its buttons: `<testId>-sure` sends, `<testId>-cancel` closes. */
  testId: string;
  /** Sends the pass with the code; resolves true when the call was answered (the dialog closes). */
  send: (googleCode: string) => Promise<boolean>;
}

/**
 * An action that moves money asks for the authenticator's code in the spec's verify modal
 * (width 400). A refused call keeps the dialog open for another code.
 */
export default function PassModal({ request, onCancel }: { request: PassRequest | null; onCancel: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ googleCode?: string }>();
  const [busy, setBusy] = useState(false);
  const bound = useGoogleBound();

  const submit = async () => {
    if (!request) return;
    let code: string;
    try {
      code = googleCodeOf(await form.validateFields());
    } catch {
      return; // the field says what is wrong; nothing is sent
    }
    setBusy(true);
    try {
      if (await request.send(code)) onCancel();
      else form.resetFields();
    } finally {
      setBusy(false);
    }
  };

  const testId = request?.testId ?? 'pass';
  return (
    <Modal
      open={request !== null}
      title={request?.title}
      okText={t('sure')}
      cancelText={t('cancel')}
      okButtonProps={{ loading: busy, disabled: !bound, 'data-testid': `${testId}-sure` }}
      cancelButtonProps={{ 'data-testid': `${testId}-cancel` }}
      onOk={submit}
      onCancel={onCancel}
      afterClose={() => form.resetFields()}
      destroyOnHidden
      width={400}
      data-testid="pass-modal"
    >
      {request?.tip && <Typography.Paragraph type="secondary">{request.tip}</Typography.Paragraph>}
      <Typography.Paragraph type="secondary">{request?.codeTip}</Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark={false} name="withdraw-pass" onFinish={submit}>
        <GoogleCodeField testId="pass" />
      </Form>
    </Modal>
  );
}
