//! Two real `coffer serve` on one database, leases of one second. A live node whose callback
//! takes three leases to answer keeps it: its heartbeat renews the lease, so the other node
//! never sends the same callback meanwhile. A node killed (SIGKILL) in the middle of one stops
//! renewing, and the other node takes the callback over and delivers it. How long that takes is
//! measured by `make bench` (bench_takeover), not here.

use coffer_store::entities::callback_event;
use coffer_testkit::{each_database, TestDb};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::json;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use crate::deposits::{merchant_ready, DEV};
use crate::helpers::{spawn_app, TestApp};
use crate::receiver::{Receiver, Reply};
use crate::restart::{serve_with, Served};
use crate::wallets::demo_merchant;

/// Short leases, and callbacks allowed to take longer than three of them.
const ENV: [(&str, &str); 2] = [
    ("COFFER__WORKERS__LEASE_SECS", "1"),
    ("COFFER__CALLBACKS__TIMEOUT_SECS", "10"),
];

async fn deposits(app: &TestApp, users: &[&str]) {
    let merchant = demo_merchant(app).await;
    for user in users {
        let address = app.deposit_address(merchant, DEV, user).await;
        app.send_usdt(&address, "2").await;
    }
    // The nodes' scanners find them (the test's own scanner would find the lease taken).
    app.devchain.mine().await.unwrap();
}

/// How many POSTs the merchant received for each event id.
fn posts_per_event(receiver: &Receiver) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    for event in receiver.events() {
        *counts
            .entry(event["eventId"].as_str().unwrap().to_string())
            .or_insert(0) += 1;
    }
    counts
}

async fn delivered(app: &TestApp, token: &str) -> u64 {
    let page = app
        .callbacks(token)
        .page(json!({"page": 1, "pageSize": 100, "status": 1}))
        .await;
    page.data()["total"].as_u64().unwrap_or(0)
}

async fn wait_for(what: &str, mut done: impl AsyncFnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(90);
    while !done().await {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The lease owner of the event the merchant has just been sent (the only one in flight).
async fn holder_of(app: &TestApp, event_id: &str) -> String {
    callback_event::Entity::find()
        .filter(callback_event::Column::EventId.eq(event_id))
        .one(app.store.connection())
        .await
        .unwrap()
        .map(|e| e.lease_owner)
        .unwrap_or_default()
}

/// Whether a lease owner is one of `served`'s workers (`host:pid:…/worker`).
fn owned_by(owner: &str, served: &Served) -> bool {
    owner.contains(&format!(":{}:", served.id()))
}

async fn a_slow_node_keeps_its_work_and_a_killed_ones_is_taken_over(db: TestDb) {
    let receiver = Receiver::start().await;
    let app = spawn_app(db).await;
    let token = merchant_ready(&app, &receiver).await;
    let (dir_a, dir_b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let a = serve_with(&app, dir_a.path(), &ENV);
    let b = serve_with(&app, dir_b.path(), &ENV);

    // Every answer takes 3 s, three leases: each callback still goes out once.
    receiver.reply(Reply::Slow);
    deposits(&app, &["user-1", "user-2", "user-3"]).await;
    wait_for("three slow callbacks", async || {
        delivered(&app, &token).await == 3
    })
    .await;
    let posts = posts_per_event(&receiver);
    assert_eq!(posts.len(), 3, "{posts:?}");
    assert!(
        posts.values().all(|&n| n == 1),
        "a callback was sent again while its node was still waiting for the answer: {posts:?}"
    );

    // A fourth goes out; the node sending it is killed while the merchant has not answered.
    deposits(&app, &["user-4"]).await;
    wait_for("the fourth callback in flight", async || {
        posts_per_event(&receiver).len() == 4
    })
    .await;
    let in_flight = posts_per_event(&receiver)
        .into_keys()
        .find(|id| !posts.contains_key(id))
        .unwrap();
    let holder = holder_of(&app, &in_flight).await;
    let (killed, mut survivor) = if owned_by(&holder, &a) {
        (a, b)
    } else {
        assert!(owned_by(&holder, &b), "held by {holder}");
        (b, a)
    };
    killed.kill();
    receiver.reply(Reply::Ok);
    wait_for("the survivor to deliver it", async || {
        delivered(&app, &token).await == 4
    })
    .await;
    let posts = posts_per_event(&receiver);
    assert_eq!(posts.len(), 4, "no new event: {posts:?}");
    assert_eq!(posts[&in_flight], 2, "sent once by each node, under the same id");
    assert!(
        survivor.0.try_wait().unwrap().is_none(),
        "the survivor still serves"
    );
}

each_database!(a_slow_node_keeps_its_work_and_a_killed_ones_is_taken_over);
