import { useState } from 'react';
import { Button, Popconfirm } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toast } from '@/utils/feedback';

interface RePushButtonProps {
  /** Shown in the confirm question. */
  orderNo: string;
  /** The push call; the request layer reports a refusal. */
  push: () => Promise<unknown>;
  /** After a successful push (toast already shown). */
  onPushed?: () => void;
  testId?: string;
  size?: 'small' | 'middle';
}

/** Re-push of a callback, after a confirm; toasts 'Successfully pushed' (spec section 8). */
export default function RePushButton({ orderNo, push, onPushed, testId = 're-push', size = 'small' }: RePushButtonProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await push();
    } catch {
      return; // the request layer told the user
    } finally {
      setBusy(false);
    }
    toast.success(t('pushed_successfully'));
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
