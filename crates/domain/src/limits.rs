//! Per-merchant limits on calls that cost the service much, counted in the database so that
//! every process sharing it counts together: how many run at once (exports, leased rows of
//! `ports::export_runs`) and how soon the same call may come again (the test callback, a
//! counter of `ports::attempts`).

use chrono::{DateTime, Duration, Utc};
use std::sync::Arc;

use crate::clock::Clock;
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::ports::{AttemptKey, AttemptRepo, AttemptRule, ExportRuns, MerchantId};

/// Exports one merchant may run at once, on all the nodes together; a finished, failed or
/// dropped one frees its place.
pub const EXPORTS_AT_ONCE: u64 = 2;

/// The longest wait between two tries to free the place of an export that ended while the
/// database failed.
const RETRY_AT_MOST: std::time::Duration = std::time::Duration::from_secs(30);

/// At most `limit` calls a second of one kind per merchant (`subject`), else 10429 `refusal`.
/// Its counter's subject never meets a sign-in's (`password:`, `totp:`).
async fn pass_per_second(
    attempts: &dyn AttemptRepo,
    subject: &str,
    limit: i32,
    refusal: MsgKey,
    now: DateTime<Utc>,
) -> AppResult<()> {
    let key = AttemptKey { subject, source: "" };
    let rule = AttemptRule {
        limit,
        window: Duration::seconds(1),
        // Never locked: a call beyond the limit is refused, the next second passes.
        lock: Duration::zero(),
    };
    match attempts.reserve_attempt(key, rule, now).await? {
        Ok(()) => Ok(()),
        Err(_) => Err(AppError::TooManyRequests(refusal)),
    }
}

/// "Send test callback": once a second per merchant (each sends a signed request out).
pub async fn pass_test_callback(
    attempts: &dyn AttemptRepo,
    merchant_id: MerchantId,
    now: DateTime<Utc>,
) -> AppResult<()> {
    let subject = format!("test_callback:{merchant_id}");
    pass_per_second(attempts, &subject, 1, MsgKey::TestCallbackTooSoon, now).await
}

/// Exchange quotes read their pair's price feed live, each one: [`QUOTES_PER_SECOND`] a second
/// per merchant, so no merchant makes Coffer flood a feed (and be shut out by it).
pub async fn pass_exchange_quote(
    attempts: &dyn AttemptRepo,
    merchant_id: MerchantId,
    now: DateTime<Utc>,
) -> AppResult<()> {
    let subject = format!("exchange_quote:{merchant_id}");
    pass_per_second(
        attempts,
        &subject,
        QUOTES_PER_SECOND,
        MsgKey::ExchangeQuotesTooFast,
        now,
    )
    .await
}

/// Exchange quotes a merchant may ask for in one second.
pub const QUOTES_PER_SECOND: i32 = 10;

/// The exports' places: [`EXPORTS_AT_ONCE`] per merchant.
pub struct ExportSlots {
    pub runs: Arc<dyn ExportRuns>,
    pub clock: Arc<dyn Clock>,
    /// This process's name for its running exports (`<process>/exports`): one of the
    /// heartbeat's owners, so their leases are renewed while the process lives.
    pub owner: String,
    pub lease: Duration,
}

impl ExportSlots {
    /// One of the merchant's places; 10429 when its exports already fill them.
    pub async fn take(&self, merchant_id: MerchantId) -> AppResult<Slot> {
        let now = self.clock.now();
        let id = self
            .runs
            .start_export_run(merchant_id, EXPORTS_AT_ONCE, &self.owner, now, now + self.lease)
            .await?
            .ok_or(AppError::TooManyRequests(MsgKey::ExportsRunning))?;
        Ok(Slot {
            run: Some(Run {
                id,
                runs: self.runs.clone(),
            }),
        })
    }
}

/// One of a merchant's places, free again when the export ends ([`Slot::free`]) or when it is
/// dropped: whether what holds it failed or was dropped half way (a download the client left).
pub struct Slot {
    run: Option<Run>,
}

struct Run {
    id: i64,
    runs: Arc<dyn ExportRuns>,
}

impl Run {
    /// Deletes the run's row, trying again while the database fails: a row left would be
    /// renewed by the heartbeat for as long as the process lives, holding the place.
    async fn end(self) {
        let mut wait = std::time::Duration::from_secs(1);
        while let Err(err) = self.runs.end_export_run(self.id).await {
            tracing::warn!(error = %err, run = self.id, "freeing an export's place failed: trying again");
            tokio::time::sleep(wait).await;
            wait = (wait * 2).min(RETRY_AT_MOST);
        }
    }
}

impl Slot {
    /// The export is over: its place is free when this returns (unless the database failed,
    /// then as soon as it answers again).
    pub async fn free(mut self) {
        if let Some(run) = self.run.take() {
            if let Err(err) = run.runs.end_export_run(run.id).await {
                tracing::warn!(error = %err, run = run.id, "freeing an export's place failed");
                tokio::spawn(run.end());
            }
        }
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let Some(run) = self.run.take() else {
            return;
        };
        match tokio::runtime::Handle::try_current() {
            Ok(runtime) => {
                runtime.spawn(run.end());
            }
            // Not on a runtime (a shutdown): the row's lease runs out, nothing renews it.
            Err(_) => tracing::warn!(run = run.id, "an export's place is freed when its lease runs out"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::ManualClock;
    use std::sync::Mutex;

    /// Runs counted in memory, as the database counts them; what was ended, in order.
    #[derive(Default)]
    struct Counted {
        live: Mutex<Vec<(i64, MerchantId)>>,
        ended: Mutex<Vec<i64>>,
    }

    #[async_trait::async_trait]
    impl ExportRuns for Counted {
        async fn start_export_run(
            &self,
            merchant_id: MerchantId,
            limit: u64,
            _owner: &str,
            _now: DateTime<Utc>,
            _lease_until: DateTime<Utc>,
        ) -> AppResult<Option<i64>> {
            let mut live = self.live.lock().unwrap();
            let held = live.iter().filter(|(_, m)| *m == merchant_id).count() as u64;
            if held >= limit {
                return Ok(None);
            }
            let id = live.len() as i64 + self.ended.lock().unwrap().len() as i64 + 1;
            live.push((id, merchant_id));
            Ok(Some(id))
        }

        async fn end_export_run(&self, id: i64) -> AppResult<()> {
            self.live.lock().unwrap().retain(|(run, _)| *run != id);
            self.ended.lock().unwrap().push(id);
            Ok(())
        }
    }

    fn slots(runs: Arc<Counted>) -> ExportSlots {
        let at = "2026-11-22T08:00:00Z".parse::<DateTime<Utc>>().unwrap();
        ExportSlots {
            runs,
            clock: Arc::new(ManualClock::new(at)),
            owner: "node/exports".into(),
            lease: Duration::seconds(6),
        }
    }

    #[tokio::test]
    async fn a_slot_is_free_once_when_freed_or_dropped() {
        let runs = Arc::new(Counted::default());
        let slots = slots(runs.clone());
        let first = slots.take(1).await.unwrap();
        let second = slots.take(1).await.unwrap();
        assert!(matches!(
            slots.take(1).await,
            Err(AppError::TooManyRequests(MsgKey::ExportsRunning))
        ));
        assert!(slots.take(2).await.is_ok(), "each merchant its own");

        first.free().await;
        assert!(runs.ended.lock().unwrap().contains(&1), "free when free returns");
        drop(second);
        for _ in 0..100 {
            if runs.ended.lock().unwrap().len() == 3 {
                break;
            }
            tokio::task::yield_now().await;
        }
        // Merchant 2's slot was dropped at once, then the second: each ended by a task.
        let mut ended = runs.ended.lock().unwrap().clone();
        ended.sort();
        assert_eq!(ended, [1, 2, 3], "each run ended exactly once");
    }
}
