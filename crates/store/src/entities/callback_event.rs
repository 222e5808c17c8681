use coffer_domain::ports::CallbackStatus;
use sea_orm::entity::prelude::*;

use super::Stored;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "callback_event")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub event_id: String,
    pub merchant_id: i64,
    pub order_no: String,
    pub event: String,
    pub body: String,
    pub status: Stored<CallbackStatus>,
    pub attempts: i32,
    pub next_attempt_at: DateTimeUtc,
    pub lease_owner: String,
    pub lease_until: Option<DateTimeUtc>,
    pub last_http_status: Option<i32>,
    pub created_at: DateTimeUtc,
    pub delivered_at: Option<DateTimeUtc>,
    pub seq: i64,
    /// 'deposit', 'withdrawal' (repos/announce.rs maps them to `OrderRef`).
    pub order_kind: Option<String>,
    pub order_id: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
