//! Deposits on the devchain: detected once, confirmed, announced with signed callbacks that an
//! independent verifier (the openssl command line) accepts; reorgs, dust, unsupported tokens,
//! callback retries and the console calls.

use chrono::Duration;
use coffer_chain::devchain::USDT_CONTRACT;
use coffer_domain::amount::BaseUnits;
use coffer_domain::callbacks::headers;
use coffer_domain::clock::Clock;
use coffer_domain::merchant_api::MerchantApiRepo;
use coffer_domain::ports::chain::Asset;
use coffer_testkit::{each_database, TestDb};
use serde_json::{json, Value};

use crate::helpers::{spawn_app_with, TestApp};
use crate::receiver::{Receiver, Reply};
use crate::wallets::{demo_merchant, list, offline_chains};

const DEV: i64 = 1337;

pub fn usdt() -> Asset {
    Asset::Token {
        contract: USDT_CONTRACT.into(),
    }
}

/// The demo merchant with USDT enabled on the devchain and a callback address.
pub async fn merchant_ready(app: &TestApp, receiver: &Receiver) -> String {
    let token = app.sign_in_demo().await;
    let payer = app
        .post_as(&token, "/api/v2/partner/hotwallet/add", json!({"chainId": DEV}))
        .await;
    let payer = payer.data()["address"].as_str().unwrap().to_string();
    let added = app
        .post_as(
            &token,
            "/api/partner/asset/add",
            json!({"chainId": DEV, "tokenId": 1, "paymentAddress": payer}),
        )
        .await;
    assert_eq!(added.code(), 1, "{:?}", added.body);
    let merchant = demo_merchant(app).await;
    app.store
        .set_callback_url(merchant, Some(&receiver.url), app.clock.now())
        .await
        .unwrap();
    token
}

pub fn range(app: &TestApp) -> Value {
    let now = app.clock.now();
    json!({"start": (now - Duration::days(1)).to_rfc3339(), "end": (now + Duration::days(1)).to_rfc3339()})
}

pub fn with(mut base: Value, extra: Value) -> Value {
    for (k, v) in extra.as_object().unwrap() {
        base[k] = v.clone();
    }
    base
}

pub async fn scan(app: &TestApp) -> coffer_domain::deposits::scanner::ScanReport {
    app.scanner.scan_chain(DEV).await.unwrap()
}

/// Verifies a callback with the platform public key using openssl, not our code.
pub fn openssl_verifies(public_pem: &str, message: &str, signature_b64: &str) -> bool {
    use base64::Engine;
    let dir = tempfile::tempdir().unwrap();
    let key = dir.path().join("platform.pem");
    let msg = dir.path().join("message");
    let sig = dir.path().join("signature");
    std::fs::write(&key, public_pem).unwrap();
    std::fs::write(&msg, message).unwrap();
    std::fs::write(
        &sig,
        base64::engine::general_purpose::STANDARD
            .decode(signature_b64)
            .unwrap(),
    )
    .unwrap();
    let out = std::process::Command::new("openssl")
        .args(["dgst", "-sha256", "-verify"])
        .arg(&key)
        .arg("-signature")
        .arg(&sig)
        .arg(&msg)
        .output()
        .expect("openssl is installed");
    out.status.success()
}

async fn a_deposit_is_credited_once_and_announced_with_signed_callbacks(db: TestDb) {
    let receiver = Receiver::start().await;
    let app = spawn_app_with(db, offline_chains).await;
    let token = merchant_ready(&app, &receiver).await;
    let merchant = demo_merchant(&app).await;
    let address = app
        .wallets
        .deposit_address(merchant, DEV, "user-1")
        .await
        .unwrap()
        .address;

    app.devchain
        .fund(&address, &usdt(), BaseUnits::from_decimal("25.5", 6).unwrap())
        .await
        .unwrap();
    app.devchain.mine().await.unwrap();
    let report = scan(&app).await;
    assert_eq!(report.deposits, 1);
    let page = app
        .post_as(
            &token,
            "/api/partner/deposit/pageTx",
            with(range(&app), json!({"page": 1, "pageSize": 10})),
        )
        .await;
    let rows = list(&page);
    assert_eq!(rows.len(), 1);
    let row = &rows[0];
    assert_eq!(
        (row["status"].clone(), row["amount"].clone()),
        (json!(7), json!("25.5"))
    );
    assert_eq!(row["symbol"], "USDT");
    assert_eq!(row["chainname"], "Devchain");
    assert_eq!(row["openId"], "user-1");
    assert_eq!(row["requiredConfirmations"], 3);
    assert!(row["orderNo"].as_str().unwrap().starts_with('D'));

    // The merchant hears of it while it confirms.
    assert_eq!(app.callbacks.deliver_due().await.unwrap(), 1);

    // Re-scans and a second scanner change nothing: one transfer, one deposit.
    assert_eq!(scan(&app).await.deposits, 0);
    app.devchain.mine().await.unwrap();
    app.devchain.mine().await.unwrap();
    let report = scan(&app).await;
    assert_eq!((report.deposits, report.confirmed), (0, 1));
    let detail = app
        .post_as(&token, "/api/partner/deposit/detail", json!({"id": row["id"]}))
        .await;
    assert_eq!(detail.data()["status"], 8);
    assert_eq!(detail.data()["actualAmount"], "25.5");
    assert_eq!(detail.data()["confirmations"], 3);

    // Two events, delivered, signed with the platform key (verified by openssl).
    assert_eq!(app.callbacks.deliver_due().await.unwrap(), 1);
    let events = receiver.events();
    let names: Vec<&str> = events.iter().map(|e| e["event"].as_str().unwrap()).collect();
    assert_eq!(names, vec!["deposit.confirming", "deposit.confirmed"]);
    // Numbered in the order's events, with the time of the change (RFC 3339, UTC).
    assert_eq!(
        (events[0]["seq"].clone(), events[1]["seq"].clone()),
        (json!(1), json!(2))
    );
    for e in &events {
        let at = e["occurredAt"].as_str().unwrap();
        assert!(at.ends_with('Z'), "{at}");
        chrono::DateTime::parse_from_rfc3339(at).unwrap();
    }
    assert_eq!(events[1]["amount"], "25.5");
    assert_eq!(events[1]["status"], 8);
    let (kid, public_pem) = app.platform_keys.public().await.unwrap();
    for r in receiver.received.lock().unwrap().iter() {
        let header = |name: &str| r.headers.get(name).unwrap().to_str().unwrap().to_string();
        assert_eq!(header(headers::KEY_ID), kid);
        let message = format!("{}\n{}", header(headers::TIMESTAMP), r.body);
        assert!(openssl_verifies(
            &public_pem,
            &message,
            &header(headers::SIGNATURE)
        ));
        assert!(!openssl_verifies(
            &public_pem,
            &format!("{message} "),
            &header(headers::SIGNATURE)
        ));
        assert_eq!(
            header(headers::EVENT_ID),
            serde_json::from_str::<Value>(&r.body).unwrap()["eventId"]
        );
    }
    assert_eq!(app.callbacks.deliver_due().await.unwrap(), 0, "delivered once");
    let detail = app
        .post_as(&token, "/api/partner/deposit/detail", json!({"id": row["id"]}))
        .await;
    assert_eq!(
        (
            detail.data()["callbackStatus"].clone(),
            detail.data()["notifyStatus"].clone()
        ),
        (json!(1), json!(2))
    );
    assert_eq!(detail.data()["callbacks"].as_array().unwrap().len(), 2);

    // Summary, filters, the required dates.
    let summary = app
        .post_as(&token, "/api/partner/deposit/summary", range(&app))
        .await;
    assert_eq!(summary.data()["count"], 1);
    assert_eq!(summary.data()["totals"][0]["amount"], "25.5");
    let none = app
        .post_as(
            &token,
            "/api/partner/deposit/pageTx",
            with(
                range(&app),
                json!({"page": 1, "pageSize": 10, "openId": "user-2"}),
            ),
        )
        .await;
    assert_eq!(none.data()["total"], 0);
    let by_address = app
        .post_as(
            &token,
            "/api/partner/deposit/pageTx",
            with(
                range(&app),
                json!({"page": 1, "pageSize": 10, "address": address.to_lowercase()}),
            ),
        )
        .await;
    assert_eq!(by_address.data()["total"], 1);
    let undated = app
        .post_as(
            &token,
            "/api/partner/deposit/pageTx",
            json!({"page": 1, "pageSize": 10}),
        )
        .await;
    assert_eq!(
        (undated.code(), undated.msg()),
        (10422, "A start and an end must be chosen")
    );
    let user_tx = app
        .post_as(
            &token,
            "/api/partner/user/pageTx",
            with(range(&app), json!({"page": 1, "pageSize": 10, "type": 1})),
        )
        .await;
    assert_eq!(user_tx.data()["total"], 1);

    // A manual push delivers the latest event again, under the same event id.
    let pushed = app
        .post_as(&token, "/api/partner/deposit/push", json!({"id": row["id"]}))
        .await;
    assert_eq!(pushed.code(), 1);
    assert_eq!(
        (
            pushed.data()["success"].clone(),
            pushed.data()["httpStatus"].clone()
        ),
        (json!(true), json!(200)),
        "the push answers the attempt's result"
    );
    assert_eq!(app.callbacks.deliver_due().await.unwrap(), 0, "sent by the push");
    let events = receiver.events();
    assert_eq!(events[2]["eventId"], events[1]["eventId"]);

    // Dust and an unsupported coin are recorded, not credited, not announced.
    app.devchain
        .fund(&address, &usdt(), BaseUnits::from_decimal("0.001", 6).unwrap())
        .await
        .unwrap();
    app.devchain
        .fund(
            &address,
            &Asset::Native,
            BaseUnits::from_decimal("1", 18).unwrap(),
        )
        .await
        .unwrap();
    for _ in 0..3 {
        app.devchain.mine().await.unwrap();
    }
    scan(&app).await;
    let page = app
        .post_as(
            &token,
            "/api/partner/deposit/pageTx",
            with(range(&app), json!({"page": 1, "pageSize": 10})),
        )
        .await;
    let notes: Vec<(Value, Value, Value)> = list(&page)
        .iter()
        .map(|r| {
            (
                r["note"].clone(),
                r["actualAmount"].clone(),
                r["notifyStatus"].clone(),
            )
        })
        .collect();
    assert!(
        notes.contains(&(json!("dust"), json!("0"), json!(0))),
        "{notes:?}"
    );
    assert!(
        notes.contains(&(json!("unsupported"), json!("0"), json!(0))),
        "{notes:?}"
    );
    assert_eq!(app.callbacks.deliver_due().await.unwrap(), 0);
}

async fn a_reorg_voids_then_revives_and_callbacks_retry_until_code_zero(db: TestDb) {
    let receiver = Receiver::start().await;
    let app = spawn_app_with(db, |c| {
        offline_chains(c);
        c.callbacks.max_attempts = 3;
        c.callbacks.timeout_secs = 1;
    })
    .await;
    let token = merchant_ready(&app, &receiver).await;
    let merchant = demo_merchant(&app).await;
    let address = app
        .wallets
        .deposit_address(merchant, DEV, "user-9")
        .await
        .unwrap()
        .address;
    app.devchain
        .fund(&address, &usdt(), BaseUnits::from_decimal("7", 6).unwrap())
        .await
        .unwrap();
    app.devchain.mine().await.unwrap();
    scan(&app).await;
    let page = app
        .post_as(
            &token,
            "/api/partner/deposit/pageTx",
            with(range(&app), json!({"page": 1, "pageSize": 10})),
        )
        .await;
    let before = list(&page)[0].clone();

    // The block is replaced: the deposit is voided, then found again in the new block.
    app.devchain.reorg(1).await.unwrap();
    let report = scan(&app).await;
    assert_eq!(report.rolled_back, 1);
    let page = app
        .post_as(
            &token,
            "/api/partner/deposit/pageTx",
            with(range(&app), json!({"page": 1, "pageSize": 10})),
        )
        .await;
    let after = list(&page)[0].clone();
    assert_eq!(page.data()["total"], 1, "the same transfer, the same deposit");
    assert_eq!(after["id"], before["id"]);
    assert_eq!(after["status"], 7);
    receiver.reply(Reply::CodeOne);
    app.callbacks.deliver_due().await.unwrap();
    let names: Vec<String> = receiver
        .events()
        .iter()
        .map(|e| format!("{} {}", e["event"].as_str().unwrap(), e["seq"]))
        .collect();
    assert_eq!(
        names,
        vec!["deposit.confirming 3"],
        "only the newest state goes out: the older events were superseded"
    );

    // Replies that are not code 0 are retried on the schedule, then the event fails.
    let events = app
        .post_as(
            &token,
            "/api/partner/callback/page",
            json!({"page": 1, "pageSize": 10}),
        )
        .await;
    let shown: Vec<(Value, Value, Value)> = list(&events)
        .iter()
        .map(|e| (e["seq"].clone(), e["status"].clone(), e["attempts"].clone()))
        .collect();
    assert_eq!(
        shown,
        vec![
            (json!(3), json!(0), json!(1)),
            (json!(2), json!(3), json!(0)),
            (json!(1), json!(3), json!(0))
        ]
    );
    let superseded = list(&events)[1]["eventId"].as_str().unwrap().to_string();
    assert_eq!(
        app.callbacks.deliver_due().await.unwrap(),
        0,
        "not due before the interval"
    );
    for reply in [Reply::ServerError, Reply::Slow] {
        receiver.reply(reply);
        app.clock.advance(Duration::minutes(31));
        assert_eq!(app.callbacks.deliver_due().await.unwrap(), 1);
    }
    // An hour passed on the test clock: the console session idled out.
    let token = app.sign_in_demo().await;
    let events = app
        .post_as(
            &token,
            "/api/partner/callback/page",
            json!({"page": 1, "pageSize": 10, "status": 2}),
        )
        .await;
    assert_eq!(
        events.data()["total"],
        1,
        "failed after 3 attempts: {:?}",
        events.body
    );
    let event_id = list(&events)[0]["eventId"].as_str().unwrap().to_string();
    let attempts = app
        .post_as(
            &token,
            "/api/partner/callback/attempts",
            json!({"eventId": event_id}),
        )
        .await;
    let attempts = attempts.data().as_array().unwrap().clone();
    let reasons: Vec<(Value, Value)> = attempts
        .iter()
        .map(|a| (a["reason"].clone(), a["httpStatus"].clone()))
        .collect();
    assert_eq!(
        reasons,
        vec![
            (json!("timeout"), Value::Null),
            (json!("http_status"), json!(500)),
            (json!("code_not_zero"), json!(200))
        ]
    );
    assert_eq!(attempts[0]["error"], "timed out");

    // A superseded event cannot be pushed: it would tell a state the order has left.
    let sent_before = receiver.events().len();
    let refused = app
        .post_as(
            &token,
            "/api/partner/callback/push",
            json!({"eventId": superseded}),
        )
        .await;
    assert_eq!(
        refused.msg(),
        "A newer callback of this order exists: push that one",
        "{:?}",
        refused.body
    );
    assert_eq!(receiver.events().len(), sent_before, "nothing was sent");

    // A push answers how the attempt went.
    receiver.reply(Reply::NotJson);
    let pushed = app
        .post_as(&token, "/api/partner/callback/push", json!({"eventId": event_id}))
        .await;
    let result = pushed.data();
    assert_eq!(
        (
            result["attempted"].clone(),
            result["success"].clone(),
            result["reason"].clone(),
            result["httpStatus"].clone(),
            result["response"].clone()
        ),
        (
            json!(true),
            json!(false),
            json!("not_json"),
            json!(200),
            json!("OK")
        ),
        "a reply that is not JSON is not an acknowledgement"
    );
    receiver.reply(Reply::Ok);
    let pushed = app
        .post_as(&token, "/api/partner/callback/push", json!({"eventId": event_id}))
        .await;
    let result = pushed.data();
    assert_eq!(
        (
            result["success"].clone(),
            result["replyCode"].clone(),
            result["reason"].clone()
        ),
        (json!(true), json!(0), json!(""))
    );
    assert!(result["latencyMs"].is_i64());
    assert_eq!(app.callbacks.deliver_due().await.unwrap(), 0, "sent by the push");
    let events = app
        .post_as(
            &token,
            "/api/partner/callback/page",
            json!({"page": 1, "pageSize": 10, "status": 1}),
        )
        .await;
    assert_eq!(events.data()["total"], 1);
    let long_ago =
        json!({"page": 1, "pageSize": 10, "start": "2020-01-01T00:00:00Z", "end": "2020-01-02T00:00:00Z"});
    let events = app.post_as(&token, "/api/partner/callback/page", long_ago).await;
    assert_eq!(events.data()["total"], 0, "the date filter applies");

    // Another merchant sees none of it.
    app.store
        .seed_demo("boss@other.example", "Other-Pass-2026")
        .await
        .unwrap();
    let outsider = app.sign_in("boss@other.example", "Other-Pass-2026").await;
    let theirs = app
        .post_as(
            &outsider,
            "/api/partner/deposit/pageTx",
            with(range(&app), json!({"page": 1, "pageSize": 10})),
        )
        .await;
    assert_eq!(theirs.data()["total"], 0);
    let foreign = app
        .post_as(
            &outsider,
            "/api/partner/deposit/detail",
            json!({"id": before["id"]}),
        )
        .await;
    assert_eq!(foreign.msg(), "No such record");
    let foreign = app
        .post_as(
            &outsider,
            "/api/partner/callback/push",
            json!({"eventId": event_id}),
        )
        .await;
    assert_eq!(foreign.msg(), "No such record");
    let foreign = app
        .post_as(
            &outsider,
            "/api/partner/callback/attempts",
            json!({"eventId": event_id}),
        )
        .await;
    assert_eq!(foreign.data(), &json!([]));
}

async fn deposit_calls_need_their_menu(db: TestDb) {
    let app = spawn_app_with(db, offline_chains).await;
    app.store
        .add_user(
            crate::helpers::DEMO_EMAIL,
            "viewer@coffer.local",
            "Viewer-Pass-2026",
            &[1],
        )
        .await
        .unwrap();
    let viewer = app.sign_in("viewer@coffer.local", "Viewer-Pass-2026").await;
    let filter = with(range(&app), json!({"page": 1, "pageSize": 10}));
    let calls = [
        ("/api/partner/deposit/pageTx", filter.clone()),
        ("/api/partner/deposit/summary", range(&app)),
        ("/api/partner/deposit/detail", json!({"id": 1})),
        ("/api/partner/deposit/push", json!({"id": 1})),
        ("/api/partner/user/pageTx", filter.clone()),
        ("/api/partner/user/tx/summary", range(&app)),
        ("/api/partner/user/tx/push", json!({"id": 1})),
        ("/api/partner/callback/page", json!({"page": 1, "pageSize": 10})),
        ("/api/partner/callback/attempts", json!({"eventId": "evt_x"})),
        ("/api/partner/callback/push", json!({"eventId": "evt_x"})),
    ];
    for (path, body) in calls {
        assert_eq!(
            app.post(path, body.clone()).await.code(),
            10506,
            "{path} without a session"
        );
        assert_eq!(
            app.post_as(&viewer, path, body).await.code(),
            10403,
            "{path} without its menu"
        );
    }
    // 401 alone opens the deposit list (one list, two screens).
    app.store
        .add_user(
            crate::helpers::DEMO_EMAIL,
            "list@coffer.local",
            "List-Pass-2026",
            &[4, 401],
        )
        .await
        .unwrap();
    let lister = app.sign_in("list@coffer.local", "List-Pass-2026").await;
    assert_eq!(
        app.post_as(&lister, "/api/partner/deposit/pageTx", filter)
            .await
            .code(),
        1
    );
    assert_eq!(
        app.post_as(&lister, "/api/partner/deposit/push", json!({"id": 1}))
            .await
            .code(),
        10403
    );
}

/// A worker that claimed events and died: nothing is lost, the lease runs out and another
/// worker delivers them under the same event ids; nothing is delivered twice.
async fn a_crashed_delivery_is_resumed_after_its_lease(db: TestDb) {
    use coffer_domain::ports::CallbackOutbox;
    let receiver = Receiver::start().await;
    let app = spawn_app_with(db, offline_chains).await;
    merchant_ready(&app, &receiver).await;
    let merchant = demo_merchant(&app).await;
    let address = app
        .wallets
        .deposit_address(merchant, DEV, "user-5")
        .await
        .unwrap()
        .address;
    app.devchain
        .fund(&address, &usdt(), BaseUnits::from_decimal("3", 6).unwrap())
        .await
        .unwrap();
    app.devchain.mine().await.unwrap();
    scan(&app).await;
    let now = app.clock.now();
    let dead = app
        .store
        .claim_due_events("dead-worker", now, now + Duration::seconds(60), 10)
        .await
        .unwrap();
    assert_eq!(dead.len(), 1);
    assert_eq!(
        app.callbacks.deliver_due().await.unwrap(),
        0,
        "leased to the dead worker"
    );
    app.clock.advance(Duration::seconds(61));
    assert_eq!(app.callbacks.deliver_due().await.unwrap(), 1);
    assert_eq!(app.callbacks.deliver_due().await.unwrap(), 0);
    let events = receiver.events();
    assert_eq!(events.len(), 1);
    assert_eq!(events[0]["eventId"].as_str().unwrap(), dead[0].event_id);
}

each_database!(
    a_crashed_delivery_is_resumed_after_its_lease,
    a_deposit_is_credited_once_and_announced_with_signed_callbacks,
    a_reorg_voids_then_revives_and_callbacks_retry_until_code_zero,
    deposit_calls_need_their_menu,
);
