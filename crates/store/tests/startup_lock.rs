//! Processes starting together take turns: while one migrates and writes the first start's rows
//! under the startup lock, another's migration waits (PostgreSQL: an advisory lock; SQLite: a
//! lock file beside the database). Two stores are two processes here: two connection pools.

mod support;

use coffer_testkit::{each_database, TestDb};
use std::sync::Mutex;
use std::time::Duration;

async fn a_migration_waits_while_another_process_seeds(db: TestDb) {
    let (first, second) = (support::connect(&db).await, support::connect(&db).await);
    let events = Mutex::new(Vec::new());
    let (seeding, seeding_started) = tokio::sync::oneshot::channel();
    let seed = async {
        seeding.send(()).unwrap();
        // Far longer than a migration with nothing left to do.
        tokio::time::sleep(Duration::from_secs(1)).await;
        events.lock().unwrap().push("first seeded");
    };
    let other_process = async {
        seeding_started.await.unwrap();
        second.migrate().await.unwrap();
        events.lock().unwrap().push("second migrated");
    };
    let (seeded, ()) = tokio::join!(first.migrate_then(seed), other_process);
    seeded.unwrap();
    assert_eq!(*events.lock().unwrap(), ["first seeded", "second migrated"]);

    // Released: the next one goes at once, also after a failed seed.
    first
        .migrate_then(async { Err::<(), _>("seed failed") })
        .await
        .unwrap()
        .unwrap_err();
    tokio::time::timeout(Duration::from_secs(30), second.migrate())
        .await
        .expect("the lock is free")
        .unwrap();
}

each_database!(a_migration_waits_while_another_process_seeds);
