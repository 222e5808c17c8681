//! Token > Energy's smart-collection switches over HTTP (`setCollect`, `setEnergyPay`,
//! `setTrxCollect`, button 20302 and the Google code): each call turns its own switch of the
//! caller's merchant only, `profile` shows them, and every refusal (no session, a role without
//! the button, a wrong or missing code, a bad body) changes nothing; wrong codes count towards
//! the authenticator's lock as everywhere else; the operation log records each call.

use coffer_testkit::{each_database, TestDb};
use serde_json::{json, Value};

use crate::console::paging;
use crate::guessing::wrong_code;
use crate::helpers::{spawn_app, TestApp};
use crate::wallets::{bind_google, google_code};

const PROFILE: &str = "/api/partner/energy/profile";
const SET_COLLECT: &str = "/api/partner/energy/setCollect";
const SET_ENERGY_PAY: &str = "/api/partner/energy/setEnergyPay";
const SET_TRX_COLLECT: &str = "/api/partner/energy/setTrxCollect";
const SWITCH_CALLS: [&str; 3] = [SET_COLLECT, SET_ENERGY_PAY, SET_TRX_COLLECT];

/// The switches as `profile` shows them: energyCollect, energyPay, trxCollect.
async fn switches(app: &TestApp, session: &str) -> [bool; 3] {
    let profile = app.post_as(session, PROFILE, json!({})).await;
    assert_eq!(profile.code(), 1, "{:?}", profile.body);
    of(&profile.data()["smartCollection"])
}

fn of(smart: &Value) -> [bool; 3] {
    ["energyCollect", "energyPay", "trxCollect"]
        .map(|k| smart[k].as_bool().unwrap_or_else(|| panic!("{k} in {smart}")))
}

/// Turns a switch with a fresh code; the switches it answers.
async fn turn(app: &TestApp, session: &str, secret: &str, path: &str, enabled: bool) -> Value {
    let body = json!({"enabled": enabled, "googleCode": google_code(app, secret)});
    let answer = app.post_as(session, path, body).await;
    assert_eq!(answer.code(), 1, "{path}: {:?}", answer.body);
    answer.data().clone()
}

async fn each_switch_is_the_merchants_own_and_turns_alone(db: TestDb) {
    let app = spawn_app(db).await;
    let other = app.other_merchant().await;
    let me = app.sign_in_demo().await;
    let secret = bind_google(&app, &me).await;
    assert_eq!(switches(&app, &me).await, [false; 3], "never saved: all off");
    let never = app.post_as(&me, PROFILE, json!({})).await;
    assert!(never.data()["smartCollection"]["updatedAt"].is_null());

    let after = turn(&app, &me, &secret, SET_COLLECT, true).await;
    assert_eq!(of(&after), [true, false, false]);
    assert!(after["updatedAt"].is_string(), "{after}");
    assert_eq!(switches(&app, &me).await, [true, false, false]);
    let after = turn(&app, &me, &secret, SET_TRX_COLLECT, true).await;
    assert_eq!(of(&after), [true, false, true], "the others stay");
    let after = turn(&app, &me, &secret, SET_ENERGY_PAY, true).await;
    assert_eq!(of(&after), [true, true, true]);
    let after = turn(&app, &me, &secret, SET_COLLECT, false).await;
    assert_eq!(of(&after), [false, true, true], "off again");
    assert_eq!(switches(&app, &me).await, [false, true, true]);
    // The same value again changes nothing else.
    let after = turn(&app, &me, &secret, SET_ENERGY_PAY, true).await;
    assert_eq!(of(&after), [false, true, true]);

    // The other merchant's switches never moved; its own change leaves the demo's.
    assert_eq!(switches(&app, &other).await, [false; 3]);
    let theirs = app.post_as(&other, PROFILE, json!({})).await;
    assert!(theirs.data()["smartCollection"]["updatedAt"].is_null());
    let other_secret = bind_google(&app, &other).await;
    let after = turn(&app, &other, &other_secret, SET_COLLECT, true).await;
    assert_eq!(of(&after), [true, false, false]);
    assert_eq!(switches(&app, &me).await, [false, true, true]);

    // The operation log names each change with the switches before it.
    let log = app.logs(&me).operations(paging(1, 50)).await;
    let entries = log.data()["list"].as_array().unwrap();
    let last = &entries[0];
    assert_eq!(
        (last["action"].as_str(), last["target"].as_str()),
        (Some(SET_ENERGY_PAY), Some(""))
    );
    assert_eq!(
        last["actionName"]["en"], "Turn on “Pay energy with TRX points”",
        "named by the switch and its new position, not a field name"
    );
    assert_eq!(entries[1]["actionName"]["zh-CN"], "关闭“使用能量归集”");
    let before: Value = serde_json::from_str(last["before"].as_str().unwrap()).unwrap();
    assert_eq!(of(&before), [false, true, true]);
    assert_eq!(
        last["after"], r#"{"enabled":true,"googleCode":"***"}"#,
        "the code masked"
    );
    assert_eq!(
        entries.iter().filter(|e| e["action"] == SET_COLLECT).count(),
        2,
        "the demo merchant's log only"
    );
}

async fn refusals_change_nothing(db: TestDb) {
    let app = spawn_app(db).await;
    let me = app.sign_in_demo().await;
    let secret = bind_google(&app, &me).await;
    let _ = turn(&app, &me, &secret, SET_TRX_COLLECT, true).await;
    let expected = [false, false, true];

    for path in SWITCH_CALLS {
        let body = json!({"enabled": true, "googleCode": google_code(&app, &secret)});
        assert_eq!(app.post(path, body).await.code(), 10506, "{path}: no session");
    }
    // The page without the button: profile yes, the switches no.
    let viewer = app
        .operator("energy@coffer.local", "Energy-Pass-2026", &[2, 203, 20301])
        .await;
    assert_eq!(switches(&app, &viewer).await, expected);
    for path in SWITCH_CALLS {
        let body = json!({"enabled": false, "googleCode": google_code(&app, &secret)});
        assert_eq!(app.post_as(&viewer, path, body).await.code(), 10403, "{path}");
    }
    // The button alone is enough (with the page).
    let switcher = app
        .operator("smart@coffer.local", "Smart-Pass-2026", &[2, 203, 20302])
        .await;
    let switcher_secret = bind_google(&app, &switcher).await;
    let after = turn(&app, &switcher, &switcher_secret, SET_ENERGY_PAY, true).await;
    assert_eq!(of(&after), [false, true, true]);
    let _ = turn(&app, &switcher, &switcher_secret, SET_ENERGY_PAY, false).await;

    // Bad bodies: a clear 10400 naming the field, or the code's own messages.
    let code = google_code(&app, &secret);
    let missing = app.post_as(&me, SET_COLLECT, json!({"googleCode": code})).await;
    assert_eq!(missing.code(), 10400, "{:?}", missing.body);
    assert!(missing.msg().contains("enabled"), "{}", missing.msg());
    let text = app
        .post_as(&me, SET_COLLECT, json!({"enabled": "true", "googleCode": code}))
        .await;
    assert_eq!(text.code(), 10400, "{:?}", text.body);
    assert!(text.msg().contains("bool"), "{}", text.msg());
    let no_code = app.post_as(&me, SET_COLLECT, json!({"enabled": true})).await;
    assert_eq!(
        no_code.code_and_msg(),
        (10422, "Google verification code cannot be empty")
    );
    let long = app
        .post_as(
            &me,
            SET_COLLECT,
            json!({"enabled": true, "googleCode": "1".repeat(5000)}),
        )
        .await;
    assert_eq!(long.code(), 10422, "{:?}", long.body);
    assert_eq!(switches(&app, &me).await, expected);

    // Wrong codes change nothing and count towards the lock, as every Google check does: five
    // wrong, then even the right code is refused.
    for path in [
        SET_COLLECT,
        SET_ENERGY_PAY,
        SET_TRX_COLLECT,
        SET_COLLECT,
        SET_COLLECT,
    ] {
        let body = json!({"enabled": path != SET_TRX_COLLECT, "googleCode": wrong_code(&app, &secret)});
        assert_eq!(app.post_as(&me, path, body).await.code(), 11002, "{path}");
    }
    assert_eq!(switches(&app, &me).await, expected);
    let body = json!({"enabled": true, "googleCode": google_code(&app, &secret)});
    assert_eq!(app.post_as(&me, SET_COLLECT, body).await.code(), 11012);
    assert_eq!(switches(&app, &me).await, expected);
}

each_database!(
    each_switch_is_the_merchants_own_and_turns_alone,
    refusals_change_nothing,
);
