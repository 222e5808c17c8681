use coffer_domain::ports::ReviewAction;
use sea_orm::entity::prelude::*;

use super::Stored;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "withdrawal_review")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub withdrawal_id: i64,
    pub merchant_id: i64,
    pub action: Stored<ReviewAction>,
    pub reviewer: Option<i64>,
    pub reviewer_email: String,
    pub reason: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
