//! Automatic collection on the real server: the settings saved in the console decide when the
//! planner opens collections, on the merchant's wall clock (UTC+13 collecting daily at 00:00
//! runs at 11:00 UTC the day before), for the addresses waiting at least the minimum, each
//! once; on each deposit it opens the address the deposit made due.

use chrono::{DateTime, TimeZone, Utc};
use coffer_domain::clock::Clock;
use coffer_domain::collection::planner::PlanReport;
use coffer_store::entities::collection;
use coffer_testkit::{each_database, TestDb};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde_json::{json, Value};

use crate::assets::risk;
use crate::assets::COLD_A;
use crate::console::Collection;
use crate::deposits::{scan, DEV};
use crate::helpers::{spawn_app_with, TestApp};
use crate::wallets::{bind_google, demo_merchant, google_code, list, offline_chains};

fn utc(d: u32, h: u32, mi: u32, s: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, d, h, mi, s).unwrap()
}

/// Moves the test clock forward to `at`.
fn move_to(app: &TestApp, at: DateTime<Utc>) {
    let now = app.clock.now();
    assert!(at >= now, "the clock only moves forward ({now} -> {at})");
    app.clock.advance(at - now);
}

/// Pays `amount` USDT to `user`'s address and scans until the deposit is complete.
pub(crate) async fn deposit(app: &TestApp, merchant: i64, user: &str, amount: &str) {
    let address = app.deposit_address(merchant, DEV, user).await;
    app.send_usdt(&address, amount).await;
    for _ in 0..3 {
        app.devchain.mine().await.unwrap();
    }
    scan(app).await;
}

/// The merchant's collections: (address, waiting in base units, open).
pub(crate) async fn collections(app: &TestApp, merchant: i64) -> Vec<(String, String, bool)> {
    collection::Entity::find()
        .filter(collection::Column::MerchantId.eq(merchant))
        .order_by_asc(collection::Column::Id)
        .all(app.store.connection())
        .await
        .unwrap()
        .into_iter()
        .map(|c| (c.address, c.waiting.0.to_string(), c.open_key.is_some()))
        .collect()
}

pub(crate) async fn save_collect(app: &TestApp, token: &str, asset: &Value, collect_type: i32) {
    let collect = json!({"autoCollect": true, "collectType": collect_type, "startTime": "00:00",
                         "intervalHours": 24, "minCollectAmount": "10", "minSplitAmount": "100"});
    let saved = app
        .assets(token)
        .edit(json!({"id": asset["id"], "paymentAddress": asset["paymentAddress"], "collect": collect, "risk": risk()}))
        .await;
    assert_eq!(saved.code(), 1, "{:?}", saved.body);
}

/// The app with the devchain only, and sessions that outlive the hours the test clock moves on.
pub(crate) async fn app(db: TestDb) -> TestApp {
    spawn_app_with(db, |config| {
        offline_chains(config);
        config.auth.session_idle_minutes = 24 * 60;
        config.auth.session_absolute_hours = 48;
    })
    .await
}

/// Binds the signed-in user's authenticator and puts COLD_A in force for the merchant's first
/// token (requested with the code, approved by the operator); the authenticator's secret.
pub(crate) async fn cold_address_in_force(app: &TestApp, token: &str) -> String {
    let assets = app.assets(token).list_all().await;
    let asset = assets.data()[0]["id"].as_i64().unwrap();
    let secret = bind_google(app, token).await;
    let cold = app
        .assets(token)
        .request_cold_address(
            json!({"assetId": asset, "coldAddresses": [{"address": COLD_A, "ratio": "1"}],
                                     "googleCode": google_code(app, &secret)}),
        )
        .await;
    assert_eq!(cold.code(), 1, "{:?}", cold.body);
    let request = cold.data()["id"].as_i64().unwrap();
    assert!(app.wallets.review_token_request(request, true, "").await.unwrap());
    secret
}

pub(crate) async fn tick(app: &TestApp) -> PlanReport {
    app.planner.tick().await.unwrap()
}

async fn collection_runs_on_the_merchants_clock(db: TestDb) {
    let app = app(db).await;
    let token = app.sign_in_demo().await;
    app.accept_token(&token, DEV, 1).await;
    let merchant = demo_merchant(&app).await;
    let zone = app.me(&token).set_time_zone(json!({"timeZone": 13})).await;
    assert_eq!(zone.code(), 1, "{:?}", zone.body);
    let assets = app.assets(&token).list_all().await;
    let asset = assets.data()[0].clone();
    deposit(&app, merchant, "user-1", "20").await;
    deposit(&app, merchant, "user-2", "5").await;
    let user_1 = app.deposit_address(merchant, DEV, "user-1").await;
    let user_2 = app.deposit_address(merchant, DEV, "user-2").await;

    // Off by default: nothing is planned, whatever the time.
    assert_eq!(tick(&app).await, PlanReport::default());
    save_collect(&app, &token, &asset, 1).await;
    // Saved on the 22nd at about 08:0x UTC, 21:0x at UTC+13: the 22nd's run there (11:00 UTC
    // on the 21st) came before the settings.
    assert_eq!(tick(&app).await, PlanReport::default());
    move_to(&app, utc(22, 10, 59, 59));
    assert_eq!(tick(&app).await, PlanReport::default());
    assert_eq!(collections(&app, merchant).await, vec![]);

    // 11:00 UTC is midnight of the 23rd at UTC+13. Without a cold address in force there is
    // nowhere to sweep to: nothing is opened.
    move_to(&app, utc(22, 11, 0, 0));
    assert_eq!(tick(&app).await, PlanReport::default());
    assert_eq!(collections(&app, merchant).await, vec![]);
    // Approved a minute later: the same slot runs once, the address above 10 USDT only.
    cold_address_in_force(&app, &token).await;
    assert!(app.clock.now() < utc(22, 11, 5, 0));
    assert_eq!(
        tick(&app).await,
        PlanReport {
            runs: 1,
            opened: 1,
            failed: 0
        }
    );
    assert_eq!(
        collections(&app, merchant).await,
        vec![(user_1.clone(), "20000000".into(), true)]
    );
    move_to(&app, utc(22, 15, 0, 0));
    assert_eq!(tick(&app).await, PlanReport::default(), "one run per slot");

    // On each deposit: 15 more to user-2 makes it due (5 + 15); user-1 is not opened twice.
    save_collect(&app, &token, &asset, 3).await;
    deposit(&app, merchant, "user-2", "15").await;
    let report = tick(&app).await;
    assert_eq!((report.runs, report.opened), (0, 1));
    assert_eq!(
        collections(&app, merchant).await,
        vec![
            (user_1.clone(), "20000000".into(), true),
            (user_2.clone(), "20000000".into(), true)
        ]
    );
    assert_eq!(tick(&app).await, PlanReport::default());
}

/// (address, credited, collected, waiting, due, open collection's state) of each listed row.
fn waiting_rows(answer: &crate::helpers::Answer) -> Vec<Value> {
    list(answer)
        .iter()
        .map(|r| {
            json!([
                r["address"],
                r["credited"],
                r["collected"],
                r["waiting"],
                r["due"],
                r["collectionStatus"]
            ])
        })
        .collect()
}

async fn fund_collection_lists_what_waits_per_address(db: TestDb) {
    let app = app(db).await;
    let token = app.sign_in_demo().await;
    app.accept_token(&token, DEV, 1).await;
    let merchant = demo_merchant(&app).await;
    deposit(&app, merchant, "user-1", "5").await;
    deposit(&app, merchant, "user-2", "20.5").await;
    deposit(&app, merchant, "user-1", "2").await;
    let user_1 = app.deposit_address(merchant, DEV, "user-1").await;
    let user_2 = app.deposit_address(merchant, DEV, "user-2").await;
    let everything = json!({"page": 1, "pageSize": 10});

    // The largest first; with the default minimum (0) both are due.
    let page = app.collection(&token).waiting(everything.clone()).await;
    assert_eq!(page.code(), 1, "{:?}", page.body);
    assert_eq!(page.data()["total"], 2);
    assert_eq!(
        waiting_rows(&page),
        vec![
            json!([user_2, "20.5", "0", "20.5", true, null]),
            json!([user_1, "7", "0", "7", true, null])
        ]
    );
    assert_eq!(list(&page)[0]["symbol"], "USDT");
    assert_eq!(list(&page)[0]["chainname"], "Devchain");

    // A minimum of 10: user-1 waits below it. The daily run opens user-2's collection.
    let assets = app.assets(&token).list_all().await;
    save_collect(&app, &token, &assets.data()[0], 1).await;
    cold_address_in_force(&app, &token).await;
    move_to(&app, utc(23, 0, 0, 0));
    assert_eq!(tick(&app).await.opened, 1);
    let page = app.collection(&token).waiting(everything.clone()).await;
    assert_eq!(
        waiting_rows(&page),
        vec![
            json!([user_2, "20.5", "0", "20.5", true, 7]),
            json!([user_1, "7", "0", "7", false, null])
        ]
    );

    // Filters: part of an address (any case), the token, the chain; wildcards are literal.
    let part = user_1[user_1.len() - 6..].to_uppercase();
    let by_address = app
        .collection(&token)
        .waiting(json!({"page": 1, "pageSize": 10, "address": part}))
        .await;
    assert_eq!(
        waiting_rows(&by_address),
        vec![json!([user_1, "7", "0", "7", false, null])]
    );
    for (filter, total) in [
        (json!({"address": "%"}), 0),
        (json!({"address": "_"}), 0),
        (json!({"tokenId": 2}), 0),
        (json!({"chainId": 1}), 0),
        (json!({"chainId": DEV, "tokenId": 1}), 2),
    ] {
        let mut body = everything.clone();
        body.as_object_mut()
            .unwrap()
            .extend(filter.as_object().unwrap().clone());
        let page = app.collection(&token).waiting(body.clone()).await;
        assert_eq!(page.data()["total"], total, "{body}");
    }
    // Pages are bounded like every list.
    let huge = app
        .collection(&token)
        .waiting(json!({"page": 1, "pageSize": 100000}))
        .await;
    assert_eq!(huge.code(), 10422, "{:?}", huge.body);

    // Another merchant sees none of it; a role without the menu, and no session, are refused.
    let outsider = app.other_merchant().await;
    let foreign = app.collection(&outsider).waiting(everything.clone()).await;
    assert_eq!((foreign.code(), foreign.data()["total"].clone()), (1, json!(0)));
    let viewer = app
        .operator("viewer@coffer.local", "Viewer-Pass-2026", &[1])
        .await;
    app.assert_gated(&viewer, Collection::WAITING, &everything, "502")
        .await;
}

each_database!(
    collection_runs_on_the_merchants_clock,
    fund_collection_lists_what_waits_per_address,
);
