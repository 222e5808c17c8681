use coffer_domain::amount::BaseUnits;
use coffer_domain::ports::{CallbackStatus, NotifyStatus, OrderStatus};
use sea_orm::entity::prelude::*;

use super::Stored;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "deposit")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub merchant_id: i64,
    pub chain_id: i64,
    pub token_id: Option<i64>,
    pub deposit_address_id: i64,
    pub open_id: String,
    pub to_address: String,
    pub from_address: String,
    pub tx_hash: String,
    pub tx_index: i64,
    pub amount: Stored<BaseUnits>,
    pub decimals: i32,
    pub block_number: i64,
    pub block_hash: String,
    pub required_confirmations: i32,
    pub status: Stored<OrderStatus>,
    pub note: String,
    pub credited: bool,
    pub order_no: String,
    pub callback_status: Stored<CallbackStatus>,
    pub callback_result: String,
    pub notify_status: Stored<NotifyStatus>,
    pub created_at: DateTimeUtc,
    pub confirmed_at: Option<DateTimeUtc>,
    pub void_at: Option<DateTimeUtc>,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
