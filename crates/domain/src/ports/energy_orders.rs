//! Energy orders (`energy/`): quotes and orders leased by the supply round ([`EnergyOrderRepo`]),
//! and the delegation ledger ([`DelegationLedger`]).

use chrono::{DateTime, Utc};

use super::{MerchantId, PageRequest, Paged};
use crate::energy::orders::{
    Delegation, DelegationState, EnergyOrder, EnergyOrderStatus, NewDelegation, Quote,
};
use crate::error::AppResult;

/// Why a quote cannot be ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuoteRefusal {
    /// No such quote, or another merchant's.
    Unknown,
    Expired,
}

/// A merchant's filter of its orders.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EnergyOrderFilter {
    pub status: Option<EnergyOrderStatus>,
    /// Receiving address, exact.
    pub receiver: Option<String>,
}

/// What the supply round changes on an order it holds the lease of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EnergyOrderProgress {
    pub used: i64,
    pub day: String,
    pub day_uses: i64,
    pub status: EnergyOrderStatus,
    pub reason: String,
    pub charged_points: i64,
    pub failures: i64,
    pub ended_at: Option<DateTime<Utc>>,
    /// When the round looks at it again.
    pub next_at: DateTime<Utc>,
}

#[async_trait::async_trait]
pub trait EnergyOrderRepo: Send + Sync {
    /// Stores a quote (its id is assigned).
    async fn save_quote(&self, quote: &Quote) -> AppResult<Quote>;
    /// The merchant's quote `token`, if valid at `now`.
    async fn quote(
        &self,
        merchant_id: MerchantId,
        token: &str,
        now: DateTime<Utc>,
    ) -> AppResult<Result<Quote, QuoteRefusal>>;
    /// Places the order of a quote, once: the quote's order when it has one already.
    async fn place_order(
        &self,
        quote: &Quote,
        created_by: Option<i64>,
        at: DateTime<Utc>,
    ) -> AppResult<EnergyOrder>;
    async fn order(&self, merchant_id: MerchantId, id: i64) -> AppResult<Option<EnergyOrder>>;
    async fn orders(
        &self,
        merchant_id: MerchantId,
        filter: &EnergyOrderFilter,
        page: PageRequest,
    ) -> AppResult<Paged<EnergyOrder>>;
    /// Orders not ended whose time to look again has come, leased to `owner` until `until`.
    async fn claim_orders(
        &self,
        owner: &str,
        now: DateTime<Utc>,
        until: DateTime<Utc>,
        limit: u64,
    ) -> AppResult<Vec<EnergyOrder>>;
    /// Saves the round's progress on an order it holds (false: the lease was lost) and frees it.
    async fn save_progress(
        &self,
        id: i64,
        owner: &str,
        progress: &EnergyOrderProgress,
        at: DateTime<Utc>,
    ) -> AppResult<bool>;
    /// The merchant's orders not ended, and the energy and uses of those counted since `since`.
    async fn order_figures(&self, merchant_id: MerchantId, since: DateTime<Utc>) -> AppResult<EnergyFigures>;
}

/// The delegation ledger: each delegation of the pool's stake, recorded before its
/// transaction is broadcast, every change conditional on the state it leaves.
#[async_trait::async_trait]
pub trait DelegationLedger: Send + Sync {
    /// Records a delegation before its transaction is broadcast; its id.
    async fn record_delegation(&self, delegation: &NewDelegation) -> AppResult<i64>;
    async fn delegations_of(&self, order_id: i64) -> AppResult<Vec<Delegation>>;
    /// The delegations made for a collection's sweep, oldest first.
    async fn collection_delegations(&self, collection_id: i64) -> AppResult<Vec<Delegation>>;
    /// Delegations to take back now (due, their time come) or being taken back, oldest first.
    async fn delegations_to_reclaim(&self, now: DateTime<Utc>, limit: u64) -> AppResult<Vec<Delegation>>;
    /// Every delegation from `owner` to `receiver` on the chain, newest first (at most 200).
    async fn delegations_between(
        &self,
        chain_id: i64,
        owner: &str,
        receiver: &str,
    ) -> AppResult<Vec<Delegation>>;
    /// Moves a delegation on from a state it is still in (false: it is not in it any more).
    async fn move_delegation(
        &self,
        id: i64,
        from: DelegationState,
        change: &DelegationChange,
    ) -> AppResult<bool>;
}

/// A delegation's new state and what comes with it (None: unchanged).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DelegationChange {
    pub state: DelegationState,
    pub delegate_tx: Option<i64>,
    pub undelegate_tx: Option<i64>,
    pub baseline_used: Option<u64>,
    pub verified_at: Option<DateTime<Utc>>,
    pub used_at: Option<DateTime<Utc>>,
    pub reclaim_after: Option<DateTime<Utc>>,
    pub reason: Option<String>,
    pub at: DateTime<Utc>,
}

impl DelegationChange {
    pub fn to(state: DelegationState, at: DateTime<Utc>) -> DelegationChange {
        DelegationChange {
            state,
            delegate_tx: None,
            undelegate_tx: None,
            baseline_used: None,
            verified_at: None,
            used_at: None,
            reclaim_after: None,
            reason: None,
            at,
        }
    }
}

/// Home figures of a merchant's energy orders.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EnergyFigures {
    pub in_progress: i64,
    pub uses_since: i64,
    pub energy_since: i64,
}
