import { useEffect, useState, type ReactNode } from 'react';
import { Button, Popconfirm, Space, Tooltip, Typography } from 'antd';
import type { TableRowSelection } from 'antd/es/table/interface';
import { CheckOutlined, CloseOutlined, RedoOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { OrderStatus, ReviewAction } from '@/api/orders';
import { pageWithdrawals, type WithdrawalRow } from '@/api/withdrawals';
import type { ScreenExtras, ScreenState } from '@/pages/orders/orderKind';
import { toast } from '@/utils/feedback';
import { useReviewCalls } from './useReviewCalls';
import { MAX_BATCH, MAX_ONE_CLICK, REVIEW_AGAIN_MINUTES, oneClickFilter } from './withdrawalRules';

/**
 * The review queue's actions (menu 403): pass and reject (40301) per row, for the selected rows
 * (at most 100) and for every awaiting row of the filter (one-click); review again (40302) on
 * failed rows. Each call's per-row results are shown; passed rows are followed to a final state.
 */
export function useWithdrawReview({ rows, filters, chains, refresh }: ScreenState<WithdrawalRow>): ScreenExtras<WithdrawalRow> {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<Record<number, WithdrawalRow>>({});
  const [counting, setCounting] = useState(false);
  const { canReview, canReviewAgain, review, askToPass, askToReject, rowButtons, modals } = useReviewCalls({
    known: () => [...rows, ...Object.values(selected)],
    chains,
    refresh,
    onAnswered: () => setSelected({}),
  });
  // A new filter starts a new selection: rows of the old one are out of sight.
  useEffect(() => setSelected({}), [filters]);
  const selectedIds = Object.keys(selected).map(Number);
  const tooMany = selectedIds.length > MAX_BATCH;

  const oneClick = async () => {
    const filter = oneClickFilter(filters);
    setCounting(true);
    let count: number;
    try {
      count = (await pageWithdrawals({ ...filter, page: 1, pageSize: 1 })).total;
    } catch {
      return;
    } finally {
      setCounting(false);
    }
    if (count === 0) {
      toast.info(t('wd_one_click_none'));
      return;
    }
    const tip = count > MAX_ONE_CLICK ? t('wd_one_click_limit', { max: MAX_ONE_CLICK }) : t('wd_one_click_tip');
    askToPass({ all: true, filter }, t('wd_one_click_confirm', { count }), 'one-click', tip);
  };

  const rowSelection: TableRowSelection<WithdrawalRow> | undefined = canReview
    ? {
        selectedRowKeys: selectedIds,
        preserveSelectedRowKeys: true,
        getCheckboxProps: (row) => ({ disabled: row.status !== OrderStatus.AwaitingReview, 'data-testid': `wd-select-${row.orderNo}` }) as object,
        onChange: (_keys, picked) => {
          const next: Record<number, WithdrawalRow> = {};
          for (const row of picked) if (row) next[row.id] = row;
          setSelected(next);
        },
      }
    : undefined;

  const toolbar: ReactNode = canReview ? (
    <div className="coffer-review-bar" data-testid="review-bar">
      <Typography.Text data-testid="review-selected">{t('wd_selected', { count: selectedIds.length })}</Typography.Text>
      <Button
        type="primary"
        icon={<CheckOutlined />}
        disabled={selectedIds.length === 0 || tooMany}
        onClick={() => askToPass({ ids: selectedIds }, t('wd_pass_confirm', { count: selectedIds.length }), 'batch-pass')}
        data-testid="batch-pass"
      >
        {t('wd_batch_pass')}
      </Button>
      <Button danger icon={<CloseOutlined />} disabled={selectedIds.length === 0 || tooMany} onClick={() => askToReject(selectedIds)} data-testid="batch-reject">
        {t('wd_batch_reject')}
      </Button>
      <Tooltip title={t('wd_one_click_help')}>
        <Button icon={<ThunderboltOutlined />} loading={counting} onClick={oneClick} data-testid="one-click">
          {t('wd_one_click')}
        </Button>
      </Tooltip>
      {tooMany && (
        <Typography.Text type="warning" data-testid="review-too-many">
          {t('wd_batch_limit', { max: MAX_BATCH })}
        </Typography.Text>
      )}
    </div>
  ) : null;

  const rowActions = (row: WithdrawalRow): ReactNode => (
    <>
      {canReview && row.status === OrderStatus.AwaitingReview && rowButtons(row, 'wd', true)}
      {canReviewAgain && row.status === OrderStatus.Failed && (
        <Popconfirm
          title={t('wd_review_again_confirm', { orderNo: row.orderNo })}
          description={t('wd_review_again_help', { minutes: REVIEW_AGAIN_MINUTES })}
          okText={t('sure')}
          cancelText={t('cancel')}
          okButtonProps={{ 'data-testid': 'wd-review-again-sure' }}
          onConfirm={() => review({ ids: [row.id] }, ReviewAction.ReviewAgain)}
        >
          <Tooltip title={t('wd_review_again_help', { minutes: REVIEW_AGAIN_MINUTES })}>
            <Button type="link" size="small" icon={<RedoOutlined />} data-testid="wd-review-again">
              {t('wd_review_again')}
            </Button>
          </Tooltip>
        </Popconfirm>
      )}
    </>
  );

  return { rowSelection, toolbar, rowActions, modals };
}

/**
 * Orders › Withdraw: the detail of an order awaiting review offers Pass and Reject to a role
 * holding 40301, with the queue's dialogs; the list, the summary and the detail are read again at
 * once (the order has left "Awaiting review") and again when a pass's progress ends.
 */
export function useDetailReview({ rows, chains, refresh }: ScreenState<WithdrawalRow>): ScreenExtras<WithdrawalRow> {
  // The drawer's row was opened from the list: its order number is among the rows.
  const { canReview, rowButtons, modals } = useReviewCalls({
    known: () => rows,
    chains,
    refresh,
    onAnswered: refresh,
  });
  const detailActions = (shown: WithdrawalRow): ReactNode => {
    if (!canReview || shown.status !== OrderStatus.AwaitingReview) return null;
    return <Space>{rowButtons(shown, 'detail', false)}</Space>;
  };
  return { detailActions, modals };
}
