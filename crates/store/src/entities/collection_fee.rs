use coffer_domain::amount::BaseUnits;
use sea_orm::entity::prelude::*;

use super::Stored;

/// A merchant's collection fee settings on one chain (see the migration).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "collection_fee")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub merchant_id: i64,
    pub chain_id: i64,
    pub fee_wallet_id: Option<i64>,
    pub max_fee: Option<Stored<BaseUnits>>,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
