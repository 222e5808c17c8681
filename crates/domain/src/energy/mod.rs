//! TRON energy: the provider stakes TRX from a platform energy account and delegates the energy
//! it yields. This part is the account and the operator's staking (`coffer admin energy`); what
//! the pool holds is always read from the chain (the resource port), never kept here.
//!
//! - The energy account is the platform merchant's key m/44'/195'/2'/0/0 (its own BIP44
//!   purpose, so no deposit address or hot wallet shares it), saved per chain once made so every
//!   address check knows it: it is never a payee or a cold address, and TRX sent to it is not a
//!   deposit.
//! - Every transaction it signs is stored before it is broadcast ([`EnergyTx`]); the follow
//!   round sends a stored one again until the chain includes it or says it never can.

pub mod base;
pub mod janitor;
pub mod order;
pub mod orders;
pub mod pool;
pub mod provider;
pub mod quote;
pub mod service;
pub mod settings;
mod stake;
pub mod supply;
mod verify;

pub use stake::{EnergyStaking, PoolStatus, StakeOrder, StakingError, StakingResult};

use chrono::{DateTime, Utc};

use crate::ports::tron_resources::StakeResource;
use crate::ports::MerchantId;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EnergyAccount {
    pub chain_id: i64,
    pub address: String,
    pub merchant_id: MerchantId,
    pub path: String,
    pub created_at: DateTime<Utc>,
}

crate::stored_codes! {
    /// What a stored transaction does.
    pub enum EnergyTxKind {
        Stake = 1,
        Unstake = 2,
        Withdraw = 3,
        Delegate = 4,
        Undelegate = 5,
        /// 1 sun sent to an address that does not exist yet, which creates it.
        Activate = 6,
    }

    /// Where a stored transaction is.
    pub enum EnergyTxState {
        /// Stored, not yet accepted by a node.
        Signed = 0,
        /// A node accepted it.
        Sent = 1,
        /// In a block, succeeded.
        Done = 2,
        /// In a block and failed, refused by the node, or it can never be included.
        Failed = 3,
    }

    /// `protocol.ResourceCode`.
    pub enum StoredResource {
        Bandwidth = 0,
        Energy = 1,
    }
}

impl EnergyTxKind {
    pub fn name(self) -> &'static str {
        match self {
            EnergyTxKind::Stake => "stake",
            EnergyTxKind::Unstake => "unstake",
            EnergyTxKind::Withdraw => "withdraw",
            EnergyTxKind::Delegate => "delegate",
            EnergyTxKind::Undelegate => "undelegate",
            EnergyTxKind::Activate => "activate",
        }
    }
}

impl EnergyTxState {
    pub fn name(self) -> &'static str {
        match self {
            EnergyTxState::Signed => "signed",
            EnergyTxState::Sent => "sent",
            EnergyTxState::Done => "done",
            EnergyTxState::Failed => "failed",
        }
    }
}

impl From<StakeResource> for StoredResource {
    fn from(resource: StakeResource) -> StoredResource {
        match resource {
            StakeResource::Bandwidth => StoredResource::Bandwidth,
            StakeResource::Energy => StoredResource::Energy,
        }
    }
}

impl From<StoredResource> for StakeResource {
    fn from(resource: StoredResource) -> StakeResource {
        match resource {
            StoredResource::Bandwidth => StakeResource::Bandwidth,
            StoredResource::Energy => StakeResource::Energy,
        }
    }
}

/// A transaction to store before its broadcast.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewEnergyTx {
    pub chain_id: i64,
    pub owner: String,
    pub kind: EnergyTxKind,
    pub resource: StakeResource,
    /// The receiver of a delegation ("" otherwise).
    pub receiver: String,
    pub amount_sun: u64,
    pub hash: String,
    pub raw: String,
    pub at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EnergyTx {
    pub id: i64,
    pub chain_id: i64,
    pub owner: String,
    pub kind: EnergyTxKind,
    pub resource: StakeResource,
    pub receiver: String,
    pub amount_sun: u64,
    pub hash: String,
    pub raw: String,
    pub state: EnergyTxState,
    pub block: Option<u64>,
    /// Why it failed ("" otherwise).
    pub reason: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}
