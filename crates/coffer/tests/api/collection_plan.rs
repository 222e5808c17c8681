//! Automatic collection on the real server: the settings saved in the console decide when the
//! planner opens collections, on the merchant's wall clock (UTC+13 collecting daily at 00:00
//! runs at 11:00 UTC the day before), for the addresses waiting at least the minimum, each
//! once; on each deposit it opens the address the deposit made due.

use chrono::{DateTime, TimeZone, Utc};
use coffer_domain::clock::Clock;
use coffer_domain::collection::planner::PlanReport;
use coffer_store::entities::{collection, collection_run};
use coffer_testkit::{each_database, TestDb};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder};
use serde_json::{json, Value};

use crate::assets::risk;
use crate::assets::COLD_A;
use crate::console::Collection;
use crate::deposits::{scan, DEV};
use crate::helpers::{fields, spawn_app_with, TestApp};
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
async fn collections(app: &TestApp, merchant: i64) -> Vec<(String, String, bool)> {
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

/// The open collections' addresses, in order of id.
async fn opened(app: &TestApp, merchant: i64) -> Vec<String> {
    collections(app, merchant)
        .await
        .into_iter()
        .filter(|(_, _, open)| *open)
        .map(|(address, _, _)| address)
        .collect()
}

async fn collect_now_opens_the_chosen_addresses_once(db: TestDb) {
    let app = app(db).await;
    let token = app.sign_in_demo().await;
    app.accept_token(&token, DEV, 1).await;
    let merchant = demo_merchant(&app).await;
    for (user, amount) in [("user-1", "20"), ("user-2", "0.5"), ("user-3", "30")] {
        deposit(&app, merchant, user, amount).await;
    }
    let address = |user: &'static str| app.deposit_address(merchant, DEV, user);
    let (user_1, user_2, user_3) = (
        address("user-1").await,
        address("user-2").await,
        address("user-3").await,
    );
    let ids = |rows: &crate::helpers::Answer| -> Vec<(String, i64)> {
        list(rows)
            .iter()
            .map(|r| {
                (
                    r["address"].as_str().unwrap().to_string(),
                    r["depositAddressId"].as_i64().unwrap(),
                )
            })
            .collect()
    };
    let waiting = app
        .collection(&token)
        .waiting(json!({"page": 1, "pageSize": 10}))
        .await;
    let id_of = |address: &str| ids(&waiting).into_iter().find(|(a, _)| a == address).unwrap().1;
    let now = |body: Value| app.collection(&token).collect_now(body);

    // Refused, changing nothing: a token not enabled, no cold address, too many addresses, no
    // authenticator, a wrong code.
    let no_token = now(json!({"chainId": DEV, "tokenId": 99, "googleCode": "123456"})).await;
    assert_eq!(no_token.code_and_msg(), (14003, "This token is not enabled"));
    let no_cold = now(json!({"chainId": DEV, "tokenId": 1, "googleCode": "123456"})).await;
    assert_eq!(
        no_cold.code_and_msg(),
        (
            14005,
            "This token has no collection address in force: request one under Token list"
        )
    );
    let secret = cold_address_in_force(&app, &token).await;
    let assets = app.assets(&token).list_all().await;
    let many: Vec<i64> = (1..=101).collect();
    let too_many = now(json!({"chainId": DEV, "tokenId": 1, "depositAddressIds": many, "googleCode": google_code(&app, &secret)})).await;
    assert_eq!(too_many.code_and_msg(), (16005, "Too many rows at once"));
    let wrong = now(json!({"chainId": DEV, "tokenId": 1, "googleCode": "000000"})).await;
    assert_eq!(wrong.code(), 11002, "{:?}", wrong.body);
    assert_eq!(opened(&app, merchant).await, Vec::<String>::new());

    // The chosen ones: user-2 waits below the minimum of 1 (set below), user-1 is opened.
    save_collect(&app, &token, &assets.data()[0], 1).await;
    let minimum = app.assets(&token).list_all().await;
    assert_eq!(minimum.data()[0]["collect"]["minCollectAmount"], "10");
    let chosen = now(
        json!({"chainId": DEV, "tokenId": 1, "depositAddressIds": [id_of(&user_1), id_of(&user_2)],
                            "googleCode": google_code(&app, &secret)}),
    )
    .await;
    assert_eq!(chosen.code(), 1, "{:?}", chosen.body);
    assert_eq!(chosen.data()["opened"], 1);
    assert_eq!(opened(&app, merchant).await, vec![user_1.clone()]);
    // All: user-3 is opened; user-1 is not opened twice.
    let all = now(json!({"chainId": DEV, "tokenId": 1, "googleCode": google_code(&app, &secret)})).await;
    assert_eq!(all.data()["opened"], 1);
    assert_ne!(all.data()["runId"], chosen.data()["runId"]);
    assert_eq!(opened(&app, merchant).await, vec![user_1.clone(), user_3.clone()]);
    // Nothing due among the chosen: nothing opened, and no run is left behind.
    let runs = || async {
        collection_run::Entity::find()
            .count(app.store.connection())
            .await
            .unwrap()
    };
    let before = runs().await;
    let nothing = now(json!({"chainId": DEV, "tokenId": 1, "depositAddressIds": [id_of(&user_2)], "googleCode": google_code(&app, &secret)})).await;
    assert_eq!(
        fields(nothing.data(), &["runId", "opened"]),
        json!([null, 0]),
        "{:?}",
        nothing.body
    );
    assert_eq!(runs().await, before);
    // Each run's progress lists its own collections; an unknown state is refused.
    let run_of = |run: &Value| {
        app.collection(&token)
            .page(json!({"page": 1, "pageSize": 20, "runId": run, "status": 7}))
    };
    let addresses = |page: &crate::helpers::Answer| {
        list(page)
            .iter()
            .map(|c| c["address"].as_str().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(
        addresses(&run_of(&chosen.data()["runId"]).await),
        vec![user_1.clone()]
    );
    assert_eq!(
        addresses(&run_of(&all.data()["runId"]).await),
        vec![user_3.clone()]
    );
    let unknown = app
        .collection(&token)
        .page(json!({"page": 1, "pageSize": 20, "status": 8}))
        .await;
    assert_eq!(unknown.code_and_msg(), (10422, "Invalid status"));

    // Another merchant's addresses are never opened; the button needs 50201.
    let outsider = app.other_merchant().await;
    let foreign = app
        .collection(&outsider)
        .collect_now(json!({"chainId": DEV, "tokenId": 1, "depositAddressIds": [id_of(&user_3)], "googleCode": "123456"}))
        .await;
    assert_eq!(
        foreign.code(),
        14003,
        "the other merchant has no such token: {:?}",
        foreign.body
    );
    let viewer = app
        .operator("viewer@coffer.local", "Viewer-Pass-2026", &[5, 502])
        .await;
    let body = json!({"chainId": DEV, "tokenId": 1, "googleCode": "123456"});
    app.assert_gated(&viewer, Collection::COLLECT_NOW, &body, "50201")
        .await;
    assert_eq!(opened(&app, merchant).await, vec![user_1, user_3]);

    // Every attempt is in the operation log, the code masked: the three that ran, with the token.
    let logs = app
        .logs(&token)
        .operations(json!({"page": 1, "pageSize": 50, "action": "collect/now"}))
        .await;
    let entries = list(&logs);
    assert!(entries
        .iter()
        .all(|e| e["after"].as_str().unwrap().contains(r#""googleCode":"***""#)));
    let done: Vec<&Value> = entries.iter().filter(|e| e["result"] == "success").collect();
    assert_eq!(done.len(), 3, "{entries:?}");
    assert!(done.iter().all(|e| e["target"] == format!("chain {DEV} token 1")));
}

each_database!(
    collection_runs_on_the_merchants_clock,
    fund_collection_lists_what_waits_per_address,
    collect_now_opens_the_chosen_addresses_once,
);
