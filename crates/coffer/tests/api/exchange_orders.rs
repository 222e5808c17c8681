//! Exchange orders through the merchant API (`POST /merchant/v1/exchange/order`): an order at a
//! live quote of the merchant's, used once, answered with the end user's exchange address (not
//! their deposit address: a payment there is never credited as a deposit); idempotent on the
//! merchant order number; every refusal stores nothing.

use chrono::Duration;
use coffer_domain::clock::Clock;
use coffer_testkit::{each_database, TestDb};
use serde_json::{json, Value};

use crate::console::paging;
use crate::deposits::{range, scan, with};
use crate::exchange_pairs::{save, set_fixed, usdt_to_dev, DEV, DEV_USDT};
use crate::exchange_quotes::{fund_and_read, quote};
use crate::helpers::{spawn_app, Answer, TestApp, DEMO_EMAIL, DEMO_PASSWORD, OTHER_EMAIL, OTHER_PASSWORD};
use crate::merchant_signing::{integrate, Integration};
use crate::wallets::{demo_merchant, list};

const ORDER: &str = "/merchant/v1/exchange/order";
pub(crate) const PAYEE: &str = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

pub(crate) async fn order(app: &TestApp, m: &Integration, body: &Value) -> Answer {
    m.call(app, "POST", ORDER, &body.to_string()).await
}

/// A fresh quote of 100 USDT (247.5 DEV at 2.5 less 1%); its id.
pub(crate) async fn quoted(app: &TestApp, m: &Integration) -> String {
    let q = quote(
        app,
        m,
        json!({"chainId": DEV, "tokenIn": DEV_USDT, "amountIn": "100"}),
    )
    .await;
    assert_eq!(q.code(), 1, "{:?}", q.body);
    q.data()["quoteId"].as_str().unwrap().to_string()
}

fn body(no: &str, quote_id: &str) -> Value {
    json!({"merchantOrderNo": no, "quoteId": quote_id, "openId": "user-7", "amountIn": "100",
           "minAmountOut": "240", "payoutAddress": PAYEE})
}

/// The demo merchant integrated, with a USDT -> DEV pair at a fixed 2.5 and 1000 DEV to pay.
pub(crate) async fn ready(app: &TestApp) -> (Integration, String) {
    ready_with(app, "1000").await
}

/// [`ready`] with the payout wallet funded with `dev` DEV (read).
pub(crate) async fn ready_with(app: &TestApp, dev: &str) -> (Integration, String) {
    let me = integrate(app, DEMO_EMAIL, DEMO_PASSWORD, &["127.0.0.1"]).await;
    let hot = app.accept_token(&me.token, DEV, DEV_USDT).await;
    let pair = save(app, &me.token, usdt_to_dev(app, &me.google, &hot)).await;
    set_fixed(app, demo_merchant(app).await, pair, "2.5").await;
    fund_and_read(app, &hot, dev).await;
    (me, hot)
}

async fn an_order_takes_its_quote_once_and_names_the_exchange_address(db: TestDb) {
    let app = spawn_app(db).await;
    let (me, _) = ready(&app).await;
    let quote_id = quoted(&app, &me).await;

    let placed = order(&app, &me, &body("ex-1", &quote_id)).await;
    assert_eq!(placed.code(), 1, "{:?}", placed.body);
    let o = placed.data().clone();
    assert_eq!(
        (
            &o["status"],
            &o["amountIn"],
            &o["amountOut"],
            &o["minAmountOut"],
            &o["rate"]
        ),
        (
            &json!(0),
            &json!("100"),
            &json!("247.5"),
            &json!("240"),
            &json!("2.475")
        )
    );
    assert!(o["orderNo"].as_str().unwrap().starts_with('X'), "{o}");
    let pay = o["payAddress"].as_str().unwrap();
    let merchant = demo_merchant(&app).await;
    let deposit = app.deposit_address(merchant, DEV, "user-7").await;
    assert_ne!(
        pay, deposit,
        "the exchange address is not the end user's deposit address"
    );
    let pay_by: chrono::DateTime<chrono::Utc> = o["payBy"].as_str().unwrap().parse().unwrap();
    assert_eq!(pay_by - app.clock.now(), Duration::minutes(30));

    // The same request again is the same order; the number with other content is refused.
    let again = order(&app, &me, &body("ex-1", &quote_id)).await;
    assert_eq!((again.code(), &again.data()["id"]), (1, &o["id"]));
    let mut other = body("ex-1", &quote_id);
    other["minAmountOut"] = json!("200");
    assert_eq!(order(&app, &me, &other).await.code(), 22017);
    // The quote made its order: another number cannot use it.
    assert_eq!(order(&app, &me, &body("ex-2", &quote_id)).await.code(), 22016);
    // The same end user's next exchange pays into the same address.
    let next = order(&app, &me, &body("ex-3", &quoted(&app, &me).await)).await;
    assert_eq!(next.data()["payAddress"], pay);
    // A deposit address cannot take an exchange address's name.
    let named = me
        .call(
            &app,
            "POST",
            "/merchant/v1/address",
            &json!({"chainId": DEV, "openId": "exchange:user-7"}).to_string(),
        )
        .await;
    assert_eq!(named.code(), 10422, "{:?}", named.body);
}

async fn refusals_store_nothing(db: TestDb) {
    let app = spawn_app(db).await;
    let (me, hot) = ready(&app).await;
    let quote_id = quoted(&app, &me).await;
    let with = |change: Value| {
        let mut b = body("ex-9", &quote_id);
        for (k, v) in change.as_object().unwrap() {
            b[k] = v.clone();
        }
        b
    };
    app.wallets(&me.token)
        .blacklist_add(json!({"chainId": DEV, "address": "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC", "remark": "scam"}))
        .await;
    let cases = [
        (json!({"amountIn": "99"}), 22018),
        (json!({"minAmountOut": "247.6"}), 22019),
        (json!({"payoutAddress": hot}), 14002),
        (
            json!({"payoutAddress": "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"}),
            14001,
        ),
        (json!({"payoutAddress": "T-not-an-address"}), 10422),
        (json!({"quoteId": "q-unknown"}), 22016),
        (json!({"openId": ""}), 10422),
        (json!({"openId": "u".repeat(56)}), 10422),
        (json!({"merchantOrderNo": "a b"}), 10422),
        (json!({"minAmountOut": "-1"}), 10422),
    ];
    for (change, code) in cases {
        let answer = order(&app, &me, &with(change.clone())).await;
        assert_eq!(answer.code(), code, "{change}: {:?}", answer.body);
    }
    let unknown = json!({"merchantOrderNo": "ex-9", "quoteId": quote_id, "openId": "u", "amountIn": "100",
                         "minAmountOut": "0", "payoutAddress": PAYEE, "extra": 1});
    assert_eq!(order(&app, &me, &unknown).await.code(), 10400);

    // Another merchant cannot use the demo's quote.
    app.other_merchant().await;
    let other = integrate(&app, OTHER_EMAIL, OTHER_PASSWORD, &["127.0.0.1"]).await;
    assert_eq!(order(&app, &other, &body("ex-9", &quote_id)).await.code(), 22016);
    // An expired quote: 30 seconds.
    app.clock.advance(Duration::seconds(30));
    assert_eq!(order(&app, &me, &body("ex-9", &quote_id)).await.code(), 22016);
    // Nothing was stored: a fresh quote under the same number is a new order.
    let placed = order(&app, &me, &body("ex-9", &quoted(&app, &me).await)).await;
    assert_eq!(placed.code(), 1, "{:?}", placed.body);
    assert_eq!(placed.data()["id"], 1, "the first order stored");
}

async fn a_payment_to_the_exchange_address_is_recorded_and_never_credited(db: TestDb) {
    let app = spawn_app(db).await;
    let (me, _) = ready(&app).await;
    let placed = order(&app, &me, &body("ex-1", &quoted(&app, &me).await)).await;
    let pay = placed.data()["payAddress"].as_str().unwrap().to_string();
    let merchant = demo_merchant(&app).await;
    let deposit = app.deposit_address(merchant, DEV, "user-7").await;

    app.send_usdt(&pay, "100").await;
    app.send_usdt(&deposit, "5").await;
    app.devchain.mine().await.unwrap();
    assert_eq!(scan(&app).await.deposits, 2);
    let page = app
        .deposits(&me.token)
        .page(with(range(&app), paging(1, 10)))
        .await;
    let rows = list(&page);
    let of = |address: &str| rows.iter().find(|r| r["toAddress"] == address).unwrap().clone();
    let paid = of(&pay);
    assert_eq!(
        (
            &paid["amount"],
            &paid["note"],
            &paid["uncredited"],
            &paid["callbackStatus"]
        ),
        (&json!("100"), &json!("exchange"), &json!(true), &json!(4)),
        "{paid}"
    );
    assert_eq!(paid["openId"], "exchange:user-7");
    let credited = of(&deposit);
    assert_eq!(
        (&credited["note"], &credited["uncredited"]),
        (&json!(""), &json!(false)),
        "{credited}"
    );
}

each_database!(
    an_order_takes_its_quote_once_and_names_the_exchange_address,
    refusals_store_nothing,
    a_payment_to_the_exchange_address_is_recorded_and_never_credited,
);
