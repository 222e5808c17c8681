use coffer_domain::amount::BaseUnits;
use sea_orm::entity::prelude::*;

use super::Stored;

/// What one deposit address holds for collection in one token (see the migration).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "collectable")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub merchant_id: i64,
    pub deposit_address_id: i64,
    pub address: String,
    pub chain_id: i64,
    pub token_id: i64,
    pub decimals: i32,
    pub credited: Stored<BaseUnits>,
    pub collected: Stored<BaseUnits>,
    /// credited - collected, zero-padded to 78 digits (comparable as text).
    pub waiting_key: String,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
