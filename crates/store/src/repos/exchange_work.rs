//! [`ExchangeWork`]: the exchange round's storage. A payment is linked to one order at most
//! (`deposit_id` is unique, and linking is conditional on the order still waiting); an order
//! moves only from the state the round read, under the round's lease, and its payout or refund
//! withdrawal is written in the same transaction as the move, so a crash never leaves an order
//! paying out without its withdrawal, nor a withdrawal twice.

use chrono::{DateTime, Utc};
use coffer_domain::amount::BaseUnits;
use coffer_domain::deposits::rules;
use coffer_domain::error::{AppError, AppResult};
use coffer_domain::exchange::orders::{order_no, ExchangeOrderRecord, NewExchangeOrder};
use coffer_domain::ports::{
    CallbackEvent, DepositRecord, EventBuilder, ExchangeChange, ExchangeEvent, ExchangeLeg, ExchangeWork,
    OrderStatus,
};
use sea_orm::sea_query::{Expr, Query};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, DatabaseTransaction, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect,
};

use super::exchange_orders::{locked, new_row, shifted};
use super::query::{all_as, claim_due, claimable, release_lease, set_column, take_lease};
use super::withdrawals;
use crate::entities::{deposit, exchange_order, Stored};
use crate::Store;

/// What the round claims: orders a payment, a withdrawal or the clock may move on.
const MOVING: [OrderStatus; 4] = [
    OrderStatus::Confirming,
    OrderStatus::Passed,
    OrderStatus::Processing,
    OrderStatus::Refunding,
];

/// Orders ended without an exchange: their token in counts against no daily limit.
const UNEXCHANGED: [OrderStatus; 4] = [
    OrderStatus::Expired,
    OrderStatus::Refunding,
    OrderStatus::Refunded,
    OrderStatus::Failed,
];

fn linked(payment: &DepositRecord) -> [(exchange_order::Column, sea_orm::Value); 4] {
    use exchange_order::Column as X;
    [
        (X::DepositId, Some(payment.id).into()),
        (X::Amount, Stored(payment.amount).into()),
        (X::FromAddress, payment.from_address.clone().into()),
        (X::TxHash, payment.tx_hash.clone().into()),
    ]
}

/// Ends a change of the order in `tx`: its bucket moves from `before` (None: new), and the
/// state it entered is announced when `announce`.
async fn changed(
    tx: &DatabaseTransaction,
    id: i64,
    before: Option<&exchange_order::Model>,
    announce: bool,
    events: &dyn EventBuilder,
) -> AppResult<()> {
    let order = ExchangeOrderRecord::from(shifted(tx, id, before).await?);
    if !announce {
        return Ok(());
    }
    if let Some(entered) = ExchangeEvent::entering(order.order.status) {
        super::announce::announce(tx, CallbackEvent::Exchange(&order, entered), events).await?;
    }
    Ok(())
}

#[async_trait::async_trait]
impl ExchangeWork for Store {
    async fn unlinked_payments(&self, after: i64, limit: u64) -> AppResult<Vec<DepositRecord>> {
        let taken = Query::select()
            .column(exchange_order::Column::DepositId)
            .from(exchange_order::Entity)
            .and_where(Expr::col(exchange_order::Column::DepositId).is_not_null())
            .to_owned();
        let query = deposit::Entity::find()
            .filter(deposit::Column::Note.eq(rules::EXCHANGE))
            .filter(deposit::Column::Id.gt(after))
            .filter(deposit::Column::Status.ne(Stored(OrderStatus::Void)))
            .filter(deposit::Column::Id.not_in_subquery(taken))
            .order_by_asc(deposit::Column::Id)
            .limit(limit);
        all_as(self, query, DepositRecord::from).await
    }

    async fn waiting_order(
        &self,
        payment: &DepositRecord,
        seen_at: DateTime<Utc>,
    ) -> AppResult<Option<ExchangeOrderRecord>> {
        use exchange_order::Column as X;
        let token = match payment.token_id {
            Some(id) => X::TokenId.eq(id),
            None => X::TokenId.is_null(),
        };
        let row = exchange_order::Entity::find()
            .filter(X::MerchantId.eq(payment.merchant_id))
            .filter(X::ChainId.eq(payment.chain_id))
            .filter(X::ToAddress.eq(payment.to_address.clone()))
            .filter(X::Status.eq(Stored(OrderStatus::New)))
            .filter(X::DepositId.is_null())
            .filter(X::PayBy.gt(seen_at))
            .filter(token)
            .order_by_asc(X::Id)
            .one(self.connection())
            .await?;
        Ok(row.map(ExchangeOrderRecord::from))
    }

    async fn link_payment(
        &self,
        order_id: i64,
        payment: &DepositRecord,
        now: DateTime<Utc>,
        events: &dyn EventBuilder,
    ) -> AppResult<bool> {
        use exchange_order::Column as X;
        let tx = self.begin_write().await?;
        let Some(before) = locked(&tx, order_id).await? else {
            return Ok(false);
        };
        let mut update = exchange_order::Entity::update_many()
            .col_expr(X::Status, Expr::value(Stored(OrderStatus::Confirming)))
            .col_expr(X::UpdatedAt, Expr::value(now))
            .filter(X::Id.eq(order_id))
            .filter(X::Status.eq(Stored(OrderStatus::New)))
            .filter(X::DepositId.is_null());
        for (column, value) in linked(payment) {
            update = update.col_expr(column, Expr::value(value));
        }
        match update.exec(&tx).await {
            Ok(done) if done.rows_affected == 1 => {}
            Ok(_) => return Ok(false),
            // Another process linked the payment to another order first.
            Err(err) if super::merchant_api::is_unique_violation(&err) => return Ok(false),
            Err(err) => return Err(err.into()),
        }
        changed(&tx, order_id, Some(&before), true, events).await?;
        tx.commit().await?;
        Ok(true)
    }

    async fn insert_address_order(
        &self,
        new: &NewExchangeOrder,
        payment: &DepositRecord,
        now: DateTime<Utc>,
        events: &dyn EventBuilder,
    ) -> AppResult<bool> {
        use exchange_order::Column as X;
        let tx = self.begin_write().await?;
        let mut row = new_row(new, now);
        for (column, value) in linked(payment) {
            row.set(column, value);
        }
        let inserted = match row.insert(&tx).await {
            Ok(inserted) => inserted,
            Err(err) if super::merchant_api::is_unique_violation(&err) => return Ok(false),
            Err(err) => return Err(err.into()),
        };
        set_column(&tx, X::OrderNo, X::Id, inserted.id, order_no(now, inserted.id)).await?;
        changed(&tx, inserted.id, None, true, events).await?;
        tx.commit().await?;
        Ok(true)
    }

    async fn claim_exchange_orders(
        &self,
        owner: &str,
        now: DateTime<Utc>,
        until: DateTime<Utc>,
        limit: u64,
    ) -> AppResult<Vec<ExchangeOrderRecord>> {
        use exchange_order::Column as X;
        let due = || {
            let expired = Condition::all()
                .add(X::Status.eq(Stored(OrderStatus::New)))
                .add(X::PayBy.lte(now));
            let moving = X::Status.is_in(MOVING.map(Stored));
            Condition::all()
                .add(Condition::any().add(moving).add(expired))
                .add(claimable::<exchange_order::Entity>(owner, now))
        };
        let won = claim_due::<exchange_order::Entity>(
            self.connection(),
            X::Id,
            due,
            &[X::UpdatedAt, X::Id],
            owner,
            until,
            limit,
        )
        .await?;
        let query = exchange_order::Entity::find()
            .filter(X::Id.is_in(won))
            .order_by_asc(X::Id);
        all_as(self, query, ExchangeOrderRecord::from).await
    }

    async fn move_exchange_order(
        &self,
        id: i64,
        owner: &str,
        change: &ExchangeChange,
        now: DateTime<Utc>,
        events: &dyn EventBuilder,
    ) -> AppResult<bool> {
        use exchange_order::Column as X;
        let tx = self.begin_write().await?;
        let Some(before) = locked(&tx, id).await? else {
            return Ok(false);
        };
        let mut update = exchange_order::Entity::update_many()
            .col_expr(X::Status, Expr::value(Stored(change.to)))
            .col_expr(X::UpdatedAt, Expr::value(now))
            .filter(X::Id.eq(id))
            .filter(X::Status.is_in(change.from.iter().copied().map(Stored)))
            .filter(X::LeaseOwner.eq(owner))
            .filter(X::LeaseUntil.gte(now));
        if let Some(reason) = &change.reason {
            update = update.col_expr(X::Reason, Expr::value(reason.clone()));
        }
        if let Some(amount_out) = change.amount_out {
            update = update.col_expr(X::AmountOut, Expr::value(Stored(amount_out)));
        }
        if let Some(price) = &change.price {
            update = update
                .col_expr(X::Rate, Expr::value(price.rate.clone()))
                .col_expr(X::MarketRate, Expr::value(price.market_rate.clone()))
                .col_expr(X::SpreadBp, Expr::value(price.spread_bp as i32))
                .col_expr(X::SourceKind, Expr::value(Stored(price.source_kind)))
                .col_expr(X::SourceLabel, Expr::value(price.source_label.clone()))
                .col_expr(X::PriceAt, Expr::value(price.price_at))
                .col_expr(X::Repriced, Expr::value(price.repriced));
        }
        if let Some(hash) = &change.out_hash {
            update = update.col_expr(X::OutHash, Expr::value(hash.clone()));
        }
        if let Some(points) = change.fee_points {
            update = update.col_expr(X::FeePoints, Expr::value(points));
        }
        if let Some(at) = change.completed_at {
            update = update.col_expr(X::CompletedAt, Expr::value(Some(at)));
        }
        if let Some((leg, new)) = &change.withdrawal {
            let inserted = withdrawals::new_row(new, now).insert(&tx).await?;
            withdrawals::finish_new(&tx, inserted.id, now).await?;
            let column = match leg {
                ExchangeLeg::Payout => X::WithdrawalId,
                ExchangeLeg::Refund => X::RefundId,
            };
            update = update.col_expr(column, Expr::value(Some(inserted.id)));
        }
        if update.exec(&tx).await?.rows_affected != 1 {
            return Ok(false); // dropping `tx` rolls the withdrawal back
        }
        // A wait (the same state, a new reason) announces nothing.
        let announce = !change.from.contains(&change.to);
        changed(&tx, id, Some(&before), announce, events).await?;
        tx.commit().await?;
        Ok(true)
    }

    async fn lease_exchange_order(
        &self,
        id: i64,
        owner: &str,
        now: DateTime<Utc>,
        until: DateTime<Utc>,
    ) -> AppResult<bool> {
        let taken = take_lease::<exchange_order::Entity>(owner, until)
            .filter(exchange_order::Column::Id.eq(id))
            .filter(claimable::<exchange_order::Entity>(owner, now))
            .exec(self.connection())
            .await?;
        Ok(taken.rows_affected == 1)
    }

    async fn release_exchange_order(&self, id: i64, owner: &str) -> AppResult<()> {
        release_lease::<exchange_order::Entity>(owner)
            .filter(exchange_order::Column::Id.eq(id))
            .exec(self.connection())
            .await?;
        Ok(())
    }

    async fn exchanged_since(&self, pair_id: i64, since: DateTime<Utc>, except: i64) -> AppResult<BaseUnits> {
        use exchange_order::Column as X;
        let query = exchange_order::Entity::find()
            .filter(X::PairId.eq(pair_id))
            .filter(X::CreatedAt.gte(since))
            .filter(X::Id.ne(except))
            .filter(X::DepositId.is_not_null())
            .filter(X::Status.is_not_in(UNEXCHANGED.map(Stored)))
            .select_only()
            .column(X::Amount);
        let amounts: Vec<Stored<BaseUnits>> = query.into_tuple().all(self.connection()).await?;
        // Each order is bounded far below 2^256 / rows: the sum cannot overflow.
        amounts
            .into_iter()
            .try_fold(BaseUnits::ZERO, |sum, amount| sum.checked_add(amount.0))
            .ok_or_else(|| AppError::internal("a day of exchanges past 2^256"))
    }
}
