//! The withdrawal lists and their exact sums: filters, pages, totals per token and what a
//! merchant withdrew since a time.

use super::*;

async fn lists_and_sums_are_exact(db: TestDb) {
    let (store, a, b) = open(&db).await;
    let day = Duration::days(1);
    let rows = [
        // (merchant, created, token, amount, status, to)
        (a, t0() - day, Some(101), "5", 2, "0xAAAA01"),
        (
            a,
            t0(),
            Some(101),
            "57896044618658097711785492504343953926634992332820282019728792003956564819967",
            2,
            "0xBBBB02",
        ),
        (
            a,
            t0(),
            Some(101),
            "28948022309329048855892746252171976963317496166410141009864396001978282409984",
            1,
            "0xCCCC03",
        ),
        (
            a,
            t0() + Duration::hours(1),
            Some(101),
            "28948022309329048855892746252171976963317496166410141009864396001978282409984",
            1,
            "0xdddd04",
        ),
        (a, t0() + Duration::hours(2), Some(101), "1000", 3, "0xEEEE05"),
        (a, t0() + Duration::hours(3), Some(101), "2000", 10, "0xFFFF06"),
        (a, t0() + Duration::hours(4), Some(202), "30", 1, "0xAAAA07"),
        (a, t0() + Duration::hours(5), None, "40", 8, "0xAAAA08"),
        (b, t0(), Some(101), "50", 1, "0xAAAA09"),
    ];
    let mut ids = Vec::new();
    for (n, (m, at, token, amount, status, to_address)) in rows.iter().enumerate() {
        let new = NewWithdrawal {
            token_id: *token,
            to_address: to_address.to_string(),
            open_id: format!("user-{n}"),
            ..request(*m, Some(&format!("o-{n}")), amount)
        };
        let w = insert(&store, &new, *at).await;
        let change = Transition {
            from_address: Some(format!("0xHotWallet{n}")),
            tx_hash: Some(format!("0xHASH{n}")),
            ..to(&[0], *status)
        };
        store
            .transition(w.id, &change, *at, &Events)
            .await
            .unwrap()
            .unwrap();
        ids.push(w.id);
    }
    let page = PageRequest::new(Some(1), Some(3)).unwrap();
    // The store answers these for every kind of order: the withdrawals' here.
    let orders: &dyn OrderQueries<WithdrawalRecord> = &store;
    let list = |f: OrderFilter| async move {
        let p = orders.page_orders(a, &f, page).await.unwrap();
        (p.list.iter().map(|w| w.id).collect::<Vec<_>>(), p.total)
    };
    assert_eq!(
        list(OrderFilter::default()).await,
        (vec![ids[7], ids[6], ids[5]], 8),
        "newest first"
    );
    let address = |s: &str| OrderFilter {
        address: Some(s.into()),
        ..Default::default()
    };
    assert_eq!(
        list(address("aaaa")).await,
        (vec![ids[7], ids[6], ids[0]], 3),
        "to, any case"
    );
    assert_eq!(list(address("DDDD")).await.1, 1);
    assert_eq!(
        list(address("hotwallet3")).await,
        (vec![ids[3]], 1),
        "from, any case"
    );
    assert_eq!(
        list(address("%")).await.1,
        0,
        "a % is a percent sign, not a pattern"
    );
    assert_eq!(
        list(address("_")).await.1,
        0,
        "an _ is an underscore, not a pattern"
    );
    let dates = OrderFilter {
        start: Some(t0()),
        end: Some(t0() + Duration::hours(2)),
        ..Default::default()
    };
    assert_eq!(
        list(dates).await,
        (vec![ids[3], ids[2], ids[1]], 3),
        "start inclusive, end exclusive"
    );
    let status = OrderFilter {
        status: Some(CodeFilter::Known(OrderStatus::AwaitingReview)),
        ..Default::default()
    };
    assert_eq!(list(status.clone()).await.1, 3);
    let unknown = OrderFilter {
        status: Some(CodeFilter::Unknown(99)),
        ..Default::default()
    };
    assert_eq!(
        list(unknown).await,
        (vec![], 0),
        "a code no state has selects nothing"
    );
    let hash = OrderFilter {
        hash: Some("0xhash4".into()),
        ..Default::default()
    };
    assert_eq!(list(hash).await, (vec![ids[4]], 1));
    let exact = OrderFilter {
        merchant_order_no: Some("o-2".into()),
        open_id: Some("user-2".into()),
        chain_id: Some(31337),
        token_id: Some(101),
        ..Default::default()
    };
    assert_eq!(list(exact).await, (vec![ids[2]], 1));
    let order = store.withdrawal(a, ids[5]).await.unwrap().unwrap().order_no;
    assert_eq!(
        list(OrderFilter {
            order_no: Some(order),
            ..Default::default()
        })
        .await
        .1,
        1
    );

    // Ids in one status, oldest first, and how many in all.
    let all = OrderFilter::default();
    assert_eq!(
        orders
            .order_ids(a, &all, OrderStatus::AwaitingReview, 2)
            .await
            .unwrap(),
        (vec![ids[2], ids[3]], 3)
    );
    assert_eq!(
        orders
            .order_ids(a, &status, OrderStatus::Passed, 10)
            .await
            .unwrap(),
        (vec![], 0),
        "both hold"
    );

    // Totals: exact to the last unit of 256 bits.
    let tokens = OrderFilter {
        token_id: Some(101),
        start: Some(t0()),
        end: Some(t0() + Duration::hours(2)),
        ..Default::default()
    };
    let totals = orders.order_totals(a, &tokens).await.unwrap();
    assert_eq!(totals.all.count, 3);
    assert_eq!(totals.all.sums.len(), 1);
    assert_eq!(
        totals.all.sums[0].amount.to_string(),
        "115792089237316195423570985008687907853269984665640564039457584007913129639935"
    );
    assert_eq!(
        (
            totals.all.sums[0].chain_id,
            totals.all.sums[0].token_id,
            totals.all.sums[0].decimals
        ),
        (31337, Some(101), 6)
    );
    assert_eq!(
        orders.order_totals(a, &status).await.unwrap().all.sums.len(),
        2,
        "per chain and token"
    );

    // Per outcome: money that moved (complete) apart from pending, rejected and failed.
    let every = orders.order_totals(a, &OrderFilter::default()).await.unwrap();
    assert_eq!(every.all.count, 8);
    let outcome = |o: OrderOutcome| {
        let found = every.outcomes.iter().find(|t| t.outcome == o).unwrap();
        let sums: Vec<(Option<i64>, String)> = found
            .tally
            .sums
            .iter()
            .map(|s| (s.token_id, s.amount.to_string()))
            .collect();
        (found.tally.count, sums)
    };
    assert_eq!(outcome(OrderOutcome::Complete), (1, vec![(None, "40".into())]));
    assert_eq!(
        outcome(OrderOutcome::Rejected),
        (1, vec![(Some(101), "1000".into())])
    );
    assert_eq!(
        outcome(OrderOutcome::Failed),
        (1, vec![(Some(101), "2000".into())])
    );
    assert_eq!(outcome(OrderOutcome::Pending).0, 5);
    assert_eq!(
        outcome(OrderOutcome::Uncredited),
        (0, vec![]),
        "a withdrawal is never uncredited"
    );
    assert_eq!(every.outcomes.len(), 5, "every outcome, empty ones too");

    // Today's withdrawals of token 101: not yesterday's, rejected, failed, other tokens or merchants.
    let (count, sum) = store.withdrawn_since(a, 31337, Some(101), t0()).await.unwrap();
    assert_eq!(
        (count, sum.to_string()),
        (3, totals.all.sums[0].amount.to_string())
    );
    let native = store.withdrawn_since(a, 31337, None, t0()).await.unwrap();
    assert_eq!(native, (1, BaseUnits::from_u128(40)));
    let none = store.withdrawn_since(a, 1, Some(101), t0()).await.unwrap();
    assert_eq!(none, (0, BaseUnits::ZERO));
}

each_database!(lists_and_sums_are_exact);
