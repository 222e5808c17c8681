use coffer_domain::amount::BaseUnits;
use coffer_domain::ports::OrderStatus;
use sea_orm::entity::prelude::*;

use super::Stored;

/// All of a merchant's orders of one kind, asset, status and credit state (see the migration).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "order_total")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub merchant_id: i64,
    pub order_kind: String,
    pub chain_id: i64,
    /// 0: the chain's native coin.
    pub token_id: i64,
    pub status: Stored<OrderStatus>,
    pub credited: bool,
    pub decimals: i32,
    pub order_count: i64,
    pub amount: Stored<BaseUnits>,
    pub fee: Stored<BaseUnits>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
