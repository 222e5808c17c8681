//! The outbox and an order's change take their locks in one order, on SQLite and PostgreSQL.
//! The scanner confirming a deposit holds the deposit's row and then supersedes its undelivered
//! events; the callback worker finishing an attempt of that order writes the event and then the
//! order's callback status. Were the worker to take the event's row first, PostgreSQL would
//! find a deadlock, abort the worker's transaction and the delivered callback would be held
//! as failed (and the order's next event would wait for its retry).

mod support;

use chrono::Duration;
use coffer_domain::ports::{
    AttemptOutcome, CallbackAttemptRecord, CallbackOutbox, CallbackStatus, Transition, WithdrawalEvent,
    WithdrawalRepo,
};
use coffer_store::entities::{callback_event, withdrawal, Stored};
use coffer_testkit::{each_database, TestDb};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, TransactionTrait};
use support::{insert, open, request, t0, to, Events};

fn delivered(event_id: &str, merchant_id: i64) -> CallbackAttemptRecord {
    CallbackAttemptRecord {
        id: 0,
        event_id: event_id.to_string(),
        merchant_id,
        url: "https://shop.example/callback".into(),
        http_status: Some(200),
        latency_ms: 3,
        response: r#"{"code":0}"#.into(),
        error: String::new(),
        success: true,
        created_at: t0(),
        reason: String::new(),
    }
}

async fn a_finishing_attempt_waits_for_the_orders_change(db: TestDb) {
    let (store, merchant, _) = open(&db).await;
    let w = insert(&store, &request(merchant, Some("lock-1"), "1"), t0()).await;
    let passed = Transition {
        event: Some(WithdrawalEvent::Review),
        ..to(&[0], 2)
    };
    store
        .transition(w.id, &passed, t0(), &Events)
        .await
        .unwrap()
        .unwrap();
    let now = t0() + Duration::minutes(1);
    let claimed = store
        .claim_due_events("worker", now, now + Duration::minutes(5), 10)
        .await
        .unwrap();
    assert_eq!(claimed.len(), 1, "the order's one event");
    let event = claimed.into_iter().next().unwrap();

    // The order's change: its row first, as every announcing transaction does.
    let change = store.connection().begin().await.unwrap();
    withdrawal::Entity::update_many()
        .col_expr(
            withdrawal::Column::Remark,
            Expr::col(withdrawal::Column::Remark).into(),
        )
        .filter(withdrawal::Column::Id.eq(w.id))
        .exec(&change)
        .await
        .unwrap();
    let finishing = {
        let (store, event) = (store.clone(), event.clone());
        tokio::spawn(async move {
            let attempt = delivered(&event.event_id, event.merchant_id);
            store
                .finish_attempt(&event, &attempt, &AttemptOutcome::Delivered)
                .await
        })
    };
    // Time for the worker to take whatever it takes before it has to wait.
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    // ... and then the event, superseded by the change's newer one.
    callback_event::Entity::update_many()
        .col_expr(
            callback_event::Column::Status,
            Expr::value(Stored(CallbackStatus::Superseded)),
        )
        .filter(callback_event::Column::Id.eq(event.id))
        .filter(callback_event::Column::Status.eq(Stored(CallbackStatus::Pending)))
        .exec(&change)
        .await
        .expect("the change is not chosen as a deadlock's victim");
    change.commit().await.unwrap();

    finishing
        .await
        .unwrap()
        .expect("the attempt is recorded once the change has committed");
    let row = callback_event::Entity::find_by_id(event.id)
        .one(store.connection())
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (row.status, row.attempts, row.lease_until),
        (Stored(CallbackStatus::Success), 1, None),
        "what was on the wire and acknowledged counts as delivered"
    );
}

/// A console push queues the event again, due for the workers only at the time it gives: a
/// worker polling between the push and its own claim must not take it first (the push would
/// then answer "queued" instead of how its attempt went).
async fn a_pushed_event_is_left_to_its_pusher(db: TestDb) {
    let (store, merchant, _) = open(&db).await;
    let w = insert(&store, &request(merchant, Some("push-1"), "1"), t0()).await;
    let review = Transition {
        event: Some(WithdrawalEvent::Review),
        ..to(&[0], 2)
    };
    store
        .transition(w.id, &review, t0(), &Events)
        .await
        .unwrap()
        .unwrap();
    let now = t0() + Duration::minutes(1);
    let lease = Duration::seconds(6);
    let event = store
        .claim_due_events("worker", now, now + lease, 10)
        .await
        .unwrap()
        .remove(0);
    let failed = CallbackAttemptRecord {
        success: false,
        ..delivered(&event.event_id, merchant)
    };
    store
        .finish_attempt(&event, &failed, &AttemptOutcome::Failed)
        .await
        .unwrap();

    let pushed_at = now + Duration::minutes(1);
    let queued = store
        .push_event(merchant, &event.event_id, pushed_at + lease)
        .await
        .unwrap();
    assert!(
        matches!(queued, coffer_domain::ports::PushOutcome::Queued(_)),
        "{queued:?}"
    );
    let polled = store
        .claim_due_events("worker", pushed_at, pushed_at + lease, 10)
        .await
        .unwrap();
    assert!(polled.is_empty(), "a worker took the pushed event: {polled:?}");
    let claimed = store
        .claim_event(event.id, "pusher", pushed_at, pushed_at + lease)
        .await
        .unwrap();
    assert!(claimed.is_some(), "the pusher sends it");
    // Had the pusher died before sending, the workers take it once it is due.
    let later = pushed_at + lease + Duration::seconds(1);
    let taken = store
        .claim_due_events("worker", later, later + lease, 10)
        .await
        .unwrap();
    assert_eq!(taken.len(), 1);
}

each_database!(
    a_finishing_attempt_waits_for_the_orders_change,
    a_pushed_event_is_left_to_its_pusher,
);
