//! `/home/main_v3_2` and `/home/queryDailyTxData`: figures from the hourly buckets in the
//! merchant's days, balances as last read, what waits, scan lag and the getting-started steps.
//! Buckets and readings are written straight into the database (their writers are other
//! parts of the service), then read through the API as the console does.

use coffer_domain::ports::{ApplyStatus, OrderStatus};
use coffer_store::entities::{merchant_asset, token_request, Stored};
use coffer_testkit::{each_database, TestDb};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, NotSet, QueryFilter, Set};
use serde_json::{json, Value};

use crate::assets::DEV;
use crate::console::{Reports, NO_SESSION};
use crate::deposits::{merchant_ready, scan};
use crate::helpers::{fields, spawn_app_with, TestApp};
use crate::receiver::{Receiver, Reply};
use crate::rollup_rows::{put_reading, utc, Bucket, NATIVE, USDT};
use crate::wallets::{app_with_dev_seed, demo_merchant, offline_chains};

fn home_data(answer: &crate::helpers::Answer) -> Value {
    assert_eq!(answer.code(), 1, "{:?}", answer.body);
    answer.data().clone()
}

/// The amounts of a tally's totals, as `[symbol, amount]`.
fn totals(tally: &Value) -> Vec<(String, String)> {
    tally["totals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["symbol"].as_str().unwrap().into(),
                t["amount"].as_str().unwrap().into(),
            )
        })
        .collect()
}

fn usdt(amount: &str) -> Vec<(String, String)> {
    vec![("USDT".into(), amount.into())]
}

/// The demo merchant with USDT enabled, its time zone +8 (the test clock stands at 08:00 UTC
/// on 2026-11-22: 16:00 there), and orders around the merchant's midnight.
async fn merchant_with_orders(db: TestDb) -> (TestApp, String, i64) {
    let app = app_with_dev_seed(db).await;
    let token = app.sign_in_demo().await;
    let merchant = demo_merchant(&app).await;
    assert_eq!(
        app.me(&token).set_time_zone(json!({"timeZone": 8})).await.code(),
        1
    );
    // 01:00 on the 22nd at +8, and 23:00 on the 21st: today and yesterday.
    Bucket::complete("deposit", utc(21, 17), 2, 30_500_000)
        .put(&app, merchant)
        .await;
    Bucket::complete("deposit", utc(21, 15), 1, 1_000_000)
        .put(&app, merchant)
        .await;
    // Not money yet, or never: not figures.
    let confirming = Bucket {
        status: OrderStatus::Confirming,
        ..Bucket::complete("deposit", utc(22, 1), 4, 4_000_000)
    };
    confirming.put(&app, merchant).await;
    let dust = Bucket {
        credited: false,
        ..Bucket::complete("deposit", utc(22, 2), 5, 5)
    };
    dust.put(&app, merchant).await;
    let paid = Bucket {
        fee: 420_000_000_000_000,
        ..Bucket::complete("withdrawal", utc(22, 3), 1, 5_000_000)
    };
    paid.put(&app, merchant).await;
    let in_review = Bucket {
        status: OrderStatus::AwaitingReview,
        ..Bucket::complete("withdrawal", utc(10, 3), 3, 3)
    };
    in_review.put(&app, merchant).await;
    (app, token, merchant)
}

async fn home_sums_the_merchants_days_and_a_new_time_zone_regroups_the_same_buckets(db: TestDb) {
    let (app, token, _) = merchant_with_orders(db).await;
    // Another merchant's orders today are never counted.
    let theirs = app.other_merchant().await;
    let other = app
        .store
        .merchant_of(crate::helpers::OTHER_EMAIL)
        .await
        .unwrap()
        .unwrap();
    Bucket::complete("deposit", utc(22, 4), 99, 99_000_000)
        .put(&app, other)
        .await;

    let home = home_data(&app.reports(&token).home(json!({})).await);
    assert_eq!(
        fields(&home, &["timeZone", "startDate", "endDate"]),
        json!([8, "2026-11-16", "2026-11-22"])
    );
    assert_eq!(home["today"]["date"], "2026-11-22");
    assert_eq!(home["today"]["deposits"]["count"], 2);
    assert_eq!(totals(&home["today"]["deposits"]), usdt("30.5"));
    assert_eq!(home["today"]["withdrawals"]["count"], 1);
    assert_eq!(totals(&home["today"]["withdrawals"]), usdt("5"));
    assert_eq!(home["period"]["deposits"]["count"], 3);
    assert_eq!(totals(&home["period"]["deposits"]), usdt("31.5"));
    assert_eq!(home["waiting"]["withdrawalsInReview"], 3);
    assert_eq!(
        home["waiting"]["withdrawalsInReviewSince"], "2026-11-10T03:00:00Z",
        "12 days old, outside the period: Home's link opens the list that far back"
    );
    let first_total = &home["today"]["deposits"]["totals"][0];
    assert_eq!(
        fields(first_total, &["chainId", "tokenId", "chainname", "decimals"]),
        json!([DEV, USDT, "Devchain", 6])
    );

    // A chosen period: the 21st alone holds yesterday's deposit.
    let chosen = app
        .reports(&token)
        .home(json!({"startDate": "2026-11-21", "endDate": "2026-11-21"}))
        .await;
    let chosen = home_data(&chosen);
    assert_eq!(totals(&chosen["period"]["deposits"]), usdt("1"));
    assert_eq!(chosen["today"]["deposits"]["count"], 2, "today stays today");

    // At UTC-11 it is 21:00 on the 21st: both deposits fall on that day, nothing recomputed.
    assert_eq!(
        app.me(&token)
            .set_time_zone(json!({"timeZone": -11}))
            .await
            .code(),
        1
    );
    let west = home_data(&app.reports(&token).home(json!({})).await);
    assert_eq!(west["today"]["date"], "2026-11-21");
    assert_eq!(west["today"]["deposits"]["count"], 3);
    assert_eq!(totals(&west["today"]["deposits"]), usdt("31.5"));
    assert_eq!(
        west["today"]["withdrawals"]["count"], 1,
        "03:00 UTC is 16:00 there"
    );
    assert_eq!(west["period"]["deposits"]["count"], 3);

    // The other merchant sees its own figures only.
    let other_home = home_data(&app.reports(&theirs).home(json!({})).await);
    assert_eq!(other_home["period"]["deposits"]["count"], 99);
    assert_eq!(other_home["waiting"]["withdrawalsInReview"], 0);
    assert!(other_home["waiting"]["withdrawalsInReviewSince"].is_null());
}

async fn holdings_steps_and_scan_lag_follow_what_the_merchant_has_done(db: TestDb) {
    let app = app_with_dev_seed(db).await;
    let token = app.sign_in_demo().await;
    let merchant = demo_merchant(&app).await;

    // A new merchant: nothing held, every step to do; the chains the service scans are listed
    // (not scanned yet).
    let fresh = home_data(&app.reports(&token).home(json!({})).await);
    assert_eq!(fresh["holdings"], json!([]));
    let devchain = fresh["chains"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["chainId"] == json!(DEV));
    assert_eq!(
        fields(devchain.expect("the devchain"), &["chainname", "scannedHeight"]),
        json!(["Devchain", null])
    );
    assert_eq!(
        fresh["gettingStarted"],
        json!({"tokenEnabled": false, "hotWallet": false, "callbackUrl": false, "apiKey": false, "rsaKey": false})
    );
    assert_eq!(
        fresh["waiting"],
        json!({"withdrawalsInReview": 0, "withdrawalsInReviewSince": null, "exchangesHeld": 0,
               "exchangesHeldSince": null, "callbacksFailing": 0, "coldRequestsPending": 0})
    );

    app.accept_token(&token, DEV, USDT).await;
    assert_eq!(
        app.callbacks(&token)
            .save_url_to("https://shop.example/hook")
            .await
            .code(),
        1
    );
    put_reading(&app, merchant, "hot", USDT, 100_000_000, utc(22, 7)).await;
    put_reading(&app, merchant, "hot", USDT, 20_500_000, utc(22, 6)).await;
    put_reading(
        &app,
        merchant,
        "cold",
        NATIVE,
        1_000_000_000_000_000_000,
        utc(22, 5),
    )
    .await;
    Bucket::complete("deposit", utc(1, 0), 1, 30_000_000)
        .put(&app, merchant)
        .await;
    app.scanner.scan_chain(DEV).await.expect("a scan step");

    let home = home_data(&app.reports(&token).home(json!({})).await);
    let steps = &home["gettingStarted"];
    assert_eq!(
        fields(
            steps,
            &["tokenEnabled", "hotWallet", "callbackUrl", "apiKey", "rsaKey"]
        ),
        json!([true, true, true, false, false])
    );
    let holdings = home["holdings"].as_array().unwrap();
    assert_eq!(holdings.len(), 2, "the native coin held, and USDT: {holdings:?}");
    assert_eq!(
        fields(
            &holdings[0],
            &[
                "tokenId",
                "symbol",
                "hotWallets",
                "hotWalletsReadAt",
                "cold",
                "coldReadAt"
            ]
        ),
        json!([null, "DEV", "0", null, "1", "2026-11-22T05:00:00Z"])
    );
    assert_eq!(
        fields(
            &holdings[1],
            &[
                "tokenId",
                "symbol",
                "decimals",
                "hotWallets",
                "hotWalletsReadAt",
                "depositAddresses",
                "cold"
            ]
        ),
        json!([USDT, "USDT", 6, "120.5", "2026-11-22T06:00:00Z", "30", null])
    );

    // Every chain the service scans is listed; the devchain's scanner has run.
    let chains = home["chains"].as_array().unwrap();
    let nodes = app.me(&token).home_config().await.data()["chainNodes"]
        .as_array()
        .unwrap()
        .len();
    assert_eq!(chains.len(), nodes);
    let chain = chains
        .iter()
        .find(|c| c["chainId"] == json!(DEV))
        .expect("the devchain");
    assert_eq!(fields(chain, &["chainId", "chainname"]), json!([DEV, "Devchain"]));
    let scanned = chain["scannedHeight"].as_u64().expect("a block scanned");
    let tip = chain["tipHeight"].as_u64().expect("the scanner recorded the tip");
    assert!(tip >= scanned, "{chain}");
    assert_eq!(chain["lagBlocks"].as_u64(), Some(tip - scanned));
    assert!(chain["scannedAt"].is_string());

    // A cold-address request waiting for the platform counts until someone decides it.
    let asset = merchant_asset::Entity::find()
        .filter(merchant_asset::Column::MerchantId.eq(merchant))
        .one(app.store.connection())
        .await
        .unwrap()
        .expect("the USDT asset");
    token_request::ActiveModel {
        id: NotSet,
        merchant_id: Set(merchant),
        asset_id: Set(asset.id),
        addresses: Set("[]".into()),
        apply_status: Set(Stored(ApplyStatus::Pending)),
        in_force: Set(false),
        reason: Set(String::new()),
        requested_by: Set(0),
        created_at: Set(utc(22, 8)),
        reviewed_at: Set(None),
    }
    .insert(app.store.connection())
    .await
    .unwrap();
    let home = home_data(&app.reports(&token).home(json!({})).await);
    assert_eq!(home["waiting"]["coldRequestsPending"], 1);
}

async fn callbacks_failing_count_events_refused_by_the_merchant(db: TestDb) {
    let receiver = Receiver::start().await;
    let app = spawn_app_with(db, offline_chains).await;
    let token = merchant_ready(&app, &receiver).await;
    let merchant = demo_merchant(&app).await;
    let address = app.deposit_address(merchant, DEV, "user-1").await;
    app.send_usdt(&address, "2").await;
    app.devchain.mine().await.unwrap();
    scan(&app).await;
    let waiting = |home: &Value| home["waiting"]["callbacksFailing"].clone();
    let home = home_data(&app.reports(&token).home(json!({})).await);
    assert_eq!(waiting(&home), 0, "queued, never tried: not failing yet");

    // The merchant answers code 1: the event stays queued after a failed attempt.
    receiver.reply(Reply::CodeOne);
    app.callbacks.deliver_due().await.unwrap();
    let home = home_data(&app.reports(&token).home(json!({})).await);
    assert_eq!(waiting(&home), 1);
    let theirs = app.other_merchant().await;
    let other = home_data(&app.reports(&theirs).home(json!({})).await);
    assert_eq!(waiting(&other), 0);
}

async fn daily_series_has_every_merchant_day_oldest_first(db: TestDb) {
    let (app, token, _) = merchant_with_orders(db).await;
    let range = json!({"startDate": "2026-11-20", "endDate": "2026-11-23"});
    let answer = app.reports(&token).daily(range).await;
    let data = home_data(&answer);
    assert_eq!(
        fields(&data, &["startDate", "endDate"]),
        json!(["2026-11-20", "2026-11-23"])
    );
    let days = data["days"].as_array().unwrap();
    let summary: Vec<(String, u64, u64)> = days
        .iter()
        .map(|d| {
            (
                d["date"].as_str().unwrap().to_string(),
                d["deposits"]["count"].as_u64().unwrap(),
                d["withdrawals"]["count"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        vec![
            ("2026-11-20".into(), 0, 0),
            ("2026-11-21".into(), 1, 0),
            ("2026-11-22".into(), 2, 1),
            ("2026-11-23".into(), 0, 0),
        ]
    );
    assert_eq!(totals(&days[2]["deposits"]), usdt("30.5"));
    assert_eq!(days[0]["deposits"]["totals"], json!([]));

    // Narrowed to a token the merchant has no orders in: zeros, every day still there.
    let other_token =
        json!({"startDate": "2026-11-20", "endDate": "2026-11-23", "chainId": DEV, "tokenId": 99});
    let narrowed = home_data(&app.reports(&token).daily(other_token).await);
    assert_eq!(narrowed["days"].as_array().unwrap().len(), 4);
    assert!(narrowed["days"]
        .as_array()
        .unwrap()
        .iter()
        .all(|d| d["deposits"]["count"] == 0));
}

async fn ranges_are_refused_with_what_is_wrong(db: TestDb) {
    let app = app_with_dev_seed(db).await;
    let token = app.sign_in_demo().await;
    let refused = [
        (
            json!({"endDate": "2026-11-22"}),
            "A start and an end must be chosen",
        ),
        (
            json!({"startDate": "2026-11-22", "endDate": ""}),
            "A start and an end must be chosen",
        ),
        (
            json!({"startDate": "2026-11-23", "endDate": "2026-11-22"}),
            "The start must not be after the end",
        ),
        (
            json!({"startDate": "2025-11-21", "endDate": "2026-11-22"}),
            "The end must be after the start, at most 366 days later",
        ),
        (
            json!({"startDate": "22/11/2026", "endDate": "2026-11-22"}),
            "The end must be after the start, at most 366 days later",
        ),
    ];
    for (body, msg) in refused {
        let daily = app.reports(&token).daily(body.clone()).await;
        assert_eq!(daily.code_and_msg(), (10422, msg), "daily {body}");
        let payment = app.reports(&token).payment(body.clone()).await;
        assert_eq!(payment.code_and_msg(), (10422, msg), "payment {body}");
    }
    // The home's period is optional, but not half of it.
    let half = app.reports(&token).home(json!({"startDate": "2026-11-20"})).await;
    assert_eq!(half.code_and_msg(), (10422, "A start and an end must be chosen"));
    let blank = home_data(
        &app.reports(&token)
            .home(json!({"startDate": "", "endDate": " "}))
            .await,
    );
    assert_eq!(
        fields(&blank, &["startDate", "endDate"]),
        json!(["2026-11-16", "2026-11-22"]),
        "blank dates: the default week"
    );
    // A whole year (366 days, both ends included) is fine.
    let year = json!({"startDate": "2025-11-22", "endDate": "2026-11-22"});
    let days = home_data(&app.reports(&token).daily(year).await);
    assert_eq!(days["days"].as_array().unwrap().len(), 366);
}

async fn home_needs_a_session_and_menu_1(db: TestDb) {
    let app = app_with_dev_seed(db).await;
    let reporter = app
        .operator("reports@shop.example", "Report-Pass-2026", &[6, 601, 602])
        .await;
    let body = json!({"startDate": "2026-11-20", "endDate": "2026-11-22"});
    for path in [Reports::HOME, Reports::DAILY] {
        app.assert_gated(&reporter, path, &body, "menu 1").await;
    }
    assert_eq!(app.reports(NO_SESSION).home(json!({})).await.code(), 10506);
}

each_database!(
    home_sums_the_merchants_days_and_a_new_time_zone_regroups_the_same_buckets,
    holdings_steps_and_scan_lag_follow_what_the_merchant_has_done,
    callbacks_failing_count_events_refused_by_the_merchant,
    daily_series_has_every_merchant_day_oldest_first,
    ranges_are_refused_with_what_is_wrong,
    home_needs_a_session_and_menu_1,
);
