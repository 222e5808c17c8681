import { useState, type ReactNode } from 'react';
import { Button } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ReviewAction } from '@/api/orders';
import { checkWithdrawals, type ReviewSelection, type WithdrawalRow } from '@/api/withdrawals';
import type { ChainNode } from '@/api/types';
import { useAccess } from '@/hooks/useAccess';
import { PERMISSIONS } from '@/router/permissions';
import PassModal, { type PassRequest } from '@/components/PassModal';
import RejectModal from './RejectModal';
import ReviewResultModal, { type ReviewOutcome } from './ReviewResultModal';
import { useFollowProgress } from './progress';

// The review calls and their dialogs, wherever a withdrawal is reviewed: the review queue (menu
// 403) and the detail of an order awaiting review (Orders › Withdraw). Pass asks for the Google
// code; reject for a reason; every call's per-row results are shown and passed rows followed to a
// final state, after which the screen reads its rows again.

interface ReviewCallsOptions {
  /** The rows a call may name, for the result dialog's order numbers. */
  known: () => readonly WithdrawalRow[];
  chains: readonly ChainNode[];
  /** Reads the list, the summary and the open detail again. */
  refresh: () => void;
  /** Once a call was answered (the queue clears its selection). */
  onAnswered?: () => void;
}

export function useReviewCalls({ known, chains, refresh, onAnswered }: ReviewCallsOptions) {
  const { t } = useTranslation();
  const { hasPermission } = useAccess();
  const [rejecting, setRejecting] = useState<number[]>([]);
  const [passing, setPassing] = useState<PassRequest | null>(null);
  const [outcome, setOutcome] = useState<ReviewOutcome | null>(null);
  const { tracking, follow, stop } = useFollowProgress(refresh);

  /** Sends one review call; a refusal of the whole call is the request layer's toast. */
  const review = async (selection: ReviewSelection, action: ReviewAction, reason?: string, googleCode?: string): Promise<boolean> => {
    let report;
    try {
      report = await checkWithdrawals(selection, action, reason, googleCode);
    } catch {
      return false;
    }
    const names: ReviewOutcome['rows'] = {};
    for (const row of known()) names[row.id] = { orderNo: row.orderNo, chainId: row.chainId };
    onAnswered?.();
    setOutcome({ action, report, rows: names });
    const passed = action === ReviewAction.Pass ? report.results.filter((row) => row.ok).map((row) => row.id) : [];
    if (passed.length > 0) follow(passed);
    else {
      stop();
      refresh();
    }
    return true;
  };

  /** Passing asks for the Google code first. */
  const askToPass = (selection: ReviewSelection, title: string, testId: string, tip?: string) =>
    setPassing({ title, tip, codeTip: t('wd_pass_google_tip'), testId, send: (googleCode) => review(selection, ReviewAction.Pass, undefined, googleCode) });

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
          if (wasRunning) refresh();
        }}
      />
    </>
  );

  /** Pass and Reject of one row awaiting review (`<testId>-pass`, `<testId>-reject`). */
  const rowButtons = (row: WithdrawalRow, testId: string, asLinks: boolean): ReactNode => (
    <>
      <Button
        type={asLinks ? 'link' : 'primary'}
        size={asLinks ? 'small' : undefined}
        icon={<CheckOutlined />}
        onClick={() => askToPass({ ids: [row.id] }, t('wd_pass_one_confirm', { orderNo: row.orderNo }), `${testId}-pass`)}
        data-testid={`${testId}-pass`}
      >
        {t('wd_pass')}
      </Button>
      <Button type={asLinks ? 'link' : 'default'} size={asLinks ? 'small' : undefined} danger icon={<CloseOutlined />} onClick={() => setRejecting([row.id])} data-testid={`${testId}-reject`}>
        {t('wd_reject')}
      </Button>
    </>
  );

  return {
    canReview: hasPermission(PERMISSIONS.withdrawReview),
    canReviewAgain: hasPermission(PERMISSIONS.withdrawReviewAgain),
    review,
    askToPass,
    askToReject: setRejecting,
    rowButtons,
    modals,
  };
}
