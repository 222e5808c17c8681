import { useEffect, useState, type ReactNode } from 'react';
import { Descriptions, Drawer, Grid, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { CallbackAttempt } from '@/api/deposits';
import type { ChainNode } from '@/api/types';
import { withdrawalDetail, type WithdrawalReview, type WithdrawalRow } from '@/api/withdrawals';
import CallbackAttemptsTable from '@/pages/deposits/CallbackAttemptsTable';
import { CALLBACK_STATUS, NOTIFY_STATUS, ORDER_STATUS } from '@/pages/deposits/depositRules';
import { AmountText, HashText, LongText, StatusTag } from '@/pages/deposits/StatusTags';
import { AddressText } from '@/pages/token/AddressText';
import { chainById } from '@/pages/token/tokenRules';
import { formatInZone } from '@/utils/timezone';
import { createdByText } from './withdrawalColumns';
import { REVIEW_ACTION, SOURCE, riskReasonText } from './withdrawalRules';

interface WithdrawalDetailDrawerProps {
  /** The row to show; null closes the drawer. */
  row: WithdrawalRow | null;
  timeZone: number | null;
  chains: readonly ChainNode[];
  /** Bumped by the page after a re-push or a review, to read the detail again. */
  reloadKey: number;
  /** The re-push button of the row, when the role holds its permission. */
  pushButton?: ReactNode;
  onClose: () => void;
}

/** Every field of a withdrawal (spec section 3), its reviews and its callback attempts (/withdraw/detail). */
export default function WithdrawalDetailDrawer({ row, timeZone, chains, reloadKey, pushButton, onClose }: WithdrawalDetailDrawerProps) {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const [detail, setDetail] = useState<WithdrawalRow | null>(null);
  const [attempts, setAttempts] = useState<CallbackAttempt[]>([]);
  const [reviews, setReviews] = useState<WithdrawalReview[]>([]);
  const [loading, setLoading] = useState(false);
  const id = row?.id ?? null;

  useEffect(() => {
    setDetail(null);
    setAttempts([]);
    setReviews([]);
    if (id === null) return;
    let alive = true;
    setLoading(true);
    withdrawalDetail(id)
      .then((answer) => {
        if (!alive) return;
        const { callbacks, reviews: decisions, ...fields } = answer;
        setDetail(fields);
        setAttempts(callbacks ?? []);
        setReviews(decisions ?? []);
      })
      .catch(() => undefined) // the request layer told the user; the row's fields stay
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [id, reloadKey]);

  const shown = detail && detail.id === id ? detail : row;
  const chain = shown ? chainById(chains, shown.chainId) : undefined;
  const time = (value: string | null | undefined) => (value ? formatInZone(value, timeZone) : '—');
  const text = (value: string | null | undefined, testId?: string) => <span data-testid={testId}>{value || '—'}</span>;

  const reviewColumns: ColumnsType<WithdrawalReview> = [
    { title: t('attempt_time'), dataIndex: 'createtime', key: 'createtime', render: (value: string) => <span className="coffer-nowrap">{time(value)}</span> },
    { title: t('wd_review_action'), dataIndex: 'action', key: 'action', render: (value: number) => <StatusTag map={REVIEW_ACTION} value={value} testId="review-action" /> },
    { title: t('wd_reviewer'), dataIndex: 'reviewer', key: 'reviewer', render: (value: string) => text(value, 'review-reviewer') },
    { title: t('wd_reason'), dataIndex: 'reason', key: 'reason', render: (value: string) => <LongText text={value} testId="review-reason" /> },
  ];

  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      width={screens.md ? 760 : '100%'}
      title={shown ? t('deposit_detail_title', { orderNo: shown.orderNo }) : ''}
      extra={pushButton}
      destroyOnHidden
      data-testid="wd-detail"
    >
      {shown && (
        <div data-testid="wd-detail-body" data-id={shown.id}>
          <Descriptions column={1} size="small" bordered styles={{ label: { width: 200 } }}>
            <Descriptions.Item label={t('order_no')}>
              <Typography.Text copyable data-testid="detail-order-no">
                {shown.orderNo}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('merchant_order_no')}>{text(shown.merchantOrderNo, 'detail-merchant-order-no')}</Descriptions.Item>
            <Descriptions.Item label={t('wd_source')}>
              <StatusTag map={SOURCE} value={shown.source} testId="detail-source" />
            </Descriptions.Item>
            <Descriptions.Item label={t('openid')}>{text(shown.openId, 'detail-openid')}</Descriptions.Item>
            <Descriptions.Item label={t('wd_created_by')}>{text(createdByText(shown, t), 'detail-created-by')}</Descriptions.Item>
            <Descriptions.Item label={t('chain')}>
              <span data-testid="detail-chain">
                {shown.chainname} ({shown.chainId})
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('deposit_token')}>{text(shown.symbol, 'detail-token')}</Descriptions.Item>
            <Descriptions.Item label={t('tx_hash')}>
              <HashText hash={shown.hash} txurl={chain?.txurl} testId="detail-hash" />
            </Descriptions.Item>
            <Descriptions.Item label={t('block_number')}>{shown.blockNumber ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('required_confirmations')}>{shown.requiredConfirmations ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('from_address')}>
              <AddressText address={shown.fromAddress} testId="detail-from" />
            </Descriptions.Item>
            <Descriptions.Item label={t('to_address')}>
              <AddressText address={shown.toAddress} testId="detail-to" />
            </Descriptions.Item>
            <Descriptions.Item label={t('wd_security_code')}>{text(shown.securityCode, 'detail-security-code')}</Descriptions.Item>
            <Descriptions.Item label={t('wd_remark')}>{text(shown.remark, 'detail-remark')}</Descriptions.Item>
            <Descriptions.Item label={t('wd_quantity')}>
              <AmountText amount={shown.amount} symbol={shown.symbol} testId="detail-amount" />
            </Descriptions.Item>
            <Descriptions.Item label={t('actual_quantity')}>
              <AmountText amount={shown.actualAmount} symbol={shown.symbol} testId="detail-actual-amount" />
            </Descriptions.Item>
            <Descriptions.Item label={t('wd_fee')}>
              {shown.fee ? <AmountText amount={shown.fee} symbol={shown.chainsymbol} testId="detail-fee" /> : text('', 'detail-fee')}
            </Descriptions.Item>
            <Descriptions.Item label={t('status')}>
              <StatusTag map={ORDER_STATUS} value={shown.status} testId="detail-status" />
            </Descriptions.Item>
            <Descriptions.Item label={t('wd_risk_reasons')}>
              {shown.riskReasons?.length ? (
                <ul className="coffer-plain-list" data-testid="detail-risk">
                  {shown.riskReasons.map((reason) => (
                    <li key={reason}>{riskReasonText(reason, t)}</li>
                  ))}
                </ul>
              ) : (
                text('', 'detail-risk')
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('wd_reason')}>{text(shown.reason, 'detail-reason')}</Descriptions.Item>
            <Descriptions.Item label={t('wd_reviewer')}>{text(shown.reviewer, 'detail-reviewer')}</Descriptions.Item>
            <Descriptions.Item label={t('wd_review_time')}>{text(time(shown.reviewtime), 'detail-review-time')}</Descriptions.Item>
            <Descriptions.Item label={t('callback_status')}>
              <StatusTag map={CALLBACK_STATUS} value={shown.callbackStatus} testId="detail-callback-status" />
            </Descriptions.Item>
            <Descriptions.Item label={t('callback_result')}>
              <LongText text={shown.callbackResult} testId="detail-callback-result" />
            </Descriptions.Item>
            <Descriptions.Item label={t('notify_status')}>
              <StatusTag map={NOTIFY_STATUS} value={shown.notifyStatus} testId="detail-notify-status" />
            </Descriptions.Item>
            <Descriptions.Item label={t('created_time')}>{text(time(shown.createtime), 'detail-created')}</Descriptions.Item>
            <Descriptions.Item label={t('wd_complete_time')}>{text(time(shown.completetime), 'detail-completed')}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} className="coffer-gap">
            {t('wd_reviews')}
          </Typography.Title>
          <div data-testid="detail-reviews">
            <Table<WithdrawalReview>
              rowKey={(review) => `${review.createtime}-${review.action}-${review.reviewer}`}
              size="small"
              loading={loading}
              dataSource={reviews}
              columns={reviewColumns}
              pagination={false}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: t('wd_reviews_empty') }}
            />
          </div>
          <Typography.Title level={5} className="coffer-gap">
            {t('callback_attempts')}
          </Typography.Title>
          <CallbackAttemptsTable attempts={attempts} timeZone={timeZone} loading={loading} testId="detail-attempts" />
        </div>
      )}
    </Drawer>
  );
}
