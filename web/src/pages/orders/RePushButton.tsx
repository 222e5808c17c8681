import { useState } from 'react';
import { Button, Popconfirm } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AttemptResult } from '@/api/callbacks';
import { toastPushResult } from './attemptResult';

interface RePushButtonProps {
  /** Shown in the confirm question. */
  orderNo: string;
  /** The push call; the request layer reports a refusal. Answers how the attempt went. */
  push: () => Promise<AttemptResult | null | undefined>;
  /** After a successful push (toast already shown). */
  onPushed?: () => void;
  testId?: string;
  size?: 'small' | 'middle';
}

/** Re-push of a callback, after a confirm; toasts how the attempt went (delivered, refused and why, or queued). */
export default function RePushButton({ orderNo, push, onPushed, testId = 're-push', size = 'small' }: RePushButtonProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    let result: AttemptResult | null | undefined;
    try {
      result = await push();
    } catch {
      return; // the request layer told the user
    } finally {
      setBusy(false);
    }
    toastPushResult(t, result);
    onPushed?.();
  };

  return (
    <Popconfirm
      title={t('re_push_confirm', { orderNo })}
      description={t('re_push_tip')}
      okText={t('sure')}
      cancelText={t('cancel')}
      okButtonProps={{ 'data-testid': `${testId}-sure` }}
      cancelButtonProps={{ 'data-testid': `${testId}-cancel` }}
      onConfirm={confirm}
    >
      <Button type="link" size={size} icon={<SendOutlined />} loading={busy} data-testid={testId}>
        {t('re_push')}
      </Button>
    </Popconfirm>
  );
}
