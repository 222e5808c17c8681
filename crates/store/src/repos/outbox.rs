//! The callback outbox: events are numbered and supersede the undelivered ones of
//! their order when written; an event is claimed only when no older event of its order is
//! waiting or in flight, so a merchant never gets an order's states out of order.

use chrono::{DateTime, Utc};
use coffer_domain::error::AppResult;
use coffer_domain::ports::{
    callback, notify, AttemptOutcome, CallbackAttemptRecord, CallbackEventRecord, MerchantId,
    NewCallbackEvent, PushOutcome,
};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect, Set,
};

use super::callbacks::event;
use crate::entities::{callback_attempt, callback_event, deposit, withdrawal};
use crate::{db_error, Store};

/// Writes an event and marks its order as notifying (same transaction as the state change).
/// The order's undelivered events are superseded (the merchant gets the newest state, never a
/// stale one after it) and the event takes the next number of its order: the order row is
/// updated first, which serialises writers of one order, and a unique index backs it.
pub(crate) async fn enqueue<C: ConnectionTrait>(
    db: &C,
    event: NewCallbackEvent,
) -> Result<(), sea_orm::DbErr> {
    if let Some(deposit_id) = event.deposit_id {
        deposit::Entity::update_many()
            .col_expr(deposit::Column::CallbackStatus, Expr::value(callback::PENDING))
            .col_expr(deposit::Column::NotifyStatus, Expr::value(notify::NOTIFYING))
            .filter(deposit::Column::Id.eq(deposit_id))
            .exec(db)
            .await?;
    }
    if let Some(withdrawal_id) = event.withdrawal_id {
        withdrawal::Entity::update_many()
            .col_expr(withdrawal::Column::CallbackStatus, Expr::value(callback::PENDING))
            .col_expr(withdrawal::Column::NotifyStatus, Expr::value(notify::NOTIFYING))
            .filter(withdrawal::Column::Id.eq(withdrawal_id))
            .exec(db)
            .await?;
    }
    let same_order = || {
        Condition::all()
            .add(callback_event::Column::MerchantId.eq(event.merchant_id))
            .add(callback_event::Column::OrderNo.eq(event.order_no.clone()))
    };
    callback_event::Entity::update_many()
        .col_expr(callback_event::Column::Status, Expr::value(callback::SUPERSEDED))
        .filter(same_order())
        .filter(callback_event::Column::Status.eq(callback::PENDING))
        .exec(db)
        .await?;
    let last: Option<i64> = callback_event::Entity::find()
        .select_only()
        .column_as(callback_event::Column::Seq.max(), "last")
        .filter(same_order())
        .into_tuple::<Option<i64>>()
        .one(db)
        .await?
        .flatten();
    let seq = last.unwrap_or(0) + 1;
    callback_event::ActiveModel {
        body: Set(event.body_with_seq(seq)),
        event_id: Set(event.event_id),
        merchant_id: Set(event.merchant_id),
        deposit_id: Set(event.deposit_id),
        withdrawal_id: Set(event.withdrawal_id),
        order_no: Set(event.order_no),
        event: Set(event.event),
        status: Set(callback::PENDING),
        attempts: Set(0),
        next_attempt_at: Set(event.next_attempt_at),
        lease_owner: Set(String::new()),
        lease_until: Set(None),
        last_http_status: Set(None),
        created_at: Set(event.next_attempt_at),
        delivered_at: Set(None),
        seq: Set(seq),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

fn same_order(row: &callback_event::Model) -> Condition {
    Condition::all()
        .add(callback_event::Column::MerchantId.eq(row.merchant_id))
        .add(callback_event::Column::OrderNo.eq(row.order_no.clone()))
}

fn lease_free(now: DateTime<Utc>) -> Condition {
    Condition::any()
        .add(callback_event::Column::LeaseUntil.is_null())
        .add(callback_event::Column::LeaseUntil.lt(now))
}

/// An older event of the same order is still to be settled: waiting, or in flight (leased,
/// even when superseded meanwhile: what is on the wire arrives before the newer one leaves).
async fn waits_for_older<C: ConnectionTrait>(
    db: &C,
    row: &callback_event::Model,
    now: DateTime<Utc>,
) -> Result<bool, sea_orm::DbErr> {
    let older = callback_event::Entity::find()
        .filter(same_order(row))
        .filter(callback_event::Column::Id.lt(row.id))
        .filter(
            Condition::any()
                .add(callback_event::Column::Status.eq(callback::PENDING))
                .add(callback_event::Column::LeaseUntil.gte(now)),
        )
        .count(db)
        .await?;
    Ok(older > 0)
}

impl Store {
    /// A conditional update: of several workers exactly one wins the event.
    async fn lease_event(
        &self,
        row: &callback_event::Model,
        owner: &str,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
    ) -> AppResult<bool> {
        let won = callback_event::Entity::update_many()
            .col_expr(callback_event::Column::LeaseOwner, Expr::value(owner))
            .col_expr(callback_event::Column::LeaseUntil, Expr::value(lease_until))
            .filter(callback_event::Column::Id.eq(row.id))
            .filter(callback_event::Column::Status.eq(callback::PENDING))
            .filter(lease_free(now))
            .exec(self.connection())
            .await
            .map_err(db_error)?;
        Ok(won.rows_affected == 1)
    }

    pub(crate) async fn claim_outbox(
        &self,
        owner: &str,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: u64,
    ) -> AppResult<Vec<CallbackEventRecord>> {
        let db = self.connection();
        let candidates = callback_event::Entity::find()
            .filter(callback_event::Column::Status.eq(callback::PENDING))
            .filter(callback_event::Column::NextAttemptAt.lte(now))
            .filter(lease_free(now))
            .order_by_asc(callback_event::Column::NextAttemptAt)
            .order_by_asc(callback_event::Column::Id)
            .limit(limit)
            .all(db)
            .await
            .map_err(db_error)?;
        let mut claimed = Vec::new();
        for row in candidates {
            if waits_for_older(db, &row, now).await.map_err(db_error)? {
                continue;
            }
            if self.lease_event(&row, owner, now, lease_until).await? {
                claimed.push(event(row));
            }
        }
        Ok(claimed)
    }

    pub(crate) async fn claim_outbox_event(
        &self,
        id: i64,
        owner: &str,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
    ) -> AppResult<Option<CallbackEventRecord>> {
        let db = self.connection();
        let Some(row) = callback_event::Entity::find_by_id(id)
            .one(db)
            .await
            .map_err(db_error)?
        else {
            return Ok(None);
        };
        if row.status != callback::PENDING || waits_for_older(db, &row, now).await.map_err(db_error)? {
            return Ok(None);
        }
        Ok(self
            .lease_event(&row, owner, now, lease_until)
            .await?
            .then(|| event(row)))
    }

    pub(crate) async fn push_outbox_event(
        &self,
        merchant_id: MerchantId,
        event_id: &str,
        now: DateTime<Utc>,
    ) -> AppResult<PushOutcome> {
        let db = self.connection();
        let Some(row) = callback_event::Entity::find()
            .filter(callback_event::Column::MerchantId.eq(merchant_id))
            .filter(callback_event::Column::EventId.eq(event_id))
            .one(db)
            .await
            .map_err(db_error)?
        else {
            return Ok(PushOutcome::Missing);
        };
        let newer = callback_event::Entity::find()
            .filter(same_order(&row))
            .filter(callback_event::Column::Id.gt(row.id))
            .count(db)
            .await
            .map_err(db_error)?;
        if newer > 0 {
            return Ok(PushOutcome::NotLatest);
        }
        callback_event::Entity::update_many()
            .col_expr(callback_event::Column::Status, Expr::value(callback::PENDING))
            .col_expr(callback_event::Column::NextAttemptAt, Expr::value(now))
            .filter(callback_event::Column::Id.eq(row.id))
            .exec(db)
            .await
            .map_err(db_error)?;
        let row = callback_event::Entity::find_by_id(row.id)
            .one(db)
            .await
            .map_err(db_error)?
            .unwrap_or(row);
        Ok(PushOutcome::Queued(Box::new(event(row))))
    }

    pub(crate) async fn wake_outbox(&self, merchant_id: MerchantId, now: DateTime<Utc>) -> AppResult<u64> {
        let woken = callback_event::Entity::update_many()
            .col_expr(callback_event::Column::NextAttemptAt, Expr::value(now))
            .filter(callback_event::Column::MerchantId.eq(merchant_id))
            .filter(callback_event::Column::Status.eq(callback::PENDING))
            .filter(callback_event::Column::NextAttemptAt.gt(now))
            .exec(self.connection())
            .await
            .map_err(db_error)?;
        Ok(woken.rows_affected)
    }

    /// The attempt, the event's state after it and, unless a newer event of the order took
    /// over meanwhile, the order's callback status: one transaction.
    pub(crate) async fn finish_outbox_attempt(
        &self,
        e: &CallbackEventRecord,
        attempt: &CallbackAttemptRecord,
        outcome: &AttemptOutcome,
    ) -> AppResult<()> {
        let tx = self.begin_write().await?;
        callback_attempt::ActiveModel {
            event_id: Set(attempt.event_id.clone()),
            merchant_id: Set(attempt.merchant_id),
            url: Set(attempt.url.clone()),
            http_status: Set(attempt.http_status),
            latency_ms: Set(attempt.latency_ms),
            response: Set(attempt.response.clone()),
            error: Set(attempt.error.clone()),
            success: Set(attempt.success),
            created_at: Set(attempt.created_at),
            reason: Set(attempt.reason.clone()),
            ..Default::default()
        }
        .insert(&tx)
        .await
        .map_err(db_error)?;
        let superseded = callback_event::Entity::find_by_id(e.id)
            .one(&tx)
            .await
            .map_err(db_error)?
            .is_some_and(|row| row.status == callback::SUPERSEDED);
        let (status, next, delivered, order_callback, order_notify) = match outcome {
            AttemptOutcome::Delivered => (
                callback::SUCCESS,
                e.next_attempt_at,
                Some(attempt.created_at),
                callback::SUCCESS,
                notify::SUCCESS,
            ),
            AttemptOutcome::Retry { at } => {
                (callback::PENDING, *at, None, callback::PENDING, notify::NOTIFYING)
            }
            AttemptOutcome::Failed => (
                callback::FAILED,
                e.next_attempt_at,
                None,
                callback::FAILED,
                notify::FAILURE,
            ),
        };
        // A superseded event that was delivered says so; one that was not stays superseded.
        let status = if superseded && !attempt.success {
            callback::SUPERSEDED
        } else {
            status
        };
        callback_event::Entity::update_many()
            .col_expr(callback_event::Column::Status, Expr::value(status))
            .col_expr(
                callback_event::Column::Attempts,
                Expr::col(callback_event::Column::Attempts).add(1),
            )
            .col_expr(callback_event::Column::NextAttemptAt, Expr::value(next))
            .col_expr(callback_event::Column::DeliveredAt, Expr::value(delivered))
            .col_expr(
                callback_event::Column::LastHttpStatus,
                Expr::value(attempt.http_status),
            )
            .col_expr(
                callback_event::Column::LeaseUntil,
                Expr::value(Option::<DateTime<Utc>>::None),
            )
            .filter(callback_event::Column::Id.eq(e.id))
            .exec(&tx)
            .await
            .map_err(db_error)?;
        if !superseded {
            let result = order_result(attempt);
            if let Some(deposit_id) = e.deposit_id {
                deposit::Entity::update_many()
                    .col_expr(deposit::Column::CallbackStatus, Expr::value(order_callback))
                    .col_expr(deposit::Column::NotifyStatus, Expr::value(order_notify))
                    .col_expr(deposit::Column::CallbackResult, Expr::value(result.clone()))
                    .filter(deposit::Column::Id.eq(deposit_id))
                    .exec(&tx)
                    .await
                    .map_err(db_error)?;
            }
            if let Some(withdrawal_id) = e.withdrawal_id {
                withdrawal::Entity::update_many()
                    .col_expr(withdrawal::Column::CallbackStatus, Expr::value(order_callback))
                    .col_expr(withdrawal::Column::NotifyStatus, Expr::value(order_notify))
                    .col_expr(withdrawal::Column::CallbackResult, Expr::value(result))
                    .filter(withdrawal::Column::Id.eq(withdrawal_id))
                    .exec(&tx)
                    .await
                    .map_err(db_error)?;
            }
        }
        tx.commit().await.map_err(db_error)
    }
}

/// What the order lists show of its last attempt.
fn order_result(attempt: &CallbackAttemptRecord) -> String {
    if attempt.success {
        return attempt.response.clone();
    }
    format!(
        "{} {}",
        attempt.http_status.map(|s| s.to_string()).unwrap_or_default(),
        if attempt.error.is_empty() {
            &attempt.response
        } else {
            &attempt.error
        }
    )
    .trim()
    .to_string()
}
