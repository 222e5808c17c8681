use coffer_domain::amount::BaseUnits;
use coffer_domain::exchange::pairs::{OutsideRule, SourceKind};
use sea_orm::entity::prelude::*;

use super::Stored;

/// A merchant's exchange pair (see the migration).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "exchange_pair")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub merchant_id: i64,
    pub chain_id: i64,
    pub token_in: Option<i64>,
    pub token_out: Option<i64>,
    pub pair_key: String,
    pub enabled: bool,
    pub spread_bp: i32,
    pub tolerance_bp: i32,
    pub min_in: Stored<BaseUnits>,
    pub max_in: Stored<BaseUnits>,
    pub daily_limit: Stored<BaseUnits>,
    pub payout_wallet: String,
    pub outside_rule: Stored<OutsideRule>,
    pub source_kind: Stored<SourceKind>,
    pub fixed_rate: String,
    pub feed_url: String,
    pub feed_invert: bool,
    pub feed_max_age: i32,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
