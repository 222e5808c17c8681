import type { ReactNode } from 'react';
import { Button, Popconfirm, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

interface ConfirmLinkProps {
  /** The question. */
  title: ReactNode;
  description?: ReactNode;
  icon: ReactNode;
  label: ReactNode;
  /** A red button and a red OK. */
  danger?: boolean;
  testId: string;
  /** Prefix of the popup's buttons (`-sure`, `-cancel`); the button's own test id unless given. */
  confirmTestId?: string;
  onConfirm: () => unknown;
  /** Why the action cannot be taken now: the button is disabled and says so on hover. */
  blocked?: ReactNode;
}

/** A row action in a table: a link button that acts after a Sure / Cancel popup. */
export default function ConfirmLink({ title, description, icon, label, danger = false, testId, confirmTestId = testId, onConfirm, blocked }: ConfirmLinkProps) {
  const { t } = useTranslation();
  const disabled = Boolean(blocked);
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={t('sure')}
      cancelText={t('cancel')}
      okButtonProps={{ danger, 'data-testid': `${confirmTestId}-sure` }}
      cancelButtonProps={{ 'data-testid': `${confirmTestId}-cancel` }}
      onConfirm={onConfirm}
      disabled={disabled}
    >
      <Tooltip title={blocked || undefined}>
        <Button type="link" size="small" danger={danger} icon={icon} disabled={disabled} data-testid={testId}>
          {label}
        </Button>
      </Tooltip>
    </Popconfirm>
  );
}
