//! Quotes through the merchant API (`POST /merchant/v1/exchange/quote`): a pair's price read
//! live less its spread, rounded down, valid 30 seconds; refused, with its reason and nothing
//! stored, for a pair that is missing, disabled or stopped, an amount outside its limits and a
//! payout wallet that cannot cover it. Another merchant's pairs never quote.

use chrono::Duration;
use coffer_domain::amount::BaseUnits;
use coffer_domain::clock::Clock;
use coffer_domain::ports::chain::Asset;
use coffer_testkit::{each_database, TestDb};
use serde_json::{json, Value};

use crate::balance_readings::reader;
use crate::exchange_pairs::{save, set_fixed, usdt_to_dev, DEV, DEV_USDT, SAVE};
use crate::helpers::{spawn_app, Answer, TestApp, DEMO_EMAIL, DEMO_PASSWORD, OTHER_EMAIL, OTHER_PASSWORD};
use crate::merchant_signing::{integrate, Integration};
use crate::wallets::demo_merchant;

pub const QUOTE: &str = "/merchant/v1/exchange/quote";

pub async fn quote(app: &TestApp, m: &Integration, body: Value) -> Answer {
    m.call(app, "POST", QUOTE, &body.to_string()).await
}

/// Funds `address` with DEV on the devchain and has the balance worker read it.
pub async fn fund_and_read(app: &TestApp, address: &str, dev: &str) {
    let units = BaseUnits::from_decimal(dev, 18).unwrap();
    app.devchain.fund(address, &Asset::Native, units).await.unwrap();
    app.devchain.mine().await.unwrap();
    reader(app, "process-a").step().await.unwrap();
}

async fn a_quote_is_the_live_price_less_the_spread_for_30_seconds(db: TestDb) {
    let app = spawn_app(db).await;
    let me = integrate(&app, DEMO_EMAIL, DEMO_PASSWORD, &["127.0.0.1"]).await;
    let hot = app.accept_token(&me.token, DEV, DEV_USDT).await;
    let pair = save(&app, &me.token, usdt_to_dev(&app, &me.google, &hot)).await;
    let ask = |amount: &str| json!({"chainId": DEV, "tokenIn": DEV_USDT, "amountIn": amount});

    let stopped = quote(&app, &me, ask("100")).await;
    assert_eq!(stopped.code(), 22001, "no price source yet: {:?}", stopped.body);
    let merchant = demo_merchant(&app).await;
    set_fixed(&app, merchant, pair, "2.5").await;
    let short = quote(&app, &me, ask("100")).await;
    assert_eq!(
        short.code(),
        22012,
        "the payout wallet was never read: {:?}",
        short.body
    );

    fund_and_read(&app, &hot, "300").await;
    let quoted = quote(&app, &me, ask("100")).await;
    assert_eq!(quoted.code(), 1, "{:?}", quoted.body);
    let q = quoted.data();
    assert_eq!(
        (
            &q["amountIn"],
            &q["amountOut"],
            &q["rate"],
            &q["marketRate"],
            &q["spreadBp"]
        ),
        (
            &json!("100"),
            &json!("247.5"),
            &json!("2.475"),
            &json!("2.5"),
            &json!(100)
        )
    );
    assert_eq!(
        (&q["sourceKind"], &q["source"], &q["priceAgeMs"]),
        (&json!(1), &json!("fixed"), &json!(0))
    );
    let now = app.clock.now();
    let expires: chrono::DateTime<chrono::Utc> = q["expiresAt"].as_str().unwrap().parse().unwrap();
    assert_eq!(expires - now, Duration::seconds(30));
    let id = q["quoteId"].as_str().unwrap();
    assert!(id.starts_with('q') && id.len() == 33, "{id}");
    // Rounded down to DEV's 18 decimals, never up.
    let odd = quote(&app, &me, ask("10.000001")).await;
    assert_eq!(odd.data()["amountOut"], "24.750002475", "{:?}", odd.body);
    // Each quote is its own.
    let again = quote(&app, &me, ask("100")).await;
    assert_ne!(again.data()["quoteId"], q["quoteId"]);

    // Outside the limits, beyond the wallet, not a pair, or disabled: refused with the reason.
    assert_eq!(quote(&app, &me, ask("9.99")).await.code(), 22011);
    assert_eq!(quote(&app, &me, ask("1000.01")).await.code(), 22011);
    assert_eq!(
        quote(&app, &me, ask("200")).await.code(),
        22012,
        "500 DEV out, 300 held"
    );
    let reverse = json!({"chainId": DEV, "tokenOut": DEV_USDT, "amountIn": "100"});
    assert_eq!(quote(&app, &me, reverse).await.code(), 22010);
    for bad in ["-1", "abc", "1e3", "0", "10.0000001"] {
        assert_eq!(quote(&app, &me, ask(bad)).await.code(), 10422, "{bad}");
    }
    let unknown = json!({"chainId": DEV, "tokenIn": DEV_USDT, "amountIn": "100", "extra": 1});
    assert_eq!(quote(&app, &me, unknown).await.code(), 10400);
    let mut off = usdt_to_dev(&app, &me.google, &hot);
    off["id"] = json!(pair);
    off["enabled"] = json!(false);
    assert_eq!(app.post_as(&me.token, SAVE, off).await.code(), 1);
    assert_eq!(
        quote(&app, &me, ask("100")).await.code(),
        22010,
        "a disabled pair"
    );

    // The other merchant has no pair: its quote never reads the demo's.
    app.other_merchant().await;
    let other = integrate(&app, OTHER_EMAIL, OTHER_PASSWORD, &["127.0.0.1"]).await;
    assert_eq!(quote(&app, &other, ask("100")).await.code(), 22010);
}

each_database!(a_quote_is_the_live_price_less_the_spread_for_30_seconds);
