import { useState } from 'react';
import { Button, Popconfirm, Tooltip } from 'antd';
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
  /** A list row's button: the icon, its name on hover (the row's columns need the room). */
  iconOnly?: boolean;
}

/** Re-push of a callback, after a confirm; toasts how the attempt went (delivered, refused and why, or queued). */
export default function RePushButton({ orderNo, push, onPushed, testId = 're-push', size = 'small', iconOnly = false }: RePushButtonProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  // The confirm's own buttons sit where the hover name would: the name hides while it is open.
  const [asking, setAsking] = useState(false);

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
      onOpenChange={setAsking}
    >
      <Tooltip title={iconOnly ? t('re_push') : undefined} open={asking ? false : undefined}>
        <Button type="link" size={size} icon={<SendOutlined />} loading={busy} aria-label={t('re_push')} data-testid={testId}>
          {iconOnly ? null : t('re_push')}
        </Button>
      </Tooltip>
    </Popconfirm>
  );
}
