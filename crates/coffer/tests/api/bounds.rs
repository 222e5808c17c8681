//! Small holes the probe found: page numbers, LIKE wildcards, one code for dates out of order,
//! the console's security headers and the database file's mode.

use coffer_testkit::{each_database, DbKind, TestDb};
use serde_json::json;

use crate::console::{Accounts, Logs, Me, Wallets};
use crate::deposits::{range, with};
use crate::helpers::{answer, spawn_app, spawn_app_with, TestApp, DEMO_EMAIL, DEMO_PASSWORD};
use crate::merchant_signing::integrate;

async fn page_numbers_are_bounded(db: TestDb) {
    let app = spawn_app(db).await;
    let token = app.sign_in_demo().await;
    let msg = "Page must be 1 to 100000 and page size 1 to 100";
    for page in [json!(0), json!(100_001), json!(1u64 << 63), json!(u64::MAX)] {
        for path in [Logs::LOGINS, Accounts::PAGE] {
            let refused = app
                .post_as(&token, path, json!({"page": page, "pageSize": 20}))
                .await;
            assert_eq!(refused.code_and_msg(), (10422, msg), "{path} {page}");
        }
    }
    let last = app
        .logs(&token)
        .logins(json!({"page": 100_000, "pageSize": 100}))
        .await;
    assert_eq!(
        (last.code(), last.data()["list"].as_array().map(Vec::len)),
        (1, Some(0))
    );
}

/// `%` and `_` are matched as typed: a filter of "%" finds no e-mail, not every one.
async fn text_filters_match_wildcards_literally(db: TestDb) {
    let app = spawn_app(db).await;
    let token = app.sign_in_demo().await;
    let count = |body: serde_json::Value, path: &'static str| {
        let app = &app;
        let token = token.clone();
        async move {
            let answer = app.post_as(&token, path, body).await;
            assert_eq!(answer.code(), 1, "{:?}", answer.body);
            answer.data()["total"].as_u64().unwrap()
        }
    };
    let logins = Logs::LOGINS;
    assert!(count(json!({"email": "demo"}), logins).await >= 1);
    for wildcard in ["%", "_", "demo%", "d_mo", "%@%"] {
        assert_eq!(count(json!({"email": wildcard}), logins).await, 0, "{wildcard}");
        assert_eq!(
            count(json!({"email": wildcard}), Accounts::PAGE).await,
            0,
            "{wildcard}"
        );
        assert_eq!(
            count(json!({"action": wildcard}), Logs::OPERATIONS).await,
            0,
            "{wildcard}"
        );
        assert_eq!(
            count(
                json!({"page": 1, "pageSize": 10, "address": wildcard}),
                Wallets::ADDRESSES
            )
            .await,
            0,
            "{wildcard}"
        );
    }
    assert_eq!(count(json!({"email": DEMO_EMAIL}), logins).await, 1);
}

/// Start after end is 10422 in the logs as in every list (it was 10400 there).
async fn dates_out_of_order_have_one_code(db: TestDb) {
    let app = spawn_app(db).await;
    let token = app.sign_in_demo().await;
    let (start, end) = ("2026-11-22T00:00:00Z", "2026-11-21T00:00:00Z");
    for path in [Logs::LOGINS, Logs::OPERATIONS] {
        let refused = app
            .post_as(&token, path, json!({"start": start, "end": end}))
            .await;
        assert_eq!(
            refused.code_and_msg(),
            (10422, "The start must not be after the end"),
            "{path}"
        );
    }
    let list = app
        .deposits(&token)
        .page(json!({"start": start, "end": end}))
        .await;
    assert_eq!(list.code(), 10422);
    let open_ended = app.logs(&token).logins(json!({"start": end})).await;
    assert_eq!(open_ended.code(), 1);
}

/// Every list, summary and export that takes a text, by the text it takes (each list's other
/// fields beside it: the order lists need their dates).
const TEXT_FILTERS: [(&str, &str); 25] = [
    ("/api/partner/deposit/pageTx", "orderNo"),
    ("/api/partner/deposit/summary", "address"),
    ("/api/partner/deposit/export", "hash"),
    ("/api/partner/withdraw/pageTx", "merchantOrderNo"),
    ("/api/partner/withdraw/summary", "openId"),
    ("/api/partner/withdraw/export", "address"),
    ("/api/partner/user/pageTx", "address"),
    ("/api/partner/user/tx/summary", "orderNo"),
    ("/api/partner/user/tx/export", "address"),
    ("/api/partner/collect/waiting", "address"),
    ("/api/partner/collect/page_list", "address"),
    ("/api/partner/collect/summary", "address"),
    ("/api/partner/collect/export", "address"),
    ("/api/partner/address/pagelist", "openId"),
    ("/api/partner/address/pagelist", "address"),
    ("/api/partner/address/black/list", "address"),
    ("/api/partner/account/page", "email"),
    ("/api/partner/logs/login/page", "email"),
    ("/api/partner/logs/login/page", "result"),
    ("/api/partner/logs/operation/page", "action"),
    ("/api/partner/callback/page", "orderNo"),
    ("/api/partner/callback/attempts", "eventId"),
    ("/merchant/v1/deposits", "hash"),
    ("/merchant/v1/withdrawals", "merchantOrderNo"),
    ("/merchant/v1/withdrawals", "openId"),
];

/// A text filter of 60 kB is refused with 10422 everywhere (SQLite's LIKE took no more than
/// 50 kB: it was 10500), before anything is read; one of usual length still answers.
async fn text_filters_are_bounded(db: TestDb) {
    let app = spawn_app(db).await;
    let merchant = integrate(&app, DEMO_EMAIL, DEMO_PASSWORD, &["127.0.0.1"]).await;
    let token = merchant.token.clone();
    let too_long = "a".repeat(60_000);
    let refusal = (10422, "A filter text is at most 256 characters");
    let body = |field: &str, text: &str| with(range(&app), json!({"page": 1, "pageSize": 10, field: text}));
    for (path, field) in TEXT_FILTERS {
        let (refused, usual) = if path.starts_with("/merchant/") {
            let call = |text: &str| json!({field: text}).to_string();
            let refused = merchant.call(&app, "POST", path, &call(&too_long)).await;
            let usual = merchant.call(&app, "POST", path, &call("ORDER-1")).await;
            (refused, usual.code())
        } else {
            let refused = app.post_as(&token, path, body(field, &too_long)).await;
            (
                refused,
                usual_filter_code(&app, &token, path, body(field, "ORDER-1")).await,
            )
        };
        assert_eq!(refused.code_and_msg(), refusal, "{path} {field}");
        assert_eq!(usual, 1, "{path} {field}: a usual filter still answers");
    }
    // A review of every order a filter selects: refused before any order is looked at.
    let check = json!({"all": true, "action": 2, "reason": "no", "filter": {"address": too_long}});
    let refused = app.post_as(&token, "/api/partner/withdraw/check", check).await;
    assert_eq!(refused.code_and_msg(), refusal);
    // The most a filter takes is still taken.
    let longest = body("email", &"é".repeat(256));
    assert_eq!(app.post_as(&token, Accounts::PAGE, longest).await.code(), 1);
}

/// The code of a call with a usual filter: 1 in the envelope, or for an export a CSV file.
async fn usual_filter_code(app: &TestApp, token: &str, path: &str, body: serde_json::Value) -> i64 {
    let response = app
        .http
        .post(format!("{}{path}", app.base))
        .header("sessionCode", token)
        .json(&body)
        .send()
        .await
        .expect("request sent");
    let csv = response
        .headers()
        .get("content-type")
        .is_some_and(|t| t.to_str().unwrap().starts_with("text/csv"));
    if csv {
        // Read to its end: the export's place is free before its last byte, so the next
        // export of the loop never finds the merchant's places taken.
        response.bytes().await.expect("the CSV is read to its end");
        return 1;
    }
    answer(response).await.code()
}

each_database!(
    text_filters_are_bounded,
    page_numbers_are_bounded,
    text_filters_match_wildcards_literally,
    dates_out_of_order_have_one_code,
);

#[tokio::test]
async fn the_console_carries_a_content_security_policy_and_hsts_only_over_https() {
    let app = spawn_app(TestDb::new(DbKind::Sqlite).await).await;
    for path in ["/", "/healthz", Me::HOME_CONFIG] {
        let answer = app.fetch(path).await;
        let csp = answer.headers()["content-security-policy"]
            .to_str()
            .unwrap()
            .to_string();
        assert!(csp.contains("script-src 'self';"), "{csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
        assert!(!csp.contains("unsafe-eval"), "{csp}");
        assert!(
            answer.headers().get("strict-transport-security").is_none(),
            "plain http: no HSTS"
        );
    }
    let https = spawn_app_with(TestDb::new(DbKind::Sqlite).await, |c| {
        c.server.public_url = "https://pay.example.com".into();
    })
    .await;
    let answer = https.fetch("/").await;
    assert_eq!(
        answer.headers()["strict-transport-security"],
        "max-age=31536000; includeSubDomains"
    );
}

#[cfg(unix)]
#[tokio::test]
async fn the_sqlite_files_are_readable_by_the_owner_only() {
    use std::os::unix::fs::PermissionsExt;
    let app = spawn_app(TestDb::new(DbKind::Sqlite).await).await;
    app.sign_in_demo().await; // a write, so the WAL files exist
    let path = app
        .db
        .url
        .trim_start_matches("sqlite://")
        .split('?')
        .next()
        .unwrap()
        .to_string();
    for suffix in ["", "-wal", "-shm"] {
        let file = format!("{path}{suffix}");
        let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "{file}");
    }
}
