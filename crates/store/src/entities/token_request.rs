use coffer_domain::ports::ApplyStatus;
use sea_orm::entity::prelude::*;

use super::Stored;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "token_request")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub merchant_id: i64,
    pub asset_id: i64,
    pub addresses: String,
    pub apply_status: Stored<ApplyStatus>,
    pub in_force: bool,
    pub reason: String,
    pub requested_by: i64,
    pub created_at: DateTimeUtc,
    pub reviewed_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
