//! Withdrawal storage on SQLite and PostgreSQL: idempotent inserts, state changes that exactly
//! one of many concurrent callers wins (with their review and event in the same transaction),
//! and the lists and exact sums. withdrawal_leases.rs has the executor's leases.

mod support;

use chrono::Duration;
use coffer_domain::amount::BaseUnits;
use coffer_domain::codes::{CodeFilter, StoredCode};
use coffer_domain::ports::{
    CallbackLog, InsertOutcome, NewWithdrawal, OrderFilter, OrderOutcome, OrderQueries, OrderRef,
    PageRequest, ReviewRecord, Transition, WithdrawalEvent, WithdrawalRecord, WithdrawalRepo,
};
use coffer_domain::ports::{OrderStatus, ReviewAction};
use coffer_testkit::{each_database, TestDb};
use std::collections::HashSet;
use support::{events_of, insert, open, request, t0, to, Events};

#[path = "withdrawals/lists.rs"]
mod lists;

async fn inserts_are_idempotent(db: TestDb) {
    let (store, a, b) = open(&db).await;
    let first = insert(&store, &request(a, Some("shop-1"), "120500000"), t0()).await;
    assert_eq!(first.order_no, format!("W20261122{:010}", first.id));
    assert_eq!(first.order_no.len(), 19);
    assert_eq!(
        (
            first.status.code(),
            first.callback_status.code(),
            first.notify_status.code()
        ),
        (0, 0, 0)
    );
    assert_eq!(first.amount, BaseUnits::from_u128(120_500_000));
    assert_eq!((first.actual_amount, first.fee), (BaseUnits::ZERO, None));
    assert!(first.risk_reasons.is_empty() && !first.review_required && first.from_address.is_empty());
    assert_eq!((first.next_attempt_at, first.created_at), (t0(), t0()));
    assert_eq!(store.withdrawal(a, first.id).await.unwrap(), Some(first.clone()));
    assert_eq!(
        store.withdrawal(b, first.id).await.unwrap(),
        None,
        "another merchant's"
    );

    // The same merchant order number: the stored row, whatever the new request says.
    let again = store
        .insert_withdrawal(&request(a, Some("shop-1"), "1"), t0() + Duration::days(1))
        .await
        .unwrap();
    assert_eq!(again, InsertOutcome::Existing(first.clone()));
    // Another merchant may use the number; no number twice is two withdrawals.
    let other = insert(&store, &request(b, Some("shop-1"), "1"), t0()).await;
    let n1 = insert(&store, &request(a, None, "1"), t0()).await;
    let n2 = insert(&store, &request(a, None, "1"), t0()).await;
    assert_eq!(HashSet::from([first.id, other.id, n1.id, n2.id]).len(), 4);
    assert_eq!(n1.merchant_order_no, None);

    // A race on one number: one insert wins, every other caller gets that row.
    let new = request(a, Some("race-1"), "5");
    let outcomes = futures::future::join_all((0..20).map(|_| {
        let (store, new) = (store.clone(), new.clone());
        async move { store.insert_withdrawal(&new, t0()).await.unwrap() }
    }))
    .await;
    let won: Vec<_> = outcomes
        .iter()
        .filter_map(|o| match o {
            InsertOutcome::Inserted(w) => Some(w.id),
            InsertOutcome::Existing(_) => None,
        })
        .collect();
    assert_eq!(won.len(), 1, "exactly one insert wins");
    assert!(outcomes.iter().all(|o| match o {
        InsertOutcome::Inserted(w) | InsertOutcome::Existing(w) => w.id == won[0],
    }));
}

async fn one_of_many_transitions_wins(db: TestDb) {
    let (store, a, _) = open(&db).await;
    let w = insert(&store, &request(a, Some("shop-2"), "7"), t0()).await;
    let held = Transition {
        review_required: Some(true),
        risk_reasons: Some(vec!["amount_over_review_minimum".into(), "daily_count".into()]),
        ..to(&[0], 1)
    };
    let held = store
        .transition(w.id, &held, t0(), &Events)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(held.status.code(), 1);
    assert_eq!(held.risk_reasons, ["amount_over_review_minimum", "daily_count"]);
    assert_eq!(
        (held.callback_status.code(), held.notify_status.code()),
        (0, 0),
        "no event, no notice"
    );
    assert_eq!(events_of(&store, w.id).await, 0);

    let at = t0() + Duration::minutes(3);
    let pass = |n: i64| Transition {
        approved_at: Some(at),
        review: Some(ReviewRecord {
            withdrawal_id: w.id,
            action: ReviewAction::Pass,
            reviewer: None,
            reviewer_email: format!("boss{n}@shop.example"),
            reason: String::new(),
            created_at: at,
        }),
        event: Some(WithdrawalEvent::Review),
        ..to(&[1], 2)
    };
    let results = futures::future::join_all((0..50).map(|n| {
        let (store, change) = (store.clone(), pass(n));
        async move { store.transition(w.id, &change, at, &Events).await.unwrap() }
    }))
    .await;
    let won: Vec<_> = results.into_iter().flatten().collect();
    assert_eq!(won.len(), 1, "exactly one pass takes effect");
    let passed = &won[0];
    assert_eq!(
        (passed.status.code(), passed.approved_at, passed.reviewed_at),
        (2, Some(at), Some(at))
    );
    assert!(passed.reviewer_email.starts_with("boss"));
    assert_eq!(
        (passed.callback_status.code(), passed.notify_status.code()),
        (0, 1),
        "notifying"
    );
    let reviews = store.reviews(a, w.id).await.unwrap();
    assert_eq!(reviews.len(), 1);
    assert_eq!(reviews[0].reviewer_email, passed.reviewer_email);
    assert_eq!(events_of(&store, w.id).await, 1);
    let latest = store
        .latest_event(OrderRef::Withdrawal(w.id))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (latest.event.as_str(), latest.body.as_str()),
        ("withdraw.review", "{\"seq\":1,\"status\":2}"),
        "the event's place in its order's events is added when it is written"
    );

    // Not in `from`: nothing written, no review, no event.
    let reject = Transition {
        reason: Some("too late".into()),
        ..pass(99)
    };
    assert_eq!(
        store
            .transition(
                w.id,
                &Transition {
                    to: OrderStatus::Rejected,
                    ..reject
                },
                at,
                &Events
            )
            .await
            .unwrap(),
        None
    );
    assert_eq!(store.withdrawal(a, w.id).await.unwrap().as_ref(), Some(passed));
    assert_eq!(
        (
            store.reviews(a, w.id).await.unwrap().len(),
            events_of(&store, w.id).await
        ),
        (1, 1)
    );

    // Signed: every field set; then the nonce and block set back to NULL.
    let signed = Transition {
        from_address: Some("0xHot".into()),
        fee: Some(BaseUnits::from_u128(21_000)),
        tx_hash: Some("0xFeed".into()),
        signed_raw: Some("0x02f8".into()),
        nonce: Some(Some(7)),
        block_number: Some(Some(118)),
        actual_amount: Some(BaseUnits::from_u128(7)),
        broadcast_at: Some(at),
        completed_at: Some(at),
        next_attempt_at: Some(at + Duration::minutes(1)),
        reason: Some("waiting".into()),
        ..to(&[2], 5)
    };
    let s = store
        .transition(w.id, &signed, at, &Events)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (s.from_address.as_str(), s.tx_hash.as_str(), s.signed_raw.as_str()),
        ("0xHot", "0xFeed", "0x02f8")
    );
    assert_eq!(
        (s.nonce, s.block_number, s.fee),
        (Some(7), Some(118), Some(BaseUnits::from_u128(21_000)))
    );
    assert_eq!(
        (s.broadcast_at, s.completed_at, s.next_attempt_at),
        (Some(at), Some(at), at + Duration::minutes(1))
    );
    assert_eq!(
        (s.actual_amount, s.reason.as_str(), s.status.code()),
        (BaseUnits::from_u128(7), "waiting", 5)
    );
    let cleared = Transition {
        nonce: Some(None),
        block_number: Some(None),
        ..to(&[5], 2)
    };
    let c = store
        .transition(w.id, &cleared, at, &Events)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (c.nonce, c.block_number, c.tx_hash.as_str()),
        (None, None, "0xFeed")
    );
}

each_database!(inserts_are_idempotent, one_of_many_transitions_wins);
