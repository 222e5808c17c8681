//! Issue 11: callbacks arrive in the order things happened (per order a newer event never
//! goes out before an older one is settled, an undelivered older one is superseded), every
//! body carries `seq` and `occurredAt`, a new callback address sends what waits at once, the
//! test ping and the push answer how the merchant replied, addresses Coffer cannot call are
//! refused when saved, and an event that cannot be processed does not stop the others.

use chrono::Duration;
use coffer_testkit::{each_database, TestDb};
use sea_orm::ConnectionTrait;
use serde_json::{json, Value};

use crate::console::{paging, Callbacks};
use crate::deposits::merchant_ready;
use crate::helpers::{fields, spawn_app, spawn_app_with, TestApp};
use crate::receiver::{Receiver, Reply};
use crate::wallets::{demo_merchant, list};

const DEV: i64 = 1337;

/// A deposit of `amount` to a new user's address, seen (not yet confirmed).
pub async fn deposit_seen(app: &TestApp, user: &str, amount: &str) {
    let merchant = demo_merchant(app).await;
    let address = app.deposit_address(merchant, DEV, user).await;
    app.send_usdt(&address, amount).await;
    app.devchain.mine().await.unwrap();
    assert_eq!(app.scanner.scan_chain(DEV).await.unwrap().deposits, 1);
}

/// Mines until the seen deposits are confirmed (3 confirmations).
pub async fn confirm_all(app: &TestApp) {
    app.devchain.mine().await.unwrap();
    app.devchain.mine().await.unwrap();
    assert!(app.scanner.scan_chain(DEV).await.unwrap().confirmed >= 1);
}

/// The demo merchant sending callbacks to a new receiver, and user-1's deposit of 5 USDT seen:
/// the app, the receiver and the merchant's session.
async fn user_1_paid_5(db: TestDb) -> (TestApp, Receiver, String) {
    let receiver = Receiver::start().await;
    let app = spawn_app(db).await;
    let token = merchant_ready(&app, &receiver).await;
    deposit_seen(&app, "user-1", "5").await;
    (app, receiver, token)
}

fn sent(receiver: &Receiver) -> Vec<String> {
    receiver
        .events()
        .iter()
        .map(|e| format!("{} {}", e["event"].as_str().unwrap(), e["seq"]))
        .collect()
}

async fn events(app: &TestApp, token: &str) -> Vec<Value> {
    let page = app.callbacks(token).page(paging(1, 50)).await;
    list(&page).to_vec()
}

async fn a_refused_event_never_arrives_after_a_newer_one(db: TestDb) {
    let (app, receiver, _) = user_1_paid_5(db).await;
    // The merchant refuses `deposit.confirming` (code 1): it is due again in 30 minutes.
    receiver.reply(Reply::CodeOne);
    assert_eq!(app.callbacks.deliver_due().await.unwrap(), 1);
    receiver.reply(Reply::Ok);
    confirm_all(&app).await;
    assert_eq!(app.callbacks.deliver_due().await.unwrap(), 1);
    app.clock.advance(Duration::minutes(31));
    assert_eq!(
        app.callbacks.deliver_due().await.unwrap(),
        0,
        "the refused older event is not sent after the newer one"
    );
    assert_eq!(
        sent(&receiver),
        vec!["deposit.confirming 1", "deposit.confirmed 2"]
    );
    let token = app.sign_in_demo().await;
    let log: Vec<(Value, Value, Value)> = events(&app, &token)
        .await
        .iter()
        .map(|e| (e["event"].clone(), e["seq"].clone(), e["status"].clone()))
        .collect();
    assert_eq!(
        log,
        vec![
            (json!("deposit.confirmed"), json!(2), json!(1)),
            (json!("deposit.confirming"), json!(1), json!(3)),
        ],
        "the log shows the refused event as superseded"
    );
}

async fn a_new_callback_address_sends_what_waits_at_once(db: TestDb) {
    let (app, receiver, token) = user_1_paid_5(db).await;
    receiver.reply(Reply::ServerError);
    assert_eq!(app.callbacks.deliver_due().await.unwrap(), 1);
    assert_eq!(
        app.callbacks.deliver_due().await.unwrap(),
        0,
        "retried in 30 minutes"
    );
    // The merchant fixes its endpoint and saves its address again: no 30-minute wait.
    receiver.reply(Reply::Ok);
    let saved = app.callbacks(&token).save_url_to(&receiver.url).await;
    assert_eq!(saved.code(), 1, "{:?}", saved.body);
    assert_eq!(app.callbacks.deliver_due().await.unwrap(), 1);
    assert_eq!(events(&app, &token).await[0]["status"], 1);
}

async fn a_test_ping_answers_how_the_endpoint_replied(db: TestDb) {
    let receiver = Receiver::start().await;
    let app = spawn_app(db).await;
    let token = app.sign_in_demo().await;
    // One test callback a second: each a second after the last.
    let ping = || {
        app.clock.advance(Duration::seconds(1));
        app.callbacks(&token).test()
    };
    let none = ping().await;
    assert_eq!(none.msg(), "Set a callback address first");
    app.callbacks(&token).save_url_to(&receiver.url).await;
    let answer = ping().await;
    let r = answer.data();
    assert_eq!(
        fields(r, &["attempted", "success", "httpStatus", "replyCode", "reason"]),
        json!([true, true, 200, 0, ""]),
        "{:?}",
        answer.body
    );
    assert!(r["latencyMs"].as_i64().unwrap() >= 0);
    let got = receiver.events();
    assert_eq!(got.len(), 1);
    assert_eq!(got[0]["event"], "ping");
    assert_eq!(got[0]["eventId"], r["eventId"]);
    assert!(got[0]["occurredAt"].as_str().unwrap().ends_with('Z'));
    let (_, public_pem) = app.platform_keys.public().await.unwrap();
    assert!(receiver.received()[0].verifies_with(&public_pem));

    receiver.reply(Reply::CodeOne);
    let r = ping().await.data().clone();
    assert_eq!(
        fields(&r, &["success", "replyCode", "reason"]),
        json!([false, 1, "code_not_zero"])
    );
    assert_eq!(r["response"], r#"{"code":1,"msg":"busy"}"#);
    receiver.reply(Reply::NotJson);
    assert_eq!(ping().await.data()["reason"], "not_json");
    assert!(
        events(&app, &token).await.is_empty(),
        "a ping is no business event"
    );
}

async fn addresses_coffer_cannot_call_are_refused_when_saved(db: TestDb) {
    let app = spawn_app_with(db, |c| c.callbacks.allow_private_targets = false).await;
    let token = app.sign_in_demo().await;
    let merchant = demo_merchant(&app).await;
    let private = "The address is on a private, loopback or reserved network: Coffer will not call it";
    let embedded = "IPv6 forms that carry an IPv4 address (IPv4-mapped, IPv4-translated, IPv4-compatible, 6to4, NAT64) are not accepted: enter the IPv4 address or a host name";
    for path in [Callbacks::SAVE_URL, Callbacks::SAVE_RISK_URL] {
        let field = if path.contains("risk") {
            "riskUrl"
        } else {
            "callbackUrl"
        };
        for (url, said) in [
            ("http://127.0.0.1:8080/hook", private),
            ("http://localhost/hook", private),
            ("http://10.1.2.3/hook", private),
            ("http://169.254.169.254/latest/meta-data", private),
            ("http://[::1]/hook", private),
            ("http://[::ffff:127.0.0.1]/hook", embedded),
            ("http://[::127.0.0.1]/hook", embedded),
            ("http://[64:ff9b::a00:1]/hook", embedded),
            ("http://[::ffff:0:127.0.0.1]/hook", embedded),
            ("http://[::ffff:0:a00:1]/hook", embedded),
            ("http://[2002:7f00:1::]/hook", embedded),
            ("http://[2002:a00:1::1]/hook", embedded),
            (
                "ftp://shop.example/hook",
                "The address must start with http:// or https://",
            ),
        ] {
            let refused = app.post_as(&token, path, json!({ field: url })).await;
            assert_eq!(refused.msg(), said, "{path} {url}");
        }
        let zh = app
            .call(
                path,
                json!({ field: "http://127.0.0.1/" }),
                Some(&token),
                Some("zh_CN"),
            )
            .await;
        assert_eq!(
            zh.msg(),
            "该地址属于内网、本机或保留网段，Coffer 不会向其发送请求"
        );
    }
    use coffer_domain::merchant_api::MerchantApiRepo;
    let stored = app.store.api_settings(merchant).await.unwrap();
    assert_eq!(
        (stored.callback_url, stored.risk_url),
        (None, None),
        "nothing was stored"
    );
    let saved = app
        .callbacks(&token)
        .save_url_to("https://shop.example/hook")
        .await;
    assert_eq!(saved.code(), 1);
}

async fn an_event_that_cannot_be_processed_does_not_stop_the_round(db: TestDb) {
    let (app, receiver, token) = user_1_paid_5(db).await;
    deposit_seen(&app, "user-2", "6").await;
    let log = events(&app, &token).await;
    let (broken, fine) = (log[1].clone(), log[0].clone());
    app.store
        .connection()
        .execute_unprepared(&format!(
            "UPDATE callback_event SET body = 'not json' WHERE event_id = '{}'",
            broken["eventId"].as_str().unwrap()
        ))
        .await
        .unwrap();
    assert_eq!(app.callbacks.deliver_due().await.unwrap(), 1);
    let got = receiver.events();
    assert_eq!(got.len(), 1);
    assert_eq!(got[0]["eventId"], fine["eventId"]);
    let attempts = app
        .callbacks(&token)
        .attempts(json!({"eventId": broken["eventId"]}))
        .await;
    let held = &attempts.data()[0];
    assert_eq!(fields(held, &["success", "reason"]), json!([false, "processing"]));
    let log = events(&app, &token).await;
    assert_eq!(
        fields(&log[1], &["status", "attempts"]),
        json!([0, 1]),
        "held: retried on the schedule"
    );
}

/// A process dies while `deposit.confirming` is on the wire; the deposit is confirmed before
/// the next process starts. The next one sends `deposit.confirmed` only once the dead
/// process's claim on the older event ran out, and never the superseded `deposit.confirming`.
async fn order_survives_a_restart_with_an_event_in_flight(db: TestDb) {
    use std::time::Instant;
    let (app, receiver, token) = user_1_paid_5(db).await;
    receiver.reply(Reply::Slow);
    let dir = tempfile::tempdir().unwrap();
    let first = crate::restart::serve_with(&app, dir.path(), &[]);
    let deadline = Instant::now() + std::time::Duration::from_secs(60);
    while receiver.received.lock().unwrap().is_empty() {
        assert!(Instant::now() < deadline, "the first process sent nothing");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    // The dead process's claim (callbacks.timeout_secs = 2: 16 s) runs out by then.
    let claim_over = Instant::now() + std::time::Duration::from_secs(18);
    first.kill();
    // The dead process's scanning lease is let go at once (it would run out in a minute).
    app.store
        .connection()
        .execute_unprepared("UPDATE scan_cursor SET lease_until = NULL")
        .await
        .unwrap();
    confirm_all(&app).await;

    receiver.reply(Reply::Ok);
    let second = crate::restart::serve_with(&app, dir.path(), &[]);
    let deadline = Instant::now() + std::time::Duration::from_secs(60);
    loop {
        let delivered = events(&app, &token)
            .await
            .iter()
            .any(|e| e["event"] == "deposit.confirmed" && e["status"] == 1);
        if delivered {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "deposit.confirmed was not delivered: {:?} {}",
            events(&app, &token).await,
            std::fs::read_to_string(dir.path().join("coffer.log")).unwrap_or_default()
        );
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    // Past the dead process's claim, and a little longer: a stale event would go out now.
    tokio::time::sleep_until((claim_over + std::time::Duration::from_millis(1500)).into()).await;
    second.kill();
    let sent = sent(&receiver);
    assert_eq!(sent.last().unwrap(), "deposit.confirmed 2", "{sent:?}");
    assert_eq!(
        sent.iter().filter(|e| e.starts_with("deposit.confirmed")).count(),
        1,
        "{sent:?}"
    );
    assert!(sent[..sent.len() - 1].iter().all(|e| e == "deposit.confirming 1"));
    let log = events(&app, &token).await;
    assert_eq!(
        (
            log[0]["seq"].clone(),
            log[1]["seq"].clone(),
            log[1]["status"].clone()
        ),
        (json!(2), json!(1), json!(3)),
        "confirming is superseded: {log:?}"
    );
}

/// An allow-list entry no caller can have is refused with a clear message; nothing is stored.
async fn the_allow_list_refuses_addresses_no_caller_has(db: TestDb) {
    let app = spawn_app(db).await;
    let token = app.sign_in_demo().await;
    for ip in [
        "0.0.0.0",
        "::",
        "0:0:0:0:0:0:0:0",
        "::ffff:0.0.0.0",
        "255.255.255.255",
        "224.0.0.1",
    ] {
        let refused = app
            .merchant_keys(&token)
            .edit_allowed_ips(json!({"ips": ["203.0.113.9", ip]}))
            .await;
        assert_eq!(
            refused.msg(),
            "0.0.0.0, ::, broadcast and multicast addresses cannot be a caller's address: enter the caller's own IP address",
            "{ip}"
        );
    }
    let listed = app.merchant_keys(&token).allowed_ips().await;
    assert_eq!(listed.data(), &json!([]), "nothing was stored");
}

each_database!(
    the_allow_list_refuses_addresses_no_caller_has,
    order_survives_a_restart_with_an_event_in_flight,
    a_refused_event_never_arrives_after_a_newer_one,
    a_new_callback_address_sends_what_waits_at_once,
    a_test_ping_answers_how_the_endpoint_replied,
    addresses_coffer_cannot_call_are_refused_when_saved,
    an_event_that_cannot_be_processed_does_not_stop_the_round,
);
