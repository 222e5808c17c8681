//! Recharges (`points/recharge.rs`): the platform's own merchant, the deposits to its recharge
//! addresses, and which of their transfer keys the ledger holds.

use std::collections::HashSet;

use chrono::{DateTime, Utc};

use super::{DepositRecord, MerchantId};
use crate::error::AppResult;

#[async_trait::async_trait]
pub trait RechargeRepo: Send + Sync {
    /// The merchant whose deposit addresses take the merchants' recharges, once designated.
    async fn platform_merchant(&self) -> AppResult<Option<MerchantId>>;
    /// Designates `merchant_id` unless one is already: the platform merchant after the call.
    async fn designate_platform(&self, merchant_id: MerchantId, at: DateTime<Utc>) -> AppResult<MerchantId>;
    /// At most `limit` of the platform's deposits found since `since` with ids above `after`,
    /// by id, that may move points: credited ones, and voided ones that were confirmed before.
    async fn recharge_deposits(
        &self,
        platform: MerchantId,
        since: DateTime<Utc>,
        after: i64,
        limit: u64,
    ) -> AppResult<Vec<DepositRecord>>;
    /// Which of `keys` name a points transfer.
    async fn existing_keys(&self, keys: &[String]) -> AppResult<HashSet<String>>;
}
