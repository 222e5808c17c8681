//! Real SMTP delivery through lettre to a real SMTP server (aiosmtpd).

use coffer::config::{MailTransport, SmtpTls};
use coffer_testkit::{DbKind, SmtpPeer, TestDb};
use serde_json::json;

use crate::helpers::{spawn_app_with, DEMO_EMAIL, DEMO_PASSWORD};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_in_code_arrives_by_smtp_and_works() {
    let smtp = SmtpPeer::start();
    let app = app_mailing_to(smtp.port).await;
    let sent = app
        .auth()
        .in_language("zh_HK")
        .send_code(json!({"email": DEMO_EMAIL, "type": 2}))
        .await;
    assert_eq!(sent.code(), 1, "{:?}", sent.body);
    let messages = smtp.messages();
    assert_eq!(messages.len(), 1);
    let mail = &messages[0];
    assert!(mail.contains("To: demo@coffer.local"), "{mail}");
    assert!(mail.contains("From: Coffer <no-reply@coffer.local>"), "{mail}");
    assert!(
        app.store.outbox(None).await.unwrap().is_empty(),
        "SMTP mode keeps nothing in the outbox"
    );

    // The body is in the caller's language (zh_HK) and carries the code.
    let body = decode_body(mail);
    assert!(body.contains("登錄驗證碼"), "{body}");
    let code = body
        .split(|c: char| !c.is_ascii_digit())
        .find(|p| p.len() == 6)
        .expect("a code")
        .to_string();
    let login = app
        .auth()
        .login(json!({"email": DEMO_EMAIL, "password": DEMO_PASSWORD, "code": code}))
        .await;
    assert_eq!(login.code(), 1, "{:?}", login.body);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unreachable_mail_server_is_reported_not_hidden() {
    let closed_port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let app = app_mailing_to(closed_port).await;
    let sent = app
        .auth()
        .send_code(json!({"email": DEMO_EMAIL, "type": 2}))
        .await;
    assert_eq!(sent.code(), 10503, "{:?}", sent.body);
    assert!(
        !sent.msg().contains("127.0.0.1"),
        "no internal detail: {}",
        sent.msg()
    );
    let retry = app
        .auth()
        .send_code(json!({"email": DEMO_EMAIL, "type": 2}))
        .await;
    assert_eq!(
        retry.code(),
        10503,
        "a code that was never sent does not block a retry"
    );
}

/// An app that sends its mail over plain SMTP to a local port.
async fn app_mailing_to(port: u16) -> crate::helpers::TestApp {
    spawn_app_with(TestDb::new(DbKind::Sqlite).await, |config| {
        config.mail.transport = MailTransport::Smtp;
        config.mail.smtp.host = "127.0.0.1".into();
        config.mail.smtp.port = port;
        config.mail.smtp.tls = SmtpTls::None;
    })
    .await
}

/// lettre sends non-ASCII bodies base64- or quoted-printable-encoded; decode what it sent.
fn decode_body(raw: &str) -> String {
    let (headers, body) = raw
        .split_once("\n\n")
        .or_else(|| raw.split_once("\r\n\r\n"))
        .expect("headers and body");
    let headers = headers.to_ascii_lowercase();
    if headers.contains("content-transfer-encoding: base64") {
        use base64::Engine;
        let joined: String = body.split_whitespace().collect();
        String::from_utf8(
            base64::engine::general_purpose::STANDARD
                .decode(joined)
                .expect("base64"),
        )
        .expect("utf-8")
    } else {
        body.to_string()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registration_and_reset_codes_arrive_by_smtp_and_work() {
    let smtp = SmtpPeer::start();
    let app = app_mailing_to(smtp.port).await;
    let code_in = |index: usize| {
        let body = decode_body(&smtp.messages()[index]);
        body.split(|c: char| !c.is_ascii_digit())
            .find(|p| p.len() == 6)
            .expect("a code")
            .to_string()
    };
    let email = "newshop@merchant.example";
    let sent = app.auth().send_code(json!({"email": email, "type": 1})).await;
    assert_eq!(sent.code(), 1);
    let form = |code: String, pass: &str| json!({"email": email, "code": code, "password": pass, "passwordVerify": pass});
    let registered = app.auth().register(form(code_in(0), "Shop-Pass-2026")).await;
    assert_eq!(registered.code(), 1, "{:?}", registered.body);

    let sent = app.auth().send_code(json!({"email": email, "type": 8})).await;
    assert_eq!(sent.code(), 1);
    assert_eq!(smtp.messages().len(), 2);
    let reset = app
        .auth()
        .reset_password(form(code_in(1), "Shop-Pass-2027"))
        .await;
    assert_eq!(reset.code(), 1, "{:?}", reset.body);
    let pending = app.auth().check_password(email, "Shop-Pass-2027").await;
    assert_eq!(
        pending.code(),
        11006,
        "the new password works; the merchant awaits activation"
    );
}
