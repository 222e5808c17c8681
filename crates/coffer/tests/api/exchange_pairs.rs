//! Token > Trade's pairs over HTTP (`/api/v2/exchange/pair/list`, `/pair/save`, button 20401
//! and the Google code) and the operator's price source (`coffer admin exchange source`): a
//! pair is the merchant's own, its price is read live and a pair without a price is shown
//! stopped with the reason; every refusal changes nothing.

use coffer::admin_exchange::{run, ExchangeCmd};
use coffer_testkit::{each_database, TestDb};
use serde_json::{json, Value};

use crate::console::paging;
use crate::helpers::{spawn_app, TestApp};
use crate::wallets::{bind_google, demo_merchant, google_code};

pub const LIST: &str = "/api/v2/exchange/pair/list";
pub const SAVE: &str = "/api/v2/exchange/pair/save";
pub const DEV: i64 = 1337;
pub const DEV_USDT: i64 = 1;

/// A USDT -> DEV pair's body paid from `hot`, with a fresh code.
pub fn usdt_to_dev(app: &TestApp, secret: &str, hot: &str) -> Value {
    json!({"chainId": DEV, "tokenIn": DEV_USDT, "tokenOut": null, "enabled": true,
           "spreadBp": 100, "toleranceBp": 50, "minIn": "10", "maxIn": "1000", "dailyLimit": "0",
           "payoutWallet": hot, "outsideRule": 1, "googleCode": google_code(app, secret)})
}

pub async fn pairs(app: &TestApp, session: &str) -> Vec<Value> {
    let listed = app.post_as(session, LIST, json!({})).await;
    assert_eq!(listed.code(), 1, "{:?}", listed.body);
    listed.data().as_array().unwrap().clone()
}

/// Saves a pair; its id.
pub async fn save(app: &TestApp, session: &str, body: Value) -> i64 {
    let saved = app.post_as(session, SAVE, body).await;
    assert_eq!(saved.code(), 1, "{:?}", saved.body);
    saved.data()["id"].as_i64().unwrap()
}

/// The operator stops a pair's price (no source) through the CLI's command.
pub async fn set_none(app: &TestApp, merchant: i64, pair: i64) -> String {
    let cmd = ExchangeCmd::Source {
        merchant,
        pair,
        fixed: None,
        feed: None,
        invert: false,
        max_age: None,
        none: true,
    };
    run(&app.store, cmd).await.expect("no source")
}

/// The operator sets a pair's price source through the CLI's command.
pub async fn set_fixed(app: &TestApp, merchant: i64, pair: i64, rate: &str) -> String {
    let cmd = ExchangeCmd::Source {
        merchant,
        pair,
        fixed: Some(rate.into()),
        feed: None,
        invert: false,
        max_age: None,
        none: false,
    };
    run(&app.store, cmd).await.expect("a fixed rate")
}

async fn a_pair_is_the_merchants_own_and_shows_its_live_price(db: TestDb) {
    let app = spawn_app(db).await;
    let me = app.sign_in_demo().await;
    let secret = bind_google(&app, &me).await;
    let hot = app.accept_token(&me, DEV, DEV_USDT).await;
    let id = save(&app, &me, usdt_to_dev(&app, &secret, &hot)).await;

    let listed = pairs(&app, &me).await;
    assert_eq!(listed.len(), 1);
    let pair = &listed[0];
    assert_eq!(pair["id"], id);
    assert_eq!(
        (
            &pair["tokenIn"]["symbol"],
            &pair["tokenOut"]["symbol"],
            &pair["tokenOut"]["tokenId"]
        ),
        (&json!("USDT"), &json!("DEV"), &Value::Null)
    );
    assert_eq!(
        (
            &pair["minIn"],
            &pair["maxIn"],
            &pair["dailyLimit"],
            &pair["spreadBp"]
        ),
        (&json!("10"), &json!("1000"), &json!("0"), &json!(100))
    );
    assert_eq!(pair["payoutWallet"], hot.as_str());
    assert!(pair["payoutBalance"].is_null(), "never read: {pair}");
    // No source yet: stopped, with the reason, and no rate at all.
    assert_eq!(pair["source"]["kind"], 0);
    assert_eq!(pair["price"]["stopped"]["code"], 22001, "{pair}");
    assert!(pair["price"]["rate"].is_null() && pair["price"]["quoteRate"].is_null());

    // The operator sets a fixed rate: shown as fixed, the spread taken, rounded down.
    let merchant = demo_merchant(&app).await;
    let line = set_fixed(&app, merchant, id, "2.5").await;
    assert!(line.contains("fixed 2.5 (not market)"), "{line}");
    let pair = &pairs(&app, &me).await[0];
    assert_eq!(
        (&pair["source"]["kind"], &pair["source"]["label"]),
        (&json!(1), &json!("fixed"))
    );
    assert_eq!(
        (
            &pair["price"]["rate"],
            &pair["price"]["quoteRate"],
            &pair["price"]["ageSecs"]
        ),
        (&json!("2.5"), &json!("2.475"), &json!(0))
    );
    assert!(pair["price"]["stopped"].is_null());

    // An edit changes the terms, never the tokens; the log keeps the terms before.
    let mut edit = usdt_to_dev(&app, &secret, &hot);
    edit["id"] = json!(id);
    edit["spreadBp"] = json!(200);
    edit["tokenOut"] = json!(DEV_USDT);
    edit["enabled"] = json!(false);
    assert_eq!(save(&app, &me, edit).await, id);
    let pair = &pairs(&app, &me).await[0];
    assert_eq!(
        (
            &pair["price"]["quoteRate"],
            &pair["enabled"],
            &pair["tokenOut"]["symbol"]
        ),
        (&json!("2.45"), &json!(false), &json!("DEV"))
    );
    let log = app.logs(&me).operations(paging(1, 10)).await;
    let last = &log.data()["list"][0];
    assert_eq!(
        (last["action"].as_str(), last["target"].as_str()),
        (
            Some(SAVE),
            Some(format!("{} → DEV (Devchain)", pair["tokenIn"]["symbol"].as_str().unwrap()).as_str())
        )
    );
    let before: Value = serde_json::from_str(last["before"].as_str().unwrap()).unwrap();
    assert_eq!(
        (&before["spreadBp"], &before["enabled"]),
        (&json!(100), &json!(true))
    );
    assert_eq!(before["pair"], "Devchain USDT -> DEV", "{before}");

    // The same tokens again: edit the pair instead.
    let again = app.post_as(&me, SAVE, usdt_to_dev(&app, &secret, &hot)).await;
    assert_eq!(again.code(), 22013, "{:?}", again.body);

    // The other merchant sees none of it and cannot edit it.
    let other = app.other_merchant().await;
    assert!(pairs(&app, &other).await.is_empty());
    let other_secret = bind_google(&app, &other).await;
    let other_hot = app.accept_token(&other, DEV, DEV_USDT).await;
    let mut theirs = usdt_to_dev(&app, &other_secret, &other_hot);
    theirs["id"] = json!(id);
    assert_eq!(app.post_as(&other, SAVE, theirs).await.code(), 17001);
    assert_eq!(pairs(&app, &me).await[0]["spreadBp"], 200);
}

async fn refusals_change_nothing(db: TestDb) {
    let app = spawn_app(db).await;
    let me = app.sign_in_demo().await;
    let secret = bind_google(&app, &me).await;
    let hot = app.accept_token(&me, DEV, DEV_USDT).await;

    assert_eq!(app.post(LIST, json!({})).await.code(), 10506, "no session");
    assert_eq!(
        app.post(SAVE, usdt_to_dev(&app, &secret, &hot)).await.code(),
        10506
    );
    let elsewhere = app
        .operator("tokens@coffer.local", "Tokens-Pass-2026", &[2, 201])
        .await;
    assert_eq!(
        app.post_as(&elsewhere, LIST, json!({})).await.code(),
        10403,
        "no Trade menu"
    );
    let viewer = app
        .operator("trade@coffer.local", "Trade-Pass-2026", &[2, 204])
        .await;
    assert!(pairs(&app, &viewer).await.is_empty(), "the page alone reads");
    let viewer_secret = bind_google(&app, &viewer).await;
    let denied = app
        .post_as(&viewer, SAVE, usdt_to_dev(&app, &viewer_secret, &hot))
        .await;
    assert_eq!(denied.code(), 10403, "the page without button 20401");

    let bad = |change: Value| {
        let mut body = usdt_to_dev(&app, &secret, &hot);
        for (k, v) in change.as_object().unwrap() {
            body[k] = v.clone();
        }
        body
    };
    let cases = [
        (
            json!({"spreadBp": 5001}),
            10422,
            "The spread must be 0 to 50% with at most 2 decimals",
        ),
        (
            json!({"spreadBp": -1}),
            10422,
            "The spread must be 0 to 50% with at most 2 decimals",
        ),
        (
            json!({"toleranceBp": 1001}),
            10422,
            "The tolerance must be 0 to 10% with at most 2 decimals",
        ),
        (
            json!({"minIn": "1001"}),
            10422,
            "The minimum must not be above the maximum",
        ),
        (json!({"minIn": "0.0000001"}), 10422, ""),
        (json!({"maxIn": "1".repeat(100)}), 10422, ""),
        (json!({"outsideRule": 3}), 10422, ""),
        (
            json!({"payoutWallet": "0x000000000000000000000000000000000000dEaD"}),
            10422,
            "",
        ),
        (
            json!({"tokenOut": DEV_USDT}),
            22015,
            "A pair needs two different tokens enabled on the chain",
        ),
        (
            json!({"tokenIn": 2}),
            22015,
            "A pair needs two different tokens enabled on the chain",
        ),
        (json!({"chainId": 99}), 10422, ""),
        (
            json!({"googleCode": ""}),
            10422,
            "Google verification code cannot be empty",
        ),
    ];
    for (change, code, msg) in cases {
        let answer = app.post_as(&me, SAVE, bad(change.clone())).await;
        assert_eq!(answer.code(), code, "{change}: {:?}", answer.body);
        if !msg.is_empty() {
            assert_eq!(answer.msg(), msg, "{change}");
        }
    }
    assert!(pairs(&app, &me).await.is_empty(), "nothing was stored");
}

each_database!(
    a_pair_is_the_merchants_own_and_shows_its_live_price,
    refusals_change_nothing
);
