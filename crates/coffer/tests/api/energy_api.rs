//! Token > Energy's calls on the real server over HTTP, with the TRON node double behind them:
//! a price then an order (Google code, button 20301), the list and the figures, where TRX points
//! are recharged, and every refusal (with nothing changed): another merchant's or an expired
//! quote, a chain that is not TRON, bounds, an address that is not activated, too few points,
//! a blacklisted address, no session, a role without the menu or the button. Fifty prices
//! ordered at once, each twice, charge each order once.

use chrono::Duration;
use coffer_domain::clock::Clock;
use coffer_testkit::{each_database, TestDb};
use serde_json::{json, Value};

use crate::chains::TRON;
use crate::energy_orders::world::{world, World};
use crate::helpers::OTHER_EMAIL;
use crate::wallets::{bind_google, google_code};

const ESTIMATE: &str = "/api/partner/energy/estimatePrice";
const ORDER: &str = "/api/partner/energy/order";
const ORDERS: &str = "/api/partner/energy/order/page_list";
const PROFILE: &str = "/api/partner/energy/profile";
const CHARGE: &str = "/api/partner/energy/chargePoint";

fn asking(w: &World, times: i64) -> Value {
    json!({"chainId": TRON, "address": w.receiver, "times": times, "days": 2, "maxDailyUses": 1})
}

async fn price(w: &World, session: &str, body: Value) -> Value {
    let answer = w.app.post_as(session, ESTIMATE, body).await;
    assert_eq!(answer.code(), 1, "{:?}", answer.body);
    answer.data().clone()
}

async fn refusal(w: &World, session: &str, path: &str, body: Value) -> i64 {
    w.app.post_as(session, path, body).await.code()
}

async fn a_price_is_ordered_once_and_listed(db: TestDb) {
    let w = world(db).await;
    let me = w.app.sign_in_demo().await;
    let secret = bind_google(&w.app, &me).await;

    let code = google_code(&w.app, &secret);
    let quote = price(&w, &me, asking(&w, 4)).await;
    assert_eq!(quote["validSeconds"], 30);
    assert_eq!(
        (quote["pricePerUse"].as_str(), quote["totalPoints"].as_str()),
        (Some("1.5"), Some("6"))
    );
    assert_eq!(
        (quote["needsActivation"].as_bool(), quote["trxPoints"].as_str()),
        (Some(false), Some("100"))
    );
    assert_eq!(quote["energyPrice"], 100, "the live price");
    let per_use = quote["energyPerUse"].as_i64().unwrap();
    assert!(
        per_use > quote["energyToHolder"].as_i64().unwrap() * 3 / 2,
        "{quote}"
    );
    let burn = per_use as f64 * 100.0 / 1e6;
    assert_eq!(
        quote["burnPerUse"].as_str().unwrap().parse::<f64>().unwrap(),
        burn
    );

    let body = json!({"quoteId": quote["quoteId"], "googleCode": code});
    let placed = w.app.post_as(&me, ORDER, body.clone()).await;
    assert_eq!(placed.code(), 1, "{:?}", placed.body);
    let order = placed.data().clone();
    assert_eq!(
        (order["status"].as_i64(), order["totalPoints"].as_str()),
        (Some(1), Some("6"))
    );
    // Sent again (a retry): the same order, charged once.
    let again = w
        .app
        .post_as(
            &me,
            ORDER,
            json!({"quoteId": quote["quoteId"], "googleCode": google_code(&w.app, &secret)}),
        )
        .await;
    assert_eq!(again.data()["id"], order["id"], "{:?}", again.body);
    let profile = w.app.post_as(&me, PROFILE, json!({})).await;
    let p = profile.data();
    assert_eq!(
        (
            p["trxPoints"]["available"].as_str(),
            p["trxPoints"]["held"].as_str()
        ),
        (Some("94"), Some("6"))
    );
    assert_eq!(p["ordersInProgress"], 1);
    assert_eq!(p["energyPrice"], 100);

    let list = w
        .app
        .post_as(&me, ORDERS, json!({"page": 1, "pageSize": 10}))
        .await;
    assert_eq!(list.data()["total"], 1);
    assert_eq!(
        list.data()["list"][0]["address"].as_str(),
        Some(w.receiver.as_str())
    );
    let processing = w
        .app
        .post_as(&me, ORDERS, json!({"page": 1, "pageSize": 10, "status": 2}))
        .await;
    assert_eq!(processing.data()["total"], 0);
    assert_eq!(
        refusal(&w, &me, ORDERS, json!({"page": 1, "pageSize": 10, "status": 9})).await,
        10422
    );

    // Another merchant sees none of it and cannot order the quote.
    let other = w.app.sign_in(OTHER_EMAIL, crate::helpers::OTHER_PASSWORD).await;
    let theirs = w
        .app
        .post_as(&other, ORDERS, json!({"page": 1, "pageSize": 10}))
        .await;
    assert_eq!(theirs.data()["total"], 0);
    let other_secret = bind_google(&w.app, &other).await;
    let quote = price(&w, &me, asking(&w, 1)).await;
    let stolen = json!({"quoteId": quote["quoteId"], "googleCode": google_code(&w.app, &other_secret)});
    assert_eq!(refusal(&w, &other, ORDER, stolen).await, 21001);

    // Recharging TRX points: the merchant's recharge address on TRON; not on another chain.
    let charge = w.app.post_as(&me, CHARGE, json!({"chainId": TRON})).await;
    assert_eq!(
        (charge.data()["coin"].as_str(), charge.data()["chainId"].as_i64()),
        (Some("TRX"), Some(TRON))
    );
    assert_eq!(refusal(&w, &me, CHARGE, json!({"chainId": 1})).await, 21004);
}

async fn refusals_change_nothing(db: TestDb) {
    let w = world(db).await;
    let me = w.app.sign_in_demo().await;
    let secret = bind_google(&w.app, &me).await;
    let order_of = |quote: &Value, code: String| json!({"quoteId": quote["quoteId"], "googleCode": code});

    let bad = |times, days, max| json!({"chainId": TRON, "address": w.receiver, "times": times, "days": days, "maxDailyUses": max});
    for body in [
        bad(0, 1, 1),
        bad(10_001, 1, 1),
        bad(3, 0, 1),
        bad(3, 366, 1),
        bad(3, 1, 4),
        bad(3, 1, 0),
    ] {
        assert_eq!(refusal(&w, &me, ESTIMATE, body.clone()).await, 10422, "{body}");
    }
    let devchain = json!({"chainId": 1, "address": w.receiver, "times": 1, "days": 1, "maxDailyUses": 1});
    assert_eq!(refusal(&w, &me, ESTIMATE, devchain).await, 21004);
    let nonsense = json!({"chainId": TRON, "address": "T123", "times": 1, "days": 1, "maxDailyUses": 1});
    assert_eq!(refusal(&w, &me, ESTIMATE, nonsense).await, 10422);

    // Expired: 31 s after the price.
    let quote = price(&w, &me, asking(&w, 1)).await;
    let code = google_code(&w.app, &secret);
    w.app.clock.advance(Duration::seconds(1));
    assert_eq!(refusal(&w, &me, ORDER, order_of(&quote, code)).await, 21001);
    // A wrong Google code (unless it happens to be the right one now).
    let quote = price(&w, &me, asking(&w, 1)).await;
    let wrong = refusal(&w, &me, ORDER, order_of(&quote, "000000".into())).await;
    assert!(
        wrong == 11002 || google_code(&w.app, &secret) == "000000",
        "{wrong}"
    );

    // An address that does not exist on chain: priced with its activation, refused without it.
    let fresh = "TLsV52sRDL79HXGGm9yzwKibb6BeruhUzy";
    let unborn = json!({"chainId": TRON, "address": fresh, "times": 1, "days": 1, "maxDailyUses": 1});
    let quote = price(&w, &me, unborn.clone()).await;
    assert_eq!(quote["needsActivation"], true);
    assert!(quote["activationPoints"].as_str().unwrap() != "0", "{quote}");
    assert_eq!(
        quote["totalPoints"].as_str(),
        Some("1.5"),
        "activation not bought"
    );
    let code = google_code(&w.app, &secret);
    let quote = price(&w, &me, unborn).await;
    assert_eq!(refusal(&w, &me, ORDER, order_of(&quote, code)).await, 21002);

    // More uses than the points pay for (100 TRX points, 1.5 a use).
    let code = google_code(&w.app, &secret);
    let quote = price(&w, &me, asking(&w, 67)).await;
    assert_eq!(quote["enough"], false);
    assert_eq!(refusal(&w, &me, ORDER, order_of(&quote, code)).await, 21003);

    // A blacklisted receiver.
    let code = google_code(&w.app, &secret);
    let quote = price(&w, &me, asking(&w, 1)).await;
    let store = &w.app.store;
    coffer_domain::merchant_api::BlacklistRepo::insert_blacklist(
        store,
        w.merchant,
        TRON,
        &w.receiver,
        "",
        w.app.clock.now(),
    )
    .await
    .unwrap();
    assert_eq!(refusal(&w, &me, ORDER, order_of(&quote, code)).await, 14001);
    assert_eq!(refusal(&w, &me, ESTIMATE, asking(&w, 1)).await, 14001);

    assert_eq!(w.trx_points().await, (100_000_000, 0), "nothing held");
    let list = w
        .app
        .post_as(&me, ORDERS, json!({"page": 1, "pageSize": 10}))
        .await;
    assert_eq!(list.data()["total"], 0, "no order");

    // No session; a role without the menu; a role with the menu but not the button.
    for path in [ESTIMATE, ORDER, ORDERS, PROFILE, CHARGE] {
        assert_eq!(w.app.post(path, json!({})).await.code(), 10506, "{path}");
    }
    let home_only = w.app.operator("home@coffer.local", "Home-Pass-2026", &[1]).await;
    for path in [ESTIMATE, ORDER, ORDERS, PROFILE, CHARGE] {
        assert_eq!(refusal(&w, &home_only, path, json!({})).await, 10403, "{path}");
    }
    let viewer = w
        .app
        .operator("energy@coffer.local", "Energy-Pass-2026", &[2, 203])
        .await;
    assert_eq!(w.app.post_as(&viewer, PROFILE, json!({})).await.code(), 1);
    let unborn = json!({"chainId": TRON, "address": fresh, "times": 1, "days": 1, "maxDailyUses": 1, "activate": true});
    let quote = price(&w, &viewer, unborn).await;
    assert_eq!(
        refusal(
            &w,
            &viewer,
            ORDER,
            json!({"quoteId": quote["quoteId"], "googleCode": "123456"})
        )
        .await,
        10403
    );
}

async fn fifty_prices_ordered_at_once_twice_each_are_charged_once(db: TestDb) {
    let w = world(db).await;
    let me = w.app.sign_in_demo().await;
    let secret = bind_google(&w.app, &me).await;
    // The authenticator takes a code once per user, so the pairs run through the services the
    // handlers call once the code is checked: each prices, then orders twice, all at once.
    let _ = google_code(&w.app, &secret);
    let energy = &w.app.energy;
    let pairs = (0..50).map(|_| async {
        let (quote, _, _) = energy
            .quotes
            .estimate(w.merchant, w.request(1, 2, 1))
            .await
            .unwrap();
        let twice = [&quote.token, &quote.token].map(|t| energy.orders.place(w.merchant, None, t));
        let [a, b] = futures::future::join_all(twice).await.try_into().unwrap();
        let (a, b) = (a.unwrap().id, b.unwrap().id);
        assert_eq!(a, b, "the same order twice");
        a
    });
    let ids = futures::future::join_all(pairs).await;
    let mut distinct = ids.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), 50, "one order per price");
    assert_eq!(
        w.trx_points().await,
        (25_000_000, 75_000_000),
        "75 TRX points held: 50 × 1.5, once each"
    );
}

/// The home config's TRON burn figures: a transfer's energy × the live price, kept a minute.
async fn the_home_burn_figures_are_read_live(db: TestDb) {
    let w = world(db).await;
    let me = w.app.sign_in_demo().await;
    let figures = || async {
        let config = w.app.post_as(&me, "/api/partner/home/config", json!({})).await;
        config.data()["tronEnergyBaseAmount"].clone()
    };
    let quote = price(&w, &me, asking(&w, 1)).await;
    let at = |energy: &Value, sun: i64| format!("{}", energy.as_i64().unwrap() * sun);
    let first = figures().await;
    let trx = |units: String| {
        coffer_domain::amount::BaseUnits::from_decimal(&units, 0)
            .unwrap()
            .to_decimal(6)
    };
    assert_eq!(
        first["withUsdt"].as_str().unwrap(),
        trx(at(&quote["energyToHolder"], 100))
    );
    assert_eq!(
        first["withoutUsdt"].as_str().unwrap(),
        trx(at(&quote["energyPerUse"], 100))
    );
    assert!(first["readAt"].is_string());
    w.node.set_params(|p| p.energy_fee = 210);
    assert_eq!(figures().await, first, "kept a minute");
    w.app.clock.advance(Duration::seconds(61));
    let later = figures().await;
    assert_eq!(
        later["withoutUsdt"].as_str().unwrap(),
        trx(at(&quote["energyPerUse"], 210))
    );

    // A node away: no figure rather than the old one, and it is not asked again for a minute
    // (the config loads on every page; a node away must not slow each load by its timeout).
    w.app.clock.advance(Duration::seconds(61));
    w.node.set_down(true);
    let none = json!({"withUsdt": "", "withoutUsdt": "", "readAt": null});
    assert_eq!(figures().await, none, "no figure, never an old one");
    let asked = w.node.all_requests();
    assert_eq!(figures().await, none);
    assert_eq!(w.node.all_requests(), asked, "not asked again within the minute");
    w.node.set_down(false);
    w.app.clock.advance(Duration::seconds(61));
    assert_eq!(figures().await["withoutUsdt"], later["withoutUsdt"], "read again");
}

each_database!(
    the_home_burn_figures_are_read_live,
    a_price_is_ordered_once_and_listed,
    refusals_change_nothing,
    fifty_prices_ordered_at_once_twice_each_are_charged_once
);
