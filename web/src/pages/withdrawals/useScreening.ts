import { useEffect, useState } from 'react';
import { OrderStatus } from '@/api/orders';
import { queryWithdrawals, type WithdrawalRow } from '@/api/withdrawals';

/** How often and how long a new order is followed: the executor screens it within seconds. */
export const SCREENING_POLL_MS = 1500;
export const SCREENING_POLLS = 20;

export interface Screening {
  status: OrderStatus;
  /** Still asking the server whether the order waits for a review. */
  following: boolean;
}

/**
 * A console withdrawal is stored as a new order (0); the server's screening (risk limits, the
 * risk-control address) then holds it for review (1) or lets it be paid. This follows the order
 * with `/withdraw/query` until the server has decided, so the page says what the server decided
 * and never guesses. The server lets the order's creator follow it, and a withdrawal list every
 * order; a role with neither cannot follow.
 */
export function useScreening(row: WithdrawalRow, canQuery: boolean): Screening {
  const [status, setStatus] = useState<OrderStatus>(row.status);
  const [following, setFollowing] = useState(canQuery && row.status === OrderStatus.New);

  useEffect(() => {
    setStatus(row.status);
    if (!canQuery || row.status !== OrderStatus.New) {
      setFollowing(false);
      return;
    }
    setFollowing(true);
    let alive = true;
    let polls = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      polls += 1;
      let next: OrderStatus | undefined;
      try {
        next = (await queryWithdrawals([row.id])).find((progress) => progress.id === row.id)?.status;
      } catch {
        next = undefined; // a failed poll is retried like an undecided one
      }
      if (!alive) return;
      if (next !== undefined) setStatus(next);
      if ((next === undefined || next === OrderStatus.New) && polls < SCREENING_POLLS) {
        timer = setTimeout(() => void poll(), SCREENING_POLL_MS);
      } else {
        setFollowing(false);
      }
    };
    timer = setTimeout(() => void poll(), SCREENING_POLL_MS);
    return () => {
      alive = false;
      if (timer) clearTimeout(timer);
    };
  }, [row, canQuery]);

  return { status, following };
}
