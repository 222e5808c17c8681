//! Sub-accounts join by invitation: the invitee sets the password with a mailed
//! code; the inviter's answer does not tell whether the address has an account elsewhere.
//! Names are NFKC-normalised, with nothing invisible and at most 32 characters.

use coffer_testkit::{each_database, TestDb};
use serde_json::json;

use crate::escalation::{accept, accounts, invite, role_named, roles, INVITEE_PASSWORD};
use crate::helpers::{spawn_app, TestApp, DEMO_EMAIL, OTHER_EMAIL, OTHER_PASSWORD};
use crate::wallets::{bind_google, google_code};

async fn assert_inviter_got_sign_in_codes_only(app: &TestApp) {
    let mails = app.mails_to(DEMO_EMAIL).await;
    assert!(
        mails.iter().all(|m| !m.body.to_lowercase().contains("invit")),
        "the inviter gets sign-in codes only"
    );
}

async fn an_invitee_sets_the_password_with_the_mailed_code(db: TestDb) {
    let app = spawn_app(db).await;
    let admin = app.sign_in_demo().await;
    let google = bind_google(&app, &admin).await;
    let role = role_named(&app, &admin, "admin").await["id"].as_i64().unwrap();
    let invited = invite(&app, &admin, &google, "Ann@X.example", role).await;
    assert_eq!(
        (invited.code(), invited.data()),
        (1, &json!(null)),
        "{:?}",
        invited.body
    );
    let listed = accounts(&app, &admin).await;
    let ann = listed.iter().find(|a| a["email"] == "ann@x.example").unwrap();
    assert_eq!(ann["status"], 2, "invited");
    let mail = app.mails_to("ann@x.example").await;
    assert!(mail[0].body.contains("Accept invitation"), "{}", mail[0].body);
    assert_inviter_got_sign_in_codes_only(&app).await;

    // No password yet: nothing signs in.
    let before = app.auth().check_password("ann@x.example", INVITEE_PASSWORD).await;
    assert_eq!(before.code(), 11001);
    let wrong = app
        .auth()
        .accept_invite(
            json!({"email": "ann@x.example", "code": "000000", "password": INVITEE_PASSWORD,
                   "passwordVerify": INVITEE_PASSWORD}),
        )
        .await;
    assert_eq!(wrong.code(), 11002);
    let mismatch = app
        .auth()
        .accept_invite(
            json!({"email": "ann@x.example", "code": app.last_code("ann@x.example").await,
                   "password": INVITEE_PASSWORD, "passwordVerify": "Other-Pass-2026"}),
        )
        .await;
    assert_eq!(mismatch.code(), 10422);
    assert_eq!(accept(&app, "ann@x.example").await.code(), 1);
    assert_eq!(
        accept(&app, "ann@x.example").await.code(),
        11002,
        "a code works once"
    );
    let ann = app.sign_in("ann@x.example", INVITEE_PASSWORD).await;
    let info = app.me(&ann).info().await;
    assert_eq!(info.data()["isAdmin"], true);
    let listed = accounts(&app, &admin).await;
    assert_eq!(
        listed.iter().find(|a| a["email"] == "ann@x.example").unwrap()["status"],
        1
    );

    // The same merchant's own address is refused (the inviter sees it in the list anyway).
    let again = invite(&app, &admin, &google, "ann@x.example", role).await;
    assert_eq!(again.code(), 11005);
}

async fn an_address_of_another_merchant_answers_like_a_new_one(db: TestDb) {
    let app = spawn_app(db).await;
    app.store.seed_demo(OTHER_EMAIL, OTHER_PASSWORD).await.unwrap();
    let admin = app.sign_in_demo().await;
    let google = bind_google(&app, &admin).await;
    let role = role_named(&app, &admin, "admin").await["id"].as_i64().unwrap();
    let fresh = invite(&app, &admin, &google, "fresh@x.example", role).await;
    let taken = invite(&app, &admin, &google, OTHER_EMAIL, role).await;
    assert_eq!(fresh.code_and_msg(), taken.code_and_msg());
    assert_eq!(fresh.data(), taken.data());
    assert!(!accounts(&app, &admin)
        .await
        .iter()
        .any(|a| a["email"] == OTHER_EMAIL));
    // Only the address's owner hears of it, and no code lets anyone into our merchant.
    let told = app.mails_to(OTHER_EMAIL).await;
    assert!(told.last().unwrap().body.contains("already has a Coffer account"));
    let code = json!({"email": OTHER_EMAIL, "code": "123456", "password": INVITEE_PASSWORD,
                      "passwordVerify": INVITEE_PASSWORD});
    assert_eq!(app.auth().accept_invite(code).await.code(), 11002);
    let other = app.sign_in(OTHER_EMAIL, OTHER_PASSWORD).await;
    let info = app.me(&other).info().await;
    assert_eq!(info.data()["useremail"], OTHER_EMAIL);
    assert_inviter_got_sign_in_codes_only(&app).await;
}

async fn names_are_normalised_and_bounded(db: TestDb) {
    let app = spawn_app(db).await;
    let admin = app.sign_in_demo().await;
    let google = bind_google(&app, &admin).await;
    let add = |name: &str| json!({"name": name, "menuIds": [1], "googleCode": google_code(&app, &google)});
    let wide = app.roles(&admin).add(add("  Ｆｉｎａｎｃｅ ")).await;
    assert_eq!(wide.code(), 1, "{:?}", wide.body);
    assert!(roles(&app, &admin).await.iter().any(|r| r["name"] == "Finance"));
    let before = roles(&app, &admin).await;
    for (name, msg) in [
        (
            "ad\u{200B}min",
            "Names may not contain control, invisible or text-direction characters",
        ),
        (
            "x\u{202E}y",
            "Names may not contain control, invisible or text-direction characters",
        ),
        (&"r".repeat(33), "Role name must be 1 to 32 characters"),
        ("finance", "A role with this name already exists"),
    ] {
        let refused = app.roles(&admin).add(add(name)).await;
        let code = if msg == "A role with this name already exists" {
            17005
        } else {
            10422
        };
        assert_eq!(refused.code_and_msg(), (code, msg), "{name:?}");
    }
    assert_eq!(roles(&app, &admin).await, before);

    let role = role_named(&app, &admin, "Finance").await["id"].as_i64().unwrap();
    let invite_named = |name: &str| {
        json!({"email": "named@x.example", "username": name, "roleId": role,
               "googleCode": google_code(&app, &google)})
    };
    for (name, msg) in [
        (
            "Bob\u{FEFF}",
            "Names may not contain control, invisible or text-direction characters",
        ),
        (&"n".repeat(33), "Nickname must be 1 to 32 characters"),
    ] {
        let refused = app.accounts(&admin).add(invite_named(name)).await;
        assert_eq!(refused.code_and_msg(), (10422, msg), "{name:?}");
    }
    assert!(app.mails_to("named@x.example").await.is_empty());
    let fine = app.accounts(&admin).add(invite_named("Ｂｏｂ")).await;
    assert_eq!(fine.code(), 1, "{:?}", fine.body);
    let listed = accounts(&app, &admin).await;
    assert_eq!(
        listed.iter().find(|a| a["email"] == "named@x.example").unwrap()["username"],
        "Bob"
    );
}

each_database!(
    an_invitee_sets_the_password_with_the_mailed_code,
    an_address_of_another_merchant_answers_like_a_new_one,
    names_are_normalised_and_bounded,
);
