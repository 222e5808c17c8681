//! Issue 14: a deposit's callback leaves when its confirming block is scanned, not at the
//! delivery worker's next poll. The polls here are 30 seconds: a callback within a few seconds
//! can only come from a wake-up (in the process, or from another process by PostgreSQL's
//! NOTIFY).

use coffer::app::App;
use coffer_domain::clock::Clock;
use coffer_testkit::{each_database, DbKind, TestDb};
use sea_orm::{ConnectionTrait, Statement};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::deposits::merchant_ready;
use crate::helpers::{spawn_app_with, TestApp};
use crate::receiver::Receiver;
use crate::wallets::demo_merchant;

const DEV: i64 = 1337;
/// Far longer than any wait below: a poll never explains a callback that arrives in time.
const POLL_MS: u64 = 30_000;
/// What "at once" is allowed to take on a slow, shared machine (debug build).
const PROMPTLY: Duration = Duration::from_secs(5);

fn polling_slowly(config: &mut coffer::config::Config) {
    config.workers.enabled = true;
    config.workers.scan_interval_ms = POLL_MS;
    config.workers.callback_poll_ms = POLL_MS;
}

/// How long after `since` the receiver had a `deposit.confirmed`; None when not by `PROMPTLY`.
async fn confirmed_callback_after(receiver: &Receiver, since: Instant) -> Option<Duration> {
    while since.elapsed() < PROMPTLY {
        if receiver
            .events()
            .iter()
            .any(|e| e["event"] == "deposit.confirmed")
        {
            return Some(since.elapsed());
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    None
}

/// A USDT payment to a new user's address, in the next block (not mined yet).
async fn pay_new_user(app: &TestApp, user: &str) {
    let merchant = demo_merchant(app).await;
    let address = app.deposit_address(merchant, DEV, user).await;
    app.send_usdt(&address, "5").await;
}

async fn a_deposit_callback_leaves_when_its_confirming_block_is_mined(db: TestDb) {
    let receiver = Receiver::start().await;
    let app = spawn_app_with(db, polling_slowly).await;
    merchant_ready(&app, &receiver).await;
    pay_new_user(&app, "user-1").await;
    // The deposit's block and two more: the third gives it its 3 confirmations. Nothing is
    // scanned or delivered by the test: the workers of the server do it.
    for _ in 0..3 {
        app.devchain.mine().await.unwrap();
    }
    let confirming_block = Instant::now();
    let after = confirmed_callback_after(&receiver, confirming_block).await;
    assert!(
        after.is_some(),
        "no deposit.confirmed within {PROMPTLY:?} of its confirming block (the polls are {POLL_MS} ms); received {:?}",
        receiver.events()
    );
    let events: Vec<String> = receiver
        .events()
        .iter()
        .map(|e| e["event"].as_str().unwrap_or_default().to_string())
        .collect();
    assert_eq!(events.last().map(String::as_str), Some("deposit.confirmed"));
}

each_database!(a_deposit_callback_leaves_when_its_confirming_block_is_mined);

/// Whether a connection of the test database is listening for work notifications.
async fn someone_listens(app: &TestApp) -> bool {
    let sql = "SELECT count(*)::bigint AS n FROM pg_stat_activity \
               WHERE datname = current_database() AND query LIKE 'LISTEN %'";
    let db = app.store.connection();
    let row = db
        .query_one(Statement::from_string(db.get_database_backend(), sql))
        .await
        .unwrap()
        .unwrap();
    row.try_get::<i64>("", "n").unwrap() > 0
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_instance_delivers_on_notify_from_the_scanning_one() {
    let receiver = Receiver::start().await;
    // This instance scans (step by step, no workers); the other one only delivers.
    let app = crate::helpers::spawn_app(TestDb::new(DbKind::Postgres).await).await;
    merchant_ready(&app, &receiver).await;
    // The test's scanner takes the devchain's cursor first; the clock stands still, so its
    // lease never runs out and the other instance's scanner finds the chain busy.
    app.scanner.scan_chain(DEV).await.unwrap();
    let mut config = app.config.clone();
    polling_slowly(&mut config);
    let other = App::build(&config, app.clock.clone() as Arc<dyn Clock>)
        .await
        .expect("a second instance on the same database");
    tokio::spawn(other.serve(std::future::pending()));
    let started = Instant::now();
    while !someone_listens(&app).await {
        assert!(started.elapsed() < PROMPTLY, "the second instance never listened");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }

    pay_new_user(&app, "user-1").await;
    for _ in 0..3 {
        app.devchain.mine().await.unwrap();
    }
    let report = app.scanner.scan_chain(DEV).await.unwrap();
    assert_eq!((report.deposits, report.confirmed), (1, 1), "{report:?}");
    let committed = Instant::now();
    assert!(
        confirmed_callback_after(&receiver, committed).await.is_some(),
        "the other instance did not deliver within {PROMPTLY:?} (its poll is {POLL_MS} ms)"
    );
}
