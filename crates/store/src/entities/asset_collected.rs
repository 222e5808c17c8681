use coffer_domain::amount::BaseUnits;
use sea_orm::entity::prelude::*;

use super::Stored;

/// What closed collections took from the deposit addresses, per asset (see the migration).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "asset_collected")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub merchant_id: i64,
    pub chain_id: i64,
    /// 0 for the native coin.
    pub token_id: i64,
    pub collected: Stored<BaseUnits>,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
