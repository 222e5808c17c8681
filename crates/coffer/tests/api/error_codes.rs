//! A refusal a client acts on has a code of its own (docs/api.md "Error codes"), with the same
//! message as before: one story per family shows a client receiving its codes.

use coffer_testkit::{each_database, TestDb};
use serde_json::{json, Value};

use crate::deposits::with;
use crate::helpers::{spawn_app, spawn_app_with, Answer, TestApp};
use crate::wallets::offline_chains;
use crate::withdrawals::{integration, merchant_withdraw, payer, withdraw, DEV, PAYEE};

fn refusal(answer: &Answer) -> (i64, &str) {
    answer.code_and_msg()
}

/// 14xxx: the merchant API refuses a withdrawal for its order number, payee or token.
async fn withdrawal_requests_refused_for_what_they_ask(db: TestDb) {
    let app = spawn_app_with(db, offline_chains).await;
    let p = payer(&app, "100").await;
    let m = integration(&app, &p).await;
    let order = |no: &str| json!({"merchantOrderNo": no, "chainId": DEV, "tokenId": 1, "toAddress": PAYEE, "amount": "1"});
    assert_eq!(merchant_withdraw(&app, &m, order("shop-1")).await.code(), 1);
    let reused = merchant_withdraw(&app, &m, with(order("shop-1"), json!({"amount": "2"}))).await;
    assert_eq!(
        refusal(&reused),
        (
            14004,
            "This merchant order number was used for another withdrawal"
        )
    );
    let own = merchant_withdraw(&app, &m, with(order("shop-2"), json!({"toAddress": p.hot}))).await;
    assert_eq!(own.code(), 14002, "{:?}", own.body);
    let other_chain = json!({"chainId": 31337, "tokenId": 101,
                             "toAddress": "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"});
    let disabled = merchant_withdraw(&app, &m, with(order("shop-3"), other_chain)).await;
    assert_eq!(refusal(&disabled), (14003, "This token is not enabled"));
    let blacklisted = app
        .post_as(
            &p.token,
            "/api/partner/address/black/add",
            json!({"chainId": DEV, "address": PAYEE}),
        )
        .await;
    assert_eq!(blacklisted.code(), 1);
    let refused = merchant_withdraw(&app, &m, order("shop-4")).await;
    assert_eq!(refusal(&refused), (14001, "This address is on your blacklist"));
}

async fn review(app: &TestApp, token: &str, body: Value) -> Value {
    let answer = app.post_as(token, "/api/partner/withdraw/check", body).await;
    assert_eq!(answer.code(), 1, "{:?}", answer.body);
    answer.data()["results"][0].clone()
}

/// 15xxx: a review refused for the order's state, in the per-row results.
async fn reviews_refused_for_the_orders_state(db: TestDb) {
    let app = spawn_app_with(db, offline_chains).await;
    let p = payer(&app, "10000").await;
    let id = withdraw(&app, &p, "1000", json!({})).await.data()["id"].clone();
    app.executor.step().await.unwrap();
    let reject = json!({"ids": [id], "action": 2, "reason": "not today"});
    assert_eq!(review(&app, &p.token, reject.clone()).await["ok"], true);
    let again = review(&app, &p.token, reject).await;
    assert_eq!(
        (&again["code"], &again["msg"]),
        (&json!(15001), &json!("This order is no longer awaiting review"))
    );
    let review_again = review(&app, &p.token, json!({"ids": [id], "action": 3})).await;
    assert_eq!(review_again["code"], 15002, "{review_again}");
}

/// 16xxx: a limit reached (the single-order amount is in the withdrawal guards).
async fn limits_reached(db: TestDb) {
    let app = spawn_app(db).await;
    let admin = app.sign_in_demo().await;
    let request = |n: u32| json!({"ip": format!("203.0.113.{n}"), "remark": ""});
    for n in 1..=10 {
        let listed = app
            .post_as(&admin, "/api/partner/ipConfigs/requestPartnerIp", request(n))
            .await;
        assert_eq!(listed.code(), 1, "{:?}", listed.body);
    }
    let eleventh = app
        .post_as(&admin, "/api/partner/ipConfigs/requestPartnerIp", request(11))
        .await;
    assert_eq!(refusal(&eleventh), (16002, "At most 10 IP addresses"));
}

/// 17xxx: a record missing or already there.
async fn records_missing_or_already_there(db: TestDb) {
    let app = spawn_app(db).await;
    let admin = app.sign_in_demo().await;
    let missing = app
        .post_as(&admin, "/api/partner/withdraw/detail", json!({"id": 999}))
        .await;
    assert_eq!(refusal(&missing), (17001, "No such record"));
    let ip = json!({"ip": "203.0.113.7", "remark": ""});
    let path = "/api/partner/ipConfigs/requestPartnerIp";
    assert_eq!(app.post_as(&admin, path, ip.clone()).await.code(), 1);
    let twice = app.post_as(&admin, path, ip).await;
    assert_eq!(refusal(&twice), (17002, "This IP address is already listed"));
}

/// 18xxx: a transaction looked up on chain that is not there.
async fn transactions_looked_up_on_chain(db: TestDb) {
    let app = spawn_app_with(db, offline_chains).await;
    let admin = app.sign_in_demo().await;
    let body = json!({"chainId": DEV, "hash": format!("0x{}", "ab".repeat(32))});
    let scanned = app.post_as(&admin, "/api/v2/hash/scan", body).await;
    assert_eq!(refusal(&scanned), (18001, "Transaction not found on this chain"));
}

/// 19xxx: a callback that cannot be pushed.
async fn callbacks_that_cannot_go_out(db: TestDb) {
    let app = spawn_app(db).await;
    let admin = app.sign_in_demo().await;
    let ping = app.post_as(&admin, "/api/partner/callback/test", json!({})).await;
    assert_eq!(refusal(&ping), (19001, "Set a callback address first"));
}

each_database!(
    withdrawal_requests_refused_for_what_they_ask,
    reviews_refused_for_the_orders_state,
    limits_reached,
    records_missing_or_already_there,
    transactions_looked_up_on_chain,
    callbacks_that_cannot_go_out
);
