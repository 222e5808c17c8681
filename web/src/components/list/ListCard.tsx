import type { ReactNode } from 'react';
import { Alert, Card } from 'antd';

interface ListCardProps {
  title: ReactNode;
  testId: string;
  /** The buttons at the top right. */
  extra?: ReactNode;
  /** The info line above the list; none on a screen that needs no explanation (the logs). */
  tip?: ReactNode;
  tipTestId?: string;
  children: ReactNode;
}

/** A list screen's card: title, buttons, the info line, then the filters and the table. */
export default function ListCard({ title, testId, extra, tip, tipTestId, children }: ListCardProps) {
  return (
    <Card title={title} className="coffer-card" data-testid={testId} extra={extra}>
      {tip && <Alert type="info" showIcon className="coffer-gap-bottom" message={tip} data-testid={tipTestId} />}
      {children}
    </Card>
  );
}
