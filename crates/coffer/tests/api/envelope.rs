//! The envelope for success and for every error class, and its language.

use coffer_testkit::{each_database, TestDb};
use sea_orm::ConnectionTrait;
use serde_json::json;

use crate::console::Auth;
use crate::console::NO_SESSION;
use crate::helpers::spawn_app;

async fn success_and_request_errors(db: TestDb) {
    let app = spawn_app(db).await;
    let ok = app.get("/common/configKey/supportEmail,siteName").await;
    assert_eq!((ok.status, ok.code(), ok.msg()), (200, 1, "Success"));
    assert_eq!(ok.data()["supportEmail"], "support@coffer.local");

    let cases = [
        // (body, content-type, expected code, a piece of the message)
        (
            "{\"email\": 5, \"password\": \"x\"}",
            "application/json",
            10400,
            "email: invalid type",
        ),
        (
            "{\"email\": \"a@b.co\"}",
            "application/json",
            10400,
            "missing field `password`",
        ),
        ("{not json", "application/json", 10400, "Malformed request"),
        (
            "{\"email\":\"a@b.co\",\"password\":\"x\"}",
            "text/plain",
            10415,
            "application/json",
        ),
    ];
    for (body, content_type, code, piece) in cases {
        let response = app
            .http
            .post(format!("{}/api/partner/login/verify", app.base))
            .header("content-type", content_type)
            .body(body)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        let answer: serde_json::Value = response.json().await.unwrap();
        assert_eq!(answer["code"], code, "{body}: {answer}");
        assert!(
            answer["msg"].as_str().unwrap().contains(piece),
            "{body}: {answer}"
        );
        assert_eq!(answer["data"], serde_json::Value::Null);
    }

    let oversized = "x".repeat(70 * 1024);
    let big = app
        .auth()
        .verify(json!({"email": "a@b.co", "password": oversized}))
        .await;
    assert_eq!(big.code(), 10413);
    let big_audited = app
        .accounts(NO_SESSION)
        .edit(json!({"username": "x".repeat(70 * 1024)}))
        .await;
    assert_eq!(
        big_audited.code(),
        10413,
        "the audit layer buffers no more than the limit"
    );

    let unknown = app.post("/api/partner/nothing-here", json!({})).await;
    assert_eq!((unknown.status, unknown.code()), (200, 10404));
    let unknown_get = app.get("/api/partner/nothing-here").await;
    assert_eq!(unknown_get.code(), 10404);
    let wrong_method = app.get("/api/partner/login").await;
    assert_eq!(wrong_method.code(), 10405);
    let no_session = app.me(NO_SESSION).home_config().await;
    assert_eq!(no_session.code(), 10506);

    let invalid = app
        .auth()
        .send_code(json!({"email": "not-an-email", "type": 2}))
        .await;
    assert_eq!(invalid.code_and_msg(), (10422, "Email Format Incorrect"));
}

async fn messages_follow_accept_language(db: TestDb) {
    let app = spawn_app(db).await;
    let expected = [
        (None, "Incorrect e-mail or password"),
        (Some("en_US"), "Incorrect e-mail or password"),
        (Some("zh_CN"), "邮箱或密码错误"),
        (Some("zh_HK"), "郵箱或密碼錯誤"),
        (Some("zh-TW,zh;q=0.8"), "郵箱或密碼錯誤"),
        (Some("fr-FR"), "Incorrect e-mail or password"),
    ];
    // One unknown e-mail per language: the sixth try of one would be locked.
    for (n, (lang, msg)) in expected.into_iter().enumerate() {
        let body = json!({"email": format!("nobody{n}@coffer.local"), "password": "Wrong-pass-1"});
        let answer = app.call(Auth::VERIFY, body, None, lang).await;
        assert_eq!(answer.code_and_msg(), (11001, msg), "{lang:?}");
    }
    let ok = app
        .call("/common/configKey/siteName", json!({}), None, Some("zh_HK"))
        .await;
    assert_eq!(ok.code(), 10405, "configKey is GET only");
    let ok = app
        .http
        .get(format!("{}/common/configKey/siteName", app.base))
        .header("accept-language", "zh_CN")
        .send()
        .await
        .unwrap()
        .json::<serde_json::Value>()
        .await
        .unwrap();
    assert_eq!(ok["msg"], "成功");
}

async fn config_keys_reject_an_empty_list(db: TestDb) {
    let app = spawn_app(db).await;
    for path in [
        "/common/configKey/",
        "/common/configKey",
        "/common/configKey/,",
        "/common/configKey/%20,%20",
    ] {
        let answer = app.get(path).await;
        assert_eq!(answer.code(), 12001, "{path}: {:?}", answer.body);
    }
    let mixed = app.get("/common/configKey/supportEmail,,unknownKey").await;
    assert_eq!(mixed.code(), 1);
    assert_eq!(
        mixed.data(),
        &json!({"supportEmail": "support@coffer.local", "unknownKey": null})
    );
}

/// A database fault is an internal error whose detail stays in the log; a lost database makes
/// the health check fail and calls answer 'unavailable'.
async fn server_faults_never_leak_details(db: TestDb) {
    let app = spawn_app(db).await;
    app.store
        .connection()
        .execute_unprepared("DROP TABLE public_config")
        .await
        .unwrap();
    let broken = app.get("/common/configKey/siteName").await;
    assert_eq!(broken.code(), 10500);
    let text = broken.body.to_string().to_lowercase();
    assert!(
        !text.contains("public_config") && !text.contains("table") && !text.contains("sql"),
        "{text}"
    );

    let healthy = app.fetch("/healthz").await;
    assert_eq!(healthy.status(), 200);
    app.store.connection().clone().close().await.unwrap();
    let sick = app.fetch("/healthz").await;
    assert_eq!(sick.status(), 503);
    let unavailable = app
        .auth()
        .verify(json!({"email": "a@b.co", "password": "x"}))
        .await;
    assert_eq!(unavailable.code(), 10503, "{:?}", unavailable.body);
}

async fn operations_endpoints(db: TestDb) {
    let app = spawn_app(db).await;
    let response = app
        .http
        .post(format!("{}/api/partner/login/verify", app.base))
        .header("x-request-id", "trace-me-42")
        .json(&json!({"email": "a@b.co", "password": "x"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["x-request-id"], "trace-me-42");
    let fresh = app.fetch("/healthz").await;
    assert_eq!(fresh.headers()["x-request-id"].len(), 36, "a generated UUID");
    let metrics = app.fetch("/metrics").await.text().await.unwrap();
    assert!(
        metrics.contains(
            "coffer_http_requests_total{route=\"/api/partner/login/verify\",method=\"POST\",code=\"11001\"}"
        ),
        "{metrics}"
    );
    let console = app.fetch("/").await;
    assert_eq!(console.status(), 200);
    assert!(console.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/html"));
    let escape = app.get("/..%2F..%2Fetc%2Fpasswd").await;
    assert_eq!(escape.code(), 10404);
}

each_database!(
    success_and_request_errors,
    messages_follow_accept_language,
    config_keys_reject_an_empty_list,
    server_faults_never_leak_details,
    operations_endpoints,
);
