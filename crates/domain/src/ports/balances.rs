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
}
