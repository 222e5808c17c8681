//! The low-balance notice (`points/low_balance.rs`): which merchant accounts crossed below their
//! threshold, and the one flag per account that makes the notice once per crossing.

use chrono::{DateTime, Utc};

use super::MerchantId;
use crate::error::AppResult;
use crate::mail::Mail;
use crate::points::PointAsset;

/// A merchant account below its threshold whose admins were not told yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LowAccount {
    pub account_id: i64,
    pub merchant_id: MerchantId,
    pub available: i64,
}

#[async_trait::async_trait]
pub trait LowBalanceRepo: Send + Sync {
    /// At most `limit` merchant accounts of `asset` with ids above `after` whose available
    /// points are below `threshold` and not yet notified, by id.
    async fn newly_low(
        &self,
        asset: PointAsset,
        threshold: i64,
        after: i64,
        limit: u64,
    ) -> AppResult<Vec<LowAccount>>;
    /// Marks the account notified if it still is below `threshold` and not notified, and queues
    /// `mails` in the same transaction. False (nothing queued): another round did it first, or
    /// the points came back meanwhile.
    async fn notify_low(
        &self,
        account_id: i64,
        threshold: i64,
        mails: &[Mail],
        at: DateTime<Utc>,
    ) -> AppResult<bool>;
    /// Clears the mark of the merchant accounts of `asset` back at or above `threshold`, so the
    /// next crossing is notified again; how many.
    async fn clear_recovered(&self, asset: PointAsset, threshold: i64) -> AppResult<u64>;
    /// The e-mail addresses of the merchant's enabled users whose role is the admin role.
    async fn admin_emails(&self, merchant_id: MerchantId) -> AppResult<Vec<String>>;
}
