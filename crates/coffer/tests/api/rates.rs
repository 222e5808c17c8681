//! The rate card: the operator sets rates with `coffer admin rate`, every merchant gets the
//! configured defaults at start, and Service list (menu 10) shows a merchant its own rows,
//! current and past.

use coffer_domain::clock::Clock;
use coffer_domain::ports::Ports;
use coffer_domain::rates::Service;
use coffer_testkit::{each_database, TestDb};
use serde_json::{json, Value};
use std::process::Output;
use std::sync::Arc;

use crate::console::{ServiceList, NO_SESSION};
use crate::helpers::{fields, spawn_app, TestApp, OTHER_EMAIL};
use crate::wallets::demo_merchant;

/// `coffer admin rate <args>` on the app's database.
fn rate(app: &TestApp, args: &[&str]) -> Output {
    let dir = tempfile::tempdir().unwrap();
    let (database, key) = (
        app.config.database.url.expose(),
        app.config.security.master_key.expose(),
    );
    crate::restart::coffer(database, key, dir.path())
        .args(["admin", "rate"])
        .args(args)
        .output()
        .expect("coffer runs")
}

fn set(app: &TestApp, merchant: i64, args: &[&str]) -> Output {
    let merchant = merchant.to_string();
    let out = rate(app, &[&["set", "--merchant", &merchant], args].concat());
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    out
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The rows as the merchant's console reads them.
async fn rows(app: &TestApp, token: &str) -> Vec<Value> {
    let answer = app.service_list(token).rates().await;
    assert_eq!(answer.code(), 1, "{:?}", answer.body);
    answer.data().as_array().unwrap().clone()
}

const VIEW: &[&str] = &[
    "service",
    "chargeMode",
    "percent",
    "fixed",
    "min",
    "max",
    "payMode",
    "status",
];

async fn merchants_see_their_own_rates_and_their_history(db: TestDb) {
    let app = spawn_app(db).await;
    let demo = app.sign_in_demo().await;
    let other = app.other_merchant().await;
    let (demo_id, other_id) = (
        demo_merchant(&app).await,
        app.store.merchant_of(OTHER_EMAIL).await.unwrap().unwrap(),
    );
    assert_eq!(
        rows(&app, &demo).await,
        Vec::<Value>::new(),
        "seeded after the start"
    );

    // A start gives every merchant the configured defaults: nothing charged.
    app.another_node().await;
    let defaults = rows(&app, &demo).await;
    let free = |service, mode| json!([service, mode, "0", "0", null, null, 1, 1]);
    let mut shown: Vec<Value> = defaults.iter().map(|row| fields(row, VIEW)).collect();
    shown.sort_by_key(|row| row[0].as_i64());
    assert_eq!(
        shown,
        vec![free(1, 2), free(2, 2), free(3, 2), free(4, 3), free(5, 2)]
    );

    // The operator changes the payment fee twice, and the other merchant's monthly fee (the
    // CLI's own output is checked below and in the next test).
    let card = coffer::rates::rate_card(
        &app.config,
        Ports::all_from(Arc::new(app.store.clone()), app.clock.clone()),
    );
    let minute = chrono::Duration::minutes(1);
    let terms = |text: serde_json::Value, service| {
        let text: coffer::rates::RateText = serde_json::from_value(text).unwrap();
        text.terms(service).unwrap()
    };
    app.clock.advance(minute);
    let percent = json!({"mode": "percent", "percent": "0.5", "min": "0.1", "max": "10", "pay": "postpaid"});
    card.set(
        demo_id,
        Service::PaymentFee,
        terms(percent, Service::PaymentFee),
        app.clock.now(),
    )
    .await
    .unwrap();
    app.clock.advance(minute);
    let fixed = json!({"mode": "fixed", "fixed": "1.5", "pay": "prepaid"});
    card.set(
        demo_id,
        Service::PaymentFee,
        terms(fixed, Service::PaymentFee),
        app.clock.now(),
    )
    .await
    .unwrap();
    let monthly = json!({"mode": "monthly", "fixed": "10", "pay": "postpaid"});
    card.set(
        other_id,
        Service::Monthly,
        terms(monthly, Service::Monthly),
        app.clock.now(),
    )
    .await
    .unwrap();

    let demo_rows = rows(&app, &demo).await;
    assert_eq!(demo_rows.len(), 7, "{demo_rows:#?}");
    assert_eq!(
        fields(&demo_rows[0], VIEW),
        json!([2, 2, "0", "1.5", null, null, 1, 1])
    );
    assert_eq!(
        fields(&demo_rows[1], VIEW),
        json!([2, 1, "0.5", "0", "0.1", "10", 2, 2])
    );
    assert_eq!(demo_rows[0]["validTo"], Value::Null);
    assert_eq!(
        demo_rows[1]["validTo"], demo_rows[0]["validFrom"],
        "closed where the next opens"
    );
    let default_payment = demo_rows
        .iter()
        .find(|row| row["id"] == defaults.iter().find(|d| d["service"] == 2).unwrap()["id"]);
    let default_payment = default_payment.expect("history is kept");
    assert_eq!(default_payment["status"], 2);
    assert_eq!(default_payment["validTo"], demo_rows[1]["validFrom"]);

    // The other merchant sees its own rows only.
    let other_rows = rows(&app, &other).await;
    let demo_ids: Vec<&Value> = demo_rows.iter().map(|row| &row["id"]).collect();
    assert_eq!(other_rows.len(), 6, "{other_rows:#?} {demo_rows:#?}");
    assert!(other_rows.iter().all(|row| !demo_ids.contains(&&row["id"])));
    assert_eq!(
        fields(&other_rows[0], VIEW),
        json!([4, 3, "0", "10", null, null, 2, 1])
    );

    // The operator's list: every row, newest first, with its status.
    let listed = rate(&app, &["list", "--merchant", &demo_id.to_string()]);
    let listed = text(&listed.stdout);
    let lines: Vec<&str> = listed.lines().collect();
    assert_eq!(lines.len(), 7, "{listed}");
    assert!(
        lines[0].contains("payment\tfixed 1.5 per transaction\tprepaid") && lines[0].ends_with("\teffective")
    );
    assert!(lines[1].ends_with("\texpired"), "{listed}");
}

async fn the_operator_is_told_what_is_wrong_and_nothing_changes(db: TestDb) {
    let app = spawn_app(db).await;
    let demo_id = demo_merchant(&app).await.to_string();
    for (args, says) in [
        (
            vec![
                "--service",
                "payment",
                "--mode",
                "percent",
                "--percent",
                "101",
                "--pay",
                "prepaid",
            ],
            "The percent must be 0 to 100",
        ),
        (
            vec![
                "--service",
                "payment",
                "--mode",
                "fixed",
                "--fixed",
                "0.0000001",
                "--pay",
                "prepaid",
            ],
            "at most 6 decimals",
        ),
        (
            vec![
                "--service",
                "payment",
                "--mode",
                "percent",
                "--percent",
                "1",
                "--min",
                "2",
                "--max",
                "1",
                "--pay",
                "prepaid",
            ],
            "The minimum must not be above the maximum",
        ),
        (
            vec![
                "--service",
                "monthly",
                "--mode",
                "fixed",
                "--fixed",
                "1",
                "--pay",
                "prepaid",
            ],
            "not available for this service",
        ),
    ] {
        let out = rate(
            &app,
            &[&["set", "--merchant", demo_id.as_str()], args.as_slice()].concat(),
        );
        assert_eq!(out.status.code(), Some(1), "{args:?}: {out:?}");
        assert!(
            text(&out.stderr).contains(says),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
    let done = set(
        &app,
        demo_id.parse().unwrap(),
        &[
            "--service",
            "payment",
            "--mode",
            "percent",
            "--percent",
            "0.5",
            "--min",
            "0.1",
            "--max",
            "10",
            "--pay",
            "postpaid",
        ],
    );
    assert!(
        text(&done.stdout).contains("\tpayment\tpercent 0.5% min 0.1 max 10\tpostpaid\tfrom "),
        "{done:?}"
    );
    let nobody = rate(
        &app,
        &[
            "set",
            "--merchant",
            "999999",
            "--service",
            "energy",
            "--mode",
            "fixed",
            "--fixed",
            "1",
            "--pay",
            "prepaid",
        ],
    );
    assert!(text(&nobody.stderr).contains("No such merchant"), "{nobody:?}");
    let listed = rate(&app, &["list", "--merchant", &demo_id]);
    assert_eq!(
        text(&listed.stdout).lines().count(),
        1,
        "only the good change is kept: {listed:?}"
    );
}

async fn the_rates_need_a_session_and_the_service_menu(db: TestDb) {
    let app = spawn_app(db).await;
    let clerk = app.operator("clerk@coffer.local", "Clerk-Pass-2026", &[1]).await;
    app.assert_gated(&clerk, ServiceList::RATES, &json!({}), "menu 10")
        .await;
    assert_eq!(app.service_list(NO_SESSION).rates().await.code(), 10506);
    let reader = app
        .operator("reader@coffer.local", "Reader-Pass-2026", &[10])
        .await;
    assert_eq!(app.service_list(&reader).rates().await.code(), 1);
}

each_database!(
    merchants_see_their_own_rates_and_their_history,
    the_operator_is_told_what_is_wrong_and_nothing_changes,
    the_rates_need_a_session_and_the_service_menu,
);
