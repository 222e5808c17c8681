import type { ReactNode } from 'react';
import { Button, Card } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { MenuId } from '@/api/types';
import AccessControl from '@/components/AccessControl';
import DismissibleTip from './DismissibleTip';

interface ListCardProps {
  title: ReactNode;
  testId: string;
  /** The buttons at the top right. */
  extra?: ReactNode;
  /** The info line above the list (dismissible, and it stays dismissed); none on a screen that needs no explanation (the logs). */
  tip?: ReactNode;
  tipTestId?: string;
  children: ReactNode;
}

/** A list screen's card: title, buttons, the info line, then the filters and the table. */
export default function ListCard({ title, testId, extra, tip, tipTestId, children }: ListCardProps) {
  return (
    <Card title={title} className="coffer-card" data-testid={testId} extra={extra}>
      {tip && <DismissibleTip id={testId} message={tip} testId={tipTestId ?? `${testId}-tip`} />}
      {children}
    </Card>
  );
}

interface AddButtonProps {
  /** The F button id that allows adding; without it there is no button. */
  menuId: MenuId;
  label: string;
  onClick: () => void;
  testId: string;
}

/** A list's Add button (top right of its card), shown to roles holding its permission. */
export function AddButton({ menuId, label, onClick, testId }: AddButtonProps) {
  return (
    <AccessControl menuId={menuId}>
      <Button type="primary" icon={<PlusOutlined />} onClick={onClick} data-testid={testId}>
        {label}
      </Button>
    </AccessControl>
  );
}
