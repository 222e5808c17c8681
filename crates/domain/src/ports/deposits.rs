//! Storage of deposits. Every method that changes a deposit's state
//! writes its callback events in the same transaction.

use chrono::{DateTime, Utc};

use super::MerchantId;
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

#[async_trait::async_trait]
pub trait DepositRepo: Send + Sync {
    async fn deposit(&self, merchant_id: MerchantId, id: i64) -> AppResult<Option<DepositRecord>>;
}
