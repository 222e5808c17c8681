import { Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { WithdrawalReview } from '@/api/withdrawals';
import { textCell, zoneTime } from '@/pages/orders/orderFields';
import type { OrderContext } from '@/pages/orders/orderKind';
import { REVIEW_ACTION } from '@/pages/orders/statuses';
import { LongText, StatusTag } from '@/pages/orders/StatusTags';

interface WithdrawalReviewsProps extends OrderContext {
  reviews: readonly WithdrawalReview[];
  loading: boolean;
}

/** A withdrawal's review decisions, newest first (its detail drawer, before the callback attempts). */
export default function WithdrawalReviews({ reviews, loading, t, timeZone }: WithdrawalReviewsProps) {
  const columns: ColumnsType<WithdrawalReview> = [
    { title: t('attempt_time'), dataIndex: 'createtime', key: 'createtime', render: (value: string) => zoneTime(value, timeZone) },
    { title: t('wd_review_action'), dataIndex: 'action', key: 'action', render: (value: number) => <StatusTag map={REVIEW_ACTION} value={value} testId="review-action" /> },
    { title: t('wd_reviewer'), dataIndex: 'reviewer', key: 'reviewer', render: (value: string) => textCell(value, 'review-reviewer') },
    { title: t('wd_reason'), dataIndex: 'reason', key: 'reason', render: (value: string) => <LongText text={value} testId="review-reason" /> },
  ];
  return (
    <>
      <Typography.Title level={5} className="coffer-gap">
        {t('wd_reviews')}
      </Typography.Title>
      <div data-testid="detail-reviews">
        <Table<WithdrawalReview>
          rowKey={(review) => `${review.createtime}-${review.action}-${review.reviewer}`}
          size="small"
          loading={loading}
          dataSource={reviews}
          columns={columns}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('wd_reviews_empty') }}
        />
      </div>
    </>
  );
}
