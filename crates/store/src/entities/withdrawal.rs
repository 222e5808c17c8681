use coffer_domain::amount::BaseUnits;
use coffer_domain::ports::{CallbackStatus, NotifyStatus, OrderStatus, WithdrawalSource};
use sea_orm::entity::prelude::*;

use super::Stored;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "withdrawal")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub merchant_id: i64,
    pub order_no: String,
    pub merchant_order_no: Option<String>,
    pub source: Stored<WithdrawalSource>,
    pub open_id: String,
    pub security_code: String,
    pub chain_id: i64,
    pub token_id: Option<i64>,
    pub decimals: i32,
    pub requested_from: Option<String>,
    pub from_address: String,
    pub to_address: String,
    pub amount: Stored<BaseUnits>,
    pub actual_amount: Stored<BaseUnits>,
    pub fee: Option<Stored<BaseUnits>>,
    pub tx_hash: String,
    pub signed_raw: String,
    pub nonce: Option<i64>,
    pub block_number: Option<i64>,
    pub required_confirmations: i32,
    pub status: Stored<OrderStatus>,
    pub review_required: bool,
    pub risk_reasons: String,
    pub reason: String,
    pub remark: String,
    pub created_by: Option<i64>,
    pub created_by_email: String,
    pub reviewer_email: String,
    pub reviewed_at: Option<DateTimeUtc>,
    pub approved_at: Option<DateTimeUtc>,
    pub broadcast_at: Option<DateTimeUtc>,
    pub completed_at: Option<DateTimeUtc>,
    pub next_attempt_at: DateTimeUtc,
    pub lease_owner: String,
    pub lease_until: Option<DateTimeUtc>,
    pub callback_status: Stored<CallbackStatus>,
    pub callback_result: String,
    pub notify_status: Stored<NotifyStatus>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
