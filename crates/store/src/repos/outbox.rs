//! The callback outbox the worker delivers from: an event is claimed only when no older event
//! of its order is waiting or in flight, so a merchant never gets an order's states out of
//! order (events are written by [`super::announce`]).

use chrono::{DateTime, Utc};
use coffer_domain::error::AppResult;
use coffer_domain::ports::{
    AttemptOutcome, CallbackAttemptRecord, CallbackEventRecord, CallbackOutbox, MerchantId, PushOutcome,
};
use coffer_domain::ports::{CallbackStatus, NotifyStatus};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect, Set,
};

use super::announce::{event, lock_order, set_order_callback};
use super::query::take_lease;
use crate::entities::{callback_attempt, callback_event, Stored};
use crate::Store;

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
                .add(callback_event::Column::Status.eq(Stored(CallbackStatus::Pending)))
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
        let won = take_lease::<callback_event::Entity>(owner, lease_until)
            .filter(callback_event::Column::Id.eq(row.id))
            .filter(callback_event::Column::Status.eq(Stored(CallbackStatus::Pending)))
            .filter(lease_free(now))
            .exec(self.connection())
            .await?;
        Ok(won.rows_affected == 1)
    }
}

#[async_trait::async_trait]
impl CallbackOutbox for Store {
    async fn claim_due_events(
        &self,
        owner: &str,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: u64,
    ) -> AppResult<Vec<CallbackEventRecord>> {
        let db = self.connection();
        let candidates = callback_event::Entity::find()
            .filter(callback_event::Column::Status.eq(Stored(CallbackStatus::Pending)))
            .filter(callback_event::Column::NextAttemptAt.lte(now))
            .filter(lease_free(now))
            .order_by_asc(callback_event::Column::NextAttemptAt)
            .order_by_asc(callback_event::Column::Id)
            .limit(limit)
            .all(db)
            .await?;
        let mut claimed = Vec::new();
        for row in candidates {
            if waits_for_older(db, &row, now).await? {
                continue;
            }
            if self.lease_event(&row, owner, now, lease_until).await? {
                claimed.push(event(row));
            }
        }
        Ok(claimed)
    }

    async fn claim_event(
        &self,
        id: i64,
        owner: &str,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
    ) -> AppResult<Option<CallbackEventRecord>> {
        let db = self.connection();
        let Some(row) = callback_event::Entity::find_by_id(id).one(db).await? else {
            return Ok(None);
        };
        if row.status != Stored(CallbackStatus::Pending) || waits_for_older(db, &row, now).await? {
            return Ok(None);
        }
        Ok(self
            .lease_event(&row, owner, now, lease_until)
            .await?
            .then(|| event(row)))
    }

    async fn push_event(
        &self,
        merchant_id: MerchantId,
        event_id: &str,
        due: DateTime<Utc>,
    ) -> AppResult<PushOutcome> {
        let db = self.connection();
        let Some(row) = callback_event::Entity::find()
            .filter(callback_event::Column::MerchantId.eq(merchant_id))
            .filter(callback_event::Column::EventId.eq(event_id))
            .one(db)
            .await?
        else {
            return Ok(PushOutcome::Missing);
        };
        let newer = callback_event::Entity::find()
            .filter(same_order(&row))
            .filter(callback_event::Column::Id.gt(row.id))
            .count(db)
            .await?;
        if newer > 0 {
            return Ok(PushOutcome::NotLatest);
        }
        callback_event::Entity::update_many()
            .col_expr(
                callback_event::Column::Status,
                Expr::value(Stored(CallbackStatus::Pending)),
            )
            .col_expr(callback_event::Column::NextAttemptAt, Expr::value(due))
            .filter(callback_event::Column::Id.eq(row.id))
            .exec(db)
            .await?;
        let row = callback_event::Entity::find_by_id(row.id)
            .one(db)
            .await?
            .unwrap_or(row);
        Ok(PushOutcome::Queued(Box::new(event(row))))
    }

    async fn postpone_event(&self, id: i64, at: DateTime<Utc>) -> AppResult<()> {
        callback_event::Entity::update_many()
            .col_expr(callback_event::Column::NextAttemptAt, Expr::value(at))
            .col_expr(
                callback_event::Column::LeaseUntil,
                Expr::value(Option::<DateTime<Utc>>::None),
            )
            .filter(callback_event::Column::Id.eq(id))
            .exec(self.connection())
            .await?;
        Ok(())
    }

    async fn wake_events(&self, merchant_id: MerchantId, now: DateTime<Utc>) -> AppResult<u64> {
        let woken = callback_event::Entity::update_many()
            .col_expr(callback_event::Column::NextAttemptAt, Expr::value(now))
            .filter(callback_event::Column::MerchantId.eq(merchant_id))
            .filter(callback_event::Column::Status.eq(Stored(CallbackStatus::Pending)))
            .filter(callback_event::Column::NextAttemptAt.gt(now))
            .exec(self.connection())
            .await?;
        Ok(woken.rows_affected)
    }

    /// The attempt, the event's state after it and, unless a newer event of the order took
    /// over meanwhile, the order's callback status: one transaction.
    async fn finish_attempt(
        &self,
        e: &CallbackEventRecord,
        attempt: &CallbackAttemptRecord,
        outcome: &AttemptOutcome,
    ) -> AppResult<()> {
        let tx = self.begin_write().await?;
        if let Some(order) = e.order {
            lock_order(&tx, order).await?;
        }
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
        .await?;
        let superseded = callback_event::Entity::find_by_id(e.id)
            .one(&tx)
            .await?
            .is_some_and(|row| row.status == Stored(CallbackStatus::Superseded));
        let (status, next, delivered, order_callback, order_notify) = match outcome {
            AttemptOutcome::Delivered => (
                CallbackStatus::Success,
                e.next_attempt_at,
                Some(attempt.created_at),
                CallbackStatus::Success,
                NotifyStatus::Success,
            ),
            AttemptOutcome::Retry { at } => (
                CallbackStatus::Pending,
                *at,
                None,
                CallbackStatus::Pending,
                NotifyStatus::Notifying,
            ),
            AttemptOutcome::Failed => (
                CallbackStatus::Failed,
                e.next_attempt_at,
                None,
                CallbackStatus::Failed,
                NotifyStatus::Failure,
            ),
        };
        // A superseded event that was delivered says so; one that was not stays superseded.
        let status = if superseded && !attempt.success {
            CallbackStatus::Superseded
        } else {
            status
        };
        callback_event::Entity::update_many()
            .col_expr(callback_event::Column::Status, Expr::value(Stored(status)))
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
            .await?;
        if let Some(order) = e.order.filter(|_| !superseded) {
            let result = order_result(attempt);
            set_order_callback(&tx, order, order_callback, order_notify, Some(result)).await?;
        }
        Ok(tx.commit().await?)
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
