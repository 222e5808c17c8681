//! Deposits never credited (dust, a token not enabled) on the console: each row says so with
//! its reason, the status filter's "Not credited" (`uncredited`) selects exactly them in the
//! deposit list, the transaction list and the exports, their counts and sums are the same read
//! from the hourly buckets or from the rows, and another merchant's never show.

use coffer_domain::amount::BaseUnits;
use coffer_domain::ports::chain::Asset;
use coffer_domain::ports::OrderStatus;
use coffer_testkit::{each_database, TestDb};
use serde_json::{json, Value};

use crate::deposits::{merchant_ready, scan, with, DEV};
use crate::exports::{cells, export, DEPOSIT_EXPORT, TX_EXPORT};
use crate::helpers::{spawn_app_with, TestApp, OTHER_EMAIL};
use crate::receiver::Receiver;
use crate::rollup::{ranges, withdrawal};
use crate::transactions::PAGE as TX_PAGE;
use crate::wallets::{demo_merchant, list, offline_chains};

const TX_SUMMARY: &str = "/api/partner/user/tx/summary";

/// (amount, uncredited, note) of each row, sorted by the amount's text.
fn marks(rows: &[Value]) -> Vec<(String, Value, Value)> {
    let mut found: Vec<_> = rows
        .iter()
        .map(|r| {
            (
                r["amount"].as_str().unwrap().to_string(),
                r["uncredited"].clone(),
                r["note"].clone(),
            )
        })
        .collect();
    found.sort_by(|a, b| a.0.cmp(&b.0));
    found
}

/// The amounts of a summary's per-token totals: "amount symbol", sorted.
fn totals(totals: &Value) -> Vec<String> {
    let mut found: Vec<String> = totals
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            format!(
                "{} {}",
                t["amount"].as_str().unwrap(),
                t["symbol"].as_str().unwrap()
            )
        })
        .collect();
    found.sort();
    found
}

/// The demo merchant's 25.5 USDT (credited), 0.001 USDT (dust) and 1 DEV (the native coin, never
/// enabled), a withdrawal waiting; the other merchant's 7 USDT, a token it never enabled. All
/// complete on chain. The demo merchant's and the other merchant's sessions.
async fn deposits_of_two_merchants(app: &TestApp) -> (String, String) {
    let receiver = Receiver::start().await;
    let token = merchant_ready(app, &receiver).await;
    let address = app.deposit_address(demo_merchant(app).await, DEV, "user-1").await;
    app.send_usdt(&address, "25.5").await;
    app.send_usdt(&address, "0.001").await;
    let one_dev = BaseUnits::from_decimal("1", 18).unwrap();
    app.devchain
        .fund(&address, &Asset::Native, one_dev)
        .await
        .unwrap();
    let theirs = app.other_merchant().await;
    let other = app.store.merchant_of(OTHER_EMAIL).await.unwrap().unwrap();
    let their_address = app.deposit_address(other, DEV, "user-1").await;
    app.send_usdt(&their_address, "7").await;
    for _ in 0..3 {
        app.devchain.mine().await.unwrap();
    }
    assert_eq!(scan(app).await.deposits, 4);
    withdrawal(app, "1.25", OrderStatus::New).await;
    (token, theirs)
}

async fn uncredited_deposits_say_so_and_the_filter_selects_exactly_them(db: TestDb) {
    let app = spawn_app_with(db, offline_chains).await;
    let (token, theirs) = deposits_of_two_merchants(&app).await;
    let (whole, odd) = ranges(&app);
    let page = |filter: Value| with(filter, json!({"page": 1, "pageSize": 20}));
    let uncredited = |filter: &Value, value: bool| with(filter.clone(), json!({"uncredited": value}));

    // Every row says whether it is ever credited, and why not.
    let all = app.deposits(&token).page(page(whole.clone())).await;
    assert_eq!(
        marks(&list(&all)),
        vec![
            ("0.001".into(), json!(true), json!("dust")),
            ("1".into(), json!(true), json!("unsupported")),
            ("25.5".into(), json!(false), json!("")),
        ],
        "{:?}",
        all.body
    );
    assert!(
        list(&all).iter().all(|r| r["status"] == 8),
        "all complete on chain"
    );

    // "Not credited" selects exactly them, whatever their state; the others are the rest.
    // Nothing is announced for them: "not announced" (4), never "in callback" (0) for ever.
    for row in list(&all) {
        let expected = if row["uncredited"] == json!(true) { 4 } else { 0 };
        assert_eq!(row["callbackStatus"], expected, "{row}");
    }
    let not_credited = app.deposits(&token).page(page(uncredited(&whole, true))).await;
    assert_eq!(not_credited.data()["total"], 2);
    assert_eq!(marks(&list(&not_credited)), marks(&list(&all))[..2].to_vec());
    let credited = app.deposits(&token).page(page(uncredited(&whole, false))).await;
    assert_eq!(credited.data()["total"], 1);
    assert_eq!(list(&credited)[0]["amount"], "25.5");
    // "Transaction complete" means credited and complete: the deposit list sends both.
    let complete = with(whole.clone(), json!({"status": 8, "uncredited": false}));
    assert_eq!(app.deposits(&token).page(page(complete)).await.data()["total"], 1);

    // The counts and sums of the filter, from the buckets (whole hours) and from the rows (a
    // start between hours; an address every row has): the same, and exact.
    let by_buckets = app.deposits(&token).summary(uncredited(&whole, true)).await;
    let s = by_buckets.data();
    assert_eq!(s["count"], 2, "{s}");
    assert_eq!(totals(&s["totals"]), ["0.001 USDT", "1 DEV"]);
    assert_eq!(s["outcomes"]["uncredited"]["count"], 2);
    assert_eq!(s["outcomes"]["complete"]["count"], 0, "never money received");
    for rows in [
        uncredited(&odd, true),
        with(uncredited(&whole, true), json!({"address": "0x"})),
    ] {
        assert_eq!(
            app.deposits(&token).summary(rows.clone()).await.body,
            by_buckets.body,
            "{rows}"
        );
        let paged = app.deposits(&token).page(page(rows.clone())).await;
        assert_eq!(paged.data()["total"], 2, "{rows}");
    }
    let credited_sums = app.deposits(&token).summary(uncredited(&whole, false)).await;
    assert_eq!(credited_sums.data()["count"], 1);
    assert_eq!(totals(&credited_sums.data()["totals"]), ["25.5 USDT"]);

    // The transaction list: a withdrawal is always creditable.
    let tx = app.post_as(&token, TX_PAGE, page(uncredited(&whole, true))).await;
    assert_eq!(tx.data()["total"], 2, "{:?}", tx.body);
    assert!(list(&tx)
        .iter()
        .all(|r| r["type"] == 1 && r["uncredited"] == true));
    let tx_rows = app.post_as(&token, TX_PAGE, page(uncredited(&odd, true))).await;
    assert_eq!(tx_rows.data()["total"], 2);
    let others = app
        .post_as(&token, TX_PAGE, page(uncredited(&whole, false)))
        .await;
    assert_eq!(
        others.data()["total"],
        2,
        "the credited deposit and the withdrawal"
    );
    let sums = app.post_as(&token, TX_SUMMARY, uncredited(&whole, true)).await;
    assert_eq!(sums.data()["count"], 2, "{:?}", sums.body);
    assert_eq!(sums.data()["withdrawals"]["count"], 0);

    // The exports hold the same rows, the status saying "Not credited" with the reason.
    for path in [DEPOSIT_EXPORT, TX_EXPORT] {
        let file = export(&app, &token, path, uncredited(&whole, true), "en").await;
        let status = file.header().iter().position(|t| t == "Status").unwrap();
        let mut written: Vec<String> = file.lines[1..].iter().map(|l| cells(l)[status].clone()).collect();
        written.sort();
        assert_eq!(
            written,
            [
                "Not credited: Below the minimum",
                "Not credited: Token not enabled"
            ],
            "{path}"
        );
    }

    // The other merchant sees its own uncredited deposit only, and the demo merchant never
    // saw it (two rows above, counts of two).
    let their_rows = app.deposits(&theirs).page(page(uncredited(&whole, true))).await;
    assert_eq!(
        marks(&list(&their_rows)),
        vec![("7".into(), json!(true), json!("unsupported"))]
    );
    let their_sums = app.deposits(&theirs).summary(uncredited(&whole, true)).await;
    assert_eq!(totals(&their_sums.data()["totals"]), ["7 USDT"]);
}

each_database!(uncredited_deposits_say_so_and_the_filter_selects_exactly_them);
