//! Guessable secrets: authenticator codes counted per user across sign-in and
//! step-up calls, password locks per account and client address that tell nobody who exists,
//! keyed digests of e-mail codes.

use chrono::Duration;
use coffer_domain::clock::Clock;
use coffer_domain::identity::secret_digest;
use coffer_domain::totp;
use coffer_store::entities::{auth_attempt, email_code};
use coffer_testkit::{each_database, TestDb};
use sea_orm::{EntityTrait, QueryOrder};
use serde_json::{json, Value};

use crate::console::{paging, Logs, Me};
use crate::deposits::range;
use crate::helpers::{answer, spawn_app, spawn_app_with, Answer, TestApp, DEMO_EMAIL, DEMO_PASSWORD};
use crate::wallets::{bind_google, google_code};
use crate::withdrawals::{detail, held_for_review, withdraw};

const OPS_EMAIL: &str = "ops@coffer.local";
const OPS_PASSWORD: &str = "Ops-Pass-2026";

/// A second user of the demo merchant who reads the logs, signed in.
async fn second_user(app: &TestApp, _admin: &str) -> String {
    app.store
        .add_user(
            crate::helpers::DEMO_EMAIL,
            OPS_EMAIL,
            OPS_PASSWORD,
            &[1, 9, 901, 902],
        )
        .await
        .expect("adding the second user");
    app.sign_in(OPS_EMAIL, OPS_PASSWORD).await
}

fn code_now(app: &TestApp, secret: &str) -> String {
    totp::code_at_step(secret, totp::step_at(app.clock.now())).unwrap()
}

/// A code no step around now accepts.
pub(crate) fn wrong_code(app: &TestApp, secret: &str) -> String {
    let step = totp::step_at(app.clock.now());
    let accepted: Vec<String> = (step - 1..=step + 1)
        .map(|s| totp::code_at_step(secret, s).unwrap())
        .collect();
    (0..10)
        .map(|d| format!("{d}{d}{d}{d}{d}{d}"))
        .find(|c| !accepted.contains(c))
        .unwrap()
}

fn login_body(code: &str) -> Value {
    json!({"email": DEMO_EMAIL, "password": DEMO_PASSWORD, "code": code})
}

async fn page(app: &TestApp, token: &str, path: &str) -> Vec<Value> {
    let logs = app.post_as(token, path, paging(1, 50)).await;
    assert_eq!(logs.code(), 1, "{:?}", logs.body);
    logs.data()["list"].as_array().unwrap().clone()
}

async fn authenticator_codes_are_counted_per_user_across_sign_in_and_step_up(db: TestDb) {
    let app = spawn_app(db).await;
    let demo = app.sign_in_demo().await;
    let ops = second_user(&app, &demo).await;
    let demo_secret = bind_google(&app, &demo).await;
    let ops_secret = bind_google(&app, &ops).await;

    // Three wrong codes at sign-in and two at a step-up call: five for the same user.
    for _ in 0..3 {
        let wrong = app
            .auth()
            .login(login_body(&wrong_code(&app, &demo_secret)))
            .await;
        assert_eq!(wrong.code(), 11002);
    }
    for _ in 0..2 {
        let wrong = app
            .me(&demo)
            .unbind_google(json!({"code": wrong_code(&app, &demo_secret)}))
            .await;
        assert_eq!(wrong.code(), 11002);
    }

    // Now even the right code is refused, at sign-in and at step-up, with its own answer.
    app.clock.advance(Duration::seconds(30));
    let refused = app
        .auth()
        .in_language("zh-CN")
        .login(login_body(&code_now(&app, &demo_secret)))
        .await;
    assert_eq!(refused.code(), 11012, "{:?}", refused.body);
    assert!(
        refused.msg().contains("谷歌验证码错误次数过多"),
        "{}",
        refused.msg()
    );
    assert!(refused.msg().contains("15 min"), "{}", refused.msg());
    let unbind = app
        .me(&demo)
        .unbind_google(json!({"code": code_now(&app, &demo_secret)}))
        .await;
    assert_eq!(
        unbind.code_and_msg(),
        (
            11012,
            "Too many wrong Google authenticator codes; try again later: 15 min"
        ),
        "{:?}",
        unbind.body
    );
    let info = app.me(&demo).info().await;
    assert_eq!(
        info.data()["bindGoogle"],
        true,
        "the refused unbind changed nothing"
    );

    // Another user of the same merchant is not affected.
    let theirs = app
        .merchant_keys(&ops)
        .show_secret(json!({"googleCode": code_now(&app, &ops_secret)}))
        .await;
    assert_ne!(theirs.code(), 11012, "{:?}", theirs.body);
    assert_ne!(theirs.code(), 11002, "{:?}", theirs.body);

    // The refusals are in the login log and the operation log.
    let logins = page(&app, &ops, Logs::LOGINS).await;
    assert!(
        logins
            .iter()
            .any(|e| e["reason"] == "google_locked" && e["email"] == DEMO_EMAIL),
        "{logins:?}"
    );
    let operations = page(&app, &ops, Logs::OPERATIONS).await;
    assert!(
        operations
            .iter()
            .any(|e| e["action"] == Me::GOOGLE_UNBIND && e["code"] == 11012),
        "{operations:?}"
    );

    // The pause ends after 15 minutes; then a right code works again.
    app.clock.advance(Duration::minutes(14));
    let still = app.auth().login(login_body(&code_now(&app, &demo_secret))).await;
    assert_eq!(still.code(), 11012);
    app.clock.advance(Duration::minutes(2));
    let back = app.auth().login(login_body(&code_now(&app, &demo_secret))).await;
    assert_eq!(back.code(), 1, "{:?}", back.body);
}

async fn concurrent_wrong_codes_cannot_pass_the_limit(db: TestDb) {
    let app = spawn_app(db).await;
    let demo = app.sign_in_demo().await;
    let secret = bind_google(&app, &demo).await;
    let wrong = wrong_code(&app, &secret);
    let guesses = (0..20).map(|_| app.me(&demo).unbind_google(json!({"code": wrong.clone()})));
    let answers = futures::future::join_all(guesses).await;
    let codes: Vec<i64> = answers.iter().map(Answer::code).collect();
    let counted = codes.iter().filter(|c| **c == 11002).count();
    assert_eq!(counted, 5, "exactly the limit is checked: {codes:?}");
    assert_eq!(codes.iter().filter(|c| **c == 11012).count(), 15, "{codes:?}");
    app.clock.advance(Duration::seconds(30));
    let right = app
        .me(&demo)
        .unbind_google(json!({"code": code_now(&app, &secret)}))
        .await;
    assert_eq!(right.code(), 11012);
}

async fn replayed_codes_are_refused_but_not_counted(db: TestDb) {
    let app = spawn_app(db).await;
    let demo = app.sign_in_demo().await;
    let secret = bind_google(&app, &demo).await;
    let code = google_code(&app, &secret);
    let show = |code: &str| app.merchant_keys(&demo).show_secret(json!({"googleCode": code}));
    let first = show(&code).await;
    assert!(![11002, 11012].contains(&first.code()), "{:?}", first.body);
    for _ in 0..6 {
        assert_eq!(show(&code).await.code(), 11002, "a replay is refused");
    }
    let fresh = show(&google_code(&app, &secret)).await;
    assert!(
        ![11002, 11012].contains(&fresh.code()),
        "replays (a double click) do not pause the checks: {:?}",
        fresh.body
    );
}

/// A sign-in password step from a given client address (the server trusts X-Forwarded-For).
async fn verify_from(app: &TestApp, address: &str, email: &str, password: &str) -> Answer {
    let response = app
        .http
        .post(format!("{}/api/partner/login/verify", app.base))
        .header("x-forwarded-for", address)
        .json(&json!({"email": email, "password": password}))
        .send()
        .await
        .expect("request sent");
    answer(response).await
}

async fn password_locks_tell_nobody_who_exists(db: TestDb) {
    let app = spawn_app_with(db, |c| c.server.trust_forwarded_for = true).await;
    let stranger = "203.0.113.7";
    let mut known = Vec::new();
    let mut unknown = Vec::new();
    for _ in 0..6 {
        let a = verify_from(&app, stranger, DEMO_EMAIL, "Wrong-Pass-1").await;
        known.push((a.code(), a.msg().to_string()));
        let b = verify_from(&app, stranger, "nobody@coffer.local", "Wrong-Pass-1").await;
        unknown.push((b.code(), b.msg().to_string()));
    }
    assert_eq!(known, unknown, "a real and an unknown account answer alike");
    assert_eq!(known[4].0, 11001);
    assert_eq!(known[5].0, 11007, "{known:?}");
    let right_here = verify_from(&app, stranger, DEMO_EMAIL, DEMO_PASSWORD).await;
    assert_eq!(
        right_here.code(),
        11007,
        "locked for this address, right password or not"
    );

    // The owner, from another address, is not locked out by the stranger.
    let owner = verify_from(&app, "198.51.100.20", DEMO_EMAIL, DEMO_PASSWORD).await;
    assert_eq!(owner.code(), 1, "{:?}", owner.body);

    app.clock.advance(Duration::minutes(16));
    let later = verify_from(&app, stranger, DEMO_EMAIL, DEMO_PASSWORD).await;
    assert_eq!(later.code(), 1, "the lock ends");
}

async fn distributed_guessing_meets_a_ceiling_per_account(db: TestDb) {
    let app = spawn_app_with(db, |c| {
        c.server.trust_forwarded_for = true;
        c.auth.account_lockout_attempts = 8;
    })
    .await;
    // Two wrong passwords from each of four addresses: no address reaches its own lock.
    for n in 1..=4 {
        for _ in 0..2 {
            let a = verify_from(&app, &format!("203.0.113.{n}"), DEMO_EMAIL, "Wrong-Pass-1").await;
            assert_eq!(a.code(), 11001);
        }
    }
    let owner = verify_from(&app, "198.51.100.20", DEMO_EMAIL, DEMO_PASSWORD).await;
    assert_eq!(owner.code(), 11007, "the account is locked from every address");
    let other = verify_from(&app, "198.51.100.20", "other@coffer.local", "Wrong-Pass-1").await;
    assert_eq!(other.code(), 11001, "other accounts are not");
    app.clock.advance(Duration::minutes(16));
    let owner = verify_from(&app, "198.51.100.20", DEMO_EMAIL, DEMO_PASSWORD).await;
    assert_eq!(owner.code(), 1, "{:?}", owner.body);
}

async fn idle_guess_counters_are_pruned(db: TestDb) {
    let app = spawn_app(db).await;
    for email in ["nobody@coffer.local", DEMO_EMAIL] {
        let wrong = app.auth().check_password(email, "Wrong-Pass-1").await;
        assert_eq!(wrong.code(), 11001);
    }
    let count = || async {
        auth_attempt::Entity::find()
            .all(app.store.connection())
            .await
            .unwrap()
            .len()
    };
    assert_eq!(count().await, 4, "per address and per account, for each e-mail");
    app.housekeeper.run_once().await.unwrap();
    assert_eq!(count().await, 4, "live counters are kept");
    app.clock.advance(Duration::hours(25));
    app.housekeeper.run_once().await.unwrap();
    assert_eq!(count().await, 0, "a day after their window they go");
}

async fn email_codes_are_stored_as_keyed_digests(db: TestDb) {
    let app = spawn_app(db).await;
    let code = app.request_code(DEMO_EMAIL).await;
    let stored = email_code::Entity::find()
        .order_by_desc(email_code::Column::Id)
        .one(app.store.connection())
        .await
        .unwrap()
        .expect("a stored code");
    assert_eq!(stored.code_digest.len(), 64);
    assert_ne!(stored.code_digest, secret_digest(&code), "not bare SHA-256");
    assert!(!stored.code_digest.contains(&code));
    let login = app
        .auth()
        .login(json!({"email": DEMO_EMAIL, "password": DEMO_PASSWORD, "code": code}))
        .await;
    assert_eq!(
        login.code(),
        1,
        "the mailed code still signs in: {:?}",
        login.body
    );
}

async fn passing_a_withdrawal_needs_the_google_code(db: TestDb) {
    let (app, p, held) = held_for_review(db).await;
    let check = |body: Value| app.withdrawals(&p.token).check(body);

    let bare = check(json!({"ids": [held], "action": 1})).await;
    assert_eq!(
        bare.code_and_msg(),
        (10422, "Google verification code cannot be empty")
    );
    let wrong = check(json!({"ids": [held], "action": 1, "googleCode": wrong_code(&app, &p.google)})).await;
    assert_eq!(wrong.code(), 11002);
    let one_click = check(json!({"all": true, "action": 1, "filter": range(&app)})).await;
    assert_eq!(one_click.code(), 10422);
    assert_eq!(
        detail(&app, &p.token, &held).await["status"],
        1,
        "still awaiting review"
    );
    assert_eq!(app.executor.step().await.unwrap().signed, 0, "nothing paid");

    let passed = check(json!({"ids": [held], "action": 1, "googleCode": google_code(&app, &p.google)})).await;
    assert_eq!(passed.data()["done"], 1, "{:?}", passed.body);

    // Rejecting moves no money and needs no code.
    let other = withdraw(&app, &p, "1300", json!({})).await.data()["id"].clone();
    app.executor.step().await.unwrap();
    let rejected = check(json!({"ids": [other], "action": 2, "reason": "no"})).await;
    assert_eq!(rejected.data()["done"], 1, "{:?}", rejected.body);
}

each_database!(
    authenticator_codes_are_counted_per_user_across_sign_in_and_step_up,
    concurrent_wrong_codes_cannot_pass_the_limit,
    replayed_codes_are_refused_but_not_counted,
    password_locks_tell_nobody_who_exists,
    distributed_guessing_meets_a_ceiling_per_account,
    email_codes_are_stored_as_keyed_digests,
    idle_guess_counters_are_pruned,
    passing_a_withdrawal_needs_the_google_code,
);
