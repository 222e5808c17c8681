use sea_orm::entity::prelude::*;

/// A price a merchant was shown (see the migration).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "energy_quote")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub merchant_id: i64,
    pub token: String,
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
    pub energy_price: i64,
    pub order_id: Option<i64>,
    pub created_at: DateTimeUtc,
    pub expires_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
