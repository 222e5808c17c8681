use coffer_domain::amount::BaseUnits;
use sea_orm::entity::prelude::*;

use super::Stored;

/// The latest balance of one of a merchant's addresses in one asset (see the migration).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "balance_reading")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub merchant_id: i64,
    pub chain_id: i64,
    pub address: String,
    /// 0: the chain's native coin.
    pub token_id: i64,
    /// 'hot' or 'cold'.
    pub holder: String,
    pub decimals: i32,
    pub amount: Stored<BaseUnits>,
    pub read_at: DateTimeUtc,
    pub next_read_at: DateTimeUtc,
    pub lease_owner: String,
    pub lease_until: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
