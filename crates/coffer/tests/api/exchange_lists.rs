//! Exchange orders in the console (Token > Trade, menu 204): listed newest first with both sides
//! filterable (pair, token in or out, either hash, any address), counted and summed in the token
//! paid in, one order's detail with its payment and its payout, the CSV, the newest callback
//! sent again (button 20403), the transaction list's type 3; the order buckets kept in step
//! with every move (`coffer admin rollup verify`). Another merchant's orders, a role without
//! the menu or the button, and no session see nothing.

use chrono::{Duration, Timelike};
use coffer_domain::clock::Clock;
use coffer_domain::merchant_api::MerchantApiRepo;
use serde_json::{json, Value};

use crate::exchange_orders::{order, quoted, ready, PAYEE};
use crate::exchange_round::{confirm, ordered_and_paid, pay_out, round, stored, PAYER};
use crate::exports::{cells, export};
use crate::helpers::{spawn_app, TestApp};
use crate::receiver::Receiver;
use crate::wallets::{demo_merchant, list};
use coffer_testkit::{each_database, TestDb};

const PAGE: &str = "/api/v2/exchange/pagelist";
const SUMMARY: &str = "/api/v2/exchange/summary";
const DETAIL: &str = "/api/v2/exchange/detail";
const PUSH: &str = "/api/v2/exchange/push";
const EXPORT: &str = "/api/v2/exchange/export";

fn with(mut base: Value, extra: Value) -> Value {
    for (k, v) in extra.as_object().unwrap() {
        base[k] = v.clone();
    }
    base
}

async fn rows(app: &TestApp, token: &str, filter: &Value) -> Vec<Value> {
    let page = app
        .post_as(
            token,
            PAGE,
            with(filter.clone(), json!({"page": 1, "pageSize": 20})),
        )
        .await;
    assert_eq!(page.code(), 1, "{:?}", page.body);
    list(&page)
}

async fn numbers(app: &TestApp, token: &str, filter: &Value) -> Vec<String> {
    rows(app, token, filter)
        .await
        .iter()
        .map(|r| r["merchantOrderNo"].as_str().unwrap().to_string())
        .collect()
}

/// One exchange paid out (`ex-paid`) and one never paid (`ex-unpaid`, expired); their ids.
async fn two_exchanges(app: &TestApp) -> (crate::merchant_signing::Integration, i64, i64) {
    let (me, _) = ready(app).await;
    let receiver = Receiver::start().await;
    app.store
        .set_callback_url(demo_merchant(app).await, Some(&receiver.url), app.clock.now())
        .await
        .unwrap();
    let body = json!({"merchantOrderNo": "ex-unpaid", "quoteId": quoted(app, &me).await,
                      "openId": "user-8", "amountIn": "100", "minAmountOut": "240",
                      "payoutAddress": PAYEE});
    let unpaid = order(app, &me, &body).await.data()["id"].as_i64().unwrap();
    app.clock.advance(Duration::seconds(1));
    let paid = ordered_and_paid(app, &me, "ex-paid", "100").await;
    round(app).await;
    app.clock.advance(Duration::minutes(5));
    confirm(app).await;
    round(app).await;
    pay_out(app).await;
    // The unpaid order's half hour runs out while the staff member keeps working.
    for _ in 0..2 {
        app.clock.advance(Duration::minutes(16));
        assert_eq!(app.post_as(&me.token, PAGE, day(app)).await.code(), 1);
    }
    let report = round(app).await;
    assert_eq!((report.completed, report.expired), (1, 1), "{report:?}");
    app.callbacks.deliver_due().await.unwrap();
    std::mem::forget(receiver); // keeps answering for the push below
    (me, paid, unpaid)
}

/// The day around the test's clock, on whole hours (the buckets answer it).
fn day(app: &TestApp) -> Value {
    let now = app.clock.now();
    let hour = now - Duration::seconds(i64::from(now.minute() * 60 + now.second()));
    json!({"start": hour - Duration::hours(12), "end": hour + Duration::hours(12)})
}

async fn exchanges_are_listed_filtered_and_counted_by_either_side(db: TestDb) {
    let app = spawn_app(db).await;
    let (me, paid, _) = two_exchanges(&app).await;
    let done = stored(&app, paid).await;
    let all = day(&app);

    let found = rows(&app, &me.token, &all).await;
    assert_eq!(found.len(), 2);
    let row = &found[0];
    assert_eq!(
        (
            &row["type"],
            &row["merchantOrderNo"],
            &row["status"],
            &row["origin"]
        ),
        (&json!(3), &json!("ex-paid"), &json!(8), &json!(1))
    );
    assert_eq!(
        (
            &row["symbol"],
            &row["symbolOut"],
            &row["paidIn"],
            &row["amountOut"],
            &row["rate"]
        ),
        (
            &json!("USDT"),
            &json!("DEV"),
            &json!("100"),
            &json!("247.5"),
            &json!("2.475")
        )
    );
    assert_eq!(
        (&row["fromAddress"], &row["payoutAddress"], &row["toAddress"]),
        (&json!(PAYER), &json!(PAYEE), &json!(done.order.pay_address))
    );
    assert_eq!(
        (&row["hash"], &row["outHash"]),
        (&json!(done.in_hash), &json!(done.out_hash))
    );
    assert_eq!((&row["source"], &row["repriced"]), (&json!(1), &json!(false)));
    assert_eq!(found[1]["status"], json!(14), "the order never paid expired");
    assert_eq!(found[1]["paidIn"], json!("0"));

    let by = |extra: Value| with(all.clone(), extra);
    let pair = row["pairId"].as_i64().unwrap();
    let usdt = row["tokenId"].as_i64().unwrap();
    assert_eq!(
        numbers(&app, &me.token, &by(json!({"status": 14}))).await,
        ["ex-unpaid"]
    );
    // The payout's hash finds the exchange as its payment's hash does, in any case.
    let out_hash = done.out_hash.to_uppercase().replacen("0X", "0x", 1);
    assert_eq!(
        numbers(&app, &me.token, &by(json!({"hash": out_hash}))).await,
        ["ex-paid"]
    );
    assert_eq!(
        numbers(&app, &me.token, &by(json!({"hash": done.in_hash}))).await,
        ["ex-paid"]
    );
    // Any address: the payer's, the payout address.
    assert_eq!(
        numbers(&app, &me.token, &by(json!({"address": &PAYER[2..12]}))).await,
        ["ex-paid"]
    );
    assert_eq!(
        numbers(&app, &me.token, &by(json!({"address": PAYEE.to_lowercase()})))
            .await
            .len(),
        2
    );
    assert_eq!(
        numbers(&app, &me.token, &by(json!({"pairId": pair}))).await.len(),
        2
    );
    assert!(numbers(&app, &me.token, &by(json!({"pairId": pair + 100})))
        .await
        .is_empty());
    assert_eq!(
        numbers(&app, &me.token, &by(json!({"tokenId": usdt})))
            .await
            .len(),
        2
    );
    assert_eq!(
        numbers(&app, &me.token, &by(json!({"merchantOrderNo": "ex-paid"}))).await,
        ["ex-paid"]
    );

    // Totals in the token paid in, the same from the buckets (whole hours) as from the rows.
    let summary = app.post_as(&me.token, SUMMARY, all.clone()).await;
    assert_eq!(summary.code(), 1, "{:?}", summary.body);
    let s = summary.data();
    assert_eq!(
        (&s["count"], &s["outcomes"]["complete"]["count"]),
        (&json!(2), &json!(1))
    );
    assert_eq!(s["outcomes"]["complete"]["totals"][0]["amount"], json!("100"));
    assert_eq!(s["outcomes"]["failed"]["count"], json!(1));
    let by_rows = app
        .post_as(&me.token, SUMMARY, by(json!({"address": PAYEE})))
        .await;
    assert_eq!(by_rows.data()["outcomes"], s["outcomes"]);

    // The transaction list's type 3 is the same list.
    let tx = app
        .post_as(
            &me.token,
            "/api/partner/user/pageTx",
            by(json!({"type": 3, "pageSize": 20})),
        )
        .await;
    assert_eq!(tx.code(), 1, "{:?}", tx.body);
    assert_eq!(list(&tx), found);
    // Without a type the list is deposits and withdrawals, as it was.
    let both = app
        .post_as(&me.token, "/api/partner/user/pageTx", by(json!({"pageSize": 50})))
        .await;
    assert!(list(&both).iter().all(|r| r["type"] != json!(3)));

    // Home counts today's complete exchange in the token paid in.
    let home = app.reports(&me.token).home(json!({})).await;
    assert_eq!(home.code(), 1, "{:?}", home.body);
    let today = &home.data()["today"]["exchanges"];
    assert_eq!(today["count"], json!(1), "{}", home.body);
    assert_eq!(
        (&today["totals"][0]["symbol"], &today["totals"][0]["amount"]),
        (&json!("USDT"), &json!("100"))
    );
    assert_eq!(home.data()["waiting"]["exchangesHeld"], json!(0));

    // Every move kept the buckets in step with the rows.
    let verify = app.admin(&["rollup", "verify"]);
    assert_eq!(verify.status.code(), Some(0), "{verify:?}");
}

async fn an_exchange_shows_both_legs_and_its_callbacks(db: TestDb) {
    let app = spawn_app(db).await;
    let (me, paid, unpaid) = two_exchanges(&app).await;
    let done = stored(&app, paid).await;

    let detail = app.post_as(&me.token, DETAIL, json!({"id": paid})).await;
    assert_eq!(detail.code(), 1, "{:?}", detail.body);
    let d = detail.data();
    assert_eq!(d["payment"]["hash"], json!(done.in_hash));
    assert_eq!(d["payment"]["id"], json!(done.deposit_id));
    assert!(d["payment"]["confirmations"].as_i64().unwrap() >= 3, "{d}");
    assert_eq!(
        (
            &d["payout"]["hash"],
            &d["payout"]["status"],
            &d["payout"]["toAddress"]
        ),
        (&json!(done.out_hash), &json!(8), &json!(PAYEE))
    );
    assert_eq!(d["refund"], Value::Null);
    // The callback attempts of its order number: delivered.
    let attempts = d["callbacks"].as_array().unwrap();
    assert!(!attempts.is_empty(), "{d}");
    assert!(attempts.iter().all(|a| a["success"] == json!(true)), "{d}");

    let never = app
        .post_as(&me.token, DETAIL, json!({"id": unpaid}))
        .await
        .data()
        .clone();
    assert_eq!(
        (&never["payment"], &never["payout"]),
        (&Value::Null, &Value::Null)
    );

    // The newest callback again, now.
    let pushed = app.post_as(&me.token, PUSH, json!({"id": paid})).await;
    assert_eq!(pushed.code(), 1, "{:?}", pushed.body);
}

async fn the_csv_names_both_sides_in_the_readers_words(db: TestDb) {
    let app = spawn_app(db).await;
    let (me, paid, _) = two_exchanges(&app).await;
    let done = stored(&app, paid).await;
    let file = export(&app, &me.token, EXPORT, day(&app), "en").await;
    assert_eq!(file.content_type, "text/csv; charset=utf-8");
    assert!(file.disposition.contains("exchanges-"), "{}", file.disposition);
    assert_eq!(file.lines.len(), 3, "{:?}", file.lines);
    let titles = cells(&file.lines[0]);
    let row = cells(&file.lines[1]);
    let at = |title: &str| {
        let i = titles
            .iter()
            .position(|t| t == title)
            .unwrap_or_else(|| panic!("{title} in {titles:?}"));
        row[i].clone()
    };
    assert_eq!(at("Merchant order number"), "ex-paid");
    assert_eq!(at("Placed by"), "Merchant API");
    assert_eq!(
        (at("Paid in"), at("Token out"), at("Paid out")),
        ("100".into(), "DEV".into(), "247.5".into())
    );
    assert_eq!(at("Price source"), "Fixed, not market");
    assert_eq!(at("Status"), "Complete");
    assert_eq!(
        (at("Hash"), at("Payout / refund hash")),
        (done.in_hash.clone(), done.out_hash.clone())
    );
    let zh = export(&app, &me.token, EXPORT, day(&app), "zh-CN").await;
    assert!(zh.lines[2].contains("已过期"), "{}", zh.lines[2]);
}

async fn another_merchant_a_role_without_the_menu_and_no_session_see_nothing(db: TestDb) {
    let app = spawn_app(db).await;
    let (me, paid, _) = two_exchanges(&app).await;
    let all = with(day(&app), json!({"page": 1, "pageSize": 20}));

    let other = app.other_merchant().await;
    assert!(rows(&app, &other, &all).await.is_empty());
    let theirs = app.post_as(&other, DETAIL, json!({"id": paid})).await;
    assert_eq!(theirs.code(), 17001, "{:?}", theirs.body);
    let push = app.post_as(&other, PUSH, json!({"id": paid})).await;
    assert_eq!(push.code(), 17001, "{:?}", push.body);

    let no_trade = app
        .operator("deposits@coffer.local", "Deposit-Pass-2026", &[3, 301])
        .await;
    for (path, body) in [
        (PAGE, all.clone()),
        (SUMMARY, all.clone()),
        (DETAIL, json!({"id": paid})),
        (EXPORT, all.clone()),
    ] {
        app.assert_gated(&no_trade, path, &body, "204").await;
    }
    let viewer = app
        .operator("trade@coffer.local", "Trade-Pass-2026", &[2, 204])
        .await;
    assert_eq!(rows(&app, &viewer, &all).await.len(), 2);
    app.assert_gated(&viewer, PUSH, &json!({"id": paid}), "20403")
        .await;
    // A date range is required, and bounded.
    let no_dates = app
        .post_as(&me.token, PAGE, json!({"page": 1, "pageSize": 20}))
        .await;
    assert_ne!(no_dates.code(), 1);
}

each_database!(
    exchanges_are_listed_filtered_and_counted_by_either_side,
    an_exchange_shows_both_legs_and_its_callbacks,
    the_csv_names_both_sides_in_the_readers_words,
    another_merchant_a_role_without_the_menu_and_no_session_see_nothing,
);
