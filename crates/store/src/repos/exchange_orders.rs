//! [`ExchangeOrders`]: the exchange orders (`exchange_order`). An API order and the use of its
//! quote are written in one transaction; a quote another order took first, or a merchant order
//! number another request stored first, leaves nothing behind.

use chrono::{DateTime, Utc};
use coffer_domain::amount::BaseUnits;
use coffer_domain::error::{AppError, AppResult};
use coffer_domain::exchange::orders::{order_no, ExchangeOrderRecord, NewExchangeOrder, OrderPrice};
use coffer_domain::ports::{ApiOrderInsert, CallbackStatus, ExchangeOrders, MerchantId, NotifyStatus};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseTransaction, EntityTrait, QueryFilter, QuerySelect, Set,
};

use super::query::{find_owned, merchant_rows, set_column};
use super::rollup_shift::{shift, RollupEntry};
use crate::entities::{exchange_order, exchange_quote, Stored};
use crate::Store;

impl From<exchange_order::Model> for ExchangeOrderRecord {
    fn from(m: exchange_order::Model) -> ExchangeOrderRecord {
        ExchangeOrderRecord {
            id: m.id,
            order_no: m.order_no,
            order: NewExchangeOrder {
                merchant_id: m.merchant_id,
                merchant_order_no: m.merchant_order_no,
                origin: m.origin.0,
                pair_id: m.pair_id,
                chain_id: m.chain_id,
                token_in: m.token_id,
                decimals_in: m.decimals,
                token_out: m.token_out,
                decimals_out: m.decimals_out,
                open_id: m.open_id,
                pay_address: m.to_address,
                payout_address: m.payout_address,
                quote_id: m.quote_id,
                amount_in: m.quoted_in.0,
                min_out: m.min_out.0,
                amount_out: m.amount_out.0,
                price: OrderPrice {
                    rate: m.rate,
                    market_rate: m.market_rate,
                    spread_bp: u32::try_from(m.spread_bp).unwrap_or_default(),
                    source_kind: m.source_kind.0,
                    source_label: m.source_label,
                    price_at: m.price_at,
                    repriced: m.repriced,
                },
                status: m.status.0,
                pay_by: m.pay_by,
            },
            // Before the payment the amount is what the quote was for; nothing was paid yet.
            paid_in: if m.deposit_id.is_some() {
                m.amount.0
            } else {
                BaseUnits::ZERO
            },
            payer: m.from_address,
            deposit_id: m.deposit_id,
            in_hash: m.tx_hash,
            withdrawal_id: m.withdrawal_id,
            refund_id: m.refund_id,
            out_hash: m.out_hash,
            fee_points: m.fee_points,
            reason: m.reason,
            callback_status: m.callback_status.0,
            callback_result: m.callback_result,
            notify_status: m.notify_status.0,
            created_at: m.created_at,
            updated_at: m.updated_at,
            completed_at: m.completed_at,
        }
    }
}

/// The order's row locked until the transaction ends (PostgreSQL; SQLite's write transaction
/// excludes every other writer already): the state read is the one a change leaves, for its
/// bucket.
pub(super) async fn locked(tx: &DatabaseTransaction, id: i64) -> AppResult<Option<exchange_order::Model>> {
    Ok(exchange_order::Entity::find_by_id(id)
        .lock_exclusive()
        .one(tx)
        .await?)
}

/// The order as a change in `tx` left it, moved from the bucket of `before` (None: a new
/// order) to its own: every write of an exchange order ends here before it commits.
pub(super) async fn shifted(
    tx: &DatabaseTransaction,
    id: i64,
    before: Option<&exchange_order::Model>,
) -> AppResult<exchange_order::Model> {
    let after = exchange_order::Entity::find_by_id(id)
        .one(tx)
        .await?
        .ok_or_else(|| AppError::internal("the exchange order just written is gone"))?;
    shift(
        tx,
        before.map(RollupEntry::of_exchange),
        Some(RollupEntry::of_exchange(&after)),
    )
    .await?;
    Ok(after)
}

pub(super) fn new_row(new: &NewExchangeOrder, now: DateTime<Utc>) -> exchange_order::ActiveModel {
    exchange_order::ActiveModel {
        merchant_id: Set(new.merchant_id),
        // Unique placeholder until the id is known.
        order_no: Set(format!("pending:{}", uuid::Uuid::new_v4())),
        merchant_order_no: Set(new.merchant_order_no.clone()),
        origin: Set(Stored(new.origin)),
        pair_id: Set(new.pair_id),
        chain_id: Set(new.chain_id),
        token_id: Set(new.token_in),
        decimals: Set(new.decimals_in),
        token_out: Set(new.token_out),
        decimals_out: Set(new.decimals_out),
        open_id: Set(new.open_id.clone()),
        to_address: Set(new.pay_address.clone()),
        from_address: Set(String::new()),
        payout_address: Set(new.payout_address.clone()),
        quote_id: Set(new.quote_id),
        amount: Set(Stored(new.amount_in)),
        quoted_in: Set(Stored(new.amount_in)),
        min_out: Set(Stored(new.min_out)),
        amount_out: Set(Stored(new.amount_out)),
        rate: Set(new.price.rate.clone()),
        market_rate: Set(new.price.market_rate.clone()),
        spread_bp: Set(new.price.spread_bp as i32),
        source_kind: Set(Stored(new.price.source_kind)),
        source_label: Set(new.price.source_label.clone()),
        price_at: Set(new.price.price_at),
        repriced: Set(new.price.repriced),
        deposit_id: Set(None),
        tx_hash: Set(String::new()),
        withdrawal_id: Set(None),
        refund_id: Set(None),
        out_hash: Set(String::new()),
        fee_points: Set(0),
        status: Set(Stored(new.status)),
        reason: Set(String::new()),
        callback_status: Set(Stored(CallbackStatus::Pending)),
        callback_result: Set(String::new()),
        notify_status: Set(Stored(NotifyStatus::NotRequired)),
        lease_owner: Set(String::new()),
        lease_until: Set(None),
        pay_by: Set(new.pay_by),
        created_at: Set(now),
        updated_at: Set(now),
        completed_at: Set(None),
        ..Default::default()
    }
}

#[async_trait::async_trait]
impl ExchangeOrders for Store {
    async fn insert_api_order(
        &self,
        new: &NewExchangeOrder,
        now: DateTime<Utc>,
    ) -> AppResult<ApiOrderInsert> {
        let existing =
            |found: Option<ExchangeOrderRecord>| found.map(|o| ApiOrderInsert::Existing(Box::new(o)));
        if let Some(no) = &new.merchant_order_no {
            if let Some(found) = existing(self.exchange_order_by_no(new.merchant_id, no).await?) {
                return Ok(found);
            }
        }
        let tx = self.begin_write().await?;
        let inserted = match (new_row(new, now).insert(&tx).await, &new.merchant_order_no) {
            (Ok(row), _) => row,
            // Another request with the same merchant order number won the race: that one stands.
            (Err(err), Some(no)) if super::merchant_api::is_unique_violation(&err) => {
                drop(tx);
                return match existing(self.exchange_order_by_no(new.merchant_id, no).await?) {
                    Some(found) => Ok(found),
                    None => Err(err.into()),
                };
            }
            (Err(err), _) => return Err(err.into()),
        };
        use exchange_order::Column as X;
        set_column(&tx, X::OrderNo, X::Id, inserted.id, order_no(now, inserted.id)).await?;
        if let Some(quote_id) = new.quote_id {
            let taken = exchange_quote::Entity::update_many()
                .col_expr(exchange_quote::Column::OrderId, Expr::value(inserted.id))
                .filter(exchange_quote::Column::Id.eq(quote_id))
                .filter(exchange_quote::Column::OrderId.is_null())
                .exec(&tx)
                .await?;
            if taken.rows_affected != 1 {
                return Ok(ApiOrderInsert::QuoteTaken);
            }
        }
        let row = shifted(&tx, inserted.id, None).await?;
        tx.commit().await?;
        Ok(ApiOrderInsert::Inserted(Box::new(row.into())))
    }

    async fn exchange_order(
        &self,
        merchant_id: MerchantId,
        id: i64,
    ) -> AppResult<Option<ExchangeOrderRecord>> {
        let row = find_owned::<exchange_order::Entity>(self, merchant_id, id).await?;
        Ok(row.map(ExchangeOrderRecord::from))
    }

    async fn exchange_order_by_no(
        &self,
        merchant_id: MerchantId,
        merchant_order_no: &str,
    ) -> AppResult<Option<ExchangeOrderRecord>> {
        let row = merchant_rows::<exchange_order::Entity>(merchant_id)
            .filter(exchange_order::Column::MerchantOrderNo.eq(merchant_order_no))
            .one(self.connection())
            .await?;
        Ok(row.map(ExchangeOrderRecord::from))
    }
}
