//! Storage of deposits, the chain scan cursors and the callback outbox. Every method that
//! changes a deposit's state writes its callback events in the same transaction.

use chrono::{DateTime, Utc};

use super::{MerchantId, PageRequest, Paged};
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

/// What a deposit event tells the merchant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DepositEvent {
    Seen,
    Confirmed,
    Void,
}

impl DepositEvent {
    pub fn name(self) -> &'static str {
        match self {
            DepositEvent::Seen => "deposit.confirming",
            DepositEvent::Confirmed => "deposit.confirmed",
            DepositEvent::Void => "deposit.void",
        }
    }
}

#[derive(Debug, Clone)]
pub struct NewCallbackEvent {
    pub event_id: String,
    pub merchant_id: MerchantId,
    pub deposit_id: Option<i64>,
    pub withdrawal_id: Option<i64>,
    pub order_no: String,
    pub event: String,
    pub body: String,
    pub next_attempt_at: DateTime<Utc>,
}

impl NewCallbackEvent {
    /// The body as sent: the builder's JSON object with the event's place in its order's
    /// events, which is only known when it is written.
    pub fn body_with_seq(&self, seq: i64) -> String {
        match serde_json::from_str::<serde_json::Value>(&self.body) {
            Ok(serde_json::Value::Object(mut fields)) => {
                fields.insert("seq".into(), serde_json::json!(seq));
                serde_json::Value::Object(fields).to_string()
            }
            _ => self.body.clone(),
        }
    }
}

/// Builds an event from a deposit's state after the change (the repository calls it inside
/// the transaction that makes the change). None: the merchant needs no notice (dust and
/// unsupported tokens are recorded for the operator, not announced).
pub trait EventBuilder: Send + Sync {
    fn build(&self, deposit: &DepositRecord, event: DepositEvent) -> Option<NewCallbackEvent>;
}

#[derive(Debug, Clone, Default)]
pub struct EventFilter {
    pub order_no: Option<String>,
    pub status: Option<i32>,
    /// Created at or after `start`, before `end`.
    pub start: Option<DateTime<Utc>>,
    pub end: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone)]
pub struct CallbackEventRecord {
    pub id: i64,
    pub event_id: String,
    pub merchant_id: MerchantId,
    pub deposit_id: Option<i64>,
    pub withdrawal_id: Option<i64>,
    pub order_no: String,
    pub event: String,
    pub body: String,
    pub status: i32,
    pub attempts: i32,
    pub next_attempt_at: DateTime<Utc>,
    pub last_http_status: Option<i32>,
    pub created_at: DateTime<Utc>,
    pub delivered_at: Option<DateTime<Utc>>,
    /// 1, 2, 3... in the order of the order's events.
    pub seq: i64,
}

#[derive(Debug, Clone)]
pub struct CallbackAttemptRecord {
    pub id: i64,
    pub event_id: String,
    pub merchant_id: MerchantId,
    pub url: String,
    pub http_status: Option<i32>,
    pub latency_ms: i64,
    pub response: String,
    pub error: String,
    pub success: bool,
    pub created_at: DateTime<Utc>,
    /// A stable failure code (callbacks::reason), "" on success.
    pub reason: String,
}

/// What a manual push found.
#[derive(Debug, Clone)]
pub enum PushOutcome {
    Missing,
    /// A newer event of the order exists: push that one.
    NotLatest,
    Queued(Box<CallbackEventRecord>),
}

/// What became of an attempt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AttemptOutcome {
    Delivered,
    Retry { at: DateTime<Utc> },
    Failed,
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

    async fn deposit(&self, merchant_id: MerchantId, id: i64) -> AppResult<Option<DepositRecord>>;
    async fn deposit_by_transfer(
        &self,
        chain_id: i64,
        tx_hash: &str,
        index: i64,
    ) -> AppResult<Option<DepositRecord>>;

    async fn claim_due_events(
        &self,
        owner: &str,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: u64,
    ) -> AppResult<Vec<CallbackEventRecord>>;
    /// Records an attempt and its outcome (event and order statuses) in one transaction.
    async fn finish_attempt(
        &self,
        event: &CallbackEventRecord,
        attempt: &CallbackAttemptRecord,
        outcome: &AttemptOutcome,
    ) -> AppResult<()>;
    /// Returns an event to the queue without an attempt (no callback address yet).
    async fn postpone_event(&self, id: i64, at: DateTime<Utc>) -> AppResult<()>;
    async fn page_events(
        &self,
        merchant_id: MerchantId,
        filter: &EventFilter,
        page: PageRequest,
    ) -> AppResult<Paged<CallbackEventRecord>>;
    async fn attempts(
        &self,
        merchant_id: MerchantId,
        event_id: &str,
    ) -> AppResult<Vec<CallbackAttemptRecord>>;
    /// Makes an event due now again (manual push). Only an order's newest event may go again:
    /// an older one would tell the merchant a state the order has left.
    async fn push_event(
        &self,
        merchant_id: MerchantId,
        event_id: &str,
        now: DateTime<Utc>,
    ) -> AppResult<PushOutcome>;
    /// Claims one due event for an immediate attempt (a manual push): None while it or an older
    /// event of its order is in flight.
    async fn claim_event(
        &self,
        id: i64,
        owner: &str,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
    ) -> AppResult<Option<CallbackEventRecord>>;
    /// Makes the merchant's queued events due now (its callback address was set or changed).
    async fn wake_events(&self, merchant_id: MerchantId, now: DateTime<Utc>) -> AppResult<u64>;
    async fn latest_event_of_deposit(&self, deposit_id: i64) -> AppResult<Option<CallbackEventRecord>>;

    /// The active platform key: (key id, sealed PKCS#8 private key, public key PEM).
    async fn platform_key(&self) -> AppResult<Option<(String, String, String)>>;
    /// Stores the first platform key; false when one exists already (another process won).
    async fn insert_platform_key(&self, kid: &str, sealed_private: &str, public_pem: &str)
        -> AppResult<bool>;
}
