use coffer_domain::points::{AccountKind, PointAsset};
use sea_orm::entity::prelude::*;

use super::columns::Stored;

/// A points account and its running totals (see the migration).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "point_account")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub kind: Stored<AccountKind>,
    pub merchant_id: i64,
    pub asset: Stored<PointAsset>,
    pub debits_posted: i64,
    pub credits_posted: i64,
    pub debits_pending: i64,
    pub credits_pending: i64,
    pub credit_limit: i64,
    pub low_notified: bool,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
