//! Announcing an order's change: its callback event is written to the outbox in the change's
//! transaction, numbered after the order's events and superseding the undelivered ones. One
//! code path serves every kind of order: the kind only decides which outbox column names the
//! order and which table holds its callback status.

use coffer_domain::ports::{CallbackEvent, CallbackEventRecord, EventBuilder, NewCallbackEvent, OrderRef};
use coffer_domain::ports::{CallbackStatus, NotifyStatus};
use sea_orm::sea_query::{Alias, Expr, Query};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, EntityName, EntityTrait, QueryFilter,
    QuerySelect, Set,
};

use crate::entities::{callback_event, deposit, withdrawal, Stored};

/// The outbox column naming an event's order, per kind.
pub(crate) fn order_column(order: OrderRef) -> (callback_event::Column, i64) {
    match order {
        OrderRef::Deposit(id) => (callback_event::Column::DepositId, id),
        OrderRef::Withdrawal(id) => (callback_event::Column::WithdrawalId, id),
    }
}

fn order_of(row: &callback_event::Model) -> Option<OrderRef> {
    match (row.deposit_id, row.withdrawal_id) {
        (Some(id), _) => Some(OrderRef::Deposit(id)),
        (None, Some(id)) => Some(OrderRef::Withdrawal(id)),
        (None, None) => None,
    }
}

/// Sets the callback columns of an order; every order table has them, under the same names.
pub(super) async fn set_order_callback<C: ConnectionTrait>(
    db: &C,
    order: OrderRef,
    callback_status: CallbackStatus,
    notify_status: NotifyStatus,
    result: Option<String>,
) -> Result<(), sea_orm::DbErr> {
    let (table, id) = match order {
        OrderRef::Deposit(id) => (deposit::Entity.table_ref(), id),
        OrderRef::Withdrawal(id) => (withdrawal::Entity.table_ref(), id),
    };
    let mut update = Query::update();
    update
        .table(table)
        .value(Alias::new("callback_status"), Stored(callback_status))
        .value(Alias::new("notify_status"), Stored(notify_status))
        .and_where(Expr::col(Alias::new("id")).eq(id));
    if let Some(result) = result {
        update.value(Alias::new("callback_result"), result);
    }
    db.execute(db.get_database_backend().build(&update)).await?;
    Ok(())
}

pub(crate) fn event(m: callback_event::Model) -> CallbackEventRecord {
    CallbackEventRecord {
        id: m.id,
        order: order_of(&m),
        event_id: m.event_id,
        merchant_id: m.merchant_id,
        order_no: m.order_no,
        event: m.event,
        body: m.body,
        status: m.status.0,
        attempts: m.attempts,
        next_attempt_at: m.next_attempt_at,
        last_http_status: m.last_http_status,
        created_at: m.created_at,
        delivered_at: m.delivered_at,
        seq: m.seq,
    }
}

/// Announces an order's change (same transaction as the change): the event, if the merchant is
/// told of it, is written to the outbox.
pub(crate) async fn announce<C: ConnectionTrait>(
    db: &C,
    change: CallbackEvent<'_>,
    events: &dyn EventBuilder,
) -> Result<(), sea_orm::DbErr> {
    match events.build(change) {
        Some(event) => enqueue(db, event).await,
        None => Ok(()),
    }
}

/// Writes an event and marks its order as notifying. The order's undelivered events are
/// superseded (the merchant gets the newest state, never a stale one after it) and the event
/// takes the next number of its order: the order row is updated first, which serialises
/// writers of one order, and a unique index backs it.
async fn enqueue<C: ConnectionTrait>(db: &C, event: NewCallbackEvent) -> Result<(), sea_orm::DbErr> {
    set_order_callback(
        db,
        event.order,
        CallbackStatus::Pending,
        NotifyStatus::Notifying,
        None,
    )
    .await?;
    let same_order = || {
        Condition::all()
            .add(callback_event::Column::MerchantId.eq(event.merchant_id))
            .add(callback_event::Column::OrderNo.eq(event.order_no.clone()))
    };
    callback_event::Entity::update_many()
        .col_expr(
            callback_event::Column::Status,
            Expr::value(Stored(CallbackStatus::Superseded)),
        )
        .filter(same_order())
        .filter(callback_event::Column::Status.eq(Stored(CallbackStatus::Pending)))
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
    let mut row = callback_event::ActiveModel {
        body: Set(event.body_with_seq(seq)),
        event_id: Set(event.event_id),
        merchant_id: Set(event.merchant_id),
        order_no: Set(event.order_no),
        event: Set(event.event),
        status: Set(Stored(CallbackStatus::Pending)),
        attempts: Set(0),
        next_attempt_at: Set(event.next_attempt_at),
        lease_owner: Set(String::new()),
        lease_until: Set(None),
        last_http_status: Set(None),
        created_at: Set(event.next_attempt_at),
        delivered_at: Set(None),
        seq: Set(seq),
        ..Default::default()
    };
    let (column, id) = order_column(event.order);
    row.set(column, id.into());
    row.insert(db).await?;
    Ok(())
}
