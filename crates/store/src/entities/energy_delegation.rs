use coffer_domain::energy::orders::DelegationState;
use sea_orm::entity::prelude::*;

use super::Stored;

/// A row of the delegation ledger (see the migration).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "energy_delegation")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub merchant_id: i64,
    pub order_id: Option<i64>,
    pub collection_id: Option<i64>,
    pub use_no: i64,
    pub attempt: i64,
    pub chain_id: i64,
    pub owner: String,
    pub receiver: String,
    pub amount_sun: i64,
    pub energy: i64,
    pub state: Stored<DelegationState>,
    pub delegate_tx: Option<i64>,
    pub undelegate_tx: Option<i64>,
    pub provider_ref: Option<String>,
    pub baseline_used: i64,
    pub verified_at: Option<DateTimeUtc>,
    pub used_at: Option<DateTimeUtc>,
    pub reclaim_after: DateTimeUtc,
    pub reason: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
