//! Announcing an order's change: its callback event is written to the outbox in the change's
//! transaction, numbered after the order's events and superseding the undelivered ones. One
//! code path serves every kind of order: the kind only decides the name the outbox stores
//! beside the order's id and which table holds its callback status.

use coffer_domain::ports::{
    CallbackEvent, CallbackEventRecord, CallbackStatus, EventBuilder, NewCallbackEvent, NotifyStatus,
    OrderRef,
};
use sea_orm::sea_query::{Alias, Expr, LockType, Query, TableRef};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DbBackend, EntityName, EntityTrait,
    QueryFilter, QuerySelect, Set,
};

use crate::entities::{callback_event, deposit, exchange_order, withdrawal, Stored};

/// The names the outbox's `order_kind` holds (stored in every event row: never renamed).
const DEPOSIT: &str = "deposit";
const WITHDRAWAL: &str = "withdrawal";
const EXCHANGE: &str = "exchange";

/// How the outbox and the order tables name an order: the stable name the outbox's
/// `order_kind` holds, and the table of the kind. The one place that maps `OrderRef` to storage:
/// a new kind of order is its name, one arm here and one in [`order_of`].
fn order_key(order: OrderRef) -> (&'static str, i64, TableRef) {
    match order {
        OrderRef::Deposit(id) => (DEPOSIT, id, deposit::Entity.table_ref()),
        OrderRef::Withdrawal(id) => (WITHDRAWAL, id, withdrawal::Entity.table_ref()),
        OrderRef::Exchange(id) => (EXCHANGE, id, exchange_order::Entity.table_ref()),
    }
}

fn order_of(row: &callback_event::Model) -> Option<OrderRef> {
    let id = row.order_id?;
    match row.order_kind.as_deref()? {
        DEPOSIT => Some(OrderRef::Deposit(id)),
        WITHDRAWAL => Some(OrderRef::Withdrawal(id)),
        EXCHANGE => Some(OrderRef::Exchange(id)),
        _ => None,
    }
}

/// The outbox's events of one order.
pub(crate) fn events_of(order: OrderRef) -> Condition {
    let (kind, id, _) = order_key(order);
    Condition::all()
        .add(callback_event::Column::OrderKind.eq(kind))
        .add(callback_event::Column::OrderId.eq(id))
}

/// Sets the callback columns of an order; every order table has them, under the same names.
pub(super) async fn set_order_callback<C: ConnectionTrait>(
    db: &C,
    order: OrderRef,
    callback_status: CallbackStatus,
    notify_status: NotifyStatus,
    result: Option<String>,
) -> Result<(), sea_orm::DbErr> {
    let (_, id, table) = order_key(order);
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

/// Locks an order's row until the transaction ends. Every transaction that writes an order's
/// outbox events takes the order's row first (`enqueue` by updating it): with one lock order
/// the scanner announcing a change and the worker finishing an attempt of the same order wait
/// for each other instead of deadlocking (PostgreSQL then aborts one of them). SQLite ignores
/// `FOR UPDATE`: its write transactions already take turns.
pub(super) async fn lock_order<C: ConnectionTrait>(db: &C, order: OrderRef) -> Result<(), sea_orm::DbErr> {
    let (_, id, table) = order_key(order);
    let select = Query::select()
        .column(Alias::new("id"))
        .from(table)
        .and_where(Expr::col(Alias::new("id")).eq(id))
        .lock(LockType::Update)
        .to_owned();
    db.query_one(db.get_database_backend().build(&select)).await?;
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
/// told of it, is written to the outbox and the delivery workers are told.
pub(crate) async fn announce<C: ConnectionTrait>(
    db: &C,
    change: CallbackEvent<'_>,
    events: &dyn EventBuilder,
) -> Result<(), sea_orm::DbErr> {
    if queue(db, change, events, Order::Known).await? {
        notify_callbacks(db).await?;
    }
    Ok(())
}

/// Whether the order of an event may have events already.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Order {
    Known,
    /// Created in this transaction: no event yet, so nothing to supersede and this one is its
    /// first (the unique index on its number would refuse a second first).
    New,
}

/// [`announce`] without telling the delivery workers: for a transaction announcing many
/// changes, which calls [`notify_callbacks`] once before it commits when this said true
/// (an event was queued).
pub(crate) async fn queue<C: ConnectionTrait>(
    db: &C,
    change: CallbackEvent<'_>,
    events: &dyn EventBuilder,
    order: Order,
) -> Result<bool, sea_orm::DbErr> {
    match events.build(change) {
        Some(event) => enqueue(db, event, order).await.map(|()| true),
        None => Ok(false),
    }
}

/// Writes an event and marks its order as notifying. The order's undelivered events are
/// superseded (the merchant gets the newest state, never a stale one after it) and the event
/// takes the next number of its order: the order row is updated first, which serialises
/// writers of one order, and a unique index backs it.
async fn enqueue<C: ConnectionTrait>(
    db: &C,
    event: NewCallbackEvent,
    order: Order,
) -> Result<(), sea_orm::DbErr> {
    set_order_callback(
        db,
        event.order,
        CallbackStatus::Pending,
        NotifyStatus::Notifying,
        None,
    )
    .await?;
    let seq = match order {
        Order::New => 1,
        Order::Known => next_seq(db, &event).await?,
    };
    let (order_kind, order_id, _) = order_key(event.order);
    callback_event::ActiveModel {
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
        order_kind: Set(Some(order_kind.to_string())),
        order_id: Set(Some(order_id)),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

/// Supersedes the order's undelivered events: the number the next one takes.
async fn next_seq<C: ConnectionTrait>(db: &C, event: &NewCallbackEvent) -> Result<i64, sea_orm::DbErr> {
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
    Ok(last.unwrap_or(0) + 1)
}

/// The PostgreSQL channel on which processes tell each other that work is ready.
pub(crate) const WORK_CHANNEL: &str = "coffer_work";
/// The payload saying callback events were queued.
pub(crate) const CALLBACKS_READY: &str = "callbacks";

/// Tells every process's delivery worker that an event is queued. On PostgreSQL a NOTIFY in
/// the event's transaction: delivered at commit, once per transaction (repeats are folded),
/// never for a rolled-back change. SQLite has no such thing (and no second process serves
/// one file): there the in-process signal and polling do it.
pub(crate) async fn notify_callbacks<C: ConnectionTrait>(db: &C) -> Result<(), sea_orm::DbErr> {
    if db.get_database_backend() == DbBackend::Postgres {
        db.execute_unprepared(&format!("NOTIFY {WORK_CHANNEL}, '{CALLBACKS_READY}'"))
            .await?;
    }
    Ok(())
}
