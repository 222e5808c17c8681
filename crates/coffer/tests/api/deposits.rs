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

use crate::console::{paging, Callbacks, Deposits};
use crate::helpers::{fields, spawn_app_with, TestApp};
use crate::receiver::{openssl_verifies, verified_events, Receiver};
use crate::wallets::{demo_merchant, list, offline_chains};

pub const DEV: i64 = 1337;

pub fn usdt() -> Asset {
    Asset::Token {
        contract: USDT_CONTRACT.into(),
    }
}

/// The demo merchant with USDT enabled on the devchain and a callback address.
pub async fn merchant_ready(app: &TestApp, receiver: &Receiver) -> String {
    let token = app.sign_in_demo().await;
    app.accept_token(&token, DEV, 1).await;
    let merchant = demo_merchant(app).await;
    app.store
        .set_callback_url(merchant, Some(&receiver.url), app.clock.now())
        .await
        .unwrap();
    token
}

/// The signed-in merchant accepting `token_id` on `chain` (paid out from a new hot wallet), its
/// callbacks going to `receiver` (saved in the console).
pub async fn accept_deposits(app: &TestApp, token: &str, chain: i64, token_id: i64, receiver: &Receiver) {
    app.accept_token(token, chain, token_id).await;
    let saved = app.callbacks(token).save_url_to(&receiver.url).await;
    assert_eq!(saved.code(), 1, "{:?}", saved.body);
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

async fn a_deposit_is_credited_once_and_announced_with_signed_callbacks(db: TestDb) {
    let receiver = Receiver::start().await;
    let app = spawn_app_with(db, offline_chains).await;
    let token = merchant_ready(&app, &receiver).await;
    let merchant = demo_merchant(&app).await;
    let address = app.deposit_address(merchant, DEV, "user-1").await;

    app.send_usdt(&address, "25.5").await;
    app.devchain.mine().await.unwrap();
    let report = scan(&app).await;
    assert_eq!(report.deposits, 1);
    let page = app.deposits(&token).page(with(range(&app), paging(1, 10))).await;
    let rows = list(&page);
    assert_eq!(rows.len(), 1);
    let row = &rows[0];
    assert_eq!(fields(row, &["status", "amount"]), json!([7, "25.5"]));
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
    let detail = app.deposits(&token).detail(json!({"id": row["id"]})).await;
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
    assert_eq!(verified_events(&app, &receiver).await, events);
    let (_, public_pem) = app.platform_keys.public().await.unwrap();
    for r in receiver.received() {
        let altered = format!("{} ", r.signed_message());
        let signature = r.header(headers::SIGNATURE);
        assert!(!openssl_verifies(&public_pem, &altered, &signature));
    }
    assert_eq!(app.callbacks.deliver_due().await.unwrap(), 0, "delivered once");
    let detail = app.deposits(&token).detail(json!({"id": row["id"]})).await;
    assert_eq!(
        fields(detail.data(), &["callbackStatus", "notifyStatus"]),
        json!([1, 2])
    );
    assert_eq!(detail.data()["callbacks"].as_array().unwrap().len(), 2);

    // Summary, filters, the required dates.
    let summary = app.deposits(&token).summary(range(&app)).await;
    assert_eq!(summary.data()["count"], 1);
    assert_eq!(summary.data()["totals"][0]["amount"], "25.5");
    let none = app
        .deposits(&token)
        .page(with(
            range(&app),
            json!({"page": 1, "pageSize": 10, "openId": "user-2"}),
        ))
        .await;
    assert_eq!(none.data()["total"], 0);
    let by_address = app
        .deposits(&token)
        .page(with(
            range(&app),
            json!({"page": 1, "pageSize": 10, "address": address.to_lowercase()}),
        ))
        .await;
    assert_eq!(by_address.data()["total"], 1);
    let undated = app.deposits(&token).page(paging(1, 10)).await;
    assert_eq!(
        undated.code_and_msg(),
        (10422, "A start and an end must be chosen")
    );
    let user_tx = app
        .deposits(&token)
        .user_page(with(range(&app), json!({"page": 1, "pageSize": 10, "type": 1})))
        .await;
    assert_eq!(user_tx.data()["total"], 1);

    // A manual push delivers the latest event again, under the same event id.
    let pushed = app.deposits(&token).push(json!({"id": row["id"]})).await;
    assert_eq!(pushed.code(), 1);
    assert_eq!(
        fields(pushed.data(), &["success", "httpStatus"]),
        json!([true, 200]),
        "the push answers the attempt's result"
    );
    assert_eq!(app.callbacks.deliver_due().await.unwrap(), 0, "sent by the push");
    let events = receiver.events();
    assert_eq!(events[2]["eventId"], events[1]["eventId"]);

    // Dust and an unsupported coin are recorded, not credited, not announced.
    app.send_usdt(&address, "0.001").await;
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
    let page = app.deposits(&token).page(with(range(&app), paging(1, 10))).await;
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

    // The summary counts every row, and the credited deposit apart from the dust and the
    // unsupported coin (complete on chain, never credited).
    let summary = app.deposits(&token).summary(range(&app)).await;
    let s = summary.data();
    assert_eq!(s["count"], 3);
    assert_eq!(s["outcomes"]["complete"]["count"], 1);
    assert_eq!(s["outcomes"]["complete"]["totals"][0]["amount"], "25.5");
    assert_eq!(s["outcomes"]["complete"]["totals"].as_array().unwrap().len(), 1);
    assert_eq!(s["outcomes"]["uncredited"]["count"], 2);
    assert_eq!(s["outcomes"]["uncredited"]["totals"].as_array().unwrap().len(), 2);
    for outcome in ["pending", "rejected", "failed"] {
        assert_eq!(
            s["outcomes"][outcome],
            json!({"count": 0, "totals": []}),
            "{outcome}"
        );
    }
}

async fn deposit_calls_need_their_menu(db: TestDb) {
    let app = spawn_app_with(db, offline_chains).await;
    let viewer = app
        .operator("viewer@coffer.local", "Viewer-Pass-2026", &[1])
        .await;
    let filter = with(range(&app), paging(1, 10));
    let calls = [
        (Deposits::PAGE, filter.clone()),
        (Deposits::SUMMARY, range(&app)),
        (Deposits::DETAIL, json!({"id": 1})),
        (Deposits::PUSH, json!({"id": 1})),
        (Deposits::USER_PAGE, filter.clone()),
        (Deposits::USER_SUMMARY, range(&app)),
        (Deposits::USER_PUSH, json!({"id": 1})),
        (Callbacks::PAGE, paging(1, 10)),
        (Callbacks::ATTEMPTS, json!({"eventId": "evt_x"})),
        (Callbacks::PUSH, json!({"eventId": "evt_x"})),
    ];
    for (path, body) in calls {
        app.assert_gated(&viewer, path, &body, "its menu").await;
    }
    // 401 alone opens the deposit list (one list, two screens).
    let lister = app
        .operator("list@coffer.local", "List-Pass-2026", &[4, 401])
        .await;
    assert_eq!(app.deposits(&lister).page(filter).await.code(), 1);
    assert_eq!(app.deposits(&lister).push(json!({"id": 1})).await.code(), 10403);
}

each_database!(
    a_deposit_is_credited_once_and_announced_with_signed_callbacks,
    deposit_calls_need_their_menu,
);
