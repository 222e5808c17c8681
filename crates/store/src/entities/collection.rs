use coffer_domain::amount::BaseUnits;
use coffer_domain::collection::state::CollectionStatus;
use coffer_domain::ports::CollectTrigger;
use sea_orm::entity::prelude::*;

use super::Stored;

/// One sweep of one (deposit address, token) (see the migration).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "collection")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub merchant_id: i64,
    pub asset_id: i64,
    pub run_id: Option<i64>,
    pub trigger: Stored<CollectTrigger>,
    pub chain_id: i64,
    pub token_id: i64,
    pub decimals: i32,
    pub deposit_address_id: i64,
    pub address: String,
    pub status: Stored<CollectionStatus>,
    pub reason: String,
    /// The `collectable` row's id while open, NULL once closed (unique).
    pub open_key: Option<i64>,
    pub waiting: Stored<BaseUnits>,
    pub amount: Option<Stored<BaseUnits>>,
    pub unattributed: Option<Stored<BaseUnits>>,
    pub fee_estimated: Option<Stored<BaseUnits>>,
    pub fee_paid: Option<Stored<BaseUnits>>,
    pub next_attempt_at: DateTimeUtc,
    pub lease_owner: String,
    pub lease_until: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub finished_at: Option<DateTimeUtc>,
    /// Of `amount`, what deposits account for (added to collected on confirmation).
    pub attributed: Option<Stored<BaseUnits>>,
    /// Smart collection: the energy delegated for its sweep (0: given up), what burning would
    /// have cost, the TRX points held for the energy.
    pub energy: Option<i64>,
    pub burn_fee: Option<Stored<BaseUnits>>,
    pub energy_points: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
