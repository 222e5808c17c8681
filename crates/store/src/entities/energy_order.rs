use coffer_domain::energy::orders::EnergyOrderStatus;
use sea_orm::entity::prelude::*;

use super::Stored;

/// What a merchant bought for a receiving address; its id is its quote's (see the migration).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "energy_order")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: i64,
    pub merchant_id: i64,
    pub chain_id: i64,
    pub receiver: String,
    pub times: i64,
    pub days: i64,
    pub max_daily: i64,
    pub energy_per_use: i64,
    pub min_use_energy: i64,
    pub price_per_use: i64,
    pub activate: bool,
    pub activation_points: i64,
    pub total_points: i64,
    pub used: i64,
    pub day: String,
    pub day_uses: i64,
    pub status: Stored<EnergyOrderStatus>,
    pub reason: String,
    pub charged_points: i64,
    pub failures: i64,
    pub created_by: Option<i64>,
    pub created_at: DateTimeUtc,
    pub ends_at: DateTimeUtc,
    pub ended_at: Option<DateTimeUtc>,
    pub next_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub lease_owner: String,
    pub lease_until: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
