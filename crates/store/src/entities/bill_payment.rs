use coffer_domain::bills::PaymentStatus;
use sea_orm::entity::prelude::*;

use super::Stored;

/// One "I have paid" and what the check made of it (see the migration).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "bill_payment")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub merchant_id: i64,
    pub bill_id: i64,
    pub chain_id: i64,
    pub tx_hash: String,
    pub live_hash: Option<String>,
    pub status: Stored<PaymentStatus>,
    pub amount: Option<i64>,
    pub counted: Option<i64>,
    pub reason: Option<String>,
    pub submitted_by: Option<i64>,
    pub submitted_at: DateTimeUtc,
    pub next_check_at: DateTimeUtc,
    pub resolved_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
