//! Session lifetimes and their two expiry codes, logout, change password, limited roles.

use chrono::Duration;
use coffer_testkit::{each_database, TestDb};
use serde_json::json;

use crate::console::NO_SESSION;
use crate::helpers::{menu_ids, spawn_app, DEMO_EMAIL, DEMO_PASSWORD};

async fn expiry_codes_distinguish_missing_from_expired(db: TestDb) {
    let app = spawn_app(db).await;
    let info = |token: String| {
        let app = &app;
        async move { app.me(&token).info().await }
    };
    assert_eq!(app.me(NO_SESSION).info().await.code(), 10506, "no header");
    assert_eq!(info("made-up-token".into()).await.code(), 10506, "unknown token");

    // Idle lifetime: 30 minutes without a call.
    let token = app.sign_in_demo().await;
    app.clock.advance(Duration::minutes(29));
    assert_eq!(
        info(token.clone()).await.code(),
        1,
        "a call inside the idle window keeps it alive"
    );
    app.clock.advance(Duration::minutes(29));
    assert_eq!(info(token.clone()).await.code(), 1);
    app.clock.advance(Duration::minutes(31));
    let expired = info(token.clone()).await;
    assert_eq!(expired.code_and_msg(), (10512, "Login authorization expired"));
    assert_eq!(info(token).await.code(), 10512, "stays expired");

    // Absolute lifetime: 12 hours however active.
    let token = app.sign_in_demo().await;
    for _ in 0..=(12 * 60 / 20) {
        app.clock.advance(Duration::minutes(20));
        let answer = info(token.clone()).await;
        if answer.code() != 1 {
            assert_eq!(answer.code(), 10512);
            return;
        }
    }
    panic!("a session outlived its absolute lifetime");
}

async fn logout_ends_the_session_on_the_server(db: TestDb) {
    let app = spawn_app(db).await;
    let token = app.sign_in_demo().await;
    let other = app.sign_in_demo().await;
    assert_eq!(app.me(&token).logout().await.code(), 1);
    assert_eq!(app.me(&token).info().await.code(), 10506);
    assert_eq!(app.me(&token).logout().await.code(), 10506);
    assert_eq!(app.me(&other).info().await.code(), 1, "other sessions live on");
}

async fn change_password_checks_and_ends_other_sessions(db: TestDb) {
    let app = spawn_app(db).await;
    let token = app.sign_in_demo().await;
    let elsewhere = app.sign_in_demo().await;
    let edit = |old: &str, new: &str, verify: &str| json!({"passwordOld": old, "password": new, "passwordVerify": verify});

    let weak = app
        .me(&token)
        .change_password(edit(DEMO_PASSWORD, "short1A", "short1A"))
        .await;
    assert_eq!(weak.code_and_msg(), (10422, "Password Format Error"));
    let differ = app
        .me(&token)
        .change_password(edit(DEMO_PASSWORD, "New-Pass-2027", "New-Pass-2028"))
        .await;
    assert_eq!(
        differ.code_and_msg(),
        (10422, "The two passwords are inconsistent")
    );
    let wrong_old = app
        .me(&token)
        .change_password(edit("Not-It-2026", "New-Pass-2027", "New-Pass-2027"))
        .await;
    assert_eq!(wrong_old.code(), 11004);
    let missing = app
        .me(&token)
        .change_password(json!({"password": "New-Pass-2027"}))
        .await;
    assert_eq!(missing.code(), 10400);
    assert_eq!(
        app.me(NO_SESSION)
            .change_password(edit(DEMO_PASSWORD, "New-Pass-2027", "New-Pass-2027"))
            .await
            .code(),
        10506
    );

    // Nothing above changed the password.
    assert_eq!(app.me(&elsewhere).info().await.code(), 1);

    let done = app
        .post_as(
            &token,
            "/admin/user/password/edit",
            edit(DEMO_PASSWORD, "New-Pass-2027", "New-Pass-2027"),
        )
        .await;
    assert_eq!(done.code(), 1);
    assert_eq!(app.me(&token).info().await.code(), 1, "this session stays");
    assert_eq!(app.me(&elsewhere).info().await.code(), 10506, "others end");
    let old = app.auth().check_password(DEMO_EMAIL, DEMO_PASSWORD).await;
    assert_eq!(old.code(), 11001);
    app.sign_in(DEMO_EMAIL, "New-Pass-2027").await;
}

async fn a_limited_role_gets_only_its_menus(db: TestDb) {
    let app = spawn_app(db).await;
    let token = app
        .operator("clerk@coffer.local", "Clerk-Pass-2026", &[1, 3, 301])
        .await;
    let info = app.me(&token).info().await;
    let ids: Vec<i64> = menu_ids(&info.data()["menuList"]);
    assert_eq!(ids, vec![1, 3, 301]);
    assert_eq!(
        info.data()["roleList"],
        json!([{"menuId": 1}, {"menuId": 3}, {"menuId": 301}])
    );
    assert_ne!(info.data()["role"], "admin");
}

/// Merchant-scoped answers come from the caller's merchant, never another's.
async fn home_config_is_the_callers_merchant(db: TestDb) {
    use sea_orm::ConnectionTrait;
    let app = spawn_app(db).await;
    app.store
        .seed_demo("other@merchant.example", "Other-Pass-2026")
        .await
        .unwrap();
    app.store
        .connection()
        .execute_unprepared(
            "UPDATE merchant SET time_zone = -5 WHERE id = (SELECT merchant_id FROM app_user WHERE email = 'other@merchant.example')",
        )
        .await
        .unwrap();
    let ours = app.sign_in_demo().await;
    let theirs = app.sign_in("other@merchant.example", "Other-Pass-2026").await;
    let zone = |answer: crate::helpers::Answer| answer.data()["timeZone"].as_i64();
    assert_eq!(zone(app.me(&ours).home_config().await), Some(8));
    assert_eq!(zone(app.me(&theirs).home_config().await), Some(-5));
}

each_database!(
    expiry_codes_distinguish_missing_from_expired,
    logout_ends_the_session_on_the_server,
    change_password_checks_and_ends_other_sessions,
    a_limited_role_gets_only_its_menus,
    home_config_is_the_callers_merchant,
);
