//! Small holes the probe found: page numbers, LIKE wildcards, one code for dates out of order,
//! the console's security headers and the database file's mode.

use coffer_testkit::{each_database, DbKind, TestDb};
use serde_json::json;

use crate::console::{Accounts, Logs, Me, Wallets};
use crate::helpers::{spawn_app, spawn_app_with, DEMO_EMAIL};

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

each_database!(
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
