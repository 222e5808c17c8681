//! The data reports (601 Payment = money out, 602 Receipt = money in): rows per merchant day
//! and asset, totals, the CSV, and who may read them.

use coffer_domain::collection::state::CollectionStatus;
use coffer_domain::ports::OrderStatus;
use coffer_testkit::{each_database, TestDb};
use serde_json::{json, Value};

use crate::assets::DEV;
use crate::console::{Reports, NO_SESSION};
use crate::helpers::{fields, TestApp, OTHER_EMAIL};
use crate::rollup_rows::{utc, Bucket, Swept, NATIVE, USDT};
use crate::wallets::{app_with_dev_seed, demo_merchant};

const WEEK: &str = r#"{"startDate": "2026-11-16", "endDate": "2026-11-22"}"#;

fn week() -> Value {
    serde_json::from_str(WEEK).unwrap()
}

/// The demo merchant at UTC+8 with withdrawals and deposits on two days.
async fn merchant_with_money_both_ways(db: TestDb) -> (TestApp, String) {
    let app = app_with_dev_seed(db).await;
    let token = app.sign_in_demo().await;
    let merchant = demo_merchant(&app).await;
    assert_eq!(
        app.me(&token).set_time_zone(json!({"timeZone": 8})).await.code(),
        1
    );
    let fee = 420_000_000_000_000; // 0.00042 DEV
    for bucket in [
        // The 18th at +8 (02:00 and 07:00 there).
        Bucket {
            fee,
            ..Bucket::complete("withdrawal", utc(17, 18), 2, 30_500_000)
        },
        Bucket {
            fee: 2 * fee,
            token_id: NATIVE,
            ..Bucket::complete("withdrawal", utc(17, 23), 1, 10u128.pow(18))
        },
        // The 20th at +8 (15:59 UTC on the 20th is 23:00 there).
        Bucket {
            fee,
            ..Bucket::complete("withdrawal", utc(20, 15), 1, 1_000_000)
        },
        // Rejected: no money moved.
        Bucket {
            status: OrderStatus::Rejected,
            ..Bucket::complete("withdrawal", utc(20, 15), 9, 9)
        },
        Bucket::complete("deposit", utc(19, 1), 3, 7_250_000),
    ] {
        bucket.put(&app, merchant).await;
    }
    let tenth = 100_000_000_000_000; // 0.0001 DEV
    let minutes = |m: i64| chrono::Duration::minutes(m);
    for swept in [
        // USDT on the 18th at +8: collected, and failed after paying its fees.
        Swept::closed(utc(17, 18) + minutes(5), tenth),
        Swept {
            status: CollectionStatus::Failed,
            ..Swept::closed(utc(17, 23) + minutes(59), 2 * tenth)
        },
        // The native coin on the 19th at +8, an asset without withdrawals that day.
        Swept {
            token_id: NATIVE,
            ..Swept::closed(utc(18, 16), tenth / 10)
        },
        // Still open (no fee recorded yet), closed without paying, outside the week.
        Swept {
            status: CollectionStatus::WaitingCollection,
            fee_paid: None,
            ..Swept::closed(utc(17, 18), 0)
        },
        Swept {
            status: CollectionStatus::NotCollected,
            ..Swept::closed(utc(17, 18), 0)
        },
        Swept::closed(utc(22, 16), tenth),
    ] {
        swept.put(&app, merchant).await;
    }
    (app, token)
}

fn rows(report: &Value) -> Vec<Value> {
    let names = [
        "date",
        "tokenId",
        "symbol",
        "count",
        "amount",
        "fee",
        "feeSymbol",
        "collections",
        "collectionFee",
    ];
    report["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| fields(r, &names))
        .collect()
}

async fn payment_and_receipt_list_days_newest_first_with_totals(db: TestDb) {
    let (app, token) = merchant_with_money_both_ways(db).await;
    // Another merchant's collection, the same hour: never in the demo merchant's report.
    let theirs = app.other_merchant().await;
    let other = app.store.merchant_of(OTHER_EMAIL).await.unwrap().unwrap();
    Swept::closed(utc(17, 18), 7).put(&app, other).await;
    let payment = app.reports(&token).payment(week()).await;
    assert_eq!(payment.code(), 1, "{:?}", payment.body);
    let report = payment.data();
    assert_eq!(
        fields(report, &["startDate", "endDate"]),
        json!(["2026-11-16", "2026-11-22"])
    );
    assert_eq!(
        rows(report),
        vec![
            json!(["2026-11-20", USDT, "USDT", 1, "1", "0.00042", "DEV", 0, "0"]),
            json!(["2026-11-19", null, "DEV", 0, "0", "0", "DEV", 1, "0.00001"]),
            json!(["2026-11-18", null, "DEV", 1, "1", "0.00084", "DEV", 0, "0"]),
            json!([
                "2026-11-18",
                USDT,
                "USDT",
                2,
                "30.5",
                "0.00042",
                "DEV",
                2,
                "0.0003"
            ]),
        ]
    );
    let totals: Vec<Value> = report["totals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            fields(
                t,
                &[
                    "chainId",
                    "tokenId",
                    "chainname",
                    "decimals",
                    "count",
                    "amount",
                    "fee",
                    "collections",
                    "collectionFee",
                ],
            )
        })
        .collect();
    assert_eq!(
        totals,
        vec![
            json!([DEV, null, "Devchain", 18, 1, "1", "0.00084", 1, "0.00001"]),
            json!([DEV, USDT, "Devchain", 6, 3, "31.5", "0.00084", 2, "0.0003"]),
        ]
    );

    let receipt = app.reports(&token).receipt(week()).await;
    assert_eq!(receipt.code(), 1, "{:?}", receipt.body);
    assert_eq!(
        rows(receipt.data()),
        vec![json!(["2026-11-19", USDT, "USDT", 3, "7.25", "0", "DEV", 0, "0"])]
    );

    // One token only (USDT's two days); a day range without orders has no rows and no totals.
    let usdt_only =
        json!({"startDate": "2026-11-16", "endDate": "2026-11-22", "chainId": DEV, "tokenId": USDT});
    assert_eq!(rows(app.reports(&token).payment(usdt_only).await.data()).len(), 2);
    let quiet = app
        .reports(&token)
        .payment(json!({"startDate": "2026-11-21", "endDate": "2026-11-22"}))
        .await;
    assert_eq!(fields(quiet.data(), &["rows", "totals"]), json!([[], []]));

    // The other merchant has its own collection only.
    let other = app.reports(&theirs).payment(week()).await;
    assert_eq!(
        rows(other.data()),
        vec![json!([
            "2026-11-18",
            USDT,
            "USDT",
            0,
            "0",
            "0",
            "DEV",
            1,
            "0.000000000000000007"
        ])]
    );
}

/// POSTs a body and returns the raw answer (a CSV is no envelope).
async fn raw(app: &TestApp, token: &str, path: &str, body: Value) -> reqwest::Response {
    app.http
        .post(format!("{}{path}", app.base))
        .header("sessionCode", token)
        .json(&body)
        .send()
        .await
        .unwrap()
}

async fn the_report_downloads_as_csv(db: TestDb) {
    let (app, token) = merchant_with_money_both_ways(db).await;
    let answer = raw(&app, &token, Reports::PAYMENT_EXPORT, week()).await;
    assert_eq!(answer.status(), 200);
    let header = |name: &str| answer.headers()[name].to_str().unwrap().to_string();
    assert_eq!(header("content-type"), "text/csv; charset=utf-8");
    assert_eq!(
        header("content-disposition"),
        r#"attachment; filename="payment-2026-11-16-2026-11-22.csv""#
    );
    let text = answer.text().await.unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines,
        vec![
            "date,chain,token,count,amount,fee,fee_token,collections,collection_fee",
            "2026-11-20,Devchain,USDT,1,1,0.00042,DEV,0,0",
            "2026-11-19,Devchain,DEV,0,0,0,DEV,1,0.00001",
            "2026-11-18,Devchain,DEV,1,1,0.00084,DEV,0,0",
            "2026-11-18,Devchain,USDT,2,30.5,0.00042,DEV,2,0.0003",
        ]
    );
    let receipt = raw(&app, &token, Reports::RECEIPT_EXPORT, week()).await;
    assert_eq!(
        receipt.headers()["content-disposition"],
        r#"attachment; filename="receipt-2026-11-16-2026-11-22.csv""#
    );
    let receipt = receipt.text().await.unwrap();
    assert_eq!(
        receipt.lines().collect::<Vec<_>>(),
        ["date,chain,token,count,amount", "2026-11-19,Devchain,USDT,3,7.25"],
        "money in has no network fee and no collections"
    );

    // A refused range answers the envelope, not a file.
    let refused = app
        .reports(&token)
        .receipt_export(json!({"startDate": "2026-11-22"}))
        .await;
    assert_eq!(
        refused.code_and_msg(),
        (10422, "A start and an end must be chosen")
    );
}

async fn each_report_needs_its_own_menu(db: TestDb) {
    let app = app_with_dev_seed(db).await;
    let home_only = app.operator("home@shop.example", "Home-Pass-2026", &[1]).await;
    for path in [
        Reports::PAYMENT,
        Reports::RECEIPT,
        Reports::PAYMENT_EXPORT,
        Reports::RECEIPT_EXPORT,
    ] {
        app.assert_gated(&home_only, path, &week(), "its report menu")
            .await;
    }
    let payer = app
        .operator("payer@shop.example", "Payer-Pass-2026", &[6, 601])
        .await;
    assert_eq!(app.reports(&payer).payment(week()).await.code(), 1);
    assert_eq!(app.reports(&payer).receipt(week()).await.code(), 10403);
    assert_eq!(app.reports(&payer).receipt_export(week()).await.code(), 10403);
    assert_eq!(app.reports(NO_SESSION).payment_export(week()).await.code(), 10506);
}

each_database!(
    payment_and_receipt_list_days_newest_first_with_totals,
    the_report_downloads_as_csv,
    each_report_needs_its_own_menu,
);
