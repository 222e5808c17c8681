use coffer_domain::amount::BaseUnits;
use sea_orm::entity::prelude::*;

use super::Stored;

/// What confirmed sweeps sent one cold address of an asset (see the migration).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "cold_collected")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub merchant_id: i64,
    pub asset_id: i64,
    pub address: String,
    pub collected: Stored<BaseUnits>,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
