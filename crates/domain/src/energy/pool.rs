//! Lending the pool's energy to a receiver, and the chain's word on it: what an energy order's
//! supply round and a smart collection's sweep share.
//!
//! - [`EnergyPool::give`]: the stake that yields `energy` is sized from the chain's totals now;
//!   a pool that cannot spare it says so (nothing recorded); otherwise the delegation is
//!   recorded in the ledger before the provider's transaction is broadcast.
//! - [`EnergyPool::shown`]: a delivery counts only once the chain shows it: the delegate
//!   transaction did not fail, the chain's delegation from the pool to the receiver is at least
//!   what the ledger holds open there (every order's and collection's), and the receiver's
//!   available energy covers what it needs. Not shown within [`DELIVERY_TIMEOUT`]: failed.

use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};

use super::orders::{Delegation, DelegationState, NewDelegation};
use super::provider::{Delivery, EnergyProvider};
use super::{EnergyStaking, EnergyTxState};
use crate::chains::ChainRegistry;
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::ports::tron_resources::{stake_for_energy, StakeResource, TronResources};
use crate::ports::{DelegationChange, MerchantId, Ports};

/// A delivery the chain does not show by then failed.
pub const DELIVERY_TIMEOUT: Duration = Duration::minutes(2);

/// Energy a receiver is owed, and whose it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Owed {
    pub merchant_id: MerchantId,
    pub chain_id: i64,
    pub receiver: String,
    pub energy: u64,
    /// The energy order's id and use, or 0.
    pub order_id: i64,
    pub use_no: i64,
    /// The collection's id, or 0.
    pub collection_id: i64,
    pub attempt: i64,
}

/// What [`EnergyPool::give`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Give {
    /// Recorded and handed to the provider: the ledger row's id.
    Sent(i64),
    /// Nothing done, for this reason (the pool is short, the chain reports no energy).
    Wait(String),
}

/// What the chain shows of a delegation still being delivered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shown {
    /// There: the receiver's used energy at this moment (the baseline a use is counted from).
    Delivered { energy_used: u64 },
    /// Not yet, within the timeout.
    Pending,
    /// Its transaction failed, or the chain did not show it in time: nothing is charged.
    Failed(String),
}

pub struct EnergyPool {
    pub ports: Ports,
    pub chains: Arc<ChainRegistry>,
    pub staking: Arc<EnergyStaking>,
    pub provider: Arc<dyn EnergyProvider>,
}

impl EnergyPool {
    fn resources(&self, chain_id: i64) -> AppResult<&Arc<dyn TronResources>> {
        self.chains
            .tron_resources(chain_id)
            .ok_or(AppError::Invalid(MsgKey::EnergyNotTron))
    }

    pub async fn give(&self, owed: &Owed, now: DateTime<Utc>) -> AppResult<Give> {
        let resources = self.resources(owed.chain_id)?;
        let account = self
            .staking
            .account(owed.chain_id)
            .await
            .map_err(|e| e.into_app())?;
        let pool = resources.account(&account.address).await?;
        let Some(amount_sun) =
            stake_for_energy(owed.energy, pool.total_energy_limit, pool.total_energy_weight)
        else {
            return Ok(Give::Wait("the chain reports no energy".into()));
        };
        let free = resources
            .can_delegate_max(&account.address, StakeResource::Energy)
            .await?;
        if free < amount_sun {
            return Ok(Give::Wait(
                "the provider's energy pool cannot spare it now".into(),
            ));
        }
        let row = NewDelegation {
            merchant_id: owed.merchant_id,
            order_id: owed.order_id,
            collection_id: owed.collection_id,
            use_no: owed.use_no,
            attempt: owed.attempt,
            chain_id: owed.chain_id,
            owner: account.address.clone(),
            receiver: owed.receiver.clone(),
            amount_sun,
            energy: owed.energy,
            at: now,
        };
        let id = self.ports.delegations.record_delegation(&row).await?;
        let recorded = Delegation {
            id,
            merchant_id: row.merchant_id,
            order_id: row.order_id,
            collection_id: row.collection_id,
            use_no: row.use_no,
            attempt: row.attempt,
            chain_id: row.chain_id,
            owner: row.owner,
            receiver: row.receiver,
            amount_sun,
            energy: row.energy,
            state: DelegationState::Delegating,
            delegate_tx: None,
            undelegate_tx: None,
            baseline_used: 0,
            verified_at: None,
            used_at: None,
            reclaim_after: now,
            reason: String::new(),
            created_at: now,
            updated_at: now,
        };
        if let Delivery::Sent { tx } = self.provider.deliver(&recorded).await? {
            let mut change = DelegationChange::to(DelegationState::Delegating, now);
            change.delegate_tx = Some(tx);
            self.ports
                .delegations
                .move_delegation(id, DelegationState::Delegating, &change)
                .await?;
        }
        Ok(Give::Sent(id))
    }

    /// Whether the chain shows the delegation `d` (still delivering), the receiver holding at
    /// least `needs` energy.
    pub async fn shown(&self, d: &Delegation, needs: u64, now: DateTime<Utc>) -> AppResult<Shown> {
        let resources = self.resources(d.chain_id)?;
        let tx_failed = match d.delegate_tx {
            Some(tx) => {
                let tx = self.staking.transaction(tx).await?;
                (tx.state == EnergyTxState::Failed).then_some(tx.reason)
            }
            None => None,
        };
        // What the ledger says the pool has open at this receiver, whoever it is for (two
        // orders, or an order and a collection, may supply one address): the chain must show
        // at least all of it.
        let owed: u64 = self
            .ports
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
        if tx_failed.is_none() && on_chain >= owed && theirs.energy_available() >= needs {
            return Ok(Shown::Delivered {
                energy_used: theirs.energy_used,
            });
        }
        if tx_failed.is_none() && now - d.created_at < DELIVERY_TIMEOUT {
            return Ok(Shown::Pending);
        }
        Ok(Shown::Failed(tx_failed.unwrap_or_else(|| {
            "the chain does not show the delegation".into()
        })))
    }

    /// Records what [`Self::shown`] said of a delegation still delivering: delivered (verified,
    /// with its baseline) or failed (with why; nothing is charged for it).
    pub async fn settle_shown(&self, d: &Delegation, shown: &Shown, now: DateTime<Utc>) -> AppResult<bool> {
        let change = match shown {
            Shown::Delivered { energy_used } => {
                let mut change = DelegationChange::to(DelegationState::Delegated, now);
                change.baseline_used = Some(*energy_used);
                change.verified_at = Some(now);
                change
            }
            Shown::Failed(why) => {
                tracing::warn!(
                    delegation = d.id,
                    receiver = %d.receiver,
                    provider = self.provider.name(),
                    "energy delivery failed: {why}"
                );
                let mut change = DelegationChange::to(DelegationState::Failed, now);
                change.reason = Some(why.clone());
                change
            }
            Shown::Pending => return Ok(false),
        };
        self.ports
            .delegations
            .move_delegation(d.id, DelegationState::Delegating, &change)
            .await
    }
}

/// Still delegated or about to be, as far as the ledger knows.
pub fn is_open(state: DelegationState) -> bool {
    !matches!(state, DelegationState::Reclaimed | DelegationState::Failed)
}
