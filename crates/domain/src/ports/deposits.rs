//! Storage of deposits. Every method that changes a deposit's state
//! writes its callback events in the same transaction.

use chrono::{DateTime, Utc};

use super::{CallbackStatus, MerchantId, NotifyStatus, OrderStatus};
use crate::amount::BaseUnits;
use crate::error::AppResult;

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
    pub status: OrderStatus,
    /// "" credited, or why not: `rules::DUST`, `UNSUPPORTED`, `INTERNAL`.
    pub note: String,
    pub credited: bool,
    pub order_no: String,
    pub callback_status: CallbackStatus,
    pub callback_result: String,
    pub notify_status: NotifyStatus,
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
