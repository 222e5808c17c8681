//! Collection transactions' period and totals (`collect/page_list` and `collect/summary` with
//! `start` / `end`): a collected sweep and one still waiting, counted and summed per chain and
//! token (what was collected, the fees every step paid); a period selects by creation time in
//! the list and its totals alike; another merchant's collections are never counted.

use chrono::{DateTime, Duration, Utc};
use coffer_chain::devchain;
use coffer_domain::clock::Clock;
use coffer_domain::ports::chain::Asset;
use coffer_testkit::{each_database, TestDb};
use serde_json::{json, Value};

use crate::collection_plan::{app, deposit, tick};
use crate::collection_sweep::{collections, decimal, dev, mine, opened_collection, save_fees, sweep};
use crate::console::Collection;
use crate::deposits::DEV;
use crate::helpers::TestApp;
use crate::wallets::demo_merchant;

async fn summary(app: &TestApp, token: &str, filter: Value) -> Value {
    let answer = app.collection(token).summary(filter).await;
    assert_eq!(answer.code(), 1, "{:?}", answer.body);
    answer.data().clone()
}

async fn listed(app: &TestApp, token: &str, filter: Value) -> Vec<i64> {
    let mut body = filter;
    body["page"] = json!(1);
    body["pageSize"] = json!(20);
    let page = app.collection(token).page(body).await;
    assert_eq!(page.code(), 1, "{:?}", page.body);
    page.data()["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["id"].as_i64().unwrap())
        .collect()
}

fn period(start: DateTime<Utc>, end: DateTime<Utc>) -> Value {
    json!({"start": start.to_rfc3339(), "end": end.to_rfc3339()})
}

async fn collection_totals_follow_the_list_filter_and_its_period(db: TestDb) {
    let app = app(db).await;
    let first_day = app.clock.now();
    let (token, secret, hot_id, hot, _) = opened_collection(&app, "20").await;
    // The first collection is swept to the end: a top-up, its confirmation, the sweep.
    assert_eq!(save_fees(&app, &token, &secret, Some(hot_id), "").await.code(), 1);
    app.devchain.fund(&hot, &Asset::Native, dev("1")).await.unwrap();
    for _ in 0..4 {
        mine(&app, 3).await;
        sweep(&app).await;
    }
    assert_eq!(collections(&app, &token).await[0]["status"], 1, "collected");

    // A day on, a second deposit opens a second collection, still waiting.
    app.clock.advance(Duration::days(1));
    let second_day = app.clock.now();
    deposit(&app, demo_merchant(&app).await, "user-2", "15").await;
    assert_eq!(tick(&app).await.opened, 1);
    let rows = collections(&app, &token).await;
    let (newer, older) = (rows[0]["id"].as_i64().unwrap(), rows[1]["id"].as_i64().unwrap());
    assert_eq!(rows[0]["status"], 7);

    // Everything: two collections of USDT on the devchain, one collected, its 20 moved, and
    // the fees of its two steps (the top-up and the sweep) in the chain's coin.
    let fee = devchain::fee();
    let all = summary(&app, &token, json!({})).await;
    assert_eq!(all["count"], 2, "{all}");
    assert_eq!(
        all["totals"],
        json!([{
            "chainId": DEV, "chainname": rows[0]["chainname"], "tokenId": 1, "symbol": "USDT",
            "count": 2, "collectedCount": 1, "collected": "20",
            "nativeSymbol": "DEV", "feePaid": decimal(fee.saturating_add(fee)),
        }])
    );

    // The first day alone, and the second: the list and its totals agree.
    let day_one = period(first_day - Duration::hours(1), second_day);
    assert_eq!(listed(&app, &token, day_one.clone()).await, [older]);
    let one = summary(&app, &token, day_one).await;
    assert_eq!(
        (one["count"].as_u64(), one["totals"][0]["collected"].as_str()),
        (Some(1), Some("20"))
    );
    let day_two = period(second_day, second_day + Duration::days(1));
    assert_eq!(listed(&app, &token, day_two.clone()).await, [newer]);
    let two = summary(&app, &token, day_two).await;
    assert_eq!(
        (
            two["count"].as_u64(),
            two["totals"][0]["collectedCount"].as_u64(),
            two["totals"][0]["collected"].as_str(),
            two["totals"][0]["feePaid"].as_str()
        ),
        (Some(1), Some(0), Some("0"), Some("0"))
    );
    // Only a start: from it on; a period before anything: nothing, and no totals.
    assert_eq!(
        listed(&app, &token, json!({"start": second_day.to_rfc3339()})).await,
        [newer]
    );
    let before = summary(
        &app,
        &token,
        period(first_day - Duration::days(9), first_day - Duration::days(8)),
    )
    .await;
    assert_eq!(
        (before["count"].as_u64(), before["totals"].clone()),
        (Some(0), json!([]))
    );
    // The list's other filters: collected ones only.
    let collected = summary(&app, &token, json!({"status": 1})).await;
    assert_eq!(
        (
            collected["count"].as_u64(),
            collected["totals"][0]["collected"].as_str()
        ),
        (Some(1), Some("20"))
    );

    // Refused filters change nothing and say why.
    let bad_status = app.collection(&token).summary(json!({"status": 99})).await;
    assert_eq!(bad_status.code(), 10422, "{:?}", bad_status.body);
    let bad_time = app
        .collection(&token)
        .summary(json!({"start": "yesterday"}))
        .await;
    assert_eq!(bad_time.code(), 10400, "{:?}", bad_time.body);

    // Another merchant counts none of these; no session, or no 501, is refused.
    let outsider = app.other_merchant().await;
    let theirs = summary(&app, &outsider, json!({})).await;
    assert_eq!(
        (theirs["count"].as_u64(), theirs["totals"].clone()),
        (Some(0), json!([]))
    );
    let viewer = app
        .operator("viewer@coffer.local", "Viewer-Pass-2026", &[5, 502])
        .await;
    app.assert_gated(&viewer, Collection::SUMMARY, &json!({}), "501")
        .await;
}

each_database!(collection_totals_follow_the_list_filter_and_its_period);
