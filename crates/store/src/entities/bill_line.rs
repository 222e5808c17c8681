use coffer_domain::rates::Service;
use sea_orm::entity::prelude::*;

use super::Stored;

/// One item of a bill (see the migration).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "bill_line")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub merchant_id: i64,
    pub bill_id: i64,
    pub service: Stored<Service>,
    pub rate_id: Option<i64>,
    pub rate_text: String,
    pub charges: i64,
    pub volume: Option<String>,
    pub amount: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
