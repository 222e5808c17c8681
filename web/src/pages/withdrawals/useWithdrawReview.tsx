import { useEffect, useState, type ReactNode } from 'react';
import { Button, Popconfirm, Tooltip, Typography } from 'antd';
import type { TableRowSelection } from 'antd/es/table/interface';
import { CheckOutlined, CloseOutlined, RedoOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { OrderStatus, ReviewAction } from '@/api/orders';
import { checkWithdrawals, pageWithdrawals, type ReviewSelection, type WithdrawalRow } from '@/api/withdrawals';
import { useAccess } from '@/hooks/useAccess';
import type { ScreenExtras, ScreenState } from '@/pages/orders/orderKind';
import { PERMISSIONS } from '@/router/permissions';
import { toast } from '@/utils/feedback';
import PassModal, { type PassRequest } from '@/components/PassModal';
import RejectModal from './RejectModal';
import ReviewResultModal, { type ReviewOutcome } from './ReviewResultModal';
import { useFollowProgress } from './progress';
import { MAX_BATCH, MAX_ONE_CLICK, REVIEW_AGAIN_MINUTES, oneClickFilter } from './withdrawalRules';

/**
 * The review queue's actions (menu 403): pass and reject (40301) per row, for the selected rows
 * (at most 100) and for every awaiting row of the filter (one-click); review again (40302) on
 * failed rows. Each call's per-row results are shown; passed rows are followed to a final state.
 */
export function useWithdrawReview({ rows, filters, chains, refresh }: ScreenState<WithdrawalRow>): ScreenExtras<WithdrawalRow> {
  // After a review changed rows (and once a pass's progress ends): read list, summary and detail again.
  const onChanged = refresh;
  const { t } = useTranslation();
  const { hasPermission } = useAccess();
  const canReview = hasPermission(PERMISSIONS.withdrawReview);
  const canReviewAgain = hasPermission(PERMISSIONS.withdrawReviewAgain);
  const [selected, setSelected] = useState<Record<number, WithdrawalRow>>({});
  const [rejecting, setRejecting] = useState<number[]>([]);
  const [passing, setPassing] = useState<PassRequest | null>(null);
  const [outcome, setOutcome] = useState<ReviewOutcome | null>(null);
  const [counting, setCounting] = useState(false);
  const { tracking, follow, stop } = useFollowProgress(onChanged);
  // A new filter starts a new selection: rows of the old one are out of sight.
  useEffect(() => setSelected({}), [filters]);
  const selectedIds = Object.keys(selected).map(Number);
  const tooMany = selectedIds.length > MAX_BATCH;

  const known = (): ReviewOutcome['rows'] => {
    const out: ReviewOutcome['rows'] = {};
    for (const row of [...rows, ...Object.values(selected)]) out[row.id] = { orderNo: row.orderNo, chainId: row.chainId };
    return out;
  };

  /** Sends one review call; a refusal of the whole call is the request layer's toast. */
  const review = async (selection: ReviewSelection, action: ReviewAction, reason?: string, googleCode?: string): Promise<boolean> => {
    let report;
    try {
      report = await checkWithdrawals(selection, action, reason, googleCode);
    } catch {
      return false;
    }
    const names = known();
    setSelected({});
    setOutcome({ action, report, rows: names });
    const passed = action === ReviewAction.Pass ? report.results.filter((row) => row.ok).map((row) => row.id) : [];
    if (passed.length > 0) follow(passed);
    else {
      stop();
      onChanged();
    }
    return true;
  };

  /** Passing asks for the Google code first. */
  const askToPass = (selection: ReviewSelection, title: string, testId: string, tip?: string) =>
    setPassing({ title, tip, codeTip: t('wd_pass_google_tip'), testId, send: (googleCode) => review(selection, ReviewAction.Pass, undefined, googleCode) });

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
      <Button danger icon={<CloseOutlined />} disabled={selectedIds.length === 0 || tooMany} onClick={() => setRejecting(selectedIds)} data-testid="batch-reject">
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
      {canReview && row.status === OrderStatus.AwaitingReview && (
        <>
          <Button
            type="link"
            size="small"
            icon={<CheckOutlined />}
            onClick={() => askToPass({ ids: [row.id] }, t('wd_pass_one_confirm', { orderNo: row.orderNo }), 'wd-pass')}
            data-testid="wd-pass"
          >
            {t('wd_pass')}
          </Button>
          <Button type="link" size="small" danger icon={<CloseOutlined />} onClick={() => setRejecting([row.id])} data-testid="wd-reject">
            {t('wd_reject')}
          </Button>
        </>
      )}
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

  const modals: ReactNode = (
    <>
      <PassModal request={passing} onCancel={() => setPassing(null)} />
      <RejectModal
        count={rejecting.length}
        onCancel={() => setRejecting([])}
        onSubmit={async (reason) => {
          if (await review({ ids: rejecting }, ReviewAction.Reject, reason)) setRejecting([]);
        }}
      />
      <ReviewResultModal
        outcome={outcome}
        tracking={tracking}
        chains={chains}
        onClose={() => {
          const wasRunning = tracking?.outcome === 'running';
          stop();
          setOutcome(null);
          if (wasRunning) onChanged();
        }}
      />
    </>
  );

  return { rowSelection, toolbar, rowActions, modals };
}
