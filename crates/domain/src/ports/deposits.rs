//! Storage of deposits and the chain scan cursors. Every method that changes a deposit's state
//! writes its callback events in the same transaction.

use chrono::{DateTime, Utc};

use super::{EventBuilder, MerchantId, PageRequest, Paged};
use crate::amount::BaseUnits;
use crate::error::AppResult;

/// Order states shared by deposits and withdrawals (docs/api.md).
pub mod status {
    pub const CONFIRMING: i32 = 7;
    pub const COMPLETE: i32 = 8;
    pub const VOID: i32 = 11;
}

/// Callback status of an order / event: in callback, success, failed.
pub mod callback {
    pub const PENDING: i32 = 0;
    pub const SUCCESS: i32 = 1;
    pub const FAILED: i32 = 2;
    /// a newer event of the same order came before this one was delivered; it is
    /// never sent after that (events only, never an order's status).
    pub const SUPERSEDED: i32 = 3;
}

/// Notification status of an order.
pub mod notify {
    pub const NOT_REQUIRED: i32 = 0;
    pub const NOTIFYING: i32 = 1;
    pub const SUCCESS: i32 = 2;
    pub const FAILURE: i32 = 3;
}

#[derive(Debug, Clone)]
pub struct DepositRecord {
    pub id: i64,
    pub merchant_id: MerchantId,
    pub chain_id: i64,
    pub token_id: Option<i64>,
    pub deposit_address_id: i64,
    pub open_id: String,
    pub to_address: String,
    pub from_address: String,
    pub tx_hash: String,
    pub tx_index: i64,
    pub amount: BaseUnits,
    pub decimals: i32,
    pub block_number: i64,
    pub block_hash: String,
    pub required_confirmations: i32,
    pub status: i32,
    /// "" credited, "dust", "unsupported".
    pub note: String,
    pub credited: bool,
    pub order_no: String,
    pub callback_status: i32,
    pub callback_result: String,
    pub notify_status: i32,
    pub created_at: DateTime<Utc>,
    pub confirmed_at: Option<DateTime<Utc>>,
    pub void_at: Option<DateTime<Utc>>,
}

/// A transfer to a deposit address, found in a block.
#[derive(Debug, Clone)]
pub struct NewDeposit {
    pub merchant_id: MerchantId,
    pub chain_id: i64,
    pub token_id: Option<i64>,
    pub deposit_address_id: i64,
    pub open_id: String,
    pub to_address: String,
    pub from_address: String,
    pub tx_hash: String,
    pub tx_index: i64,
    pub amount: BaseUnits,
    pub decimals: i32,
    pub required_confirmations: i32,
    pub note: String,
}

#[derive(Debug, Clone)]
pub struct ScannedBlock {
    pub number: u64,
    pub hash: String,
    pub parent_hash: String,
}

#[derive(Debug, Clone, Default)]
pub struct DepositFilter {
    pub start: Option<DateTime<Utc>>,
    pub end: Option<DateTime<Utc>>,
    pub chain_id: Option<i64>,
    pub token_id: Option<i64>,
    pub status: Option<i32>,
    pub address: Option<String>,
    pub hash: Option<String>,
    pub order_no: Option<String>,
    pub open_id: Option<String>,
}

/// The deposits a filter selects: how many, and the sum per chain and token.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DepositTotals {
    pub count: u64,
    pub sums: Vec<DepositSum>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DepositSum {
    pub chain_id: i64,
    /// None: the chain's native coin.
    pub token_id: Option<i64>,
    pub decimals: i32,
    pub amount: BaseUnits,
}

#[async_trait::async_trait]
pub trait DepositRepo: Send + Sync {
    /// Takes (or renews) the scanning lease of a chain; the cursor row is created at
    /// `start_block` the first time. None while another scanner holds the lease.
    async fn claim_cursor(
        &self,
        chain_id: i64,
        owner: &str,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        start_block: u64,
    ) -> AppResult<Option<u64>>;
    async fn scanned_block(&self, chain_id: i64, number: u64) -> AppResult<Option<ScannedBlock>>;
    /// The next block the chain's scanner will read (None before its first step).
    async fn scan_cursor(&self, chain_id: i64) -> AppResult<Option<u64>>;
    /// The block's deposits (new ones inserted, voided ones revived), its hash and the cursor
    /// moved past it, in one transaction. False when the lease was lost (nothing written).
    async fn record_block(
        &self,
        chain_id: i64,
        owner: &str,
        block: &ScannedBlock,
        deposits: &[NewDeposit],
        now: DateTime<Utc>,
        events: &dyn EventBuilder,
    ) -> AppResult<bool>;
    /// Transfers of one block found outside the scanner (a hash scan): stored exactly as the
    /// scanner stores them, in one transaction, without moving the cursor. Fails on the unique
    /// key when another writer recorded one of them meanwhile (nothing is written then).
    /// Returns how many were new (or revived): already recorded ones are left as they are.
    async fn record_transfers(
        &self,
        block: &ScannedBlock,
        deposits: &[NewDeposit],
        now: DateTime<Utc>,
        events: &dyn EventBuilder,
    ) -> AppResult<u64>;
    /// Reorg: the block at `number` is no longer on the chain. Its deposits become void, its
    /// hash is forgotten and the cursor moves back to it, in one transaction.
    async fn rollback_block(
        &self,
        chain_id: i64,
        owner: &str,
        number: u64,
        now: DateTime<Utc>,
        events: &dyn EventBuilder,
    ) -> AppResult<bool>;
    /// Deposits of the chain confirming with enough confirmations at `head` become complete.
    async fn confirm_deposits(
        &self,
        chain_id: i64,
        head: u64,
        now: DateTime<Utc>,
        events: &dyn EventBuilder,
    ) -> AppResult<u64>;
    /// Forgets scanned hashes older than `keep` blocks below `below`.
    async fn prune_scanned(&self, chain_id: i64, below: u64) -> AppResult<()>;

    async fn page_deposits(
        &self,
        merchant_id: MerchantId,
        filter: &DepositFilter,
        page: PageRequest,
    ) -> AppResult<Paged<DepositRecord>>;
    /// Count and exact sums of what the filter selects, read row by row (not held in memory).
    async fn deposit_totals(
        &self,
        merchant_id: MerchantId,
        filter: &DepositFilter,
    ) -> AppResult<DepositTotals>;
    async fn deposit(&self, merchant_id: MerchantId, id: i64) -> AppResult<Option<DepositRecord>>;
    async fn deposit_by_transfer(
        &self,
        chain_id: i64,
        tx_hash: &str,
        index: i64,
    ) -> AppResult<Option<DepositRecord>>;

    /// The active platform key: (key id, sealed PKCS#8 private key, public key PEM).
    async fn platform_key(&self) -> AppResult<Option<(String, String, String)>>;
    /// Stores the first platform key; false when one exists already (another process won).
    async fn insert_platform_key(&self, kid: &str, sealed_private: &str, public_pem: &str)
        -> AppResult<bool>;
}
