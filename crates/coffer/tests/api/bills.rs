//! Monthly bills (Service list, Bills tab), end to end on the devchain: postpaid fees held and
//! posted on the merchant's billed account (never its points), one bill per merchant and month
//! issued once the month has ended, its lines adding up; "I have paid" accepted only for a
//! confirmed USDT payment to the billing address made after the bill, each transaction on one
//! bill at most, an underpayment back to "to be paid" with the shortfall, an overpayment
//! becoming points. Only the merchant's own bills, only with menu 10 (and button 1001 to pay).

use chrono::{DateTime, Duration, Utc};
use coffer_domain::bills::Period;
use coffer_domain::clock::Clock;
use coffer_domain::rates::Service;
use coffer_testkit::{each_database, TestDb};
use serde_json::{json, Value};

use crate::deposits::{range, scan, with, DEV};
use crate::fees::set_rate;
use crate::helpers::{spawn_app_with, TestApp};
use crate::points_cli::said;
use crate::recharge::platform_ready;
use crate::wallets::{demo_merchant, offline_chains};
use crate::withdrawals::{detail, payer, withdraw};

const BILLS: &str = "/api/partner/service/bills";
const ADDRESSES: &str = "/api/partner/service/billingAddresses";
const PAID: &str = "/api/partner/service/bills/paid";
const POINTS_PAGE: &str = "/api/partner/points/pageList";

fn at(text: &str) -> DateTime<Utc> {
    text.parse().unwrap()
}

/// Moves the test clock on to `to` (it only goes forward).
fn advance_to(app: &TestApp, to: DateTime<Utc>) {
    let now = app.clock.now();
    assert!(to > now, "{to} is not after {now}");
    app.clock.advance(to - now);
}

async fn bills_of(app: &TestApp, session: &str) -> Vec<Value> {
    let answer = app
        .post_as(session, BILLS, json!({"page": 1, "pageSize": 20}))
        .await;
    assert_eq!(answer.code(), 1, "{:?}", answer.body);
    answer.data()["list"].as_array().unwrap().clone()
}

/// The devchain without outside nodes, and sessions that outlive the months the tests skip.
fn months_long(c: &mut coffer::config::Config) {
    offline_chains(c);
    c.auth.session_idle_minutes = 60 * 24 * 366;
    c.auth.session_absolute_hours = 24 * 366;
}

fn ledger_holds(app: &TestApp) {
    let (status, stdout, stderr) = said(&app.admin(&["ledger", "verify"]));
    assert_eq!(status, Some(0), "{stdout}{stderr}");
}

async fn postpaid_fees_make_one_bill_per_month_whose_lines_add_up(db: TestDb) {
    let app = spawn_app_with(db, months_long).await;
    let p = payer(&app, "100").await;
    let merchant = demo_merchant(&app).await;
    let other = app.other_merchant().await;
    set_rate(
        &app,
        merchant,
        Service::PaymentFee,
        json!({"mode": "fixed", "fixed": "1.5", "pay": "postpaid"}),
    )
    .await;
    let month_start = at("2026-11-23T00:00:00Z");
    advance_to(&app, month_start);
    set_rate(
        &app,
        merchant,
        Service::Monthly,
        json!({"mode": "monthly", "fixed": "30", "pay": "postpaid"}),
    )
    .await;

    // Postpaid: no points needed at the door, none taken; two withdrawals complete.
    let mut ids = Vec::new();
    for amount in ["10", "2.5"] {
        let asked = withdraw(&app, &p, amount, json!({})).await;
        assert_eq!(asked.code(), 1, "{:?}", asked.body);
        ids.push(asked.data()["id"].clone());
    }
    app.executor.step().await.unwrap();
    for _ in 0..3 {
        app.devchain.mine().await.unwrap();
        app.executor.step().await.unwrap();
    }
    for id in &ids {
        assert_eq!(detail(&app, &p.token, id).await["status"], 8);
    }
    assert_eq!(app.settler.round().await.unwrap().posted, 2);
    let points_page = app
        .post_as(
            &p.token,
            POINTS_PAGE,
            with(range(&app), json!({"page": 1, "pageSize": 20})),
        )
        .await;
    assert_eq!(
        points_page.data()["total"],
        0,
        "postpaid fees are the bill's, not the points ledger's: {:?}",
        points_page.body
    );
    ledger_holds(&app);

    // Not before the month has ended (and its grace).
    advance_to(&app, at("2026-12-01T00:05:00Z"));
    assert_eq!(app.issuer.round().await.unwrap(), 0);
    assert!(bills_of(&app, &p.token).await.is_empty());
    advance_to(&app, at("2026-12-01T00:10:00Z"));
    assert_eq!(app.issuer.round().await.unwrap(), 1);
    assert_eq!(app.issuer.round().await.unwrap(), 0, "issued once");
    let bills = bills_of(&app, &p.token).await;
    assert_eq!(bills.len(), 1);
    let bill = &bills[0];
    assert_eq!(
        (
            bill["period"].clone(),
            bill["timeZone"].clone(),
            bill["status"].clone(),
            bill["paid"].clone()
        ),
        (json!("2026-11"), json!(0), json!(1), json!("0"))
    );
    let lines = bill["lines"].as_array().unwrap();
    let payment = lines.iter().find(|l| l["service"] == 2).unwrap();
    assert_eq!(
        (
            payment["count"].clone(),
            payment["volume"].clone(),
            payment["amount"].clone(),
            payment["rate"].clone()
        ),
        (
            json!(2),
            json!("12.5 USDT"),
            json!("3"),
            json!("fixed 1.5 per transaction")
        )
    );
    // The monthly fee for the 8 days (less a second) it was in force of November's 30.
    let monthly = lines.iter().find(|l| l["service"] == 4).unwrap();
    assert_eq!(monthly["count"], 8);
    assert_eq!(monthly["amount"], "7.999988");
    assert_eq!(bill["amount"], "10.999988", "the lines add up to the bill");
    assert_eq!(bill["due"], "10.999988");
    // Home says so.
    let home = app.post_as(&p.token, "/api/partner/home/points", json!({})).await;
    assert_eq!(
        home.data()["billDue"],
        json!({"id": bill["id"], "period": "2026-11", "amount": "10.999988", "due": "10.999988", "status": 1})
    );

    // Issuing the period again (another node, the operator) finds the same bill.
    let november = Period::parse("2026-11", 0).unwrap();
    let (again, failed) = app.issuer.issue_period(&november, Some(merchant)).await.unwrap();
    assert_eq!((again.len(), failed), (1, 0));
    assert_eq!(again[0].id, bill["id"].as_i64().unwrap());
    assert_eq!(bills_of(&app, &p.token).await, bills);
    // The operator's list, and the command (on the wall clock: October has ended, the far
    // future has not, whenever the test runs).
    let (_, listed, _) = said(&app.admin(&["bill", "list", "--status", "to-be-paid"]));
    assert_eq!(listed.lines().count(), 1, "{listed}");
    assert!(
        listed.contains(&format!(
            "merchant {merchant}\t2026-11 (UTC+0)\tamount 10.999988\tpaid 0\tto be paid"
        )),
        "{listed}"
    );
    let (status, stdout, stderr) = said(&app.admin(&["bill", "issue", "--period", "2026-10"]));
    assert_eq!(status, Some(0), "{stdout}{stderr}");
    assert!(stdout.contains("Nobody owes anything for 2026-10"), "{stdout}");
    let (status, _, stderr) = said(&app.admin(&["bill", "issue", "--period", "9999-12"]));
    assert_eq!(status, Some(1));
    assert!(stderr.contains("has not ended yet"), "{stderr}");
    let (status, _, stderr) = said(&app.admin(&["bill", "issue", "--period", "2026-13"]));
    assert_eq!(status, Some(1));
    assert!(stderr.contains("YYYY-MM"), "{stderr}");
    ledger_holds(&app);

    // Only the merchant's own bills; menu 10 to read them.
    assert!(bills_of(&app, &other).await.is_empty());
    let viewer = app
        .operator("viewer@coffer.local", "Viewer-Pass-2026", &[1])
        .await;
    for path in [BILLS, ADDRESSES] {
        app.assert_gated(&viewer, path, &json!({}), "10").await;
    }
    let paying = json!({"billId": bill["id"], "chainId": DEV, "hash": format!("0x{}", "ab".repeat(32))});
    app.assert_gated(&viewer, PAID, &paying, "1001").await;
    let bad = app.post_as(&p.token, BILLS, json!({"status": 9})).await;
    assert_eq!(bad.code(), 10422);
}

/// Sends `amount` USDT to `to`, mines it and its confirmations: its hash.
async fn paid_and_confirmed(app: &TestApp, to: &str, amount: &str) -> String {
    let hash = app.send_usdt(to, amount).await;
    for _ in 0..3 {
        app.devchain.mine().await.unwrap();
    }
    hash
}

/// Checks the payments, then reads November's bill.
async fn checked(app: &TestApp, session: &str) -> Value {
    check(app).await;
    the_bill(app, session, "2026-11").await
}

/// Why the bill's last payment was not accepted.
fn reason(bill: &Value) -> &str {
    bill["reason"]
        .as_str()
        .unwrap_or_else(|| panic!("no reason on {bill}"))
}

/// Steps the check past its wait and runs it.
async fn check(app: &TestApp) {
    app.clock.advance(Duration::seconds(61));
    app.bills.check_round().await.unwrap();
}

async fn submit(app: &TestApp, session: &str, bill: &Value, hash: &str) -> crate::helpers::Answer {
    app.post_as(
        session,
        PAID,
        json!({"billId": bill["id"], "chainId": DEV, "hash": hash}),
    )
    .await
}

async fn the_bill(app: &TestApp, session: &str, period: &str) -> Value {
    bills_of(app, session)
        .await
        .into_iter()
        .find(|b| b["period"] == period)
        .unwrap()
}

async fn i_have_paid_is_accepted_only_for_a_confirmed_payment_of_the_bill(db: TestDb) {
    let app = spawn_app_with(db, months_long).await;
    let me = app.sign_in_demo().await;
    let merchant = demo_merchant(&app).await;
    let platform = platform_ready(&app).await;
    // No bill is paid before the operator says where (the platform merchant is set above).
    let addresses = app.post_as(&me, ADDRESSES, json!({})).await;
    let billing = addresses.data()[0].clone();
    assert_eq!(
        (
            billing["chainId"].clone(),
            billing["token"].clone(),
            billing["confirmations"].clone()
        ),
        (json!(DEV), json!("USDT"), json!(3))
    );
    let billing = billing["address"].as_str().unwrap().to_string();
    advance_to(&app, at("2026-11-30T00:00:00Z"));
    set_rate(
        &app,
        merchant,
        Service::Monthly,
        json!({"mode": "monthly", "fixed": "30", "pay": "postpaid"}),
    )
    .await;
    // Paid before the bill exists: it cannot pay it.
    let early = paid_and_confirmed(&app, &billing, "5").await;
    advance_to(&app, at("2026-12-01T00:10:00Z"));
    app.issuer.round().await.unwrap();
    advance_to(&app, at("2027-01-01T00:10:00Z"));
    app.issuer.round().await.unwrap();
    let november = the_bill(&app, &me, "2026-11").await;
    assert_eq!(november["amount"], "0.999988");
    let december = the_bill(&app, &me, "2026-12").await;
    assert_eq!(december["amount"], "30");

    // The door: a hash no chain could have, another merchant's bill, a chain without billing.
    assert_eq!(submit(&app, &me, &november, "0x1234").await.code(), 10422);
    assert_eq!(
        submit(&app, &platform, &november, &early).await.code(),
        17001,
        "another merchant's bill is not found"
    );
    let no_chain = app
        .post_as(
            &me,
            PAID,
            json!({"billId": november["id"], "chainId": 999, "hash": early}),
        )
        .await;
    assert_eq!(no_chain.code(), 10422);

    // Older than the bill: back to "to be paid" with the reason.
    let answer = submit(&app, &me, &november, &early).await;
    assert_eq!(answer.code(), 1, "{:?}", answer.body);
    assert_eq!(answer.data()["status"], 2, "confirming");
    assert_eq!(submit(&app, &me, &november, &early).await.code(), 20002);
    assert_eq!(
        submit(&app, &me, &december, &early).await.code(),
        20003,
        "a transaction on one bill only"
    );
    let bill = checked(&app, &me).await;
    assert_eq!(bill["status"], 1);
    assert!(
        reason(&bill).contains("mined before the bill was issued"),
        "{bill}"
    );

    // A payment to another address, and the native coin to the billing address.
    let elsewhere = paid_and_confirmed(&app, &app.deposit_address(merchant, DEV, "u1").await, "1").await;
    submit(&app, &me, &november, &elsewhere).await;
    let bill = checked(&app, &me).await;
    assert!(reason(&bill).contains("not the billing address"), "{bill}");
    let coin = app
        .devchain
        .fund(
            &billing,
            &coffer_domain::ports::chain::Asset::Native,
            coffer_domain::amount::BaseUnits::from_decimal("1", 18).unwrap(),
        )
        .await
        .unwrap();
    for _ in 0..3 {
        app.devchain.mine().await.unwrap();
    }
    submit(&app, &me, &november, &coin).await;
    let bill = checked(&app, &me).await;
    assert!(reason(&bill).contains("does not transfer USDT"), "{bill}");

    // Not on the chain: waits, then refused after half an hour.
    let nowhere = format!("0x{}", "ab".repeat(32));
    submit(&app, &me, &november, &nowhere).await;
    let bill = checked(&app, &me).await;
    assert_eq!(bill["status"], 2, "still confirming: {bill}");
    assert_eq!(
        bill["payment"]["reason"],
        "the transaction is not on the chain yet"
    );
    app.clock.advance(Duration::minutes(30));
    let bill = checked(&app, &me).await;
    assert!(reason(&bill).contains("was not found"), "{bill}");

    // Underpaid: counted, and the bill asks for the rest. A reorganisation before the
    // confirmations restarts their count.
    let half = app.send_usdt(&billing, "0.5").await;
    app.devchain.mine().await.unwrap();
    submit(&app, &me, &november, &half).await;
    let bill = checked(&app, &me).await;
    assert_eq!(bill["payment"]["reason"], "1 of 3 confirmations");
    app.devchain.reorg(1).await.unwrap();
    app.devchain.mine().await.unwrap();
    let bill = checked(&app, &me).await;
    assert_eq!(bill["payment"]["reason"], "2 of 3 confirmations", "{bill}");
    app.devchain.mine().await.unwrap();
    let bill = checked(&app, &me).await;
    assert_eq!(
        (bill["status"].clone(), bill["paid"].clone(), bill["due"].clone()),
        (json!(1), json!("0.5"), json!("0.499988"))
    );
    assert!(
        reason(&bill).starts_with("underpaid by 0.499988 points"),
        "{bill}"
    );

    // The rest and 2 more: has paid, the 2 become USDT points.
    let rest = paid_and_confirmed(&app, &billing, "2.499988").await;
    submit(&app, &me, &november, &rest).await;
    check(&app).await;
    let bill = checked(&app, &me).await;
    assert_eq!(
        (
            bill["status"].clone(),
            bill["paid"].clone(),
            bill["payment"]["amount"].clone()
        ),
        (json!(3), json!("0.999988"), json!("2.499988"))
    );
    let balance = app.post_as(&me, "/api/partner/points/balance", json!({})).await;
    let usdt = balance
        .data()
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["asset"] == 1)
        .unwrap()
        .clone();
    assert_eq!(usdt["available"], "2");
    // Home now names the next bill not paid: December's.
    let home = app.post_as(&me, "/api/partner/home/points", json!({})).await;
    assert_eq!(
        (
            home.data()["billDue"]["period"].clone(),
            home.data()["billDue"]["due"].clone()
        ),
        (json!("2026-12"), json!("30"))
    );
    assert_eq!(
        submit(&app, &me, &december, &rest).await.code(),
        20003,
        "accepted: on one bill for good"
    );
    // The platform's scanner records the payments to its billing address; none is a recharge.
    scan(&app).await;
    assert_eq!(app.recharges.run().await.unwrap().credited, 0);
    ledger_holds(&app);

    // Without button 1001 the bill is read, not paid.
    let reader = app
        .operator("reader@coffer.local", "Reader-Pass-2026", &[10])
        .await;
    assert_eq!(bills_of(&app, &reader).await.len(), 2);
    assert_eq!(submit(&app, &reader, &december, &rest).await.code(), 10403);
}

each_database!(
    postpaid_fees_make_one_bill_per_month_whose_lines_add_up,
    i_have_paid_is_accepted_only_for_a_confirmed_payment_of_the_bill,
);
