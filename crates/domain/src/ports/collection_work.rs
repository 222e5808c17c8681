//! What the sweep executor needs from storage: open collections claimed under leases, their
//! on-chain steps (each a signed transaction stored before it is broadcast), what a sweep is
//! decided from, and the merchant's fee settings per chain.

use chrono::{DateTime, Utc};

use super::chain::SignedTx;
use super::{HotWalletRecord, MerchantId};
use crate::amount::BaseUnits;
use crate::collection::split::ColdShare;
use crate::collection::state::CollectionStatus;
use crate::error::AppResult;

crate::stored_codes! {
    /// What an on-chain step of a collection does.
    pub enum StepKind {
        /// Native coin from the fee wallet to the deposit address, for the sweep's fee.
        TopUp = 1,
        /// TRON: the account activation a new address needs before it can send.
        Activation = 2,
        /// One part of the sweep, from the deposit address to a cold address.
        Sweep = 3,
        /// TRON (`setTrxCollect`): the TRX left at the address once no token remains, to the
        /// cold address the sweep went to.
        Leftover = 4,
    }

    /// Where a step's transaction stands.
    pub enum StepState {
        /// Stored, not yet sent: a crash here sends this same transaction.
        Signed = 1,
        /// Sent; not in a block yet.
        Broadcast = 2,
        /// In a block, not yet deep enough.
        Seen = 3,
        Confirmed = 4,
        /// Can never be included (refused for good, reverted, or replaced): its nonce is free.
        Dead = 5,
    }
}

/// An open collection as the executor works on it, and a row of Collection transactions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CollectionRecord {
    pub id: i64,
    pub merchant_id: MerchantId,
    pub asset_id: i64,
    pub run_id: Option<i64>,
    pub trigger: super::CollectTrigger,
    pub chain_id: i64,
    /// 0: the chain's native coin.
    pub token_id: i64,
    pub decimals: i32,
    pub deposit_address_id: i64,
    pub address: String,
    pub status: CollectionStatus,
    pub reason: String,
    /// Credited and not yet collected when it was planned.
    pub waiting: BaseUnits,
    /// Swept (the chain balance when the sweep was signed); None before.
    pub amount: Option<BaseUnits>,
    /// Of `amount`, what credited (or confirming) deposits account for.
    pub attributed: Option<BaseUnits>,
    pub unattributed: Option<BaseUnits>,
    pub fee_estimated: Option<BaseUnits>,
    pub fee_paid: Option<BaseUnits>,
    /// Smart collection (`collection/energy.rs`): the energy delegated for the sweep once the
    /// chain showed it (Some(0): given up for this collection, it burns; None: not tried).
    pub energy: Option<u64>,
    /// What the sweep would have burned without energy.
    pub burn_fee: Option<BaseUnits>,
    /// The TRX points held for the energy.
    pub energy_points: Option<i64>,
    pub next_attempt_at: DateTime<Utc>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StepRecord {
    pub id: i64,
    pub collection_id: i64,
    pub kind: StepKind,
    /// The sweep part's number (0 for a top-up or an activation).
    pub part: i32,
    pub from_address: String,
    pub to_address: String,
    /// 0: the native coin.
    pub token_id: i64,
    pub amount: BaseUnits,
    pub fee_estimated: BaseUnits,
    pub fee_paid: Option<BaseUnits>,
    pub tx_hash: String,
    pub signed_raw: String,
    pub nonce: Option<i64>,
    pub state: StepState,
    pub block_number: Option<i64>,
    /// Why it is dead.
    pub reason: String,
    pub created_at: DateTime<Utc>,
    pub broadcast_at: Option<DateTime<Utc>>,
    pub confirmed_at: Option<DateTime<Utc>>,
}

impl StepRecord {
    pub fn signed(&self) -> SignedTx {
        SignedTx {
            hash: self.tx_hash.clone(),
            raw: self.signed_raw.clone(),
            nonce: self.nonce.map(|n| n as u64),
        }
    }

    pub fn is_live(&self) -> bool {
        self.state != StepState::Dead
    }
}

/// A step to store with a collection's change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewStep {
    pub kind: StepKind,
    pub part: i32,
    pub from_address: String,
    pub to_address: String,
    pub token_id: i64,
    pub amount: BaseUnits,
    pub fee_estimated: BaseUnits,
    pub signed: SignedTx,
}

/// A collection's change: it moves from one of `from` to `to` with these fields set, or
/// nothing happens (another process changed it first). Entering a closed state closes it (its
/// pair may be planned again) and, in the same transaction, adds `attributed` (when set) to what
/// the pair and its asset collected and the steps' paid fees to `fee_paid`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CollectionChange {
    pub from: Vec<CollectionStatus>,
    pub to: Option<CollectionStatus>,
    pub reason: Option<String>,
    pub next_attempt_at: Option<DateTime<Utc>>,
    pub amount: Option<BaseUnits>,
    pub attributed: Option<BaseUnits>,
    pub unattributed: Option<BaseUnits>,
    pub fee_estimated: Option<BaseUnits>,
    pub energy: Option<u64>,
    pub burn_fee: Option<BaseUnits>,
    pub energy_points: Option<i64>,
    /// Stored with the change; refused as a whole if one's (sender, nonce) is taken by a live
    /// step (two signers raced for an address).
    pub steps: Vec<NewStep>,
}

/// What a sweep is decided from, read when it is about to be signed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SweepContext {
    /// None: the native coin.
    pub contract: Option<String>,
    pub min_collect: BaseUnits,
    pub min_split: BaseUnits,
    /// The asset's effective cold addresses with what collection sent each so far.
    pub cold: Vec<ColdShare>,
    /// Credited and not yet collected, now.
    pub waiting: BaseUnits,
    /// Seen on chain and not yet credited (confirming): swept as theirs, not as unattributed.
    pub pending: BaseUnits,
    /// The deposit address's key index.
    pub key_index: u32,
    /// Another token waits at the address, or has a collection open there: native coin stays.
    pub token_remains: bool,
    pub fees: FeeSettings,
}

/// A merchant's collection fee settings for one chain.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FeeSettings {
    /// The hot wallet top-ups come from; None: sweeps needing one wait.
    pub fee_wallet: Option<HotWalletRecord>,
    /// The most a sweep may cost in the native coin's base units; None: no cap.
    pub max_fee: Option<BaseUnits>,
}

#[async_trait::async_trait]
pub trait CollectionLeases: Send + Sync {
    /// Takes up to `limit` open collections whose next attempt has come and whose lease is
    /// free, expired or `owner`'s; oldest first.
    async fn claim_collections(
        &self,
        owner: &str,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: u64,
    ) -> AppResult<Vec<CollectionRecord>>;
    async fn release_collection(&self, id: i64, owner: &str) -> AppResult<()>;
    /// Keeps it in its state with the reason shown, not claimed again before `until`.
    async fn hold_collection(&self, id: i64, reason: &str, until: DateTime<Utc>) -> AppResult<()>;
}

#[async_trait::async_trait]
pub trait CollectionSteps: Send + Sync {
    async fn steps(&self, collection_id: i64) -> AppResult<Vec<StepRecord>>;
    /// Live steps sent from `address` not yet broadcast, of any collection: they go first.
    async fn unsent_from(&self, chain_id: i64, address: &str) -> AppResult<Vec<StepRecord>>;

    /// Whether a step stored from `address` waits to be sent: nothing new is signed from the
    /// address before it goes out, or its nonce would be taken.
    async fn sends_waiting_from(&self, chain_id: i64, address: &str) -> AppResult<bool> {
        Ok(!self.unsent_from(chain_id, address).await?.is_empty())
    }
    /// Live steps sent from `address` not yet seen in a block (signed or broadcast): what they
    /// spend is not yet out of the balance the node reports.
    async fn unmined_from(&self, chain_id: i64, address: &str) -> AppResult<Vec<StepRecord>>;
    /// Applies the change; false when the collection was not in `change.from` or a step's
    /// nonce was taken (nothing written either way).
    async fn change_collection(
        &self,
        id: i64,
        change: &CollectionChange,
        now: DateTime<Utc>,
    ) -> AppResult<bool>;
    /// Moves a step from one of `from` to `to` (with the block and the fee paid when known);
    /// false when it was elsewhere. A dead step gives its nonce up.
    async fn move_step(
        &self,
        id: i64,
        from: &[StepState],
        to: StepState,
        seen: StepSeen,
        now: DateTime<Utc>,
    ) -> AppResult<bool>;
    async fn sweep_context(&self, collection: &CollectionRecord) -> AppResult<SweepContext>;
}

/// What the chain says of a step's transaction when it moves.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StepSeen {
    pub block: Option<i64>,
    pub fee_paid: Option<BaseUnits>,
    pub reason: Option<String>,
}

#[async_trait::async_trait]
pub trait CollectionFees: Send + Sync {
    /// The merchant's settings for every chain that has some.
    async fn fee_settings(&self, merchant_id: MerchantId) -> AppResult<Vec<(i64, FeeSettings)>>;
    /// Saves one chain's; `fee_wallet` must be the merchant's hot wallet on that chain (checked
    /// by the caller).
    async fn save_fee_settings(
        &self,
        merchant_id: MerchantId,
        chain_id: i64,
        fee_wallet_id: Option<i64>,
        max_fee: Option<BaseUnits>,
        now: DateTime<Utc>,
    ) -> AppResult<()>;
}
