use coffer_domain::bills::BillStatus;
use sea_orm::entity::prelude::*;

use super::Stored;

/// One monthly bill (see the migration).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "bill")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub merchant_id: i64,
    pub period: String,
    pub period_start: DateTimeUtc,
    pub period_end: DateTimeUtc,
    pub time_zone: i32,
    pub amount: i64,
    pub paid: i64,
    pub status: Stored<BillStatus>,
    pub reason: Option<String>,
    pub issued_at: DateTimeUtc,
    pub paid_at: Option<DateTimeUtc>,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
