//! Hourly totals of orders (the home overview, the daily series, the reports, the lists'
//! totals): kept by the store in the transaction of every change that creates an order or
//! moves it between buckets, read here, and checked against the rows by `coffer admin rollup
//! verify`. Every time zone a merchant may choose is a whole number of hours from UTC, so a
//! merchant's day is a run of whole buckets and a change of time zone recomputes nothing.

use chrono::{DateTime, Utc};

use super::{MerchantId, OrderKind, OrderStatus};
use crate::amount::BaseUnits;
use crate::error::AppResult;

/// What one bucket counts: the orders of one kind created in one UTC hour, on one asset, in
/// one status and credit state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RollupKey {
    pub merchant_id: MerchantId,
    pub kind: OrderKind,
    /// The first instant of the UTC hour the orders were created in.
    pub hour: DateTime<Utc>,
    pub chain_id: i64,
    /// None: the chain's native coin.
    pub token_id: Option<i64>,
    pub status: OrderStatus,
    /// False for a deposit the rules never credit (dust, an unsupported token).
    pub credited: bool,
}

/// The orders of one bucket: how many, and the exact sums of their amounts (in the asset's
/// base units) and of the network fees they paid (in the chain's native coin's base units).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RollupBucket {
    pub key: RollupKey,
    pub decimals: i32,
    pub count: u64,
    pub amount: BaseUnits,
    pub fee: BaseUnits,
}

/// The hour an all-time total carries in its key ([`OrderRollup::totals`]): it sums every hour.
pub const ALL_TIME: DateTime<Utc> = DateTime::UNIX_EPOCH;

/// Which buckets a read selects: one merchant's, of one kind, whose hour is in
/// `[start, end)`, on one chain and token when given, in the given statuses when given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RollupQuery {
    pub merchant_id: MerchantId,
    pub kind: OrderKind,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub chain_id: Option<i64>,
    pub token_id: Option<i64>,
    /// None: every status.
    pub statuses: Option<Vec<OrderStatus>>,
}

/// A bucket (or an all-time total: its hour is [`ALL_TIME`]) whose stored figures differ from
/// the figures recomputed from the order rows (None: no such bucket on that side).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RollupDifference {
    pub key: RollupKey,
    pub stored: Option<RollupBucket>,
    pub recomputed: Option<RollupBucket>,
}

#[async_trait::async_trait]
pub trait OrderRollup: Send + Sync {
    /// The buckets a query selects, oldest hour first (empty buckets are not stored).
    async fn buckets(&self, query: &RollupQuery) -> AppResult<Vec<RollupBucket>>;
    /// The merchant's orders of one kind summed over all time, one per key without the hour
    /// (whose `hour` is [`ALL_TIME`]): a few rows however long the history.
    async fn totals(&self, merchant_id: MerchantId, kind: OrderKind) -> AppResult<Vec<RollupBucket>>;
    /// The first hour holding one of the merchant's orders of `kind` now in `status` (None:
    /// none is): how far back a list must reach to show every order waiting in it.
    async fn oldest_hour(
        &self,
        merchant_id: MerchantId,
        kind: OrderKind,
        status: OrderStatus,
    ) -> AppResult<Option<DateTime<Utc>>>;
}

/// The operator's check of the buckets (`coffer admin rollup verify` / `rebuild`).
#[async_trait::async_trait]
pub trait RollupAudit: Send + Sync {
    /// Every merchant's buckets and all-time totals recomputed from the order rows (read as a stream) and compared
    /// with the stored ones; empty when they agree.
    async fn verify_rollup(&self) -> AppResult<Vec<RollupDifference>>;
    /// Replaces every bucket and total by its recomputation, in one transaction; returns how
    /// many buckets there are now (after a restore, or rows written outside the service).
    async fn rebuild_rollup(&self) -> AppResult<u64>;
}
