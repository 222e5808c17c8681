//! Completing the deposits that have their confirmations, at the end of each scan step.

use chrono::{DateTime, Utc};

use super::rules;
use super::scanner::DepositScanner;
use crate::callbacks::events::CallbackEvents;
use crate::error::{AppError, AppResult};
use crate::ports::Work;

/// Most deposits completed in one transaction: a catch-up completes hundreds a step.
const BATCH: usize = 200;

impl DepositScanner {
    /// Completes the chain's deposits that have their confirmations at `head`, a batch per
    /// transaction. A batch that fails is done again one deposit at a time: one that cannot be
    /// completed (its stored data, its event) is logged and left confirming, and every other
    /// deposit of the chain still completes.
    pub(super) async fn confirm(
        &self,
        chain_id: i64,
        head: u64,
        now: DateTime<Utc>,
        events: &CallbackEvents,
    ) -> AppResult<u64> {
        let due: Vec<(i64, bool)> = self
            .ports
            .scan
            .confirming_deposits(chain_id)
            .await?
            .into_iter()
            .filter(|d| rules::is_confirmed(d, head))
            .map(|d| (d.id, rules::is_credited(&d.note)))
            .collect();
        let mut done = 0;
        for batch in due.chunks(BATCH) {
            match self.ports.scan.complete_deposits(batch, now, events).await {
                Ok(completed) => {
                    if completed > 0 {
                        // Committed: their callbacks need not wait for the delivery worker's poll.
                        self.ports.wakeups.ready(Work::Callbacks);
                    }
                    done += completed;
                }
                Err(err @ AppError::Unavailable(_)) => return Err(err),
                Err(_) => done += self.complete_one_by_one(batch, now, events).await?,
            }
        }
        Ok(done)
    }

    async fn complete_one_by_one(
        &self,
        due: &[(i64, bool)],
        now: DateTime<Utc>,
        events: &CallbackEvents,
    ) -> AppResult<u64> {
        let mut done = 0;
        for &(id, credited) in due {
            match self
                .ports
                .scan
                .complete_deposits(&[(id, credited)], now, events)
                .await
            {
                Ok(1) => {
                    self.ports.wakeups.ready(Work::Callbacks);
                    done += 1;
                }
                Ok(_) => {}
                Err(err @ AppError::Unavailable(_)) => return Err(err),
                Err(err) => {
                    tracing::error!(deposit_id = id, error = %err, "deposit not completed; left confirming")
                }
            }
        }
        Ok(done)
    }
}
