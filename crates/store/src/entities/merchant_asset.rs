use coffer_domain::ports::AssetStatus;
use sea_orm::entity::prelude::*;

use super::Stored;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "merchant_asset")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub merchant_id: i64,
    pub chain_id: i64,
    pub token_id: i64,
    pub status: Stored<AssetStatus>,
    pub payment_address: String,
    pub auto_collect: bool,
    pub collect_type: i32,
    pub start_time: String,
    pub interval_hours: i32,
    pub min_collect_amount: String,
    pub min_split_amount: String,
    pub min_review_amount: String,
    pub max_daily_count: i64,
    pub daily_limit: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
