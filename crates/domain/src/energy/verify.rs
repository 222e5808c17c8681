//! The supply round's check of a delivery: it counts only once the chain shows it.
//!
//! - The delegate transaction (when the provider signed one) must not have failed.
//! - The chain's delegation from the pool to the receiver must be at least what the ledger says
//!   the pool has open there (this delegation included).
//! - The receiver's available energy must cover at least one transfer to a holder.
//!
//! A delivery the chain does not show within [`DELIVERY_TIMEOUT`] failed: nothing is charged
//! for it (if its delegation lands later, the janitor finds it and takes it back).

use chrono::{DateTime, Utc};

use super::orders::{Delegation, DelegationState, EnergyOrder, EnergyOrderStatus};
use super::supply::{is_open, EnergySupply, SupplyReport, DELIVERY_TIMEOUT, LATER, MAX_FAILURES, SOON};
use super::EnergyTxState;
use crate::error::AppResult;
use crate::ports::{DelegationChange, EnergyOrderProgress};

impl EnergySupply {
    pub(super) async fn check_delivery(
        &self,
        order: &EnergyOrder,
        d: &Delegation,
        p: &mut EnergyOrderProgress,
        report: &mut SupplyReport,
        now: DateTime<Utc>,
    ) -> AppResult<()> {
        let ports = &self.quotes.ports;
        let (_, resources) = self.quotes.tron(order.chain_id)?;
        let tx_failed = match d.delegate_tx {
            Some(tx) => {
                let tx = self.staking.transaction(tx).await?;
                (tx.state == EnergyTxState::Failed).then_some(tx.reason)
            }
            None => None,
        };
        // What the ledger says the pool has open at this receiver, every order's (two orders may
        // supply one address): the chain must show at least all of it.
        let owed: u64 = ports
            .delegations
            .delegations_between(d.chain_id, &d.owner, &d.receiver)
            .await?
            .iter()
            .filter(|o| is_open(o.state))
            .map(|o| o.amount_sun)
            .sum();
        let on_chain = resources
            .energy_delegation(&d.owner, &d.receiver)
            .await?
            .map_or(0, |x| x.amount_sun);
        let theirs = resources.account(&d.receiver).await?;
        if tx_failed.is_none() && on_chain >= owed && theirs.energy_available() >= order.min_use_energy as u64
        {
            let mut change = DelegationChange::to(DelegationState::Delegated, now);
            change.baseline_used = Some(theirs.energy_used);
            change.verified_at = Some(now);
            ports
                .delegations
                .move_delegation(d.id, DelegationState::Delegating, &change)
                .await?;
            p.status = EnergyOrderStatus::Processing;
            p.failures = 0;
            p.reason = String::new();
            p.next_at = now + LATER;
            report.delivered += 1;
            return Ok(());
        }
        if tx_failed.is_none() && now - d.created_at < DELIVERY_TIMEOUT {
            p.next_at = now + SOON;
            return Ok(());
        }
        let why = tx_failed.unwrap_or_else(|| "the chain does not show the delegation".into());
        let mut change = DelegationChange::to(DelegationState::Failed, now);
        change.reason = Some(why.clone());
        ports
            .delegations
            .move_delegation(d.id, DelegationState::Delegating, &change)
            .await?;
        tracing::warn!(
            order = order.id,
            delegation = d.id,
            provider = self.provider.name(),
            "energy delivery failed: {why}"
        );
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
        Ok(())
    }
}
