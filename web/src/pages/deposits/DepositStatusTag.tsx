import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DepositRow } from '@/api/deposits';
import { ORDER_STATUS } from '@/pages/orders/statuses';
import { StatusTag } from '@/pages/orders/StatusTags';
import { noteText } from './depositRules';

/**
 * A deposit's status: its state, or, for one never credited whatever its state (`uncredited`),
 * "Not credited" with the reason beside it (a reason this console does not know as sent). The
 * tag keeps the test id; the reason is `<testId>-reason`.
 */
export function DepositStatusTag({ row, testId }: { row: Pick<DepositRow, 'status' | 'uncredited' | 'note'>; testId: string }) {
  const { t } = useTranslation();
  if (!row.uncredited) return <StatusTag map={ORDER_STATUS} value={row.status} testId={testId} />;
  return (
    <Space direction="vertical" size={0}>
      <Tag color="warning" data-testid={testId} data-value="uncredited">
        {t('deposit_not_credited')}
      </Tag>
      <Typography.Text type="secondary" className="coffer-nowrap" data-testid={`${testId}-reason`}>
        {noteText(row.note, t)}
      </Typography.Text>
    </Space>
  );
}
