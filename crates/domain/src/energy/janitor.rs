//! The janitor: takes back every delegation no longer owed, whatever happened before.
//!
//! - A delegation the supply round released (used, or its order ended) is taken back; when the
//!   chain refuses because its lock still runs, it is tried again once the lock ends (the time
//!   left is the chain's, measured against its head block, so no clock needs to agree).
//! - An undelegate that did not go through is tried again; one whose process died before its
//!   transaction was stored is looked at again after [`STUCK_AFTER`].
//! - What the chain's index shows delegated to a receiver the ledger has nothing open for (a
//!   delegation whose bookkeeping was lost, or made by hand), quiet for [`QUIET`], is recorded
//!   as an orphan and taken back the same way. Only the energy account's own delegations are in
//!   its index: nothing anybody else delegated is ever touched.

use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};

use super::orders::{Delegation, DelegationState, NewDelegation};
use super::pool::is_open;
use super::provider::{Delivery, EnergyProvider};
use super::{EnergyStaking, EnergyTxState};
use crate::chains::ChainRegistry;
use crate::error::AppResult;
use crate::ports::{DelegationChange, Ports};

/// An undelegate claimed this long ago without its transaction is looked at again.
pub const STUCK_AFTER: Duration = Duration::minutes(2);
/// A receiver whose ledger rows changed within this is not searched for orphans.
pub const QUIET: Duration = Duration::minutes(10);
/// A refused undelegate with no lock to wait for is tried again after this.
const RETRY: Duration = Duration::minutes(1);

#[derive(Debug, Default, PartialEq, Eq)]
pub struct JanitorReport {
    pub sent: usize,
    pub reclaimed: usize,
    pub retried: usize,
    pub orphans: usize,
}

pub struct EnergyJanitor {
    pub ports: Ports,
    pub chains: Arc<ChainRegistry>,
    pub staking: Arc<EnergyStaking>,
    pub provider: Arc<dyn EnergyProvider>,
}

impl EnergyJanitor {
    pub async fn round(&self) -> AppResult<JanitorReport> {
        let now = self.ports.clock.now();
        let mut report = JanitorReport::default();
        for d in self.ports.delegations.delegations_to_reclaim(now, 100).await? {
            if let Err(e) = self.reclaim(&d, now, &mut report).await {
                tracing::warn!(delegation = d.id, receiver = %d.receiver, "energy delegation not taken back: {e:?}");
            }
        }
        for chain_id in self.chains.tron_resource_chains() {
            if let Err(e) = self.orphans(chain_id, now, &mut report).await {
                tracing::warn!(chain = chain_id, "energy orphans not searched: {e:?}");
            }
        }
        Ok(report)
    }

    async fn reclaim(&self, d: &Delegation, now: DateTime<Utc>, report: &mut JanitorReport) -> AppResult<()> {
        let repo = &self.ports.delegations;
        match (d.state, d.undelegate_tx) {
            (DelegationState::ReclaimDue, _) => {
                let claimed = DelegationChange::to(DelegationState::Reclaiming, now);
                if !repo
                    .move_delegation(d.id, DelegationState::ReclaimDue, &claimed)
                    .await?
                {
                    return Ok(());
                }
                if let Delivery::Sent { tx } = self.provider.take_back(d).await? {
                    let mut linked = DelegationChange::to(DelegationState::Reclaiming, now);
                    linked.undelegate_tx = Some(tx);
                    repo.move_delegation(d.id, DelegationState::Reclaiming, &linked)
                        .await?;
                } else {
                    // Nothing of ours to take back (a market delegation ends by itself).
                    let done = DelegationChange::to(DelegationState::Reclaimed, now);
                    repo.move_delegation(d.id, DelegationState::Reclaiming, &done)
                        .await?;
                }
                report.sent += 1;
            }
            (_, Some(tx)) => {
                let tx = self.staking.transaction(tx).await?;
                match tx.state {
                    EnergyTxState::Done => {
                        let done = DelegationChange::to(DelegationState::Reclaimed, now);
                        repo.move_delegation(d.id, DelegationState::Reclaiming, &done)
                            .await?;
                        report.reclaimed += 1;
                    }
                    EnergyTxState::Failed => {
                        let after = self.retry_at(d, now).await?;
                        let mut again = DelegationChange::to(DelegationState::ReclaimDue, now);
                        again.undelegate_tx = None;
                        again.reclaim_after = Some(after);
                        again.reason =
                            Some(format!("taking back failed ({}); again after {after}", tx.reason));
                        repo.move_delegation(d.id, DelegationState::Reclaiming, &again)
                            .await?;
                        report.retried += 1;
                    }
                    EnergyTxState::Signed | EnergyTxState::Sent => {}
                }
            }
            (_, None) if now - d.updated_at >= STUCK_AFTER => {
                // Claimed by a process that died before storing its transaction.
                let mut again = DelegationChange::to(DelegationState::ReclaimDue, now);
                again.reclaim_after = Some(now);
                repo.move_delegation(d.id, DelegationState::Reclaiming, &again)
                    .await?;
                report.retried += 1;
            }
            _ => {}
        }
        Ok(())
    }

    /// When to try a refused undelegate again: when the chain's lock on it ends (its time left
    /// counted from the chain's head block), or after [`RETRY`].
    async fn retry_at(&self, d: &Delegation, now: DateTime<Utc>) -> AppResult<DateTime<Utc>> {
        let (Some(chain), Some(resources)) = (
            self.chains.get(d.chain_id),
            self.chains.tron_resources(d.chain_id),
        ) else {
            return Ok(now + RETRY);
        };
        let lock = resources.energy_delegation(&d.owner, &d.receiver).await?;
        let Some(lock) = lock.filter(|l| l.locked_sun > 0) else {
            return Ok(now + RETRY);
        };
        let head = chain.head().await?;
        let head_ms = match chain.block(head.number, &[]).await? {
            Some(block) => block.timestamp.max(0) as u64 * 1000,
            None => return Ok(now + RETRY),
        };
        let left = lock.lock_expires_at_ms.saturating_sub(head_ms);
        Ok(now + Duration::milliseconds(left as i64) + Duration::seconds(3))
    }

    async fn orphans(&self, chain_id: i64, now: DateTime<Utc>, report: &mut JanitorReport) -> AppResult<()> {
        let Some(account) = self.ports.energy.energy_account(chain_id).await? else {
            return Ok(());
        };
        let Some(resources) = self.chains.tron_resources(chain_id) else {
            return Ok(());
        };
        let repo = &self.ports.delegations;
        for receiver in resources.delegation_receivers(&account.address).await? {
            let rows = repo
                .delegations_between(chain_id, &account.address, &receiver)
                .await?;
            let busy = rows
                .iter()
                .any(|r| is_open(r.state) || now - r.updated_at < QUIET);
            if busy {
                continue;
            }
            let Some(on_chain) = resources.energy_delegation(&account.address, &receiver).await? else {
                continue;
            };
            let attempt = rows
                .iter()
                .filter(|r| r.order_id == 0 && r.collection_id == 0)
                .map(|r| r.attempt)
                .max()
                .unwrap_or(0)
                + 1;
            let orphan = NewDelegation {
                merchant_id: account.merchant_id,
                order_id: 0,
                collection_id: 0,
                use_no: 0,
                attempt,
                chain_id,
                owner: account.address.clone(),
                receiver: receiver.clone(),
                amount_sun: on_chain.amount_sun,
                energy: 0,
                at: now,
            };
            let id = repo.record_delegation(&orphan).await?;
            let mut due = DelegationChange::to(DelegationState::ReclaimDue, now);
            due.reclaim_after = Some(now);
            due.reason = Some("found on chain with nothing owed: taken back".into());
            repo.move_delegation(id, DelegationState::Delegating, &due)
                .await?;
            tracing::warn!(receiver = %receiver, amount_sun = on_chain.amount_sun, "energy delegation found with nothing owed; taking it back");
            report.orphans += 1;
        }
        Ok(())
    }
}
