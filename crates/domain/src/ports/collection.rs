//! What collection needs from storage. So far the planner's part: the assets whose automatic
//! collection is on, and opening the collections a run selects.

use chrono::{DateTime, Utc};

use super::{CollectSettings, MerchantId, UserId};
use crate::amount::BaseUnits;
use crate::error::AppResult;

crate::stored_codes! {
    /// What opened a collection (and its run).
    pub enum CollectTrigger {
        /// A slot of the asset's schedule (daily, or every N hours).
        Scheduled = 1,
        /// The asset collects on each deposit: every tick opens what is due.
        OnDeposit = 2,
        /// A person chose "collect now" on Fund collection.
        Manual = 3,
    }
}

/// An enabled asset whose automatic collection is on, as the planner reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AutoCollectAsset {
    pub asset_id: i64,
    pub merchant_id: MerchantId,
    pub chain_id: i64,
    pub token_id: i64,
    pub decimals: u8,
    /// The merchant's time zone, whole hours from UTC.
    pub zone_hours: i32,
    pub settings: CollectSettings,
    /// When the asset's settings were last saved: slots before it are not run.
    pub saved_at: DateTime<Utc>,
    /// Cold addresses are in force: without one a sweep has nowhere to go, so nothing is planned.
    pub has_cold_address: bool,
}

/// One run of the planner over one asset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CollectionPlan {
    pub asset_id: i64,
    pub merchant_id: MerchantId,
    pub chain_id: i64,
    pub token_id: i64,
    pub decimals: u8,
    pub trigger: CollectTrigger,
    /// A scheduled run's slot: claimed once per asset, whichever process comes first.
    pub slot: Option<DateTime<Utc>>,
    /// Pairs waiting less than this (in base units) are left for later; never below one unit.
    pub minimum: BaseUnits,
    /// Only these deposit addresses (manual collection); None: every one of the asset.
    pub addresses: Option<Vec<i64>>,
    pub created_by: Option<UserId>,
}

/// What a run did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlanOutcome {
    /// `opened` collections, of the run `run_id` (None for runs on deposit, which keep none).
    Planned { run_id: Option<i64>, opened: u64 },
    /// Another process (or an earlier tick) claimed the slot: nothing was done.
    SlotTaken,
}

#[async_trait::async_trait]
pub trait CollectionPlans: Send + Sync {
    /// Enabled assets with automatic collection on, of active merchants.
    async fn auto_collect_assets(&self) -> AppResult<Vec<AutoCollectAsset>>;

    /// In one transaction: claims the run (a scheduled one by its slot, refused when taken) and
    /// opens a collection "waiting for collection" for every (deposit address, token) of the
    /// asset that waits at least `minimum` and has none open. A pair another process opened
    /// meanwhile is skipped, never doubled. A manual run that opens nothing is not kept
    /// (`run_id` None); a scheduled one keeps its row, which marks its slot planned.
    async fn plan(&self, plan: &CollectionPlan, now: DateTime<Utc>) -> AppResult<PlanOutcome>;
}

/// What Fund collection lists: a chain, token and part of an address, each optional.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WaitingFilter {
    pub chain_id: Option<i64>,
    pub token_id: Option<i64>,
    pub address: Option<String>,
}

/// One deposit address and token with something credited and not yet collected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WaitingPair {
    pub deposit_address_id: i64,
    pub address: String,
    pub chain_id: i64,
    pub token_id: i64,
    pub decimals: i32,
    pub credited: BaseUnits,
    pub collected: BaseUnits,
    pub waiting: BaseUnits,
    /// Its open collection (id and state), if one is open.
    pub open: Option<(i64, crate::collection::state::CollectionStatus)>,
}

/// What Collection transactions lists; each part optional.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CollectionFilter {
    pub chain_id: Option<i64>,
    pub token_id: Option<i64>,
    pub status: Option<crate::collection::state::CollectionStatus>,
    /// Any part of the deposit address (wildcards taken literally).
    pub address: Option<String>,
    /// The collections one Collect now opened.
    pub run_id: Option<i64>,
    /// Created at or after `start`, before `end` (either may be absent).
    pub start: Option<DateTime<Utc>>,
    pub end: Option<DateTime<Utc>>,
}

/// What the collections of one chain and token a filter selects add up to.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CollectionSum {
    pub chain_id: i64,
    /// 0: the chain's native coin.
    pub token_id: i64,
    pub decimals: i32,
    /// Collections selected, whatever their state.
    pub count: u64,
    /// Of them, the collected ones (state 1), and what their sweeps moved (token units).
    pub collected_count: u64,
    pub collected: BaseUnits,
    /// The network fees their steps paid (the chain's native coin).
    pub fee_paid: BaseUnits,
}

#[async_trait::async_trait]
pub trait CollectionQueries: Send + Sync {
    /// The merchant's collections, newest first.
    async fn collections_page(
        &self,
        merchant_id: MerchantId,
        filter: &CollectionFilter,
        page: super::PageRequest,
    ) -> AppResult<super::Paged<super::CollectionRecord>>;
    /// At most `limit` of the merchant's collections, newest first, older than `before_id`
    /// when given: an export reads them batch after batch.
    async fn collections_before(
        &self,
        merchant_id: MerchantId,
        filter: &CollectionFilter,
        before_id: Option<i64>,
        limit: u64,
    ) -> AppResult<Vec<super::CollectionRecord>>;
    /// What the collections the filter selects add up to, per chain and token (in id order).
    async fn collections_summary(
        &self,
        merchant_id: MerchantId,
        filter: &CollectionFilter,
    ) -> AppResult<Vec<CollectionSum>>;
    /// One of the merchant's collections with its steps; None for another merchant's.
    async fn collection_detail(
        &self,
        merchant_id: MerchantId,
        id: i64,
    ) -> AppResult<Option<(super::CollectionRecord, Vec<super::StepRecord>)>>;

    /// The merchant's pairs with something waiting, the largest first.
    async fn waiting_page(
        &self,
        merchant_id: MerchantId,
        filter: &WaitingFilter,
        page: super::PageRequest,
    ) -> AppResult<super::Paged<WaitingPair>>;

    /// What closed collections took from the merchant's deposit addresses, per asset; assets
    /// never collected are absent.
    async fn collected_per_asset(&self, merchant_id: MerchantId) -> AppResult<Vec<AssetCollected>>;

    /// The network fees the merchant's closed collections created in `[start, end)` paid, per
    /// UTC hour of their creation and asset (one chain or token when given), oldest hour first;
    /// collections that paid nothing are left out.
    async fn collection_fees(&self, query: &CollectionFeeQuery) -> AppResult<Vec<CollectionFeeHour>>;

    /// What the merchant's collections that ran on energy (smart collection) and closed
    /// collected since `since` paid, against what burning would have cost.
    async fn smart_figures(&self, merchant_id: MerchantId, since: DateTime<Utc>) -> AppResult<SmartFigures>;
}

/// Smart collection measured: collections collected on energy, the energy, what burning would
/// have cost, what their transactions paid, and the TRX points held for the energy (all TRX
/// base units: smart collection runs on TRON only).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SmartFigures {
    pub collections: u64,
    pub energy: u64,
    pub burn_fee: BaseUnits,
    pub fee_paid: BaseUnits,
    pub energy_points: i64,
}

impl SmartFigures {
    /// Burning's cost less what was paid (fees and points), in sun: negative when energy cost
    /// more than burning would have.
    pub fn saved(&self) -> i128 {
        let sun = |v: BaseUnits| i128::try_from(v.0).unwrap_or(i128::MAX);
        sun(self.burn_fee) - sun(self.fee_paid) - i128::from(self.energy_points)
    }
}

/// Which collections' fees: one merchant's, created in `[start, end)`, of one chain or token
/// when given (`token_id` 0: the native coin, as the hourly order buckets name it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CollectionFeeQuery {
    pub merchant_id: MerchantId,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub chain_id: Option<i64>,
    pub token_id: Option<i64>,
}

/// The closed collections of one asset created in one UTC hour that paid a network fee: how
/// many, and the exact sum of what all their steps paid (`fee_paid`: the sweeps' and their fee
/// top-ups', in the chain's native coin's base units).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CollectionFeeHour {
    /// The first instant of the UTC hour.
    pub hour: DateTime<Utc>,
    pub chain_id: i64,
    /// None: the chain's native coin.
    pub token_id: Option<i64>,
    /// The collected asset's decimals.
    pub decimals: i32,
    pub count: u64,
    pub fee: BaseUnits,
}

/// What collections took of one asset, all time (the attributed amounts).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AssetCollected {
    pub chain_id: i64,
    /// None for the native coin.
    pub token_id: Option<i64>,
    pub collected: BaseUnits,
}
