//! Risk control and review: limits hold an order for a person, the merchant's risk-control
//! address decides within them, reviewers pass or reject (never their own order while another
//! reviewer exists), concurrent passes make one payout, review again only after 10 minutes
//! and only when the transaction failed or does not exist; every call checks menu and tenant.
//! Passing needs the reviewer's Google code.

use chrono::Duration;
use coffer_domain::clock::Clock;
use coffer_domain::ports::{OrderStatus, Transition, WithdrawalRepo};
use coffer_testkit::{each_database, TestDb};
use serde_json::{json, Value};

use crate::console::{paging, Callbacks, Withdrawals};
use crate::deposits::{range, with};
use crate::helpers::{fields, spawn_app_with, TestApp};
use crate::receiver::{Receiver, Reply};
use crate::wallets::{bind_google, demo_merchant, google_code, offline_chains};
use crate::withdrawals::{detail, force_transition, held_for_review, payer, withdraw, Payer};

const CHECKER: &str = "checker@coffer.local";
const PASSWORD: &str = "Checker-Pass-2026";

async fn check(app: &TestApp, token: &str, body: Value) -> Value {
    let answer = app.withdrawals(token).check(body).await;
    assert_eq!(answer.code(), 1, "{:?}", answer.body);
    answer.data().clone()
}

/// A pass with the reviewer's current Google code.
fn pass(app: &TestApp, google: &str, ids: Value) -> Value {
    json!({"ids": ids, "action": 1, "googleCode": google_code(app, google)})
}

async fn limits_hold_orders_and_reviewers_decide(db: TestDb) {
    let receiver = Receiver::start().await;
    let app = spawn_app_with(db, offline_chains).await;
    let p = payer(&app, "10000").await;
    app.callbacks(&p.token).save_url_to(&receiver.url).await;
    // Default limits: review from 1000, 100 a day, 100000 a day.
    let big = withdraw(&app, &p, "1000", json!({})).await.data()["id"].clone();
    app.executor.step().await.unwrap();
    let held = detail(&app, &p.token, &big).await;
    assert_eq!(held["status"], 1);
    assert_eq!(held["reviewRequired"], true);
    assert_eq!(held["riskReasons"], json!(["amount_over_review_minimum"]));
    app.callbacks.deliver_due().await.unwrap();
    assert_eq!(receiver.events()[0]["event"], "withdraw.review");

    // Maker-checker: the creator may not pass it while another reviewer exists.
    let checker = app.operator(CHECKER, PASSWORD, &[4, 403, 40301, 40302]).await;
    let checker_google = bind_google(&app, &checker).await;
    let own = check(&app, &p.token, pass(&app, &p.google, json!([big]))).await;
    assert_eq!(own["done"], 0);
    assert_eq!(own["results"][0]["msg"], "You cannot approve your own withdrawal");
    let no_reason = app
        .withdrawals(&checker)
        .check(json!({"ids": [big], "action": 2}))
        .await;
    assert_eq!(
        no_reason.code_and_msg(),
        (10422, "A reason of 1 to 200 characters is required to reject")
    );
    let rejected = check(
        &app,
        &checker,
        json!({"ids": [big], "action": 2, "reason": "too large"}),
    )
    .await;
    assert_eq!(rejected["done"], 1);
    let gone = detail(&app, &p.token, &big).await;
    assert_eq!(fields(&gone, &["status", "reason"]), json!([3, "too large"]));
    assert_eq!(gone["reviewer"], CHECKER);
    assert_eq!(gone["reviews"][0]["reason"], "too large");
    let late = check(&app, &checker, pass(&app, &checker_google, json!([big]))).await;
    assert_eq!(
        late["results"][0]["msg"],
        "This order is no longer awaiting review"
    );

    // Concurrent passes of one order by five reviewers: one counts, one payout.
    let contested = withdraw(&app, &p, "1500", json!({})).await.data()["id"].clone();
    app.executor.step().await.unwrap();
    let mut reviewers = Vec::new();
    for n in 0..5 {
        let email = format!("checker{n}@coffer.local");
        let token = app.operator(&email, PASSWORD, &[4, 403, 40301]).await;
        let google = bind_google(&app, &token).await;
        reviewers.push((token, google));
    }
    app.clock.advance(Duration::seconds(30));
    let step = coffer_domain::totp::step_at(app.clock.now());
    let passes: Vec<_> = reviewers
        .iter()
        .map(|(token, google)| {
            let code = coffer_domain::totp::code_at_step(google, step).unwrap();
            app.withdrawals(token)
                .check(json!({"ids": [contested], "action": 1, "googleCode": code}))
        })
        .collect();
    let answers = futures::future::join_all(passes).await;
    let done: u64 = answers.iter().map(|a| a.data()["done"].as_u64().unwrap()).sum();
    assert_eq!(done, 1, "exactly one pass takes effect");
    let report = app.executor.step().await.unwrap();
    assert_eq!(report.signed, 1);
    assert_eq!(app.executor.step().await.unwrap().signed, 0);
    let passed = detail(&app, &p.token, &contested).await;
    assert_eq!(passed["status"], 6);
    assert_eq!(passed["reviews"].as_array().unwrap().len(), 1);

    // One-click review: every awaiting order the filter selects.
    for _ in 0..3 {
        withdraw(&app, &p, "2000", json!({})).await;
    }
    app.executor.step().await.unwrap();
    let all = check(
        &app,
        &checker,
        json!({"all": true, "action": 1, "filter": range(&app),
               "googleCode": google_code(&app, &checker_google)}),
    )
    .await;
    assert_eq!(fields(&all, &["total", "done"]), json!([3, 3]));
    let progress = app
        .withdrawals(&checker)
        .query(json!({"ids": [contested, big]}))
        .await;
    assert_eq!(progress.data().as_array().unwrap().len(), 2);
}

async fn review_again_waits_ten_minutes_and_a_dead_transaction(db: TestDb) {
    let (app, p, id) = held_for_review(db).await;
    assert_eq!(
        check(&app, &p.token, pass(&app, &p.google, json!([id]))).await["done"],
        1
    );
    // The node dropped what was sent (a hash it never saw): the order failed.
    let dropped = Transition {
        from: vec![OrderStatus::Passed],
        to: OrderStatus::Failed,
        tx_hash: Some(format!("0x{}", "ab".repeat(32))),
        reason: Some("dropped".into()),
        ..Transition::default()
    };
    let id_num = id.as_i64().unwrap();
    force_transition(&app, id_num, dropped).await;

    let early = check(&app, &p.token, json!({"ids": [id], "action": 3})).await;
    assert_eq!(
        early["results"][0]["msg"],
        "Review again is allowed 10 minutes after approval, when the transaction failed or does not exist"
    );
    app.clock.advance(Duration::minutes(10));
    assert_eq!(
        check(&app, &p.token, json!({"ids": [id], "action": 3})).await["done"],
        1
    );
    let again = detail(&app, &p.token, &id).await;
    assert_eq!(fields(&again, &["status", "hash"]), json!([1, ""]));
    assert_eq!(
        check(&app, &p.token, pass(&app, &p.google, json!([id]))).await["done"],
        1
    );
    app.executor.step().await.unwrap();
    app.devchain.mine().await.unwrap();
    let paid = detail(&app, &p.token, &id).await;
    assert_eq!(paid["status"], 6);
    assert_ne!(paid["hash"], format!("0x{}", "ab".repeat(32)));

    // A transaction that is on chain and fine is never reviewed again.
    let live = Transition {
        from: vec![OrderStatus::Processing],
        to: OrderStatus::Failed,
        ..Transition::default()
    };
    force_transition(&app, id_num, live).await;
    app.clock.advance(Duration::minutes(11));
    let refused = check(&app, &p.token, json!({"ids": [id], "action": 3})).await;
    assert_eq!(refused["done"], 0, "its transaction exists: no second payout");
}

async fn the_risk_control_address_decides_within_the_limits(db: TestDb) {
    let risk = Receiver::start().await;
    let app = spawn_app_with(db, |c| {
        offline_chains(c);
        c.callbacks.timeout_secs = 1;
    })
    .await;
    let p = payer(&app, "100").await;
    let saved = app
        .callbacks(&p.token)
        .save_risk_url(json!({"riskUrl": risk.url}))
        .await;
    assert_eq!(saved.code(), 1, "{:?}", saved.body);
    let cases = [
        (Reply::Ok, json!(6), json!([])),
        (Reply::CodeOne, json!(1), json!(["risk_control_refused: busy"])),
        (
            Reply::ServerError,
            json!(1),
            json!(["risk_control_refused: HTTP 500 boom"]),
        ),
    ];
    for (reply, status, reasons) in cases {
        risk.reply(reply);
        let id = withdraw(&app, &p, "5", json!({})).await.data()["id"].clone();
        app.executor.step().await.unwrap();
        let w = detail(&app, &p.token, &id).await;
        assert_eq!(
            (w["status"].clone(), w["riskReasons"].clone()),
            (status, reasons),
            "{reply:?}"
        );
    }
    risk.reply(Reply::Slow);
    let id = withdraw(&app, &p, "5", json!({})).await.data()["id"].clone();
    app.executor.step().await.unwrap();
    let slow = detail(&app, &p.token, &id).await;
    assert_eq!(slow["status"], 1);
    assert!(slow["riskReasons"][0]
        .as_str()
        .unwrap()
        .starts_with("risk_control_unreachable"));

    // Each question is signed like a callback and names the order.
    let (_, public_pem) = app.platform_keys.public().await.unwrap();
    let asked = risk.received();
    assert_eq!(asked.len(), 4);
    for r in &asked {
        assert!(r.verifies_with(&public_pem));
        let body: Value = serde_json::from_str(&r.body).unwrap();
        assert_eq!(fields(&body, &["event", "amount"]), json!(["withdraw.risk", "5"]));
    }
}

async fn withdrawal_calls_check_session_menu_and_tenant(db: TestDb) {
    let app = spawn_app_with(db, offline_chains).await;
    let p = payer(&app, "100").await;
    let id = withdraw(&app, &p, "5", json!({})).await.data()["id"].clone();
    let viewer = app.operator("viewer@coffer.local", PASSWORD, &[1]).await;
    let filter = with(range(&app), paging(1, 10));
    let calls = [
        (
            Withdrawals::CREATE,
            json!({"chainId": 1337, "tokenId": 1, "toAddress": "x", "amount": "1"}),
        ),
        (
            Withdrawals::MANUAL,
            json!({"chainId": 1337, "tokenId": 1, "toAddress": "x", "amount": "1"}),
        ),
        (Withdrawals::PAGE, filter.clone()),
        (Withdrawals::SUMMARY, range(&app)),
        (Withdrawals::DETAIL, json!({"id": id})),
        (Withdrawals::QUERY, json!({"ids": [id]})),
        (Withdrawals::CHECK, json!({"ids": [id], "action": 1})),
        (Withdrawals::PUSH, json!({"id": id})),
        (Callbacks::SAVE_RISK_URL, json!({"riskUrl": ""})),
    ];
    for (path, body) in calls {
        app.assert_gated(&viewer, path, &body, "its menu").await;
    }
    // Pass and reject need 40301; review again alone (40302) may not pass.
    let again_only = app
        .operator("again@coffer.local", PASSWORD, &[4, 403, 40302])
        .await;
    for action in [1, 2] {
        let body = json!({"ids": [id], "action": action, "reason": "r"});
        let refused = app.withdrawals(&again_only).check(body).await;
        assert_eq!(refused.code(), 10403, "action {action} with 40302 only");
    }
    // Another merchant sees none of it.
    let other = app.other_merchant().await;
    let other_google = bind_google(&app, &other).await;
    let theirs = app.withdrawals(&other).detail(json!({"id": id})).await;
    assert_eq!(theirs.code_and_msg(), (17001, "No such record"));
    let page = app.withdrawals(&other).page(filter).await;
    assert_eq!(page.data()["total"], 0);
    let passed = check(&app, &other, pass(&app, &other_google, json!([id]))).await;
    assert_eq!(passed["results"][0]["msg"], "No such record");
    let progress = app.withdrawals(&other).query(json!({"ids": [id]})).await;
    assert_eq!(progress.data(), &json!([]));
    let ours = demo_merchant(&app).await;
    assert!(app
        .store
        .withdrawal(ours, id.as_i64().unwrap())
        .await
        .unwrap()
        .is_some());
}

/// The ids and statuses `/withdraw/query` answers to `token` for `ids`.
async fn progress(app: &TestApp, token: &str, ids: &[&Value]) -> Value {
    let answer = app.withdrawals(token).query(json!({ "ids": ids })).await;
    assert_eq!(answer.code(), 1, "{:?}", answer.body);
    let rows = answer.data().as_array().unwrap();
    Value::Array(rows.iter().map(|r| fields(r, &["id", "status"])).collect())
}

async fn a_creator_without_a_list_follows_only_their_own_orders(db: TestDb) {
    let app = spawn_app_with(db, offline_chains).await;
    let admin = payer(&app, "10000").await;
    // Token withdraw (20601) and nothing of the withdrawal lists (302, 403, 404).
    let token = app
        .operator("maker@coffer.local", PASSWORD, &[2, 206, 20601])
        .await;
    let google = bind_google(&app, &token).await;
    let maker = Payer {
        token,
        google,
        hot: admin.hot.clone(),
    };
    let own = withdraw(&app, &maker, "1000", json!({})).await.data()["id"].clone();
    let admins = withdraw(&app, &admin, "5", json!({})).await.data()["id"].clone();

    assert_eq!(progress(&app, &maker.token, &[&own]).await, json!([[own, 0]]));
    app.executor.step().await.unwrap();
    // Held by the limits, then passed by a reviewer: the creator sees both.
    assert_eq!(progress(&app, &maker.token, &[&own]).await, json!([[own, 1]]));
    let passed = check(&app, &admin.token, pass(&app, &admin.google, json!([own]))).await;
    assert_eq!(passed["done"], 1);
    assert_eq!(progress(&app, &maker.token, &[&own]).await, json!([[own, 2]]));

    // Another user's order of the same merchant answers nothing; the lists see both.
    assert_eq!(progress(&app, &maker.token, &[&admins]).await, json!([]));
    let both = progress(&app, &maker.token, &[&admins, &own]).await;
    assert_eq!(both, json!([[own, 2]]));
    let listed = progress(&app, &admin.token, &[&admins, &own]).await;
    assert_eq!(listed.as_array().unwrap().len(), 2);

    // Another merchant's creator: the order ids answer nothing.
    let other = app.other_merchant().await;
    assert_eq!(progress(&app, &other, &[&own, &admins]).await, json!([]));

    // Neither a list nor Token withdraw; no session.
    let neither = app.operator("reader@coffer.local", PASSWORD, &[2, 206]).await;
    let body = json!({"ids": [own]});
    app.assert_gated(&neither, Withdrawals::QUERY, &body, "a list or 20601")
        .await;
}

each_database!(
    a_creator_without_a_list_follows_only_their_own_orders,
    limits_hold_orders_and_reviewers_decide,
    review_again_waits_ten_minutes_and_a_dead_transaction,
    the_risk_control_address_decides_within_the_limits,
    withdrawal_calls_check_session_menu_and_tenant,
);
