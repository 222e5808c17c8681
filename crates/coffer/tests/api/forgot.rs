//! Forgot password in two steps: `/reset/verify` checks the code at step 1 without using it up
//! and answers a proof; `/reset` takes the proof with the new password.

use chrono::{Duration, SecondsFormat};
use coffer_domain::clock::Clock;
use coffer_testkit::{each_database, TestDb};
use serde_json::{json, Value};

use crate::helpers::{spawn_app, Answer, TestApp, DEMO_EMAIL, DEMO_PASSWORD, OTHER_EMAIL};

const NEW_PASSWORD: &str = "New-Pass-2026";
const PROOF_REFUSED: (i64, &str) = (
    11013,
    "The e-mail code check has expired or was already used; enter the code again",
);

async fn reset_code(app: &TestApp, email: &str) -> String {
    app.clock.advance(Duration::seconds(61));
    let sent = app.auth().send_code(json!({"email": email, "type": 8})).await;
    assert_eq!(sent.code(), 1, "{:?}", sent.body);
    app.last_code(email).await
}

async fn step_one(app: &TestApp, email: &str, code: &str) -> Answer {
    app.auth()
        .verify_reset_code(json!({"email": email, "code": code}))
        .await
}

/// Step 1 with the right code; the proof it answered.
async fn proof_of(app: &TestApp, email: &str, code: &str) -> String {
    let passed = step_one(app, email, code).await;
    assert_eq!(passed.code(), 1, "{:?}", passed.body);
    passed.data()["resetToken"]
        .as_str()
        .expect("a reset token")
        .to_string()
}

async fn step_two(app: &TestApp, email: &str, token: &str, password: &str, verify: &str) -> Answer {
    app.auth()
        .reset_password(json!({
            "email": email, "resetToken": token, "password": password, "passwordVerify": verify
        }))
        .await
}

async fn with_code(app: &TestApp, email: &str, code: &str) -> Answer {
    app.auth()
        .reset_password(json!({
            "email": email, "code": code, "password": NEW_PASSWORD, "passwordVerify": NEW_PASSWORD
        }))
        .await
}

async fn a_wrong_code_is_refused_at_step_one_and_the_proof_sets_the_password(db: TestDb) {
    let app = spawn_app(db).await;
    let old_session = app.sign_in_demo().await;
    let code = reset_code(&app, DEMO_EMAIL).await;
    let wrong = if code == "000000" { "111111" } else { "000000" };

    assert_eq!(step_one(&app, DEMO_EMAIL, wrong).await.code(), 11002);
    assert_eq!(
        step_one(&app, DEMO_EMAIL, "12345").await.code_and_msg(),
        (10422, "Must be a 6-digit number")
    );
    assert_eq!(
        step_one(&app, DEMO_EMAIL, " ").await.code_and_msg(),
        (10422, "Verification code cannot be empty")
    );
    assert_eq!(step_one(&app, "not-an-email", &code).await.code(), 10422);
    assert_eq!(
        step_one(&app, "ghost@x.example", &code).await.code(),
        11002,
        "an address without an account has no code"
    );

    let passed = step_one(&app, DEMO_EMAIL, &format!(" {code} ")).await;
    assert_eq!(passed.code(), 1, "{:?}", passed.body);
    let token = passed.data()["resetToken"].as_str().unwrap().to_string();
    assert!(
        !token.contains(&code),
        "the proof never carries the code: {token}"
    );
    let expires = (app.clock.now() + Duration::minutes(10)).to_rfc3339_opts(SecondsFormat::Secs, true);
    assert_eq!(
        passed.data()["expiresAt"],
        json!(expires),
        "lives as long as a code"
    );
    let second = proof_of(&app, DEMO_EMAIL, &code).await;
    assert_eq!(second.len(), token.len(), "step 1 did not use the code up");

    // The password rules still apply, before the proof is spent.
    assert_eq!(
        step_two(&app, DEMO_EMAIL, &token, "weakpass", "weakpass")
            .await
            .code_and_msg(),
        (10422, "Password Format Error")
    );
    assert_eq!(
        step_two(&app, DEMO_EMAIL, &token, NEW_PASSWORD, "New-Pass-2027")
            .await
            .code_and_msg(),
        (10422, "The two passwords are inconsistent")
    );
    let done = step_two(&app, DEMO_EMAIL, &token, NEW_PASSWORD, NEW_PASSWORD).await;
    assert_eq!(done.code(), 1, "{:?}", done.body);
    assert_eq!(app.me(&old_session).info().await.code(), 10506, "sessions ended");
    assert_eq!(
        app.auth().check_password(DEMO_EMAIL, DEMO_PASSWORD).await.code(),
        11001
    );
    app.sign_in(DEMO_EMAIL, NEW_PASSWORD).await;

    // Once: the same proof, the other proof of the same code and the code itself are spent.
    let reuse = step_two(&app, DEMO_EMAIL, &token, "Other-Pass-2026", "Other-Pass-2026").await;
    assert_eq!(reuse.code_and_msg(), PROOF_REFUSED);
    let sibling = step_two(&app, DEMO_EMAIL, &second, "Other-Pass-2026", "Other-Pass-2026").await;
    assert_eq!(sibling.code_and_msg(), PROOF_REFUSED);
    assert_eq!(with_code(&app, DEMO_EMAIL, &code).await.code(), 11002);
    assert_eq!(step_one(&app, DEMO_EMAIL, &code).await.code(), 11002);
}

async fn a_proof_works_only_for_its_email_its_code_and_its_time(db: TestDb) {
    let app = spawn_app(db).await;
    app.store.seed_demo(OTHER_EMAIL, "Other-Pass-2026").await.unwrap();
    let code = reset_code(&app, DEMO_EMAIL).await;
    let token = proof_of(&app, DEMO_EMAIL, &code).await;

    // Another account, even one with a reset code of its own.
    assert_eq!(
        step_two(&app, OTHER_EMAIL, &token, NEW_PASSWORD, NEW_PASSWORD)
            .await
            .code_and_msg(),
        PROOF_REFUSED
    );
    reset_code(&app, OTHER_EMAIL).await;
    assert_eq!(
        step_two(&app, OTHER_EMAIL, &token, NEW_PASSWORD, NEW_PASSWORD)
            .await
            .code_and_msg(),
        PROOF_REFUSED
    );
    // Forged or mangled proofs.
    let (head, mac) = token.rsplit_once('.').unwrap();
    let flipped = if mac.starts_with('0') { "1" } else { "0" };
    let later = {
        let parts: Vec<&str> = token.split('.').collect();
        let expires: i64 = parts[2].parse().unwrap();
        format!("{}.{}.{}.{}", parts[0], parts[1], expires + 3600, parts[3])
    };
    for forged in [
        format!("{head}.{flipped}{}", &mac[1..]),
        later,
        "r1.1.9999999999.00".to_string(),
        "garbage".to_string(),
        String::new(),
        "r1.".repeat(100),
    ] {
        let refused = step_two(&app, DEMO_EMAIL, &forged, NEW_PASSWORD, NEW_PASSWORD).await;
        assert_eq!(refused.code_and_msg(), PROOF_REFUSED, "{forged}");
    }

    // A newer code voids the proofs of the older one.
    let newer = reset_code(&app, DEMO_EMAIL).await;
    assert_eq!(
        step_two(&app, DEMO_EMAIL, &token, NEW_PASSWORD, NEW_PASSWORD)
            .await
            .code_and_msg(),
        PROOF_REFUSED
    );
    // A proof expires with its code's lifetime.
    let fresh = proof_of(&app, DEMO_EMAIL, &newer).await;
    app.clock.advance(Duration::minutes(10));
    assert_eq!(
        step_two(&app, DEMO_EMAIL, &fresh, NEW_PASSWORD, NEW_PASSWORD)
            .await
            .code_and_msg(),
        PROOF_REFUSED
    );
    // Nothing above changed the password.
    assert_eq!(
        app.auth().check_password(DEMO_EMAIL, DEMO_PASSWORD).await.code(),
        1
    );
}

async fn wrong_codes_at_step_one_count_toward_the_code_limit(db: TestDb) {
    let app = spawn_app(db).await;
    let code = reset_code(&app, DEMO_EMAIL).await;
    let wrong = if code == "000000" { "111111" } else { "000000" };
    // auth.code_max_attempts = 5, counted together with wrong codes at step 2.
    for _ in 0..4 {
        assert_eq!(step_one(&app, DEMO_EMAIL, wrong).await.code(), 11002);
    }
    assert_eq!(with_code(&app, DEMO_EMAIL, wrong).await.code(), 11002);
    assert_eq!(
        step_one(&app, DEMO_EMAIL, &code).await.code(),
        11002,
        "the sixth try finds the code dead, the right code included"
    );
    assert_eq!(with_code(&app, DEMO_EMAIL, &code).await.code(), 11002);
    // A new code starts a new count.
    let newer = reset_code(&app, DEMO_EMAIL).await;
    proof_of(&app, DEMO_EMAIL, &newer).await;
}

async fn a_reset_body_needs_a_code_or_a_proof(db: TestDb) {
    let app = spawn_app(db).await;
    let neither = app
        .auth()
        .reset_password(json!({
            "email": DEMO_EMAIL, "password": NEW_PASSWORD, "passwordVerify": NEW_PASSWORD
        }))
        .await;
    assert_eq!(neither.code(), 10400);
    assert!(
        neither
            .msg()
            .starts_with("Malformed request: missing field `code`"),
        "{}",
        neither.msg()
    );
    assert_eq!(neither.data(), &Value::Null);
    let no_code = app.auth().verify_reset_code(json!({"email": DEMO_EMAIL})).await;
    assert_eq!(no_code.code(), 10400);
}

each_database!(
    a_wrong_code_is_refused_at_step_one_and_the_proof_sets_the_password,
    a_proof_works_only_for_its_email_its_code_and_its_time,
    wrong_codes_at_step_one_count_toward_the_code_limit,
    a_reset_body_needs_a_code_or_a_proof,
);
