//! The order exports (deposits 301/401, withdrawals 302/403/404, transactions 402): every row
//! the filter selects, streamed as CSV; titles and codes in the request's language as the
//! console words them, times in the merchant's zone, cells a spreadsheet would run defused.

use chrono::{DateTime, Duration, FixedOffset, NaiveDateTime, Utc};
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{json, Value};

use coffer_testkit::{each_database, TestDb};

use crate::deposits::{range, scan, with, DEV};
use crate::helpers::{TestApp, OTHER_EMAIL, OTHER_PASSWORD};
use crate::transactions::{both_kinds, walk, PAGE};
use crate::wallets::{demo_merchant, list, offline_chains};
use crate::withdrawals::{payer, payer_as, withdraw};

pub const TX_EXPORT: &str = "/api/partner/user/tx/export";
pub const DEPOSIT_EXPORT: &str = "/api/partner/deposit/export";
pub const WITHDRAW_EXPORT: &str = "/api/partner/withdraw/export";

/// A downloaded export: its headers and its lines (BOM removed, CRLF split).
pub(crate) struct Download {
    pub content_type: String,
    pub disposition: String,
    pub lines: Vec<String>,
}

impl Download {
    pub fn header(&self) -> Vec<String> {
        cells(&self.lines[0])
    }

    /// The cell under `title` of the row whose first cell (the order number) is `order_no`.
    fn cell(&self, order_no: &str, title: &str) -> String {
        let column = self.header().iter().position(|t| t == title);
        let column = column.unwrap_or_else(|| panic!("no column {title} in {}", self.lines[0]));
        let row = self.lines[1..]
            .iter()
            .map(|l| cells(l))
            .find(|c| c[0] == order_no);
        row.unwrap_or_else(|| panic!("no row {order_no}"))[column].clone()
    }
}

/// The fields of one CSV line (RFC 4180 quoting).
pub(crate) fn cells(line: &str) -> Vec<String> {
    let (mut fields, mut current, mut quoted) = (Vec::new(), String::new(), false);
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                chars.next();
                current.push('"');
            }
            ('"', _) => quoted = !quoted,
            (',', false) => fields.push(std::mem::take(&mut current)),
            _ => current.push(c),
        }
    }
    fields.push(current);
    fields
}

pub(crate) async fn export(app: &TestApp, token: &str, path: &str, body: Value, lang: &str) -> Download {
    let response = app
        .http
        .post(format!("{}{path}", app.base))
        .header("sessionCode", token)
        .header("accept-language", lang)
        .json(&body)
        .send()
        .await
        .unwrap();
    let header = |name: &str| {
        response
            .headers()
            .get(name)
            .map(|v| v.to_str().unwrap().to_string())
            .unwrap_or_default()
    };
    let (content_type, disposition) = (header("content-type"), header("content-disposition"));
    let text = response.text().await.unwrap();
    let text = text.strip_prefix('\u{FEFF}').expect("the file starts with a BOM");
    assert!(text.ends_with("\r\n"), "{text}");
    let lines = text
        .trim_end_matches("\r\n")
        .split("\r\n")
        .map(str::to_string)
        .collect();
    Download {
        content_type,
        disposition,
        lines,
    }
}

/// A time the API returned (RFC 3339) as a person in a zone of `hours` reads it.
pub(crate) fn in_zone(wire: &str, hours: i32) -> String {
    let zone = FixedOffset::east_opt(hours * 3600).unwrap();
    DateTime::parse_from_rfc3339(wire)
        .unwrap()
        .with_timezone(&zone)
        .format("%Y-%m-%d %H:%M:%S")
        .to_string()
}

pub(crate) async fn set_time_zone(app: &TestApp, token: &str, hours: i32) {
    let set = app.me(token).set_time_zone(json!({ "timeZone": hours })).await;
    assert_eq!(set.code(), 1, "{:?}", set.body);
}

/// The rows of the transaction list (both kinds, or the kind `type` names).
async fn rows(app: &TestApp, token: &str, filter: &Value) -> Vec<Value> {
    list(
        &app.post_as(token, PAGE, with(filter.clone(), json!({"pageSize": 100})))
            .await,
    )
}

fn text<'a>(row: &'a Value, field: &str) -> &'a str {
    row[field].as_str().unwrap()
}

async fn exports_stream_every_row_as_csv(db: TestDb) {
    let app = crate::helpers::spawn_app_with(db, offline_chains).await;
    let p = both_kinds(&app).await;
    set_time_zone(&app, &p.token, 8).await;
    let filter = range(&app);
    let all = export(&app, &p.token, TX_EXPORT, filter.clone(), "en").await;
    assert_eq!(all.content_type, "text/csv; charset=utf-8");
    assert!(
        all.disposition
            .starts_with("attachment; filename=\"transactions-"),
        "{}",
        all.disposition
    );
    assert_eq!(
        all.lines[0],
        "Order number,Merchant order number,Type,OpenID,Chain,Token,Hash,Source address,Target address,\
         Quantity,Actual arrival quantity,Status,Callback status,Callback result,Notification status,\
         Created (UTC+8)"
    );
    assert_eq!(all.lines.len(), 10, "the header and nine rows");
    let listed = rows(&app, &p.token, &filter).await;
    assert_eq!(walk(&app, &p.token, &filter, 100).await.len(), listed.len());
    for (line, row) in all.lines[1..].iter().zip(&listed) {
        let order_no = text(row, "orderNo");
        assert_eq!(cells(line)[0], order_no, "newest first, as the list");
        let kind = if row["type"] == 1 { "Deposit" } else { "Withdrawal" };
        assert_eq!(all.cell(order_no, "Type"), kind);
        assert_eq!(
            all.cell(order_no, "Created (UTC+8)"),
            in_zone(text(row, "createtime"), 8)
        );
    }

    let zh = export(&app, &p.token, TX_EXPORT, filter.clone(), "zh-CN").await;
    assert!(
        zh.lines[0].starts_with("订单号,商户订单号,类型,"),
        "{}",
        zh.lines[0]
    );
    assert!(zh.lines[0].ends_with(",创建时间（UTC+8）"), "{}", zh.lines[0]);
    assert_eq!(zh.cell(text(&listed[0], "orderNo"), "类型"), "提现");

    let deposits = export(&app, &p.token, DEPOSIT_EXPORT, filter.clone(), "en").await;
    assert!(deposits.disposition.contains("deposits-"));
    assert_eq!(deposits.lines.len(), 7);
    assert!(deposits.lines[0].contains(",Confirmations,"));
    assert!(deposits.lines[0].ends_with(",Created (UTC+8),Confirmed (UTC+8)"));

    // A remark a spreadsheet would run stays text.
    let withdrawals = export(&app, &p.token, WITHDRAW_EXPORT, filter.clone(), "en").await;
    assert_eq!(withdrawals.lines.len(), 4);
    assert!(withdrawals.lines[0].ends_with(",Created (UTC+8),Completed (UTC+8)"));
    let oldest = &withdrawals.lines[3];
    assert!(oldest.contains(",'=cmd|' /C calc'!A0,"), "{oldest}");
    assert!(!withdrawals.lines.iter().any(|l| l.contains(",=cmd")));

    // A refused filter answers the envelope, not a file.
    let undated = app.post_as(&p.token, TX_EXPORT, json!({})).await;
    assert_eq!(
        undated.code_and_msg(),
        (10422, "A start and an end must be chosen")
    );
    let bad_status = app
        .post_as(
            &p.token,
            DEPOSIT_EXPORT,
            with(filter.clone(), json!({"status": 1})),
        )
        .await;
    assert_eq!(bad_status.code(), 10422);

    // Another merchant's export holds only the header.
    let other = app.other_merchant().await;
    let theirs = export(&app, &other, TX_EXPORT, filter, "en").await;
    assert_eq!(theirs.lines.len(), 1);
}

/// Two merchants' withdrawals, each exported in its merchant's zone: UTC+13 and UTC-11, a day
/// apart on the clock.
async fn each_merchant_reads_times_in_its_own_zone(db: TestDb) {
    let app = crate::helpers::spawn_app_with(db, offline_chains).await;
    let east = payer(&app, "100").await;
    app.store.seed_demo(OTHER_EMAIL, OTHER_PASSWORD).await.unwrap();
    let west = payer_as(&app, OTHER_EMAIL, OTHER_PASSWORD, "100").await;
    let filter = range(&app);
    let mut written = Vec::new();
    for (p, hours, zone) in [(&east, 13, "UTC+13"), (&west, -11, "UTC-11")] {
        let made = withdraw(&app, p, "1", json!({})).await;
        assert_eq!(made.code(), 1, "{:?}", made.body);
        set_time_zone(&app, &p.token, hours).await;
        let listed = rows(&app, &p.token, &filter).await;
        assert_eq!(listed.len(), 1, "each merchant sees its own order only");
        let (order_no, created) = (text(&listed[0], "orderNo"), text(&listed[0], "createtime"));

        let en = export(&app, &p.token, WITHDRAW_EXPORT, filter.clone(), "en").await;
        let local = en.cell(order_no, &format!("Created ({zone})"));
        assert_eq!(local, in_zone(created, hours), "{zone}");
        assert_eq!(
            en.cell(order_no, &format!("Review time ({zone})")),
            "",
            "not reviewed"
        );
        let zh = export(&app, &p.token, WITHDRAW_EXPORT, filter.clone(), "zh-CN").await;
        assert_eq!(zh.cell(order_no, &format!("创建时间（{zone}）")), local);
        let hk = export(&app, &p.token, TX_EXPORT, filter.clone(), "zh-HK").await;
        assert_eq!(hk.cell(order_no, &format!("建立時間（{zone}）")), local);

        // The file is named by the merchant's days of the range.
        let start: DateTime<Utc> = filter["start"].as_str().unwrap().parse().unwrap();
        let first_day = (start + Duration::hours(i64::from(hours))).format("%Y%m%d");
        assert!(
            en.disposition.contains(&format!("withdrawals-{first_day}-")),
            "{}",
            en.disposition
        );
        let utc: DateTime<Utc> = created.parse().unwrap();
        let local = NaiveDateTime::parse_from_str(&local, "%Y-%m-%d %H:%M:%S").unwrap();
        written.push((utc, local));
    }
    let ((east_utc, east_local), (west_utc, west_local)) = (written[0], written[1]);
    assert_eq!(
        east_local - west_local,
        (east_utc - west_utc) + Duration::hours(24),
        "the clocks of UTC+13 and UTC-11 are 24 hours apart"
    );
}

/// Replaces a stored field of an order, as an older or newer service might have written it.
async fn store_field(app: &TestApp, table: &str, field: &str, value: &str, id: &Value) {
    let backend = app.store.connection().get_database_backend();
    let sql = format!("UPDATE {table} SET {field} = '{value}' WHERE id = {id}");
    app.store
        .connection()
        .execute(Statement::from_string(backend, sql))
        .await
        .unwrap();
}

async fn codes_are_written_as_the_consoles_labels_in_the_readers_language(db: TestDb) {
    let app = crate::helpers::spawn_app_with(db, offline_chains).await;
    let p = payer(&app, "10000").await;
    // Held for review: at the default minimum review amount.
    let held = withdraw(&app, &p, "1000", json!({})).await.data()["id"].clone();
    let odd = withdraw(&app, &p, "5", json!({})).await.data()["id"].clone();
    app.executor.step().await.unwrap();
    store_field(&app, "withdrawal", "risk_reasons", "=moon(),moon_phase", &odd).await;
    let address = app
        .deposit_address(demo_merchant(&app).await, DEV, "user-1")
        .await;
    app.send_usdt(&address, "2").await;
    app.send_usdt(&address, "3").await;
    app.devchain.mine().await.unwrap();
    assert_eq!(scan(&app).await.deposits, 2);
    let filter = range(&app);
    let deposits = rows(&app, &p.token, &with(filter.clone(), json!({"type": 1}))).await;
    store_field(&app, "deposit", "note", "dust", &deposits[0]["id"]).await;
    store_field(&app, "deposit", "note", "frozen", &deposits[1]["id"]).await;
    let listed = rows(&app, &p.token, &filter).await;
    let order_no = |kind: i64, id: &Value| {
        let row = listed
            .iter()
            .find(|r| r["type"] == kind && &r["id"] == id)
            .unwrap();
        text(row, "orderNo").to_string()
    };
    let (held, odd) = (order_no(2, &held), order_no(2, &odd));
    let (dust, frozen) = (order_no(1, &deposits[0]["id"]), order_no(1, &deposits[1]["id"]));
    let code_of = |no: &str, field: &str| {
        let row = listed.iter().find(|r| text(r, "orderNo") == no).unwrap();
        row[field].as_u64().unwrap() as usize
    };
    assert_eq!(code_of(&held, "status"), 1);
    let notify = code_of(&held, "notifyStatus");

    let en = export(&app, &p.token, WITHDRAW_EXPORT, filter.clone(), "en").await;
    assert_eq!(en.cell(&held, "Status"), "Awaiting review");
    assert_eq!(en.cell(&held, "Source"), "Console");
    let maker = listed.iter().find(|r| text(r, "orderNo") == held).unwrap();
    assert_eq!(en.cell(&held, "Created by"), text(maker, "createdBy"));
    assert!(
        !text(maker, "createdBy").is_empty(),
        "a console order names its maker"
    );
    assert_eq!(
        en.cell(&held, "Risk reasons"),
        "Amount at or above the minimum review amount"
    );
    let notified = ["No notice required", "Notifying", "Success", "Failure"];
    assert_eq!(en.cell(&held, "Notification status"), notified[notify]);
    // Unknown codes are written as stored, and still never run as a formula.
    assert_eq!(en.cell(&odd, "Risk reasons"), "'=moon(); moon_phase");
    let zh = export(&app, &p.token, WITHDRAW_EXPORT, filter.clone(), "zh-CN").await;
    assert_eq!(zh.cell(&held, "状态"), "待审核");
    assert_eq!(zh.cell(&held, "来源"), "控制台");
    assert_eq!(zh.cell(&held, "风控原因"), "金额达到或超过最低审核金额");
    assert_eq!(zh.cell(&odd, "风控原因"), "'=moon()；moon_phase");

    let en = export(&app, &p.token, DEPOSIT_EXPORT, filter.clone(), "en").await;
    assert_eq!(en.cell(&dust, "Note"), "Below the minimum");
    assert_eq!(en.cell(&frozen, "Note"), "frozen");
    // Never credited, whatever its state on chain: the status says so, with the reason (an
    // unknown one as stored).
    assert_eq!(en.cell(&dust, "Status"), "Not credited: Below the minimum");
    assert_eq!(en.cell(&frozen, "Status"), "Not credited: frozen");
    let zh = export(&app, &p.token, DEPOSIT_EXPORT, filter.clone(), "zh-CN").await;
    assert_eq!(zh.cell(&dust, "备注"), "低于最小金额");
    assert_eq!(zh.cell(&dust, "状态"), "未入账：低于最小金额");
    assert_eq!(zh.cell(&frozen, "备注"), "frozen");
    let all = export(&app, &p.token, TX_EXPORT, filter, "zh-CN").await;
    assert_eq!(all.cell(&dust, "类型"), "充值");
    assert_eq!(all.cell(&held, "类型"), "提现");
    let notified = ["无需通知", "通知中", "成功", "失败"];
    assert_eq!(all.cell(&held, "通知状态"), notified[notify]);
}

each_database!(
    exports_stream_every_row_as_csv,
    each_merchant_reads_times_in_its_own_zone,
    codes_are_written_as_the_consoles_labels_in_the_readers_language,
);
