//! Points list (menu 11): the merchant's balances, its ledger page by page and as CSV, each
//! amount signed as the merchant sees it; only its own transfers, only with menu 11.

use chrono::{DateTime, Duration, Utc};
use coffer_domain::clock::Clock;
use coffer_domain::points::{AccountRef, Cause, LedgerOp, NewTransfer, Origin, PointAsset, Resolution};
use coffer_domain::ports::PointsLedger;
use coffer_testkit::{each_database, TestDb};
use serde_json::{json, Value};

use crate::exports::{cells, export, in_zone, set_time_zone};
use crate::helpers::{fields, spawn_app_with, TestApp, OTHER_EMAIL};
use crate::wallets::{demo_merchant, offline_chains};

const BALANCE: &str = "/api/partner/points/balance";
const PAGE: &str = "/api/partner/points/pageList";
const EXPORT: &str = "/api/partner/points/export";
const TX: &str = "0xabc123";

/// A transfer posted at once from `debit` to `credit`.
fn single(
    key: String,
    asset: PointAsset,
    (debit, credit): (AccountRef, AccountRef),
    amount: i64,
    cause: Cause,
    origin: Origin,
    at: DateTime<Utc>,
) -> LedgerOp {
    LedgerOp::Transfer(NewTransfer {
        key,
        asset,
        debit,
        credit,
        amount,
        cause,
        hold_until: None,
        origin,
        at,
    })
}

/// For `merchant`: a grant of 10 USDT points, a recharge of 5 TRX points on TRON, a 0.25
/// collection fee held and then posted at 0.2, and a 0.1 withdrawal fee held and voided.
async fn ledger_of(app: &TestApp, merchant: i64) {
    let at = app.clock.now();
    let me = AccountRef::Merchant(merchant);
    let reference = |r: &str| Origin {
        reference: r.into(),
        ..Origin::default()
    };
    let hold = |key: &str, amount: i64, cause: Cause, r: &str| {
        LedgerOp::Transfer(NewTransfer {
            key: format!("{key}:{merchant}"),
            asset: PointAsset::Usdt,
            debit: me,
            credit: AccountRef::Revenue,
            amount,
            cause,
            hold_until: Some(at + Duration::hours(1)),
            origin: reference(r),
            at,
        })
    };
    let resolve = |key: &str, resolution| LedgerOp::Resolve {
        hold_key: format!("{key}:{merchant}"),
        resolution,
        at,
    };
    let recharge = Origin {
        reference: format!("recharge:{TX}"),
        chain: Some("TRON".into()),
        tx_hash: Some(TX.into()),
        ..Origin::default()
    };
    let ops = [
        single(
            format!("grant:{merchant}"),
            PointAsset::Usdt,
            (AccountRef::Grants, me),
            10_000_000,
            Cause::Grant,
            reference("grant:T-1"),
            at,
        ),
        single(
            format!("recharge:{merchant}"),
            PointAsset::Trx,
            (AccountRef::Outside, me),
            5_000_000,
            Cause::Recharge,
            recharge,
            at,
        ),
        hold(
            "fee:collection:12",
            250_000,
            Cause::CollectionFee,
            "collection:12",
        ),
        resolve("fee:collection:12", Resolution::Post(200_000)),
        hold("fee:withdrawal:34", 100_000, Cause::PaymentFee, "withdrawal:34"),
    ];
    // One batch each, as the services make them.
    for op in ops {
        let outcomes = app.store.apply(&[op]).await.unwrap();
        assert!(outcomes[0].transfer().is_some(), "{outcomes:?}");
    }
}

fn range(app: &TestApp) -> Value {
    let now = app.clock.now();
    json!({"start": now - Duration::days(1), "end": now + Duration::days(1)})
}

fn with(mut body: Value, more: Value) -> Value {
    for (k, v) in more.as_object().unwrap() {
        body[k] = v.clone();
    }
    body
}

async fn rows(app: &TestApp, token: &str, body: Value) -> Value {
    let page = app.post_as(token, PAGE, body).await;
    assert_eq!(page.code(), 1, "{:?}", page.body);
    page.data().clone()
}

async fn a_merchant_reads_its_own_points_and_ledger(db: TestDb) {
    let app = spawn_app_with(db, offline_chains).await;
    let token = app.sign_in_demo().await;
    let other = app.other_merchant().await;
    let (mine, theirs) = (
        demo_merchant(&app).await,
        app.store.merchant_of(OTHER_EMAIL).await.unwrap().unwrap(),
    );
    ledger_of(&app, mine).await;
    // The other merchant's: a grant of 3 USDT points, nothing else.
    let at = app.clock.now();
    let grant = single(
        format!("grant:{theirs}"),
        PointAsset::Usdt,
        (AccountRef::Grants, AccountRef::Merchant(theirs)),
        3_000_000,
        Cause::Grant,
        Origin::default(),
        at,
    );
    app.store.apply(&[grant]).await.unwrap();
    app.store
        .set_credit_limit(mine, PointAsset::Usdt, 1_500_000)
        .await
        .unwrap();
    // The withdrawal fee's hold released.
    let void = LedgerOp::Resolve {
        hold_key: format!("fee:withdrawal:34:{mine}"),
        resolution: Resolution::Void,
        at,
    };
    app.store.apply(&[void]).await.unwrap();

    // Balances: 10 granted less the 0.2 fee posted; nothing held now.
    let balance = app.post_as(&token, BALANCE, json!({})).await;
    assert_eq!(
        balance.data(),
        &json!([
            {"asset": 1, "available": "9.8", "held": "0", "posted": "9.8", "creditLimit": "1.5"},
            {"asset": 2, "available": "5", "held": "0", "posted": "5", "creditLimit": "0"},
        ])
    );
    let theirs_balance = app.post_as(&other, BALANCE, json!({})).await;
    assert_eq!(theirs_balance.data()[0]["available"], "3");

    // The ledger, newest first, each amount signed from the merchant's side.
    let page = rows(&app, &token, range(&app)).await;
    assert_eq!(page["total"], 6);
    let list = page["list"].as_array().unwrap();
    let names = ["asset", "cause", "kind", "amount", "availableAfter", "reference"];
    let seen: Vec<Value> = list.iter().map(|r| fields(r, &names)).collect();
    let row = |asset: i32, cause: i32, kind: i32, amount: &str, after: &str, reference: &str| {
        json!([asset, cause, kind, amount, after, reference])
    };
    assert_eq!(
        seen,
        [
            row(1, 4, 4, "0.1", "9.8", "withdrawal:34"),
            row(1, 4, 2, "-0.1", "9.7", "withdrawal:34"),
            row(1, 3, 3, "-0.2", "9.8", "collection:12"),
            row(1, 3, 2, "-0.25", "9.75", "collection:12"),
            row(2, 1, 1, "5", "5", &format!("recharge:{TX}")),
            row(1, 7, 1, "10", "10", "grant:T-1"),
        ]
    );
    let recharge = &list[4];
    assert_eq!(
        fields(recharge, &["chain", "txHash", "txurl"]),
        json!(["TRON", TX, "https://tronscan.org/#/transaction/"])
    );
    assert_eq!(list[5]["txHash"], Value::Null);
    assert_eq!(
        list[5]["createTime"],
        json!(at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
    );

    // Filters: one asset, one cause, a range that misses them, a page of two.
    let trx = rows(&app, &token, with(range(&app), json!({"asset": 2}))).await;
    assert_eq!(
        (trx["total"].clone(), trx["list"][0]["cause"].clone()),
        (json!(1), json!(1))
    );
    let fees = rows(&app, &token, with(range(&app), json!({"cause": 3}))).await;
    assert_eq!(fees["total"], 2);
    let later = json!({"start": at + Duration::hours(1), "end": at + Duration::days(2)});
    assert_eq!(rows(&app, &token, later).await["total"], 0);
    let second = rows(&app, &token, with(range(&app), json!({"page": 2, "pageSize": 2}))).await;
    assert_eq!(
        (second["total"].clone(), second["list"][0]["kind"].clone()),
        (json!(6), json!(3))
    );

    // Bad input: an unknown asset or cause, no range, a range over a year, a page out of bounds.
    for bad in [
        with(range(&app), json!({"asset": 3})),
        with(range(&app), json!({"cause": 99})),
        json!({}),
        json!({"start": at - Duration::days(400), "end": at}),
        with(range(&app), json!({"pageSize": 101})),
        with(range(&app), json!({"page": 0})),
    ] {
        let refused = app.post_as(&token, PAGE, bad.clone()).await;
        assert_eq!(refused.code(), 10422, "{bad}: {:?}", refused.body);
    }
    let unknown = app
        .call(
            PAGE,
            with(range(&app), json!({"cause": 99})),
            Some(&token),
            Some("zh-CN"),
        )
        .await;
    assert_eq!(unknown.msg(), "请选择 USDT 或 TRX 点数，以及列表中的类型");

    // The other merchant sees its grant alone.
    let theirs_page = rows(&app, &other, range(&app)).await;
    assert_eq!(theirs_page["total"], 1);
    assert_eq!(theirs_page["list"][0]["amount"], "3");

    // No session, or a role without menu 11, is refused on all three.
    let viewer = app
        .operator("viewer@coffer.local", "Viewer-Pass-2026", &[1])
        .await;
    for path in [BALANCE, PAGE, EXPORT] {
        app.assert_gated(&viewer, path, &range(&app), "11").await;
    }
}

async fn the_ledger_exports_as_csv_in_the_readers_words(db: TestDb) {
    let app = spawn_app_with(db, offline_chains).await;
    let token = app.sign_in_demo().await;
    let other = app.other_merchant().await;
    ledger_of(&app, demo_merchant(&app).await).await;
    set_time_zone(&app, &token, 8).await;

    let file = export(&app, &token, EXPORT, range(&app), "en").await;
    assert_eq!(file.content_type, "text/csv; charset=utf-8");
    assert!(
        file.disposition.starts_with("attachment; filename=\"points-"),
        "{}",
        file.disposition
    );
    assert_eq!(
        file.header(),
        [
            "ID",
            "Created (UTC+8)",
            "Points",
            "Type",
            "Entry",
            "Amount",
            "Available after",
            "Related",
            "Chain",
            "Transaction hash"
        ]
    );
    let listed = rows(&app, &token, with(range(&app), json!({"pageSize": 100}))).await;
    let listed = listed["list"].as_array().unwrap();
    assert_eq!(file.lines.len(), 1 + listed.len());
    let ids: Vec<String> = file.lines[1..].iter().map(|l| cells(l)[0].clone()).collect();
    let listed_ids: Vec<String> = listed.iter().map(|r| r["id"].to_string()).collect();
    assert_eq!(ids, listed_ids, "the list's rows, in its order");
    let held = cells(&file.lines[1]);
    let created = in_zone(listed[0]["createTime"].as_str().unwrap(), 8);
    assert_eq!(
        held,
        [
            &listed_ids[0],
            &created,
            "USDT points",
            "Withdrawal fee",
            "Held",
            "-0.1",
            "9.7",
            "withdrawal:34",
            "",
            ""
        ]
    );
    let recharge = cells(&file.lines[4]);
    assert_eq!(
        recharge[2..],
        [
            "TRX points",
            "Recharge",
            "Posted",
            "5",
            "5",
            &format!("recharge:{TX}"),
            "TRON",
            TX
        ]
    );

    // The filter and the reader's language; a refused filter is the envelope, not a file.
    let zh = export(
        &app,
        &token,
        EXPORT,
        with(range(&app), json!({"cause": 3})),
        "zh-HK",
    )
    .await;
    assert_eq!(zh.lines.len(), 3, "{:?}", zh.lines);
    assert_eq!(cells(&zh.lines[1])[2..5], ["USDT 點數", "歸集手續費", "扣除"]);
    let bad = app
        .post_as(&token, EXPORT, with(range(&app), json!({"asset": 9})))
        .await;
    assert_eq!(bad.code(), 10422, "{:?}", bad.body);
    // Another merchant's file holds none of these.
    let theirs = export(&app, &other, EXPORT, range(&app), "en").await;
    assert_eq!(theirs.lines.len(), 1, "{:?}", theirs.lines);
}

each_database!(
    a_merchant_reads_its_own_points_and_ledger,
    the_ledger_exports_as_csv_in_the_readers_words
);
