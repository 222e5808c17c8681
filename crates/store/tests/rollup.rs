//! The hourly order buckets on SQLite and PostgreSQL: every write that creates an order or
//! moves it keeps them equal to the rows (two merchants, orders on both sides of an hour), no
//! concurrent writer loses an update, `verify` finds exactly the buckets changed behind the
//! service's back and `rebuild` repairs them, and a migration fills them for older orders.
//! rollup_totals.rs has the lists' totals read from them.

mod support;

use chrono::Duration;
use coffer_domain::amount::BaseUnits;
use coffer_domain::ports::{
    OrderKind, OrderRollup, OrderStatus, RollupAudit, RollupBucket, RollupKey, RollupQuery, ScanRepo,
    Transition, WithdrawalRecord, WithdrawalRepo, ALL_TIME,
};
use coffer_store::entities::{order_rollup, order_total, Stored};
use coffer_testkit::{each_database, TestDb};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use support::buckets::{
    agree, deposit_of, key, move_to, scan, stored, stored_totals, transfer, CHAIN, OWNER,
};
use support::{insert, open, request, t0, to, Events};

async fn buckets_follow_every_write(db: TestDb) {
    let (store, a, b) = open(&db).await;
    let merchants = [a, b];
    let last_second = t0() + Duration::minutes(59) + Duration::seconds(59) + Duration::milliseconds(999);
    let next_hour = t0() + Duration::hours(1);

    // Deposits on both sides of 09:00, one of them dust (never credited).
    scan(
        &store,
        10,
        &[transfer(a, "0xa1", 5_000_000, ""), transfer(b, "0xb1", 7, "dust")],
        last_second,
    )
    .await;
    agree(&store, &merchants, "two deposits found at 08:59:59.999").await;
    scan(&store, 11, &[transfer(a, "0xa2", 2_500_000, "")], next_hour).await;
    agree(&store, &merchants, "a deposit found at 09:00").await;
    let a_08_query = RollupQuery {
        merchant_id: a,
        kind: OrderKind::Deposit,
        start: t0(),
        end: next_hour,
        chain_id: Some(CHAIN),
        token_id: Some(101),
        statuses: None,
    };
    let a_08 = store.buckets(&a_08_query).await.unwrap();
    let complete_only = RollupQuery {
        statuses: Some(vec![OrderStatus::Complete, OrderStatus::PartiallyComplete]),
        ..a_08_query.clone()
    };
    assert_eq!(
        store.buckets(&complete_only).await.unwrap(),
        vec![],
        "a read of complete buckets leaves the confirming deposit out"
    );
    let confirming = RollupQuery {
        statuses: Some(vec![OrderStatus::Confirming]),
        ..a_08_query
    };
    assert_eq!(store.buckets(&confirming).await.unwrap(), a_08);
    assert_eq!(
        a_08,
        vec![RollupBucket {
            key: key(a, OrderKind::Deposit, t0(), OrderStatus::Confirming, true),
            decimals: 6,
            count: 1,
            amount: BaseUnits::from_u128(5_000_000),
            fee: BaseUnits::ZERO,
        }],
        "the 08:59:59.999 deposit is in the 08:00 bucket only"
    );

    // A reorg voids block 10, the transfer is mined again in block 12, then completed.
    assert!(store
        .rollback_block(CHAIN, OWNER, 10, next_hour, &Events)
        .await
        .unwrap());
    agree(&store, &merchants, "block 10 voided").await;
    let voided = stored(&store, &merchants).await;
    assert_eq!(
        voided
            .get(&key(a, OrderKind::Deposit, t0(), OrderStatus::Void, true))
            .map(|b| b.0),
        Some(1)
    );
    assert_eq!(
        voided.get(&key(a, OrderKind::Deposit, t0(), OrderStatus::Confirming, true)),
        None
    );
    scan(
        &store,
        12,
        &[transfer(a, "0xa1", 5_000_000, "")],
        next_hour + Duration::minutes(1),
    )
    .await;
    agree(&store, &merchants, "a voided deposit revived").await;
    for hash in ["0xa1", "0xa2"] {
        let d = deposit_of(&store, hash).await;
        let due = [(d.id, d.note.is_empty())];
        assert_eq!(
            store.complete_deposits(&due, next_hour, &Events).await.unwrap(),
            1
        );
    }
    agree(&store, &merchants, "two deposits completed").await;
    // The revived deposit still counts in the hour it was first found.
    let completed = stored(&store, &merchants).await;
    assert_eq!(
        completed.get(&key(a, OrderKind::Deposit, t0(), OrderStatus::Complete, true)),
        Some(&(1, BaseUnits::from_u128(5_000_000), BaseUnits::ZERO))
    );
    assert_eq!(
        completed.get(&key(b, OrderKind::Deposit, t0(), OrderStatus::Void, false)),
        Some(&(1, BaseUnits::from_u128(7), BaseUnits::ZERO)),
        "the voided dust stays apart, uncredited"
    );

    // Withdrawals through the state table, both merchants, both hours.
    let w1 = insert(&store, &request(a, Some("w1"), "1000"), last_second).await;
    let w2 = insert(&store, &request(a, Some("w2"), "3000"), next_hour).await;
    let w3 = insert(&store, &request(b, Some("w3"), "500"), next_hour).await;
    agree(&store, &merchants, "three withdrawals created").await;
    let w1 = move_to(&store, &w1, to(&[0], 2), next_hour).await;
    let w1 = move_to(&store, &w1, to(&[2], 5), next_hour).await;
    let w1 = move_to(&store, &w1, to(&[5], 6), next_hour).await;
    agree(&store, &merchants, "a withdrawal broadcast").await;
    let done = Transition {
        fee: Some(BaseUnits::from_u128(21_000)),
        actual_amount: Some(BaseUnits::from_u128(1000)),
        completed_at: Some(next_hour),
        ..to(&[6, 7], 8)
    };
    move_to(&store, &w1, done, next_hour).await;
    agree(&store, &merchants, "a withdrawal completed with its fee").await;
    move_to(&store, &w2, to(&[0], 1), next_hour).await;
    move_to(&store, &w2, to(&[1], 3), next_hour).await;
    move_to(&store, &w3, to(&[0], 10), next_hour).await;
    agree(&store, &merchants, "a withdrawal rejected, one failed").await;
    // A change whose guard does not hold moves nothing.
    assert!(store
        .transition(w3.id, &to(&[0], 2), next_hour, &Events)
        .await
        .unwrap()
        .is_none());
    agree(&store, &merchants, "a refused change").await;
    let all = stored(&store, &merchants).await;
    assert_eq!(
        all.get(&key(a, OrderKind::Withdrawal, t0(), OrderStatus::Complete, true)),
        Some(&(1, BaseUnits::from_u128(1000), BaseUnits::from_u128(21_000)))
    );
    assert_eq!(
        all.values().map(|b| b.0).sum::<u64>(),
        6,
        "six orders, each in one bucket"
    );
}

async fn concurrent_writers_lose_nothing(db: TestDb) {
    let (store, a, _) = open(&db).await;
    let at = t0() + Duration::minutes(10);
    // Forty inserts into one bucket at once.
    let inserted = futures::future::join_all((0..40u128).map(|n| {
        let store = store.clone();
        async move { insert(&store, &request(a, None, &(n + 1).to_string()), at).await }
    }))
    .await;
    let (first, second) = inserted.split_at(20);
    // Half of them to Passed, half to WaitingSettlement, then each half crosses over to the
    // other's bucket at the same time (the two buckets are locked in one order).
    let step = |ws: &[WithdrawalRecord], from: i32, into: i32| {
        let store = store.clone();
        let ws = ws.to_vec();
        async move {
            futures::future::join_all(ws.iter().map(|w| {
                let store = store.clone();
                async move {
                    store
                        .transition(w.id, &to(&[from], into), at, &Events)
                        .await
                        .unwrap()
                }
            }))
            .await
        }
    };
    let (x, y) = futures::join!(step(first, 0, 2), step(second, 0, 4));
    assert!(x.iter().chain(&y).all(Option::is_some));
    let (x, y) = futures::join!(step(first, 2, 4), step(second, 4, 2));
    assert!(x.iter().chain(&y).all(Option::is_some));
    assert_eq!(store.verify_rollup().await.unwrap(), vec![]);
    let buckets = stored(&store, &[a]).await;
    let sum = |range: std::ops::RangeInclusive<u128>| BaseUnits::from_u128(range.sum());
    assert_eq!(
        buckets.get(&key(
            a,
            OrderKind::Withdrawal,
            t0(),
            OrderStatus::WaitingSettlement,
            true
        )),
        Some(&(20, sum(1..=20), BaseUnits::ZERO))
    );
    assert_eq!(
        buckets.get(&key(a, OrderKind::Withdrawal, t0(), OrderStatus::Passed, true)),
        Some(&(20, sum(21..=40), BaseUnits::ZERO))
    );
    assert_eq!(buckets.len(), 2, "the New bucket is gone with its last order");
}

async fn verify_finds_what_was_changed_and_rebuild_repairs_it(db: TestDb) {
    let (store, a, b) = open(&db).await;
    insert(&store, &request(a, Some("1"), "100"), t0()).await;
    insert(&store, &request(a, Some("2"), "250"), t0() + Duration::hours(1)).await;
    insert(&store, &request(b, Some("3"), "40"), t0()).await;
    scan(&store, 5, &[transfer(b, "0xb5", 9, "")], t0()).await;
    let before = stored(&store, &[a, b]).await;
    assert_eq!(before.len(), 4);

    let changed = key(a, OrderKind::Withdrawal, t0(), OrderStatus::New, true);
    let deleted = key(b, OrderKind::Deposit, t0(), OrderStatus::Confirming, true);
    let row = |k: RollupKey| {
        order_rollup::Entity::find()
            .filter(order_rollup::Column::MerchantId.eq(k.merchant_id))
            .filter(
                order_rollup::Column::OrderKind.eq(if k.kind == OrderKind::Deposit {
                    "deposit"
                } else {
                    "withdrawal"
                }),
            )
            .filter(order_rollup::Column::Status.eq(Stored(k.status)))
            .filter(order_rollup::Column::HourStart.eq(k.hour))
    };
    let tampered = row(changed).one(store.connection()).await.unwrap().unwrap();
    order_rollup::Entity::update_many()
        .col_expr(order_rollup::Column::Amount, Expr::value("101"))
        .filter(order_rollup::Column::Id.eq(tampered.id))
        .exec(store.connection())
        .await
        .unwrap();
    let gone = row(deleted).one(store.connection()).await.unwrap().unwrap();
    order_rollup::Entity::delete_by_id(gone.id)
        .exec(store.connection())
        .await
        .unwrap();

    let differences = store.verify_rollup().await.unwrap();
    let keys: Vec<RollupKey> = differences.iter().map(|d| d.key).collect();
    let mut expected = vec![changed, deleted];
    expected.sort();
    assert_eq!(keys, expected, "exactly the two buckets touched");
    let of = |k: RollupKey| differences.iter().find(|d| d.key == k).unwrap();
    let figures = |b: &Option<RollupBucket>| b.as_ref().map(|b| (b.count, b.amount));
    assert_eq!(figures(&of(changed).stored), Some((1, BaseUnits::from_u128(101))));
    assert_eq!(
        figures(&of(changed).recomputed),
        Some((1, BaseUnits::from_u128(100)))
    );
    assert_eq!(figures(&of(deleted).stored), None);
    assert_eq!(
        figures(&of(deleted).recomputed),
        Some((1, BaseUnits::from_u128(9)))
    );

    assert_eq!(store.rebuild_rollup().await.unwrap(), 4);
    assert_eq!(store.verify_rollup().await.unwrap(), vec![]);
    assert_eq!(stored(&store, &[a, b]).await, before);
}

/// A database upgraded with orders and no buckets yet gets them at its migration.
async fn the_migration_fills_the_buckets_of_older_orders(db: TestDb) {
    let (store, a, b) = open(&db).await;
    insert(&store, &request(a, None, "12"), t0()).await;
    insert(&store, &request(b, None, "30"), t0() + Duration::hours(3)).await;
    scan(&store, 3, &[transfer(a, "0xe1", 4, "")], t0()).await;
    let kept = stored(&store, &[a, b]).await;
    assert_eq!(kept.len(), 3);
    order_rollup::Entity::delete_many()
        .exec(store.connection())
        .await
        .unwrap();
    assert_eq!(store.verify_rollup().await.unwrap().len(), 3);
    store.migrate().await.unwrap();
    assert_eq!(stored(&store, &[a, b]).await, kept);
    assert_eq!(store.verify_rollup().await.unwrap(), vec![]);

    // Buckets and no all-time totals: written before the totals existed.
    let totals = stored_totals(&store, &[a, b]).await;
    assert_eq!(totals.len(), 3);
    order_total::Entity::delete_many()
        .exec(store.connection())
        .await
        .unwrap();
    let missing = store.verify_rollup().await.unwrap();
    assert_eq!(missing.len(), 3, "{missing:?}");
    assert!(missing
        .iter()
        .all(|d| d.key.hour == ALL_TIME && d.stored.is_none()));
    store.migrate().await.unwrap();
    assert_eq!(stored_totals(&store, &[a, b]).await, totals);
    assert_eq!(store.verify_rollup().await.unwrap(), vec![]);
}

/// A block of several deposits, then their completions in one call (a scan step catching up):
/// each bucket gets every one of them, counted and summed, each transfer once.
async fn many_deposits_in_one_transaction_move_their_buckets_together(db: TestDb) {
    let (store, a, b) = open(&db).await;
    let at = t0() + Duration::minutes(5);
    let found = [
        transfer(a, "0xc1", 1_000_000, ""),
        transfer(a, "0xc2", 2_000_000, ""),
        transfer(a, "0xc3", 4_000_000, ""),
        transfer(b, "0xc4", 8, "dust"),
    ];
    scan(&store, 30, &found, at).await;
    agree(&store, &[a, b], "a block of four deposits").await;
    let confirming = key(a, OrderKind::Deposit, t0(), OrderStatus::Confirming, true);
    assert_eq!(
        stored(&store, &[a]).await.get(&confirming),
        Some(&(3, BaseUnits::from_u128(7_000_000), BaseUnits::ZERO))
    );
    // A transfer listed twice is one deposit; one recorded already stays as it is.
    let again = [
        transfer(a, "0xc5", 500_000, ""),
        transfer(a, "0xc5", 500_000, ""),
        transfer(a, "0xc1", 1_000_000, ""),
    ];
    scan(&store, 31, &again, at).await;
    agree(&store, &[a, b], "a transfer twice and one found before").await;
    assert_eq!(
        stored(&store, &[a]).await.get(&confirming),
        Some(&(4, BaseUnits::from_u128(7_500_000), BaseUnits::ZERO))
    );

    let mut due = Vec::new();
    for hash in ["0xc1", "0xc2", "0xc3", "0xc4", "0xc5"] {
        let d = deposit_of(&store, hash).await;
        due.push((d.id, d.note.is_empty()));
    }
    let done = store.complete_deposits(&due, at, &Events).await.unwrap();
    assert_eq!(done, 5);
    agree(&store, &[a, b], "five deposits completed at once").await;
    let buckets = stored(&store, &[a, b]).await;
    assert_eq!(buckets.get(&confirming), None, "none left confirming");
    assert_eq!(
        buckets.get(&key(a, OrderKind::Deposit, t0(), OrderStatus::Complete, true)),
        Some(&(4, BaseUnits::from_u128(7_500_000), BaseUnits::ZERO))
    );
    assert_eq!(
        buckets.get(&key(b, OrderKind::Deposit, t0(), OrderStatus::Complete, false)),
        Some(&(1, BaseUnits::from_u128(8), BaseUnits::ZERO))
    );
    // Completed already: a second call changes nothing.
    assert_eq!(store.complete_deposits(&due, at, &Events).await.unwrap(), 0);
    assert_eq!(stored(&store, &[a, b]).await, buckets);
}

each_database!(
    buckets_follow_every_write,
    many_deposits_in_one_transaction_move_their_buckets_together,
    concurrent_writers_lose_nothing,
    verify_finds_what_was_changed_and_rebuild_repairs_it,
    the_migration_fills_the_buckets_of_older_orders,
);
