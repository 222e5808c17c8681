//! The rate card's rows on SQLite and PostgreSQL: many changes at once, from several
//! processes, leave one open row per merchant and service and a history whose rows follow each
//! other without overlap; a first row is opened once however many ask at once.

mod support;

use chrono::{DateTime, Duration, Utc};
use coffer_domain::ports::RateRepo;
use coffer_domain::rates::{Rate, RateTerms, Service};
use coffer_store::Store;
use coffer_testkit::{each_database, TestDb};
use support::{connect, open, t0};

fn fixed(points: i64) -> RateTerms {
    RateTerms {
        fixed: points,
        ..RateTerms::FREE
    }
}

/// The merchant's rows of the service, oldest first.
async fn history(store: &Store, merchant: i64, service: Service) -> Vec<Rate> {
    let mut rows: Vec<Rate> = store
        .rates_of(merchant)
        .await
        .unwrap()
        .into_iter()
        .filter(|rate| rate.service == service)
        .collect();
    rows.sort_by_key(|rate| (rate.valid_from, rate.id));
    rows
}

/// One open row, the last; each row ends where the next starts.
fn assert_chained(rows: &[Rate]) {
    let open: Vec<_> = rows.iter().filter(|rate| rate.valid_to.is_none()).collect();
    assert_eq!(open.len(), 1, "{rows:#?}");
    assert!(rows.last().unwrap().valid_to.is_none());
    for pair in rows.windows(2) {
        assert_eq!(pair[0].valid_to, Some(pair[1].valid_from), "{pair:#?}");
        assert!(pair[0].valid_from <= pair[0].valid_to.unwrap());
    }
}

async fn changes_at_once_never_leave_two_open_rows(db: TestDb) {
    let (store, a, b) = open(&db).await;
    let nodes = [store.clone(), connect(&db).await, connect(&db).await];
    store
        .change_rate(b, Service::PaymentFee, &fixed(9), t0())
        .await
        .unwrap();
    for round in 0..3i64 {
        // Eight changes on each of three processes; half at one moment, half spread out (a
        // node's clock behind another's included).
        let changes = nodes.iter().enumerate().flat_map(|(node, store)| {
            (0..8i64).map(move |i| async move {
                let at =
                    t0() + Duration::seconds(round * 100 + if i % 2 == 0 { 50 } else { i * 7 - node as i64 });
                let changed = store.change_rate(a, Service::PaymentFee, &fixed(i), at).await;
                changed.unwrap().expect("the merchant exists")
            })
        });
        let changed = futures::future::join_all(changes).await;
        assert_eq!(changed.len(), 24);
        let rows = history(&store, a, Service::PaymentFee).await;
        assert_eq!(rows.len() as i64, 24 * (round + 1));
        assert_chained(&rows);
    }
    // Merchant B's row and A's other services are untouched.
    let b_rows = history(&store, b, Service::PaymentFee).await;
    assert_eq!(b_rows.len(), 1);
    assert_eq!(b_rows[0].valid_to, None);
    assert!(history(&store, a, Service::CollectionFee).await.is_empty());
}

async fn the_row_in_force_is_the_one_of_its_moment(db: TestDb) {
    let (store, a, _) = open(&db).await;
    let at = |secs| t0() + Duration::seconds(secs);
    let first = store
        .change_rate(a, Service::Energy, &fixed(1), at(0))
        .await
        .unwrap()
        .unwrap();
    let second = store
        .change_rate(a, Service::Energy, &fixed(2), at(60))
        .await
        .unwrap()
        .unwrap();
    let in_force = |moment: DateTime<Utc>| {
        let store = store.clone();
        async move {
            store
                .rate_at(a, Service::Energy, moment)
                .await
                .unwrap()
                .map(|r| r.id)
        }
    };
    assert_eq!(in_force(at(-1)).await, None);
    assert_eq!(in_force(at(0)).await, Some(first.id));
    assert_eq!(in_force(at(59)).await, Some(first.id));
    assert_eq!(
        in_force(at(60)).await,
        Some(second.id),
        "a row ends where the next starts"
    );
    assert_eq!(in_force(at(100_000)).await, Some(second.id));
    assert_eq!(store.rate_at(a, Service::PaymentFee, at(0)).await.unwrap(), None);
    // A change dated before the open row's start starts where it starts: no overlap.
    let third = store
        .change_rate(a, Service::Energy, &fixed(3), at(30))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(third.valid_from, at(60));
    assert_chained(&history(&store, a, Service::Energy).await);
    assert_eq!(
        store
            .change_rate(NO_MERCHANT, Service::Energy, &fixed(3), at(0))
            .await
            .unwrap(),
        None
    );
}

/// An id no merchant of the test has.
const NO_MERCHANT: i64 = 1_000_000;

async fn a_first_row_is_opened_once(db: TestDb) {
    let (store, a, b) = open(&db).await;
    let nodes = [store.clone(), connect(&db).await, connect(&db).await];
    assert_eq!(
        store.merchants_without_rate(Service::Monthly).await.unwrap(),
        vec![a, b]
    );
    let opens = nodes.iter().flat_map(|store| {
        (0..4).map(move |_| store.open_first_rate(a, Service::Monthly, &RateTerms::FREE, t0()))
    });
    let opened = futures::future::join_all(opens).await;
    assert_eq!(opened.into_iter().filter(|won| *won.as_ref().unwrap()).count(), 1);
    assert_eq!(history(&store, a, Service::Monthly).await.len(), 1);
    assert_eq!(
        store.merchants_without_rate(Service::Monthly).await.unwrap(),
        vec![b]
    );
    assert_eq!(
        store.merchants_without_rate(Service::Energy).await.unwrap(),
        vec![a, b]
    );
}

each_database!(
    changes_at_once_never_leave_two_open_rows,
    the_row_in_force_is_the_one_of_its_moment,
    a_first_row_is_opened_once,
);
