import { useState, type ReactNode } from 'react';
import { Alert } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { readJson, writeJson } from '@/utils/storage';

export const tipStorageKey = (id: string) => `coffer.tip.${id}.dismissed`;

interface DismissibleTipProps {
  /** Names the banner: dismissing it hides it on this browser until storage is cleared. */
  id: string;
  message: ReactNode;
  testId?: string;
}

/**
 * A list screen's info banner: read once, then closed with its ×, and it stays closed (per
 * banner, in local storage), so the rows it sat above move up for good.
 */
export default function DismissibleTip({ id, message, testId }: DismissibleTipProps) {
  const key = tipStorageKey(id);
  const [dismissed, setDismissed] = useState(() => readJson<boolean>(key) === true);
  if (dismissed) return null;
  return (
    <Alert
      type="info"
      showIcon
      className="coffer-tip"
      message={message}
      closable
      closeIcon={<CloseOutlined data-testid={`${testId ?? 'tip'}-close`} />}
      onClose={() => {
        writeJson(key, true);
        setDismissed(true);
      }}
      data-testid={testId}
    />
  );
}
