//! The lists' totals and a page's count read from the hourly buckets are those read from the
//! rows, on SQLite and PostgreSQL.

mod support;

use chrono::Duration;
use coffer_domain::amount::BaseUnits;
use coffer_domain::codes::CodeFilter;
use coffer_domain::ports::{
    DepositRecord, NewWithdrawal, OrderFilter, OrderOutcome, OrderQueries, OrderStatus, PageRequest,
    WithdrawalRecord, WithdrawalRepo,
};
use coffer_testkit::{each_database, TestDb};
use support::buckets::{scan, transfer, CHAIN};
use support::{insert, open, request, t0, to, Events};

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
        .find(|o| o.outcome == OrderOutcome::Uncredited)
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

each_database!(bucket_totals_are_the_row_totals);
