use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "callback_attempt")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub event_id: String,
    pub merchant_id: i64,
    pub url: String,
    pub http_status: Option<i32>,
    pub latency_ms: i64,
    pub response: String,
    pub error: String,
    pub success: bool,
    pub created_at: DateTimeUtc,
    pub reason: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
