//! The background workers of `coffer serve`: one deposit scanner loop per chain and the
//! callback delivery loop. Each step claims its work in the database (leases), so several
//! processes on one PostgreSQL share the work without doing anything twice.

use coffer_domain::callbacks::CallbackService;
use coffer_domain::deposits::scanner::DepositScanner;
use coffer_domain::deposits::HeadSource;
use coffer_store::Store;
use std::sync::Arc;
use std::time::Duration;
use tokio::task::JoinHandle;

/// The scanner's view of each chain's head, from its cursor (cheap; no node call per row).
pub struct ScannedHeads(pub Store);

#[async_trait::async_trait]
impl HeadSource for ScannedHeads {
    async fn head(&self, chain_id: i64) -> Option<u64> {
        self.0.scanned_head(chain_id).await.ok().flatten()
    }
}

pub struct Workers {
    handles: Vec<JoinHandle<()>>,
}

impl Workers {
    pub fn spawn(
        scanner: Arc<DepositScanner>,
        chain_ids: Vec<i64>,
        callbacks: Arc<CallbackService>,
        scan_every: Duration,
        poll_every: Duration,
    ) -> Workers {
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
        Workers { handles }
    }

    pub fn stop(self) {
        for handle in self.handles {
            handle.abort();
        }
    }
}
