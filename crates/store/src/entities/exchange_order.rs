use coffer_domain::amount::BaseUnits;
use coffer_domain::exchange::orders::Origin;
use coffer_domain::exchange::price::SourceKind;
use coffer_domain::ports::{CallbackStatus, NotifyStatus, OrderStatus};
use sea_orm::entity::prelude::*;

use super::Stored;

/// An exchange order (see the migration).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "exchange_order")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub merchant_id: i64,
    pub order_no: String,
    pub merchant_order_no: Option<String>,
    pub origin: Stored<Origin>,
    pub pair_id: i64,
    pub chain_id: i64,
    pub token_id: Option<i64>,
    pub decimals: i32,
    pub token_out: Option<i64>,
    pub decimals_out: i32,
    pub open_id: String,
    pub to_address: String,
    pub from_address: String,
    pub payout_address: String,
    pub quote_id: Option<i64>,
    pub amount: Stored<BaseUnits>,
    pub quoted_in: Stored<BaseUnits>,
    pub min_out: Stored<BaseUnits>,
    pub amount_out: Stored<BaseUnits>,
    pub rate: String,
    pub market_rate: String,
    pub spread_bp: i32,
    pub source_kind: Stored<SourceKind>,
    pub source_label: String,
    pub price_at: Option<DateTimeUtc>,
    pub repriced: bool,
    pub deposit_id: Option<i64>,
    pub tx_hash: String,
    pub withdrawal_id: Option<i64>,
    pub refund_id: Option<i64>,
    pub out_hash: String,
    pub fee_points: i64,
    pub status: Stored<OrderStatus>,
    pub reason: String,
    pub callback_status: Stored<CallbackStatus>,
    pub callback_result: String,
    pub notify_status: Stored<NotifyStatus>,
    pub lease_owner: String,
    pub lease_until: Option<DateTimeUtc>,
    pub pay_by: DateTimeUtc,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub completed_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
