//! Where delivered energy comes from: the energy provider port. Two implementations:
//!
//! - [`OwnStake`]: delegates the platform energy account's stake to the receiver and takes it
//!   back (each transaction stored before its broadcast, as every energy transaction is);
//! - [`Burn`]: delivers nothing; the sender burns TRX at the live price, which is what the
//!   energy would cost (collections without smart collection work this way).
//!
//! Whatever a provider says, a delivery counts only once the chain shows it (the supply round
//! checks the delegation and the receiver's energy): a provider's "delivered" is not proof.
//! A market provider (one selling delegations by API) fits the same port: `deliver` buys a
//! delegation of `energy` to the receiver for the order's time and returns its reference,
//! `take_back` is nothing (its delegation ends by itself); the chain checks stay the same.

use std::sync::Arc;

use super::orders::Delegation;
use super::{EnergyStaking, EnergyTxKind};
use crate::error::AppResult;
use crate::ports::tron_resources::{StakeAction, StakeResource};

/// What a provider did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Delivery {
    /// A transaction was signed and stored (its `energy_tx` id), and sent or to be sent.
    Sent { tx: i64 },
    /// Bought from a market provider (its reference); nothing of ours to follow.
    Bought { reference: String },
    /// Nothing delivered: the sender burns `cost_sun` instead.
    Burn { cost_sun: u64 },
}

#[async_trait::async_trait]
pub trait EnergyProvider: Send + Sync {
    fn name(&self) -> &'static str;
    /// Delivers the delegation's energy to its receiver.
    async fn deliver(&self, delegation: &Delegation) -> AppResult<Delivery>;
    /// Takes a delivered delegation back.
    async fn take_back(&self, delegation: &Delegation) -> AppResult<Delivery>;
}

/// The platform energy account's own stake.
pub struct OwnStake {
    pub staking: Arc<EnergyStaking>,
    /// Some(blocks): each delegation is locked that many 3-second blocks (it cannot be taken
    /// back before); None: not locked, taken back as soon as it is no longer owed.
    pub lock_blocks: Option<u64>,
}

#[async_trait::async_trait]
impl EnergyProvider for OwnStake {
    fn name(&self) -> &'static str {
        "own stake"
    }

    async fn deliver(&self, d: &Delegation) -> AppResult<Delivery> {
        let action = StakeAction::Delegate {
            owner: d.owner.clone(),
            receiver: d.receiver.clone(),
            amount_sun: d.amount_sun,
            resource: StakeResource::Energy,
            lock_blocks: self.lock_blocks,
        };
        let tx = self
            .staking
            .send_action(d.chain_id, EnergyTxKind::Delegate, action)
            .await?;
        Ok(Delivery::Sent { tx })
    }

    async fn take_back(&self, d: &Delegation) -> AppResult<Delivery> {
        let action = StakeAction::Undelegate {
            owner: d.owner.clone(),
            receiver: d.receiver.clone(),
            amount_sun: d.amount_sun,
            resource: StakeResource::Energy,
        };
        let tx = self
            .staking
            .send_action(d.chain_id, EnergyTxKind::Undelegate, action)
            .await?;
        Ok(Delivery::Sent { tx })
    }
}

/// No energy: the sender burns TRX at the live price.
pub struct Burn {
    pub staking: Arc<EnergyStaking>,
}

#[async_trait::async_trait]
impl EnergyProvider for Burn {
    fn name(&self) -> &'static str {
        "burn"
    }

    async fn deliver(&self, d: &Delegation) -> AppResult<Delivery> {
        let price = self.staking.energy_price(d.chain_id).await?;
        Ok(Delivery::Burn {
            cost_sun: d.energy.saturating_mul(price),
        })
    }

    async fn take_back(&self, _d: &Delegation) -> AppResult<Delivery> {
        Ok(Delivery::Burn { cost_sun: 0 })
    }
}
