//! The running exports' places on SQLite and PostgreSQL: of many starts at once, from several
//! processes, exactly as many as the limit get a place; an ended run frees its place; a run
//! whose process stopped renewing its lease counts no more once the lease has run out, while a
//! live process's renewed runs keep theirs.

mod support;

use chrono::{DateTime, Duration, Utc};
use coffer_domain::ports::{ExportRuns, LeaseRenewal};
use coffer_store::entities::export_run;
use coffer_store::Store;
use coffer_testkit::{each_database, TestDb};
use sea_orm::{EntityTrait, PaginatorTrait};
use support::{connect, open, t0};

const LIMIT: u64 = 2;
const LEASE_SECS: i64 = 6;

async fn start(store: &Store, merchant: i64, owner: &str, now: DateTime<Utc>) -> Option<i64> {
    let until = now + Duration::seconds(LEASE_SECS);
    store
        .start_export_run(merchant, LIMIT, owner, now, until)
        .await
        .unwrap()
}

async fn rows(store: &Store) -> u64 {
    export_run::Entity::find()
        .count(store.connection())
        .await
        .unwrap()
}

/// Merchant A's starts of eight exports on each of three processes at the same moment; the
/// ones that got a place.
async fn eight_starts_on_each(nodes: &[Store], merchant: i64) -> Vec<i64> {
    let starts = nodes.iter().enumerate().flat_map(|(node, store)| {
        (0..8)
            .map(move |_| async move { start(store, merchant, &format!("node-{node}/exports"), t0()).await })
    });
    futures::future::join_all(starts)
        .await
        .into_iter()
        .flatten()
        .collect()
}

async fn starts_at_once_never_pass_the_limit(db: TestDb) {
    let (store, a, b) = open(&db).await;
    let mut nodes = vec![store.clone()];
    for _ in 0..2 {
        nodes.push(connect(&db).await);
    }
    // Several rounds: the pools' connections are open after the first.
    for round in 0..5 {
        let started = eight_starts_on_each(&nodes, a).await;
        assert_eq!(started.len() as u64, LIMIT, "round {round}: {started:?}");
        assert_eq!(rows(&store).await, LIMIT, "the refused starts left no row");
        for run in started {
            store.end_export_run(run).await.unwrap();
        }
    }
    let started = eight_starts_on_each(&nodes, a).await;
    // Merchant B has places of its own.
    assert!(start(&store, b, "node-0/exports", t0()).await.is_some());

    // An ended run frees its place, once.
    assert_eq!(start(&nodes[1], a, "node-1/exports", t0()).await, None);
    store.end_export_run(started[0]).await.unwrap();
    assert!(start(&nodes[1], a, "node-1/exports", t0()).await.is_some());
    assert_eq!(start(&nodes[2], a, "node-2/exports", t0()).await, None);
}

async fn a_dead_process_runs_stop_counting_within_a_lease(db: TestDb) {
    let (store, a, _) = open(&db).await;
    let (alive, dead) = ("node-1/exports".to_string(), "node-2/exports");
    assert!(start(&store, a, &alive, t0()).await.is_some());
    assert!(start(&store, a, dead, t0()).await.is_some());

    // Node 1's heartbeat renews its run every 2 s; node 2 was killed and renews nothing.
    let mut now = t0();
    for _ in 0..3 {
        now += Duration::seconds(2);
        let renewed = store
            .renew_leases(
                std::slice::from_ref(&alive),
                now,
                now + Duration::seconds(LEASE_SECS),
            )
            .await
            .unwrap();
        assert_eq!(renewed, 1, "at {now}");
        assert_eq!(start(&store, a, "node-3/exports", now).await, None, "at {now}");
    }
    // Node 2's lease ran out at 6 s: its place is free, node 1's is still held.
    now += Duration::seconds(1);
    assert!(start(&store, a, "node-3/exports", now).await.is_some());
    assert_eq!(start(&store, a, "node-3/exports", now).await, None);
    assert_eq!(rows(&store).await, 2, "the run that ran out was deleted");
}

each_database!(
    starts_at_once_never_pass_the_limit,
    a_dead_process_runs_stop_counting_within_a_lease,
);
