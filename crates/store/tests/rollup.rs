//! The hourly order buckets on SQLite and PostgreSQL: every write that creates an order or
//! moves it keeps them equal to the rows (two merchants, orders on both sides of an hour), no
//! concurrent writer loses an update, `verify` finds exactly the buckets changed behind the
//! service's back and `rebuild` repairs them, and the lists' totals read from the buckets are
//! the totals of the rows.

mod support;

use chrono::{DateTime, Duration, DurationRound, Utc};
use coffer_domain::amount::BaseUnits;
use coffer_domain::codes::CodeFilter;
use coffer_domain::ports::{
    DepositRecord, NewDeposit, NewWithdrawal, OrderFilter, OrderKind, OrderQueries, OrderRollup, OrderStatus,
    PageRequest, RollupAudit, RollupBucket, RollupKey, RollupQuery, ScanRepo, ScannedBlock, Transition,
    WithdrawalRecord, WithdrawalRepo,
};
use coffer_store::entities::{deposit, order_rollup, withdrawal, Stored};
use coffer_store::Store;
use coffer_testkit::{each_database, TestDb};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use std::collections::BTreeMap;
use support::{insert, open, request, t0, to, Events};

const CHAIN: i64 = 31337;
const OWNER: &str = "scanner-1";

/// The buckets as this test computes them from every order row (its own truncation to the
/// hour, its own sums), per (merchant, kind).
async fn recomputed(store: &Store) -> BTreeMap<RollupKey, (u64, BaseUnits, BaseUnits)> {
    let hour = |at: DateTime<Utc>| at.duration_trunc(Duration::hours(1)).unwrap();
    let mut buckets = BTreeMap::new();
    let mut add = |key: RollupKey, amount: BaseUnits, fee: BaseUnits| {
        let b = buckets
            .entry(key)
            .or_insert((0u64, BaseUnits::ZERO, BaseUnits::ZERO));
        b.0 += 1;
        b.1 = b.1.checked_add(amount).unwrap();
        b.2 = b.2.checked_add(fee).unwrap();
    };
    for d in deposit::Entity::find().all(store.connection()).await.unwrap() {
        let key = RollupKey {
            merchant_id: d.merchant_id,
            kind: OrderKind::Deposit,
            hour: hour(d.created_at),
            chain_id: d.chain_id,
            token_id: d.token_id,
            status: d.status.0,
            credited: d.note.is_empty(),
        };
        add(key, d.amount.0, BaseUnits::ZERO);
    }
    for w in withdrawal::Entity::find().all(store.connection()).await.unwrap() {
        let key = RollupKey {
            merchant_id: w.merchant_id,
            kind: OrderKind::Withdrawal,
            hour: hour(w.created_at),
            chain_id: w.chain_id,
            token_id: w.token_id,
            status: w.status.0,
            credited: true,
        };
        add(key, w.amount.0, w.fee.map_or(BaseUnits::ZERO, |f| f.0));
    }
    buckets
}

/// Every stored bucket of the merchants, read through `OrderRollup::buckets`.
async fn stored(store: &Store, merchants: &[i64]) -> BTreeMap<RollupKey, (u64, BaseUnits, BaseUnits)> {
    let mut buckets = BTreeMap::new();
    for &merchant_id in merchants {
        for kind in [OrderKind::Deposit, OrderKind::Withdrawal] {
            let query = RollupQuery {
                merchant_id,
                kind,
                start: t0() - Duration::days(1),
                end: t0() + Duration::days(1),
                chain_id: None,
                token_id: None,
            };
            for b in store.buckets(&query).await.unwrap() {
                buckets.insert(b.key, (b.count, b.amount, b.fee));
            }
        }
    }
    buckets
}

/// After a step: the service's own check finds nothing, and the buckets are the rows'.
async fn agree(store: &Store, merchants: &[i64], step: &str) {
    assert_eq!(
        store.verify_rollup().await.unwrap(),
        vec![],
        "verify after {step}"
    );
    assert_eq!(
        stored(store, merchants).await,
        recomputed(store).await,
        "buckets after {step}"
    );
}

fn block(number: u64) -> ScannedBlock {
    ScannedBlock {
        number,
        hash: format!("0xblock{number}"),
        parent_hash: format!("0xblock{}", number - 1),
    }
}

fn transfer(merchant_id: i64, hash: &str, amount: u128, note: &str) -> NewDeposit {
    NewDeposit {
        merchant_id,
        chain_id: CHAIN,
        token_id: Some(101),
        deposit_address_id: 1,
        open_id: "user-7".into(),
        to_address: "0xAbCdEf0000000000000000000000000000000007".into(),
        from_address: "0x1111000000000000000000000000000000000001".into(),
        tx_hash: hash.into(),
        tx_index: 0,
        amount: BaseUnits::from_u128(amount),
        decimals: 6,
        required_confirmations: 1,
        note: note.into(),
    }
}

async fn scan(store: &Store, number: u64, found: &[NewDeposit], at: DateTime<Utc>) {
    let claimed = store
        .claim_cursor(CHAIN, OWNER, at, at + Duration::minutes(5), number)
        .await
        .unwrap();
    assert!(claimed.is_some());
    assert!(store
        .record_block(CHAIN, OWNER, &block(number), found, at, &Events)
        .await
        .unwrap());
}

async fn deposit_of(store: &Store, hash: &str) -> DepositRecord {
    store.deposit_by_transfer(CHAIN, hash, 0).await.unwrap().unwrap()
}

async fn move_to(
    store: &Store,
    w: &WithdrawalRecord,
    change: Transition,
    at: DateTime<Utc>,
) -> WithdrawalRecord {
    store
        .transition(w.id, &change, at, &Events)
        .await
        .unwrap()
        .expect("the change applies")
}

fn key(
    merchant_id: i64,
    kind: OrderKind,
    hour: DateTime<Utc>,
    status: OrderStatus,
    credited: bool,
) -> RollupKey {
    RollupKey {
        merchant_id,
        kind,
        hour,
        chain_id: CHAIN,
        token_id: Some(101),
        status,
        credited,
    }
}

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
    let a_08 = store
        .buckets(&RollupQuery {
            merchant_id: a,
            kind: OrderKind::Deposit,
            start: t0(),
            end: next_hour,
            chain_id: Some(CHAIN),
            token_id: Some(101),
        })
        .await
        .unwrap();
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
        assert!(store
            .complete_deposit(d.id, d.note.is_empty(), next_hour, &Events)
            .await
            .unwrap());
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
}

/// The totals and a page's count read from the buckets equal those read from the rows: the
/// same orders selected once by a filter the buckets answer and once by one they cannot (an
/// address every order has; a start a second before the hour, when no order is older).
async fn bucket_totals_are_the_row_totals(db: TestDb) {
    let (store, a, b) = open(&db).await;
    for (n, at) in [(1, 0), (2, 30), (3, 65), (4, 119)] {
        let w = insert(
            &store,
            &request(a, None, &format!("{n}000")),
            t0() + Duration::minutes(at),
        )
        .await;
        if n % 2 == 0 {
            store.transition(w.id, &to(&[0], 2), t0(), &Events).await.unwrap();
        }
    }
    insert(&store, &request(b, None, "77"), t0()).await;
    scan(
        &store,
        7,
        &[transfer(a, "0xd1", 8, ""), transfer(a, "0xd2", 1, "dust")],
        t0(),
    )
    .await;

    let whole = OrderFilter {
        start: Some(t0()),
        end: Some(t0() + Duration::hours(2)),
        chain_id: Some(CHAIN),
        ..Default::default()
    };
    let with_address = OrderFilter {
        address: Some("0xabcdef".into()),
        ..whole.clone()
    };
    let odd_start = OrderFilter {
        start: Some(t0() - Duration::seconds(1)),
        ..whole.clone()
    };
    let passed = OrderFilter {
        status: Some(CodeFilter::Known(OrderStatus::Passed)),
        ..whole.clone()
    };
    let passed_text = OrderFilter {
        address: Some("ABCDEF".into()),
        ..passed.clone()
    };
    let unknown = OrderFilter {
        status: Some(CodeFilter::from_code(99)),
        ..whole.clone()
    };
    // Token 0 names no token (the native coin is NULL in the rows): nothing, as before.
    let token_zero = OrderFilter {
        token_id: Some(0),
        ..whole.clone()
    };
    let native = request(a, None, "5");
    insert(
        &store,
        &NewWithdrawal {
            token_id: None,
            ..native
        },
        t0(),
    )
    .await;
    let page = PageRequest { page: 1, size: 2 };
    for (buckets, rows) in [
        (&whole, &with_address),
        (&whole, &odd_start),
        (&passed, &passed_text),
        (
            &unknown,
            &OrderFilter {
                address: Some("0x".into()),
                ..unknown.clone()
            },
        ),
        (
            &token_zero,
            &OrderFilter {
                address: Some("0x".into()),
                ..token_zero.clone()
            },
        ),
    ] {
        let w_buckets = OrderQueries::<WithdrawalRecord>::order_totals(&store, a, buckets)
            .await
            .unwrap();
        let w_rows = OrderQueries::<WithdrawalRecord>::order_totals(&store, a, rows)
            .await
            .unwrap();
        assert_eq!(w_buckets, w_rows);
        let d_buckets = OrderQueries::<DepositRecord>::order_totals(&store, a, buckets)
            .await
            .unwrap();
        let d_rows = OrderQueries::<DepositRecord>::order_totals(&store, a, rows)
            .await
            .unwrap();
        assert_eq!(d_buckets, d_rows);
        let p_buckets = OrderQueries::<WithdrawalRecord>::page_orders(&store, a, buckets, page)
            .await
            .unwrap();
        let p_rows = OrderQueries::<WithdrawalRecord>::page_orders(&store, a, rows, page)
            .await
            .unwrap();
        assert_eq!((p_buckets.total, p_buckets.list), (p_rows.total, p_rows.list));
    }
    // The figures themselves: the 08:00-10:00 withdrawals are four of the token (1000 + 2000 +
    // 3000 + 4000 base units), two of them passed, and one of the native coin; the dust
    // deposit is apart.
    let totals = OrderQueries::<WithdrawalRecord>::order_totals(&store, a, &whole)
        .await
        .unwrap();
    let sums: Vec<(Option<i64>, BaseUnits)> =
        totals.all.sums.iter().map(|s| (s.token_id, s.amount)).collect();
    assert_eq!(totals.all.count, 5);
    assert_eq!(
        sums,
        [
            (None, BaseUnits::from_u128(5)),
            (Some(101), BaseUnits::from_u128(10_000))
        ],
        "the native coin apart from the token"
    );
    let passed = OrderQueries::<WithdrawalRecord>::order_totals(&store, a, &passed)
        .await
        .unwrap();
    assert_eq!(
        (passed.all.count, passed.all.sums[0].amount),
        (2, BaseUnits::from_u128(6000))
    );
    let deposits = OrderQueries::<DepositRecord>::order_totals(&store, a, &whole)
        .await
        .unwrap();
    assert_eq!(deposits.all.count, 2);
    let uncredited = deposits
        .outcomes
        .iter()
        .find(|o| o.outcome == coffer_domain::ports::OrderOutcome::Uncredited)
        .unwrap();
    assert_eq!(
        (uncredited.tally.count, uncredited.tally.sums[0].amount),
        (1, BaseUnits::from_u128(1))
    );
    let hour_two = OrderFilter {
        start: Some(t0() + Duration::hours(1)),
        ..whole.clone()
    };
    let later = OrderQueries::<WithdrawalRecord>::page_orders(&store, a, &hour_two, page)
        .await
        .unwrap();
    assert_eq!(later.total, 2, "the 09:05 and 09:59 withdrawals from 09:00 on");
}

each_database!(
    buckets_follow_every_write,
    concurrent_writers_lose_nothing,
    verify_finds_what_was_changed_and_rebuild_repairs_it,
    bucket_totals_are_the_row_totals,
    the_migration_fills_the_buckets_of_older_orders,
);
