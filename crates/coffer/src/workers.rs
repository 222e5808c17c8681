//! The background workers of `coffer serve`: one deposit scanner loop per chain, the
//! callback delivery loop and housekeeping (expired sessions, codes and nonces). Each step claims its work in the database (leases), so several
//! processes on one PostgreSQL share the work without doing anything twice.

use coffer_domain::callbacks::CallbackService;
use coffer_domain::clock::Clock;
use coffer_domain::deposits::scanner::DepositScanner;
use coffer_domain::deposits::HeadSource;
use coffer_domain::ports::{Cutoffs, Housekeeping, ScanRepo};
use coffer_domain::withdrawals::executor::{ExecReport, WithdrawalExecutor};
use std::sync::Arc;
use std::time::Duration;
use tokio::task::JoinHandle;

/// The scanner's view of each chain's head, from its cursor (cheap; no node call per row).
pub struct ScannedHeads(pub Arc<dyn ScanRepo>);

#[async_trait::async_trait]
impl HeadSource for ScannedHeads {
    /// The newest block the scanner has recorded: the one before its cursor.
    async fn head(&self, chain_id: i64) -> Option<u64> {
        let next = self.0.scan_cursor(chain_id).await.ok().flatten()?;
        next.checked_sub(1)
    }
}

/// How often expired rows are deleted (a cheap indexed delete; once at start, then hourly).
const HOUSEKEEPING_EVERY: Duration = Duration::from_secs(3600);

/// Deletes expired sessions, e-mail codes and merchant API nonces.
pub struct Housekeeper {
    pub repo: Arc<dyn Housekeeping>,
    pub clock: Arc<dyn Clock>,
    pub session_idle: chrono::Duration,
    pub session_absolute: chrono::Duration,
}

impl Housekeeper {
    pub async fn run_once(&self) -> coffer_domain::error::AppResult<coffer_domain::ports::Pruned> {
        let cutoffs = Cutoffs::at(self.clock.now(), self.session_idle, self.session_absolute);
        self.repo.prune(&cutoffs).await
    }
}

pub struct Workers {
    handles: Vec<JoinHandle<()>>,
}

/// What `coffer serve` runs beside the API, and how often.
pub struct WorkerSet {
    pub scanner: Arc<DepositScanner>,
    pub chain_ids: Vec<i64>,
    pub callbacks: Arc<CallbackService>,
    pub housekeeper: Arc<Housekeeper>,
    pub executor: Arc<WithdrawalExecutor>,
    pub scan_every: Duration,
    pub poll_every: Duration,
    pub execute_every: Duration,
}

impl Workers {
    pub fn spawn(set: WorkerSet) -> Workers {
        let WorkerSet {
            scanner,
            chain_ids,
            callbacks,
            housekeeper,
            executor,
            scan_every,
            poll_every,
            execute_every,
        } = set;
        let mut handles = Vec::new();
        for chain_id in chain_ids {
            let scanner = scanner.clone();
            handles.push(tokio::spawn(async move {
                let mut ticker = tokio::time::interval(scan_every);
                ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
                loop {
                    ticker.tick().await;
                    match scanner.scan_chain(chain_id).await {
                        Ok(report) if report.blocks > 0 || report.confirmed > 0 || report.rolled_back > 0 => {
                            tracing::info!(chain_id, ?report, "deposit scan");
                        }
                        Ok(_) => {}
                        // A node that is down is retried next tick; the cursor has not moved.
                        Err(err) => tracing::warn!(chain_id, error = %err, "deposit scan failed"),
                    }
                }
            }));
        }
        handles.push(tokio::spawn(async move {
            let mut ticker = tokio::time::interval(poll_every);
            ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                ticker.tick().await;
                if let Err(err) = callbacks.deliver_due().await {
                    tracing::warn!(error = %err, "callback delivery failed");
                }
            }
        }));
        handles.push(tokio::spawn(async move {
            let mut ticker = tokio::time::interval(execute_every);
            ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                ticker.tick().await;
                match executor.step().await {
                    Ok(report) if report != ExecReport::default() => {
                        tracing::info!(?report, "withdrawals");
                    }
                    Ok(_) => {}
                    // A node or the database away: the leases run out and the next step retries.
                    Err(err) => tracing::warn!(error = %err, "withdrawal step failed"),
                }
            }
        }));
        handles.push(tokio::spawn(async move {
            let mut ticker = tokio::time::interval(HOUSEKEEPING_EVERY);
            ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                ticker.tick().await;
                match housekeeper.run_once().await {
                    Ok(pruned) => tracing::info!(?pruned, "housekeeping"),
                    Err(err) => tracing::warn!(error = %err, "housekeeping failed"),
                }
            }
        }));
        Workers { handles }
    }

    pub fn stop(self) {
        for handle in self.handles {
            handle.abort();
        }
    }
}
