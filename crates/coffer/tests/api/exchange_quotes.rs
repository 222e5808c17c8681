//! Quotes through the merchant API (`POST /merchant/v1/exchange/quote`): a pair's price read
//! live less its spread, rounded down, valid 30 seconds; refused, with its reason and nothing
//! stored, for a pair that is missing, disabled or stopped, an amount outside its limits and a
//! payout wallet that cannot cover it. Another merchant's pairs never quote.

use axum::http::StatusCode;
use chrono::Duration;
use coffer::admin_exchange::{run, ExchangeCmd};
use coffer_domain::amount::BaseUnits;
use coffer_domain::clock::Clock;
use coffer_domain::limits::QUOTES_PER_SECOND;
use coffer_domain::ports::chain::Asset;
use coffer_store::entities::energy_quote;
use coffer_testkit::{each_database, TestDb};
use sea_orm::{ActiveModelTrait, Set};
use serde_json::{json, Value};

use crate::balance_readings::reader;
use crate::exchange_orders::{ready, ready_with};
use crate::exchange_pairs::{pairs, save, set_fixed, usdt_to_dev, DEV, DEV_USDT, SAVE};
use crate::helpers::{spawn_app, Answer, TestApp, DEMO_EMAIL, DEMO_PASSWORD, OTHER_EMAIL, OTHER_PASSWORD};
use crate::merchant_signing::{integrate, Integration};
use crate::price_feed::PriceFeed;
use crate::wallets::demo_merchant;

pub const QUOTE: &str = "/merchant/v1/exchange/quote";

fn expiry(quoted: &Answer) -> chrono::DateTime<chrono::Utc> {
    quoted.data()["expiresAt"].as_str().unwrap().parse().unwrap()
}

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
    assert_eq!(expiry(&quoted) - now, Duration::seconds(30));
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

/// The operator points the pair at `feed`, inverted (the ticker gives USDT per DEV).
async fn set_feed(app: &TestApp, merchant: i64, pair: i64, feed: &PriceFeed, max_age: u32) -> String {
    let cmd = ExchangeCmd::Source {
        merchant,
        pair,
        fixed: None,
        feed: Some(feed.url.clone()),
        invert: true,
        max_age: Some(max_age),
        none: false,
    };
    run(&app.store, cmd).await.expect("a feed")
}

async fn a_feed_is_read_live_and_a_stale_or_failing_one_stops_the_pair(db: TestDb) {
    let app = spawn_app(db).await;
    let me = integrate(&app, DEMO_EMAIL, DEMO_PASSWORD, &["127.0.0.1"]).await;
    let hot = app.accept_token(&me.token, DEV, DEV_USDT).await;
    let pair = save(&app, &me.token, usdt_to_dev(&app, &me.google, &hot)).await;
    fund_and_read(&app, &hot, "1000").await;
    let feed = PriceFeed::start().await;
    let merchant = demo_merchant(&app).await;
    let line = set_feed(&app, merchant, pair, &feed, 60).await;
    assert!(line.contains("inverted max age 60 s"), "{line}");
    let ask = json!({"chainId": DEV, "tokenIn": DEV_USDT, "amountIn": "100"});
    let now_ms = app.clock.now().timestamp_millis();

    // 0.4 USDT per DEV, 12 s old: 2.5 DEV per USDT, less the 1% spread.
    feed.answer(
        StatusCode::OK,
        &format!(
            r#"{{"symbol":"TRXUSDT","price":"0.40000000","time":{}}}"#,
            now_ms - 12_000
        ),
    );
    let quoted = quote(&app, &me, ask.clone()).await;
    assert_eq!(quoted.code(), 1, "{:?}", quoted.body);
    let q = quoted.data();
    assert_eq!(
        (
            &q["marketRate"],
            &q["rate"],
            &q["amountOut"],
            &q["sourceKind"],
            &q["priceAgeMs"]
        ),
        (
            &json!("2.5"),
            &json!("2.475"),
            &json!("247.5"),
            &json!(2),
            &json!(12_000)
        )
    );
    assert_eq!(q["source"], "127.0.0.1", "the feed's host, never its URL");
    let listed = &pairs(&app, &me.token).await[0];
    assert_eq!(
        (&listed["source"]["kind"], &listed["source"]["maxAgeSecs"]),
        (&json!(2), &json!(60))
    );
    assert_eq!(
        (&listed["price"]["rate"], &listed["price"]["ageSecs"]),
        (&json!("2.5"), &json!(12))
    );

    // The price moves: the next quote has it, nothing is cached.
    feed.answer(StatusCode::OK, r#"{"price":"0.5"}"#);
    assert_eq!(quote(&app, &me, ask.clone()).await.data()["amountOut"], "198");

    // Older than the limit: stopped, with the reason; never the price before.
    feed.answer(
        StatusCode::OK,
        &format!(r#"{{"price":"0.4","time":{}}}"#, now_ms - 61_000),
    );
    assert_eq!(quote(&app, &me, ask.clone()).await.code(), 22003);
    let listed = &pairs(&app, &me.token).await[0];
    assert_eq!(listed["price"]["stopped"]["code"], 22003, "{listed}");
    assert!(listed["price"]["rate"].is_null());
    // Down, or an answer without a price: stopped too.
    feed.answer(StatusCode::SERVICE_UNAVAILABLE, "maintenance");
    assert_eq!(quote(&app, &me, ask.clone()).await.code(), 22002);
    feed.answer(StatusCode::OK, r#"{"symbol":"TRXUSDT"}"#);
    assert_eq!(quote(&app, &me, ask.clone()).await.code(), 22002);
    feed.answer(StatusCode::OK, r#"{"price":"0"}"#);
    assert_eq!(quote(&app, &me, ask.clone()).await.code(), 22002);
    // Back: priced again at the new price.
    feed.answer(StatusCode::OK, r#"{"price":"0.4"}"#);
    assert_eq!(quote(&app, &me, ask).await.data()["amountOut"], "247.5");
}

/// A hot wallet read empty, then funded: saving the pair that pays from it makes its balance due
/// at the next round, so the first quote need not wait for its next scheduled read.
async fn saving_a_pair_reads_its_payout_wallet_at_the_next_round(db: TestDb) {
    let app = spawn_app(db).await;
    let me = integrate(&app, DEMO_EMAIL, DEMO_PASSWORD, &["127.0.0.1"]).await;
    let hot = app.accept_token(&me.token, DEV, DEV_USDT).await;
    reader(&app, "process-a").step().await.unwrap(); // read: nothing yet
    let units = BaseUnits::from_decimal("1000", 18).unwrap();
    app.devchain.fund(&hot, &Asset::Native, units).await.unwrap();
    app.devchain.mine().await.unwrap();
    let pair = save(&app, &me.token, usdt_to_dev(&app, &me.google, &hot)).await;
    set_fixed(&app, demo_merchant(&app).await, pair, "2.5").await;
    reader(&app, "process-a").step().await.unwrap(); // the next round, a moment later
    let ask = json!({"chainId": DEV, "tokenIn": DEV_USDT, "amountIn": "100"});
    let quoted = quote(&app, &me, ask).await;
    assert_eq!(quoted.code(), 1, "{:?}", quoted.body);
}

/// The wallet read at 300 DEV, then topped up without a new reading: a quote beyond the
/// reading asks the chain now instead of refusing until the next scheduled read (up to 5
/// minutes), and the reading found behind is taken again at the worker's next round.
async fn a_quote_beyond_the_last_reading_reads_the_wallet_now(db: TestDb) {
    let app = spawn_app(db).await;
    let (me, hot) = ready_with(&app, "300").await;
    let ask = json!({"chainId": DEV, "tokenIn": DEV_USDT, "amountIn": "200"});
    assert_eq!(
        quote(&app, &me, ask.clone()).await.code(),
        22012,
        "495 DEV out, 300 held"
    );

    let units = BaseUnits::from_decimal("500", 18).unwrap();
    app.devchain.fund(&hot, &Asset::Native, units).await.unwrap();
    app.devchain.mine().await.unwrap();
    let shown = &pairs(&app, &me.token).await[0];
    assert_eq!(shown["payoutBalance"], "300", "the reading, not read again yet");
    let quoted = quote(&app, &me, ask.clone()).await;
    assert_eq!(quoted.code(), 1, "{:?}", quoted.body);
    assert_eq!(quoted.data()["amountOut"], "495");
    // Beyond what the chain holds now: refused as before.
    let beyond = json!({"chainId": DEV, "tokenIn": DEV_USDT, "amountIn": "330"});
    assert_eq!(
        quote(&app, &me, beyond).await.code(),
        22012,
        "816.75 DEV out, 800 held"
    );
    // The reading found behind is due at once: Token > Trade shows the new balance after the
    // worker's next round.
    reader(&app, "process-a").step().await.unwrap();
    assert_eq!(pairs(&app, &me.token).await[0]["payoutBalance"], "800");
}

each_database!(
    a_quote_beyond_the_last_reading_reads_the_wallet_now,
    saving_a_pair_reads_its_payout_wallet_at_the_next_round,
    a_quote_is_the_live_price_less_the_spread_for_30_seconds,
    a_feed_is_read_live_and_a_stale_or_failing_one_stops_the_pair,
    quotes_are_limited_per_second_and_unused_ones_pruned_after_a_day,
);

async fn quotes_are_limited_per_second_and_unused_ones_pruned_after_a_day(db: TestDb) {
    let app = spawn_app(db).await;
    let (me, hot) = ready(&app).await;
    let ask = |amount: &str| json!({"chainId": DEV, "tokenIn": DEV_USDT, "amountIn": amount});

    // Ten a second; a refusal before the price is read is not counted.
    assert_eq!(quote(&app, &me, ask("1")).await.code(), 22011);
    let mut expiries = Vec::new();
    for n in 0..QUOTES_PER_SECOND {
        let quoted = quote(&app, &me, ask("100")).await;
        assert_eq!(quoted.code(), 1, "quote {n}");
        expiries.push(expiry(&quoted));
    }
    let fast = quote(&app, &me, ask("100")).await;
    assert_eq!(
        fast.code_and_msg(),
        (
            10429,
            "At most 10 exchange quotes a second: try again in a moment"
        )
    );
    // Another merchant's quotes are its own count.
    app.other_merchant().await;
    let other = integrate(&app, OTHER_EMAIL, OTHER_PASSWORD, &["127.0.0.1"]).await;
    assert_eq!(quote(&app, &other, ask("100")).await.code(), 22010);
    app.clock.advance(Duration::seconds(1));
    let next = quote(&app, &me, ask("100")).await;
    assert_eq!(next.code(), 1, "the next second");
    expiries.push(expiry(&next));

    // An unused energy price expires the same way (its table is pruned with them).
    let merchant = demo_merchant(&app).await;
    let now = app.clock.now();
    energy_quote::ActiveModel {
        merchant_id: Set(merchant),
        token: Set("e1".into()),
        chain_id: Set(DEV),
        receiver: Set(hot.clone()),
        times: Set(1),
        days: Set(1),
        max_daily: Set(1),
        energy_per_use: Set(1),
        min_use_energy: Set(1),
        price_per_use: Set(1),
        activate: Set(false),
        activation_points: Set(0),
        total_points: Set(1),
        energy_price: Set(100),
        order_id: Set(None),
        created_at: Set(now),
        expires_at: Set(now + Duration::seconds(30)),
        ..Default::default()
    }
    .insert(app.store.connection())
    .await
    .unwrap();
    // Kept a day after they expire, then deleted.
    let first = *expiries.iter().min().unwrap();
    let last = *expiries.iter().max().unwrap();
    app.clock.advance(first + Duration::hours(24) - app.clock.now());
    assert_eq!(
        app.housekeeper.run_once().await.unwrap().quotes,
        0,
        "not a day yet"
    );
    app.clock
        .advance(last + Duration::hours(24) + Duration::minutes(1) - app.clock.now());
    let pruned = app.housekeeper.run_once().await.unwrap();
    assert_eq!(
        pruned.quotes,
        u64::from(QUOTES_PER_SECOND as u32) + 2,
        "{pruned:?}"
    );
}
