//! Upgrading a database that already holds data: what was written before a migration reads the
//! same after it.

use chrono::{DateTime, TimeZone, Utc};
use coffer_domain::ports::{CallbackLog, EventFilter, OrderRef, PageRequest};
use coffer_store::{Migrator, PoolSettings, Store};
use coffer_testkit::{each_database, TestDb};
use sea_orm::sea_query::{Alias, Query};
use sea_orm::ConnectionTrait;
use sea_orm_migration::MigratorTrait;

mod support;

const MERCHANT: i64 = 3;

const ORDER_KIND: &str = "m20261124_000001_callback_order_kind";

/// How many migrations come before the one named `name`.
fn position_of(name: &str) -> usize {
    Migrator::migrations()
        .iter()
        .position(|m| m.name() == name)
        .expect("the migration is listed")
}

/// An event row as the outbox wrote it with one column per kind of order.
async fn old_event(
    store: &Store,
    event_id: &str,
    deposit_id: Option<i64>,
    withdrawal_id: Option<i64>,
    at: DateTime<Utc>,
) {
    let db = store.connection();
    let columns = [
        "event_id",
        "merchant_id",
        "deposit_id",
        "withdrawal_id",
        "order_no",
        "event",
        "body",
        "status",
        "attempts",
        "next_attempt_at",
        "lease_owner",
        "created_at",
        "seq",
    ];
    let insert = Query::insert()
        .into_table(Alias::new("callback_event"))
        .columns(columns.map(Alias::new))
        .values_panic([
            event_id.into(),
            MERCHANT.into(),
            deposit_id.into(),
            withdrawal_id.into(),
            format!("order-of-{event_id}").into(),
            "test.event".into(),
            "{}".into(),
            0i32.into(),
            0i32.into(),
            at.into(),
            "".into(),
            at.into(),
            1i64.into(),
        ])
        .to_owned();
    db.execute(db.get_database_backend().build(&insert))
        .await
        .unwrap();
}

async fn callback_events_keep_their_order(db: TestDb) {
    let settings = PoolSettings {
        max_connections: 2,
        connect_timeout: std::time::Duration::from_secs(10),
    };
    let store = Store::connect(&db.url, settings).await.unwrap();
    Migrator::up(store.connection(), Some(position_of(ORDER_KIND) as u32))
        .await
        .unwrap();
    let t0 = Utc.with_ymd_and_hms(2026, 11, 22, 8, 0, 0).unwrap();
    // A deposit and a withdrawal that share the number 9, and an event naming no order.
    old_event(&store, "d9", Some(9), None, t0).await;
    old_event(&store, "w9", None, Some(9), t0).await;
    old_event(&store, "w12", None, Some(12), t0).await;
    old_event(&store, "none", None, None, t0).await;

    store.migrate().await.unwrap();

    let latest = |order| {
        let store = &store;
        async move {
            store
                .latest_event(order)
                .await
                .unwrap()
                .map(|e| (e.event_id, e.order))
        }
    };
    assert_eq!(
        latest(OrderRef::Deposit(9)).await,
        Some(("d9".into(), Some(OrderRef::Deposit(9))))
    );
    assert_eq!(
        latest(OrderRef::Withdrawal(9)).await,
        Some(("w9".into(), Some(OrderRef::Withdrawal(9))))
    );
    assert_eq!(
        latest(OrderRef::Withdrawal(12)).await,
        Some(("w12".into(), Some(OrderRef::Withdrawal(12))))
    );
    assert_eq!(latest(OrderRef::Deposit(12)).await, None);

    let listed = store
        .page_events(
            MERCHANT,
            &EventFilter::default(),
            PageRequest { page: 1, size: 10 },
        )
        .await
        .unwrap();
    let orders: Vec<_> = listed
        .list
        .iter()
        .map(|e| (e.event_id.as_str(), e.order))
        .collect();
    assert_eq!(
        orders,
        [
            ("none", None),
            ("w12", Some(OrderRef::Withdrawal(12))),
            ("w9", Some(OrderRef::Withdrawal(9))),
            ("d9", Some(OrderRef::Deposit(9))),
        ]
    );
    assert_eq!(listed.total, 4);

    // Undone, the columns per kind come back with the same orders.
    let undo = Migrator::migrations().len() - position_of(ORDER_KIND);
    Migrator::down(store.connection(), Some(undo as u32))
        .await
        .unwrap();
    let db = store.connection();
    let rows = db
        .query_all(sea_orm::Statement::from_string(
            db.get_database_backend(),
            "SELECT event_id, deposit_id, withdrawal_id FROM callback_event ORDER BY id",
        ))
        .await
        .unwrap();
    let columns: Vec<(String, Option<i64>, Option<i64>)> = rows
        .iter()
        .map(|r| {
            (
                r.try_get_by_index(0).unwrap(),
                r.try_get_by_index(1).unwrap(),
                r.try_get_by_index(2).unwrap(),
            )
        })
        .collect();
    assert_eq!(
        columns,
        [
            ("d9".to_string(), Some(9), None),
            ("w9".to_string(), None, Some(9)),
            ("w12".to_string(), None, Some(12)),
            ("none".to_string(), None, None),
        ]
    );
}

const NOT_ANNOUNCED: &str = "m20261130_000002_not_announced";

/// Deposits never credited were left "in callback" (0) for ever by earlier releases; the
/// migration says "not announced" (4) for them and leaves the credited ones alone.
async fn uncredited_deposits_are_marked_not_announced(db: TestDb) {
    use coffer_domain::ports::CallbackStatus;
    use support::buckets::{deposit_of, scan, transfer};
    let (store, a, _) = support::open(&db).await;
    let t0 = support::t0();
    let found = [
        transfer(a, "0xcredited", 5_000_000, ""),
        transfer(a, "0xdust", 1, "dust"),
        transfer(a, "0xsweep", 7_000_000, "internal"),
    ];
    scan(&store, 1, &found, t0).await;
    let statuses = |store: &Store| {
        let store = store.clone();
        async move {
            let mut found = Vec::new();
            for hash in ["0xcredited", "0xdust", "0xsweep"] {
                found.push(deposit_of(&store, hash).await.callback_status);
            }
            found
        }
    };
    let (queued, silent) = (CallbackStatus::Pending, CallbackStatus::NotAnnounced);
    assert_eq!(
        statuses(&store).await,
        [queued, silent, silent],
        "as recorded now"
    );

    // As an earlier release left them, then migrated again.
    let undo = Migrator::migrations().len() - position_of(NOT_ANNOUNCED);
    Migrator::down(store.connection(), Some(undo as u32))
        .await
        .unwrap();
    assert_eq!(statuses(&store).await, [queued, queued, queued]);
    store.migrate().await.unwrap();
    assert_eq!(statuses(&store).await, [queued, silent, silent]);
}

each_database!(
    callback_events_keep_their_order,
    uncredited_deposits_are_marked_not_announced,
);
