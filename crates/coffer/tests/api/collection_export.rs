//! Collection transactions as CSV (`collect/export`): every collection the list's filter
//! selects, newest first, with no row limit; titles and codes in the reader's language, times in
//! the merchant's zone; a refused filter answers the envelope; another merchant's collections are
//! never in it.

use coffer_domain::clock::Clock;
use coffer_testkit::{each_database, TestDb};
use serde_json::{json, Value};

use crate::collection_plan::{app, cold_address_in_force, deposit, save_collect, tick};
use crate::collection_sweep::collections;
use crate::console::Collection;
use crate::deposits::DEV;
use crate::exports::{cells, export, in_zone, set_time_zone, Download};
use crate::helpers::TestApp;
use crate::wallets::demo_merchant;

const ZONE: i32 = 13;

async fn export_of(app: &TestApp, token: &str, filter: Value, language: &str) -> Download {
    export(app, token, Collection::EXPORT, filter, language).await
}

/// The first cell (the collection's id) of each row.
fn ids(file: &Download) -> Vec<String> {
    file.lines[1..].iter().map(|l| cells(l)[0].clone()).collect()
}

async fn collections_export_as_csv_in_the_readers_words(db: TestDb) {
    let app = app(db).await;
    let token = app.sign_in_demo().await;
    app.accept_token(&token, DEV, 1).await;
    let merchant = demo_merchant(&app).await;
    cold_address_in_force(&app, &token).await;
    let assets = app.assets(&token).list_all().await;
    save_collect(&app, &token, &assets.data()[0], 3).await;
    for (user, amount) in [("user-1", "20"), ("user-2", "30"), ("user-3", "40")] {
        deposit(&app, merchant, user, amount).await;
    }
    assert_eq!(tick(&app).await.opened, 3);
    set_time_zone(&app, &token, ZONE).await;
    let listed = collections(&app, &token).await;
    assert_eq!(listed.len(), 3);

    // Everything, newest first, as the list answers it.
    let file = export_of(&app, &token, json!({}), "en").await;
    assert_eq!(file.content_type, "text/csv; charset=utf-8");
    let today = (app.clock.now() + chrono::Duration::hours(ZONE.into())).format("%Y%m%d");
    assert_eq!(
        file.disposition,
        format!("attachment; filename=\"collections-{today}.csv\"")
    );
    assert_eq!(
        file.header(),
        [
            "ID",
            "Created (UTC+13)",
            "Chain",
            "Token",
            "Deposit address",
            "Amount",
            "Attributed",
            "Unattributed",
            "Waiting when opened",
            "Fee coin",
            "Sweep fee quoted",
            "Fee paid (all steps)",
            "Burning would cost",
            "Energy",
            "Energy TRX points",
            "Status",
            "Reason",
            "Trigger",
            "Collect now run",
            "Updated (UTC+13)",
            "Finished (UTC+13)"
        ]
    );
    let listed_ids: Vec<String> = listed.iter().map(|r| r["id"].to_string()).collect();
    assert_eq!(ids(&file), listed_ids);
    let newest = &listed[0];
    let text = |field: &str| newest[field].as_str().unwrap_or_default().to_string();
    assert_eq!(
        cells(&file.lines[1]),
        [
            newest["id"].to_string(),
            in_zone(&text("createdAt"), ZONE),
            text("chainname"),
            "USDT".to_string(),
            text("address"),
            String::new(),
            String::new(),
            String::new(),
            text("waiting"),
            "DEV".to_string(),
            String::new(),
            String::new(),
            String::new(),
            String::new(),
            String::new(),
            "Waiting for collection".to_string(),
            text("reason"),
            "On deposit".to_string(),
            String::new(),
            in_zone(&text("updatedAt"), ZONE),
            String::new(),
        ]
    );

    // The list's filter: one address; a status none has (the header alone); another language.
    let user_2 = app.deposit_address(merchant, DEV, "user-2").await;
    let one = export_of(&app, &token, json!({"address": user_2}), "en").await;
    assert_eq!(one.lines.len(), 2, "{:?}", one.lines);
    assert_eq!(cells(&one.lines[1])[4], user_2);
    let none = export_of(&app, &token, json!({"status": 1}), "en").await;
    assert_eq!(none.lines.len(), 1, "the header only: {:?}", none.lines);
    let zh = export_of(&app, &token, json!({"chainId": DEV}), "zh-HK").await;
    assert_eq!(zh.header()[..2], ["ID", "建立時間（UTC+13）"]);
    assert_eq!(cells(&zh.lines[1])[15], "等待歸集");
    assert_eq!(cells(&zh.lines[1])[17], "每筆充值");

    // A refused filter answers the envelope, not a file.
    let bad = app.collection(&token).export(json!({"status": 99})).await;
    assert_eq!(bad.code(), 10422, "{:?}", bad.body);

    // Another merchant's export holds none of these; no session, or no 501, is refused.
    let outsider = app.other_merchant().await;
    let theirs = export_of(&app, &outsider, json!({}), "en").await;
    assert_eq!(theirs.lines.len(), 1, "{:?}", theirs.lines);
    let viewer = app
        .operator("viewer@coffer.local", "Viewer-Pass-2026", &[5, 502])
        .await;
    app.assert_gated(&viewer, Collection::EXPORT, &json!({}), "501")
        .await;
}

each_database!(collections_export_as_csv_in_the_readers_words);
