//! Registration, activation, password reset, lockout, Google authenticator.

use chrono::Duration;
use coffer_domain::clock::Clock;
use coffer_domain::ports::MerchantStatus;
use coffer_domain::totp;
use coffer_testkit::{each_database, TestDb};
use serde_json::json;

use crate::console::paging;
use crate::helpers::{spawn_app, strings, TestApp, DEMO_EMAIL, DEMO_PASSWORD};

async fn code_of_type(app: &TestApp, email: &str, code_type: i64) -> String {
    app.clock.advance(Duration::seconds(61));
    let sent = app
        .auth()
        .send_code(json!({"email": email, "type": code_type}))
        .await;
    assert_eq!(sent.code(), 1, "{:?}", sent.body);
    app.last_code(email).await
}

fn form(email: &str, code: &str, password: &str, verify: &str) -> serde_json::Value {
    json!({"email": email, "code": code, "password": password, "passwordVerify": verify})
}

async fn register_then_activate_then_sign_in(db: TestDb) {
    let app = spawn_app(db).await;
    let email = "founder@shop.example";
    let code = code_of_type(&app, email, 1).await;

    let weak = app
        .auth()
        .register(form(email, &code, "weakpass", "weakpass"))
        .await;
    assert_eq!(weak.code_and_msg(), (10422, "Password Format Error"));
    let differ = app
        .auth()
        .register(form(email, &code, "Shop-Pass-2026", "Shop-Pass-2027"))
        .await;
    assert_eq!(
        differ.code_and_msg(),
        (10422, "The two passwords are inconsistent")
    );
    let bad_code = app
        .auth()
        .register(form(email, "000000", "Shop-Pass-2026", "Shop-Pass-2026"))
        .await;
    assert!(bad_code.code() == 11002 || code == "000000");
    let done = app
        .auth()
        .register(form(email, &code, "Shop-Pass-2026", "Shop-Pass-2026"))
        .await;
    assert_eq!(done.code(), 1, "{:?}", done.body);

    // Pending until an operator activates it.
    let pending = app.auth().check_password(email, "Shop-Pass-2026").await;
    assert_eq!(pending.code(), 11006);
    assert!(pending.msg().contains("1 working day"), "{}", pending.msg());
    let listed = app.store.pending_merchants().await.unwrap();
    assert_eq!(
        listed.iter().map(|(e, _)| e.as_str()).collect::<Vec<_>>(),
        vec![email]
    );
    assert!(app
        .store
        .set_merchant_status(email, MerchantStatus::Active)
        .await
        .unwrap()
        .is_some());
    assert!(app.store.pending_merchants().await.unwrap().is_empty());
    // The operator's full list (`coffer admin merchant list`): each merchant's id by its admin.
    let all = app.store.merchants(None).await.unwrap();
    let shop = all.iter().find(|m| m.admin_email == email).unwrap();
    assert_eq!(shop.status, MerchantStatus::Active);
    assert_eq!(app.store.merchant_of(email).await.unwrap(), Some(shop.id));
    assert!(
        all.iter().any(|m| m.admin_email != email),
        "the demo merchant too"
    );
    assert!(app
        .store
        .merchants(Some(MerchantStatus::Pending))
        .await
        .unwrap()
        .is_empty());

    let token = app.sign_in(email, "Shop-Pass-2026").await;
    let info = app.me(&token).info().await;
    assert_eq!(info.data()["role"], "admin");
    assert_eq!(info.data()["useremail"], email);

    // A second registration of the same address: the code request mails a note, no code.
    assert_eq!(
        app.auth()
            .send_code(json!({"email": email, "type": 1}))
            .await
            .code(),
        1
    );
    let again = app.auth().send_code(json!({"email": email, "type": 1})).await;
    assert_eq!(
        again.code(),
        10429,
        "the resend window applies to registered addresses too"
    );
    let note = app.mails_to(email).await.pop().unwrap();
    assert!(note.body.contains("already has an account"), "{}", note.body);
    let taken = app
        .auth()
        .register(form(email, "123456", "Shop-Pass-2026", "Shop-Pass-2026"))
        .await;
    assert!(matches!(taken.code(), 11002 | 11005), "{:?}", taken.body);
}

async fn reset_password_with_a_mailed_code(db: TestDb) {
    let app = spawn_app(db).await;
    let old_session = app.sign_in_demo().await;
    // Unknown addresses get no mail, and the answer is the same.
    assert_eq!(
        app.auth()
            .send_code(json!({"email": "ghost@x.example", "type": 8}))
            .await
            .code(),
        1
    );
    assert!(app.mails_to("ghost@x.example").await.is_empty());
    let unknown = app
        .auth()
        .reset_password(form(
            "ghost@x.example",
            "123456",
            "New-Pass-2026",
            "New-Pass-2026",
        ))
        .await;
    assert_eq!(unknown.code(), 11002);

    let code = code_of_type(&app, DEMO_EMAIL, 8).await;
    let login_code_misused = app
        .auth()
        .reset_password(form(DEMO_EMAIL, "12345", "New-Pass-2026", "New-Pass-2026"))
        .await;
    assert_eq!(
        login_code_misused.code_and_msg(),
        (10422, "Must be a 6-digit number")
    );
    let done = app
        .auth()
        .reset_password(form(DEMO_EMAIL, &code, "New-Pass-2026", "New-Pass-2026"))
        .await;
    assert_eq!(done.code(), 1, "{:?}", done.body);
    assert_eq!(app.me(&old_session).info().await.code(), 10506, "sessions ended");
    let old = app.auth().check_password(DEMO_EMAIL, DEMO_PASSWORD).await;
    assert_eq!(old.code(), 11001);
    app.sign_in(DEMO_EMAIL, "New-Pass-2026").await;
    let reuse = app
        .auth()
        .reset_password(form(DEMO_EMAIL, &code, "Other-Pass-2026", "Other-Pass-2026"))
        .await;
    assert_eq!(reuse.code(), 11002, "a reset code works once");
}

async fn repeated_failures_lock_the_account(db: TestDb) {
    let app = spawn_app(db).await;
    let wrong = json!({"email": DEMO_EMAIL, "password": "Wrong-Pass-1"});
    for _ in 0..5 {
        assert_eq!(app.auth().verify(wrong.clone()).await.code(), 11001);
    }
    let right = json!({"email": DEMO_EMAIL, "password": DEMO_PASSWORD});
    let locked = app.auth().verify(right.clone()).await;
    assert_eq!(locked.code(), 11007);
    assert!(locked.msg().contains("15 min"), "{}", locked.msg());
    app.clock.advance(Duration::minutes(16));
    assert_eq!(app.auth().verify(right).await.code(), 1, "the lock ends");

    let token = app.sign_in_demo().await;
    let logs = app.logs(&token).logins(paging(1, 50)).await;
    assert_eq!(logs.code(), 1, "{:?}", logs.body);
    let reasons = strings(&logs.data()["list"], "reason");
    assert!(
        reasons.contains(&"locked") && reasons.contains(&"bad_password"),
        "{reasons:?}"
    );
    assert_eq!(logs.data()["list"][0]["result"], "success", "newest first");
    assert_eq!(
        logs.data()["list"][0]["ip"],
        "127.0.0.1",
        "the peer address is recorded"
    );
    let failures = app
        .logs(&token)
        .logins(json!({"page": 1, "pageSize": 50, "result": "failure"}))
        .await;
    assert!(failures.data()["list"]
        .as_array()
        .unwrap()
        .iter()
        .all(|e| e["result"] == "failure"));
}

async fn google_authenticator_binds_signs_in_and_refuses_replays(db: TestDb) {
    let app = spawn_app(db).await;
    let token = app.sign_in_demo().await;
    let offer = app.me(&token).google_secret().await;
    assert_eq!(offer.code(), 1);
    let secret = offer.data()["secret"].as_str().unwrap().to_string();
    assert!(offer.data()["otpauthUri"].as_str().unwrap().contains(&secret));
    let stored: String = app
        .store
        .outbox(None)
        .await
        .unwrap()
        .iter()
        .map(|m| m.body.clone())
        .collect();
    assert!(!stored.contains(&secret));

    let now = || app.clock.now();
    let code = |at| totp::code_at_step(&secret, totp::step_at(at)).unwrap();
    let wrong = app.me(&token).bind_google(json!({"code": "000000"})).await;
    assert!(wrong.code() == 11002 || code(now()) == "000000");
    assert_eq!(
        app.me(&token)
            .bind_google(json!({"code": code(now())}))
            .await
            .code(),
        1
    );
    assert_eq!(app.me(&token).google_secret().await.code(), 11009);

    // Sign-in now asks for the authenticator, and a code is accepted once.
    let verify = app.auth().check_password(DEMO_EMAIL, DEMO_PASSWORD).await;
    assert_eq!(verify.data(), &json!(1));
    app.clock.advance(Duration::seconds(30));
    let login = |c: String| json!({"email": DEMO_EMAIL, "password": DEMO_PASSWORD, "code": c});
    let first = app.auth().login(login(code(now()))).await;
    assert_eq!(first.code(), 1, "{:?}", first.body);
    assert_eq!(first.data()["bindGoogle"], true);
    assert_eq!(
        app.auth().login(login(code(now()))).await.code(),
        11002,
        "replayed code"
    );
    let blank = app.auth().login(login("  ".into())).await;
    assert_eq!(
        blank.code_and_msg(),
        (10422, "Google verification code cannot be empty")
    );

    app.clock.advance(Duration::seconds(30));
    assert_eq!(
        app.me(&token)
            .unbind_google(json!({"code": code(now())}))
            .await
            .code(),
        1
    );
    assert_eq!(
        app.me(&token)
            .unbind_google(json!({"code": "123456"}))
            .await
            .code(),
        11008
    );
    let verify = app.auth().check_password(DEMO_EMAIL, DEMO_PASSWORD).await;
    assert_eq!(verify.data(), &json!(0), "back to e-mail codes");
}

each_database!(
    register_then_activate_then_sign_in,
    reset_password_with_a_mailed_code,
    repeated_failures_lock_the_account,
    google_authenticator_binds_signs_in_and_refuses_replays,
);
