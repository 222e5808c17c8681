//! The supply round's check of a delivery: it counts only once the chain shows it
//! ([`EnergyPool::shown`](super::pool::EnergyPool::shown): the delegate transaction did not
//! fail, the chain's delegation covers what the ledger holds open at the receiver, and the
//! receiver's available energy covers a transfer to a holder).
//!
//! A delivery the chain does not show within [`DELIVERY_TIMEOUT`](super::pool::DELIVERY_TIMEOUT)
//! failed: nothing is charged for it (if its delegation lands later, the janitor finds it and
//! takes it back); three in a row fail the order.

use chrono::{DateTime, Utc};

use super::orders::{Delegation, EnergyOrder, EnergyOrderStatus};
use super::pool::Shown;
use super::supply::{EnergySupply, SupplyReport, LATER, MAX_FAILURES, SOON};
use crate::error::AppResult;
use crate::ports::EnergyOrderProgress;

impl EnergySupply {
    pub(super) async fn check_delivery(
        &self,
        order: &EnergyOrder,
        d: &Delegation,
        p: &mut EnergyOrderProgress,
        report: &mut SupplyReport,
        now: DateTime<Utc>,
    ) -> AppResult<()> {
        let pool = self.pool();
        let shown = pool.shown(d, order.min_use_energy as u64, now).await?;
        pool.settle_shown(d, &shown, now).await?;
        match shown {
            Shown::Delivered { .. } => {
                p.status = EnergyOrderStatus::Processing;
                p.failures = 0;
                p.reason = String::new();
                p.next_at = now + LATER;
                report.delivered += 1;
            }
            Shown::Pending => p.next_at = now + SOON,
            Shown::Failed(why) => {
                p.failures += 1;
                p.reason = format!("delivery failed: {why}");
                p.next_at = now + SOON;
                report.failed += 1;
                if p.failures >= MAX_FAILURES {
                    // Ends it now: an ended order is not claimed again, so its points settle here.
                    p.status = EnergyOrderStatus::Failed;
                    self.finish(order, p, now).await?;
                    report.ended += 1;
                }
            }
        }
        Ok(())
    }
}
