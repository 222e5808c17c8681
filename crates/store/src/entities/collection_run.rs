use coffer_domain::ports::CollectTrigger;
use sea_orm::entity::prelude::*;

use super::Stored;

/// One run of the planner over one asset (see the migration).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "collection_run")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub merchant_id: i64,
    pub asset_id: i64,
    pub trigger: Stored<CollectTrigger>,
    pub slot: Option<DateTimeUtc>,
    pub planned: i64,
    pub created_by: Option<i64>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
