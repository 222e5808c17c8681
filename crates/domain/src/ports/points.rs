//! The points ledger (`points/`): transfers applied in batches, balances, and what the
//! operator's `coffer admin ledger verify` reads.

use chrono::{DateTime, Utc};

use super::{MerchantId, PageRequest, Paged};
use crate::error::AppResult;
use crate::points::{AccountRef, Balance, Cause, LedgerOp, Outcome, PointAsset, Transfer};

#[async_trait::async_trait]
pub trait PointsLedger: Send + Sync {
    /// Applies each op in order, in one database transaction: an op is made, found made before
    /// (same key, same contents) or refused, alone; a refused op writes nothing. Concurrent
    /// batches from any process never take a merchant account past its credit limit.
    async fn apply(&self, ops: &[LedgerOp]) -> AppResult<Vec<Outcome>>;
    /// An account's totals (zero for one never used).
    async fn balance(&self, account: AccountRef, asset: PointAsset) -> AppResult<Balance>;
    /// How far below zero the merchant's account may go (the operator's; default 0).
    async fn set_credit_limit(&self, merchant_id: MerchantId, asset: PointAsset, limit: i64)
        -> AppResult<()>;
    async fn transfer_by_key(&self, key: &str) -> AppResult<Option<Transfer>>;
    /// Holds still open whose timeout is before `now`, oldest first.
    async fn expired_holds(&self, now: DateTime<Utc>, limit: u64) -> AppResult<Vec<Transfer>>;
    /// Holds still open of these causes with an id above `after_id`, oldest first.
    async fn open_holds(&self, causes: &[Cause], after_id: i64, limit: u64) -> AppResult<Vec<Transfer>>;
    /// The merchant's transfers, newest first.
    async fn transfers(
        &self,
        merchant_id: MerchantId,
        filter: &TransferFilter,
        page: PageRequest,
    ) -> AppResult<Paged<Transfer>>;
    /// At most `limit` of the merchant's transfers the filter selects with ids below
    /// `before_id` (all for None), newest first: an export's batch.
    async fn transfers_before(
        &self,
        merchant_id: MerchantId,
        filter: &TransferFilter,
        before_id: Option<i64>,
        limit: u64,
    ) -> AppResult<Vec<Transfer>>;
}

/// What the ledger screen filters by.
#[derive(Debug, Clone, Default)]
pub struct TransferFilter {
    pub asset: Option<PointAsset>,
    pub cause: Option<Cause>,
    pub start: Option<DateTime<Utc>>,
    pub end: Option<DateTime<Utc>>,
}

/// Everything `ledger verify` compares, read at one moment.
#[derive(Debug, Clone, Default)]
pub struct LedgerFacts {
    /// Each account's stored totals.
    pub accounts: Vec<(AccountRef, PointAsset, Balance)>,
    /// The same totals replayed from the transfers alone.
    pub replayed: Vec<(AccountRef, PointAsset, Balance)>,
    /// Holds named by more than one resolution.
    pub resolved_twice: Vec<i64>,
    /// Posts above their hold, or on accounts or an asset other than the hold's.
    pub bad_posts: Vec<i64>,
    /// Holds marked open that have a resolution, or resolved holds still marked open.
    pub open_mismatch: Vec<i64>,
    /// Fee-bearing work (collections, withdrawals) that ended without exactly one posted fee
    /// or a voided hold: the hold's key and what is wrong.
    pub unsettled_fees: Vec<(String, String)>,
    /// Bills whose lines do not add up to them, or whose paid is not what their accepted
    /// payments counted (or beyond the bill, or "has paid" short of it): the bill and what.
    pub bad_bills: Vec<(i64, String)>,
}

#[async_trait::async_trait]
pub trait LedgerAudit: Send + Sync {
    async fn ledger_facts(&self) -> AppResult<LedgerFacts>;
}
