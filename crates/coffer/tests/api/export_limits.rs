//! What an export may cost: a merchant runs at most two at once on all the nodes together, and
//! one whose reader signs out stops streaming. Both need an export that is still being written:
//! many rows, read slowly. The test callback goes out once a second, whichever node is asked.

use chrono::Duration;
use coffer_domain::amount::BaseUnits;
use coffer_domain::clock::Clock;
use coffer_domain::ports::{CallbackStatus, NotifyStatus, OrderStatus};
use coffer_store::entities::{deposit, export_run, Stored};
use coffer_testkit::{each_database, TestDb};
use sea_orm::{EntityTrait, Set};
use serde_json::{json, Value};

use crate::deposits::{range, with, DEV};
use crate::exports::DEPOSIT_EXPORT;
use crate::helpers::{answer, spawn_app_with, TestApp};
use crate::wallets::{demo_merchant, offline_chains};

/// Far more rows than the socket buffers and the batches read ahead hold, so an export is still
/// being written while its client does not read (about 10 MB of CSV).
const ROWS: usize = 30_000;

/// `ROWS` complete deposits of the demo merchant within the last hour, written straight to the
/// store (scanning them would take minutes).
async fn many_deposits(app: &TestApp) {
    let merchant = demo_merchant(app).await;
    let address = app.wallets.deposit_address(merchant, DEV, "bulk").await.unwrap();
    let at = app.clock.now() - Duration::minutes(30);
    let row = |i: usize| deposit::ActiveModel {
        merchant_id: Set(merchant),
        chain_id: Set(DEV),
        token_id: Set(Some(1)),
        deposit_address_id: Set(address.id),
        open_id: Set("bulk".into()),
        to_address: Set(address.address.clone()),
        from_address: Set(format!("0x{:040x}", 1_000_000 + i)),
        tx_hash: Set(format!("0x{i:064x}")),
        tx_index: Set(0),
        amount: Set(Stored(BaseUnits::from_decimal("1.5", 6).unwrap())),
        decimals: Set(6),
        block_number: Set(i as i64),
        block_hash: Set(format!("0x{i:064x}")),
        required_confirmations: Set(1),
        status: Set(Stored(OrderStatus::Complete)),
        note: Set(String::new()),
        credited: Set(true),
        order_no: Set(format!("DBULK{i:09}")),
        callback_status: Set(Stored(CallbackStatus::Success)),
        callback_result: Set(String::new()),
        notify_status: Set(Stored(NotifyStatus::Success)),
        created_at: Set(at),
        confirmed_at: Set(Some(at)),
        void_at: Set(None),
        updated_at: Set(at),
        ..Default::default()
    };
    for start in (0..ROWS).step_by(1000) {
        deposit::Entity::insert_many((start..start + 1000).map(row))
            .exec(app.store.connection())
            .await
            .unwrap();
    }
}

/// An export begun on the node at `base`: its answer's head read, its body left unread.
async fn begin_export_on(
    app: &TestApp,
    base: &str,
    token: &str,
    path: &str,
    body: Value,
) -> reqwest::Response {
    app.http
        .post(format!("{base}{path}"))
        .header("sessionCode", token)
        .json(&body)
        .send()
        .await
        .unwrap()
}

/// An export begun on the test's own node.
async fn begin_export(app: &TestApp, token: &str, path: &str, body: Value) -> reqwest::Response {
    begin_export_on(app, &app.base, token, path, body).await
}

fn is_csv(response: &reqwest::Response) -> bool {
    response
        .headers()
        .get("content-type")
        .is_some_and(|t| t.to_str().unwrap().starts_with("text/csv"))
}

/// The lines of the rest of the body, and whether it ended cleanly.
async fn read_rest(mut response: reqwest::Response) -> (usize, bool) {
    let mut newlines = 0;
    loop {
        match response.chunk().await {
            Ok(Some(chunk)) => newlines += chunk.iter().filter(|b| **b == b'\n').count(),
            Ok(None) => return (newlines, true),
            Err(_) => return (newlines, false),
        }
    }
}

async fn an_export_stops_when_its_reader_signs_out(db: TestDb) {
    let app = spawn_app_with(db, offline_chains).await;
    let token = app.sign_in_demo().await;
    many_deposits(&app).await;
    let filter = with(range(&app), json!({}));

    // Read whole while signed in: every row.
    let whole = begin_export(&app, &token, DEPOSIT_EXPORT, filter.clone()).await;
    assert!(is_csv(&whole));
    assert_eq!(read_rest(whole).await, (ROWS + 1, true));

    // Signed out after the first bytes: the download is cut short, far before its end.
    let mut cut = begin_export(&app, &token, DEPOSIT_EXPORT, filter).await;
    assert!(is_csv(&cut));
    let first = cut.chunk().await.unwrap().unwrap();
    assert!(!first.is_empty());
    assert_eq!(app.me(&token).logout().await.code(), 1);
    let (lines, clean) = read_rest(cut).await;
    assert!(!clean, "the download ends in an error, not as a whole file");
    // What was already read ahead still goes out (here about 5000 lines), never the whole file.
    assert!(lines < ROWS, "{lines} lines went out after signing out");
}

/// Waits for the heartbeat to renew every running export's lease from the test clock's now.
async fn renewed(app: &TestApp) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    loop {
        let runs = export_run::Entity::find()
            .all(app.store.connection())
            .await
            .unwrap();
        let now = app.clock.now();
        if runs.iter().all(|run| {
            run.lease_until
                .is_some_and(|until| until > now + Duration::milliseconds(500))
        }) {
            return;
        }
        assert!(std::time::Instant::now() < deadline, "not renewed: {runs:?}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

/// Node 1 runs two of the merchant's exports; node 2 refuses a third until one of them ends.
async fn a_merchant_runs_two_exports_at_once_on_all_nodes(db: TestDb) {
    let app = spawn_app_with(db, |c| {
        offline_chains(c);
        c.workers.lease_secs = 1;
    })
    .await;
    let node2 = app.another_node().await;
    let token = app.sign_in_demo().await;
    // Signed in first: signing in moves the test clock on by more than a lease.
    let outsider = app.other_merchant().await;
    many_deposits(&app).await;
    let filter = with(range(&app), json!({}));
    let busy = (
        10429,
        "Two exports are already running for this merchant: try again when one has finished",
    );

    let first = begin_export(&app, &token, DEPOSIT_EXPORT, filter.clone()).await;
    let second = begin_export(&app, &token, "/api/partner/user/tx/export", filter.clone()).await;
    assert!(is_csv(&first) && is_csv(&second));
    for (path, body) in [
        (DEPOSIT_EXPORT, filter.clone()),
        ("/api/partner/collect/export", json!({})),
    ] {
        let third = answer(begin_export_on(&app, &node2, &token, path, body.clone()).await).await;
        assert_eq!(third.code_and_msg(), busy, "{path} on node 2");
        let third = answer(begin_export(&app, &token, path, body).await).await;
        assert_eq!(third.code_and_msg(), busy, "{path} on node 1");
    }
    // Their leases last a second: node 1's heartbeat renews them while they run, so they keep
    // their places however long they take.
    for _ in 0..3 {
        app.clock.advance(Duration::milliseconds(600));
        renewed(&app).await;
    }
    let still = begin_export_on(&app, &node2, &token, DEPOSIT_EXPORT, filter.clone()).await;
    assert_eq!(answer(still).await.code_and_msg(), busy, "a lease later");
    // Each merchant its own places.
    let theirs = begin_export_on(&app, &node2, &outsider, DEPOSIT_EXPORT, filter.clone()).await;
    assert!(is_csv(&theirs));

    // A download dropped half way on node 1 frees its place (once the server sees the client
    // gone) for node 2.
    drop(first);
    let mut again = None;
    for _ in 0..100 {
        let tried = begin_export_on(&app, &node2, &token, DEPOSIT_EXPORT, filter.clone()).await;
        if is_csv(&tried) {
            again = Some(tried);
            break;
        }
        assert_eq!(answer(tried).await.code_and_msg(), busy);
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let again = again.expect("the dropped export's place was freed");
    let refused = begin_export(&app, &token, DEPOSIT_EXPORT, filter.clone()).await;
    assert_eq!(answer(refused).await.code_and_msg(), busy, "full again");

    // Finished and refused exports free theirs: one place left, used again and again.
    drop(again);
    let small = with(range(&app), json!({"orderNo": "DBULK000000007"}));
    let mut freed = false;
    for _ in 0..100 {
        let tried = begin_export_on(&app, &node2, &token, DEPOSIT_EXPORT, small.clone()).await;
        if is_csv(&tried) {
            assert_eq!(read_rest(tried).await, (2, true));
            freed = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(freed, "the dropped export's place was freed");
    // A finished export's place is free before its download ends: the next one, on either
    // node, starts at once.
    for base in [&app.base, &node2, &app.base, &node2] {
        let next = begin_export_on(&app, base, &token, DEPOSIT_EXPORT, small.clone()).await;
        assert!(is_csv(&next), "{base}");
        assert_eq!(read_rest(next).await, (2, true));
    }
    for _ in 0..3 {
        let refused = begin_export_on(&app, &node2, &token, DEPOSIT_EXPORT, json!({"status": 3})).await;
        assert_eq!(answer(refused).await.code(), 10422);
    }
    let after_refusals = begin_export(&app, &token, DEPOSIT_EXPORT, small).await;
    assert!(is_csv(&after_refusals), "a refused export holds no place");
    drop(second);
}

/// "Send test callback" goes out once a second per merchant, whichever node is asked; sooner
/// is 10429 and sends nothing.
async fn a_test_callback_once_a_second(db: TestDb) {
    let receiver = crate::receiver::Receiver::start().await;
    let app = spawn_app_with(db, offline_chains).await;
    let node2 = app.another_node().await;
    let token = crate::deposits::merchant_ready(&app, &receiver).await;
    let ping = |base: &str| {
        let request = app
            .http
            .post(format!("{base}/api/partner/callback/test"))
            .header("sessionCode", &token)
            .json(&json!({}));
        async move { answer(request.send().await.unwrap()).await }
    };
    let too_soon = (10429, "One test callback a second: try again in a moment");
    assert_eq!(ping(&app.base).await.code(), 1);
    let sent = receiver.events().len();
    app.clock.advance(Duration::milliseconds(900));
    assert_eq!(ping(&node2).await.code_and_msg(), too_soon, "on the other node");
    assert_eq!(ping(&app.base).await.code_and_msg(), too_soon, "on the same node");
    assert_eq!(receiver.events().len(), sent, "nothing was sent");
    app.clock.advance(Duration::milliseconds(100));
    assert_eq!(ping(&node2).await.code(), 1);
    assert_eq!(receiver.events().len(), sent + 1);
    assert_eq!(ping(&app.base).await.code_and_msg(), too_soon);
    // Each merchant its own second.
    let outsider = app.other_merchant().await;
    let theirs = app
        .post_as(&outsider, "/api/partner/callback/test", json!({}))
        .await;
    assert_eq!(theirs.code_and_msg(), (19001, "Set a callback address first"));
}

each_database!(
    an_export_stops_when_its_reader_signs_out,
    a_merchant_runs_two_exports_at_once_on_all_nodes,
    a_test_callback_once_a_second,
);
