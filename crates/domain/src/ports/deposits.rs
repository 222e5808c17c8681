//! Storage of deposits. Every method that changes a deposit's state
//! writes its callback events in the same transaction.

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
}
