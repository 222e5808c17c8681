//! Balances of a merchant's own addresses (hot wallets, cold addresses) as last read from the
//! chain: a worker reads them on a schedule (claimed rows, so several processes never read
//! the same one at once) and the home overview shows them with the time of the reading,
//! without asking a node while the page waits.

use chrono::{DateTime, Utc};

use super::MerchantId;
use crate::amount::BaseUnits;
use crate::error::AppResult;

/// Whose address a balance is of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Holder {
    HotWallet,
    Cold,
}

/// One address's balance in one asset, as read at `read_at`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BalanceReading {
    pub merchant_id: MerchantId,
    pub chain_id: i64,
    pub address: String,
    /// None: the chain's native coin.
    pub token_id: Option<i64>,
    pub holder: Holder,
    pub decimals: i32,
    pub amount: BaseUnits,
    pub read_at: DateTime<Utc>,
}

#[async_trait::async_trait]
pub trait BalanceReadings: Send + Sync {
    /// The merchant's latest readings, every address and asset read so far.
    async fn balances(&self, merchant_id: MerchantId) -> AppResult<Vec<BalanceReading>>;
    /// The readings of the merchant's `addresses` on `chain_id` (every asset) fall due at `now`:
    /// a payout or a sweep just changed them, and Home must not show the old figure until the
    /// next scheduled read. Addresses without a reading are ignored; how many fell due.
    async fn read_soon(
        &self,
        merchant_id: MerchantId,
        chain_id: i64,
        addresses: &[String],
        now: DateTime<Utc>,
    ) -> AppResult<u64>;
}

/// An address and asset whose balance should be read (what the readings are kept in step with).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BalanceTarget {
    pub merchant_id: MerchantId,
    pub chain_id: i64,
    pub address: String,
    /// None: the chain's native coin.
    pub token_id: Option<i64>,
    pub holder: Holder,
    pub decimals: i32,
}

/// A claimed reading to take: the row and what to ask the chain.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DueReading {
    pub id: i64,
    pub chain_id: i64,
    pub address: String,
    pub token_id: Option<i64>,
}

/// The merchants' addresses and enabled assets the readings follow: every hot wallet, every
/// enabled asset, every cold address with its asset.
#[derive(Debug, Clone, Default)]
pub struct Holdings {
    /// (merchant, chain, address).
    pub hot_wallets: Vec<(MerchantId, i64, String)>,
    /// (asset id, merchant, chain, token id) of the enabled assets.
    pub enabled_assets: Vec<(i64, MerchantId, i64, i64)>,
    /// (asset id, address).
    pub cold_addresses: Vec<(i64, String)>,
}

/// The balance worker's writes: the rows kept in step with the holdings, claimed under a
/// lease (of several processes one reads a row at a time), read or put off.
#[async_trait::async_trait]
pub trait BalanceWork: Send + Sync {
    async fn holdings(&self) -> AppResult<Holdings>;
    /// Inserts the targets without a row (due at `now`, not read yet) and deletes the rows
    /// that are no longer targets; (inserted, deleted).
    async fn sync_readings(&self, targets: &[BalanceTarget], now: DateTime<Utc>) -> AppResult<(u64, u64)>;
    /// Up to `limit` rows due at `now` whose lease is free, expired or `owner`'s, leased to
    /// `owner` until `lease_until`; the longest due first.
    async fn claim_due_readings(
        &self,
        owner: &str,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: u64,
    ) -> AppResult<Vec<DueReading>>;
    /// Stores a reading taken at `read_at` and releases the lease; false when the lease was lost
    /// (or the row removed): nothing written.
    async fn record_reading(
        &self,
        id: i64,
        owner: &str,
        amount: BaseUnits,
        read_at: DateTime<Utc>,
        next_read_at: DateTime<Utc>,
    ) -> AppResult<bool>;
    /// A failed read: the last reading stays, the row is due again at `next_read_at`.
    async fn postpone_reading(&self, id: i64, owner: &str, next_read_at: DateTime<Utc>) -> AppResult<()>;
}
