use coffer_domain::energy::{EnergyTxKind, EnergyTxState, StoredResource};
use sea_orm::entity::prelude::*;

use super::Stored;

/// A transaction the energy account signed, stored before its broadcast (see the migration).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "energy_tx")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub chain_id: i64,
    pub owner: String,
    pub kind: Stored<EnergyTxKind>,
    pub resource: Stored<StoredResource>,
    pub receiver: String,
    pub amount_sun: i64,
    pub hash: String,
    pub raw: String,
    pub state: Stored<EnergyTxState>,
    pub block: Option<i64>,
    pub reason: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
