//! Recharges (Points list): a merchant's recharge address is the platform merchant's deposit
//! address for `points:<merchant>`; a confirmed payment above 1 USDT becomes USDT points once,
//! however often and from however many pools the round runs; 1 USDT or less is recorded and
//! never credited, with its reason; a payment a reorganisation moved to another block stays
//! credited once; the ledger holds after.

use std::sync::Arc;

use coffer_domain::points::recharge::RechargeRound;
use coffer_domain::ports::Ports;
use coffer_testkit::{each_database, TestDb};
use serde_json::{json, Value};

use crate::console::paging;
use crate::deposits::{range, scan, with, DEV};
use crate::helpers::{spawn_app_with, TestApp, OTHER_EMAIL};
use crate::points_cli::said;
use crate::wallets::{list, offline_chains};

const RECHARGE: &str = "/api/partner/points/recharge";
const BALANCE: &str = "/api/partner/points/balance";

/// The other merchant made the platform merchant by the operator's command, accepting USDT.
pub async fn platform_ready(app: &TestApp) -> String {
    let platform = app.other_merchant().await;
    app.default_rates().await;
    let out = app.admin(&["points", "platform", "--email", OTHER_EMAIL]);
    let (status, stdout, stderr) = said(&out);
    assert_eq!(status, Some(0), "{stdout}{stderr}");
    app.accept_token(&platform, DEV, 1).await;
    platform
}

async fn recharge_address(app: &TestApp, session: &str) -> Value {
    recharge_on(app, session, DEV).await
}

/// The caller's recharge address on `chain` with its rules.
pub async fn recharge_on(app: &TestApp, session: &str, chain: i64) -> Value {
    let answer = app.post_as(session, RECHARGE, json!({"chainId": chain})).await;
    assert_eq!(answer.code(), 1, "{:?}", answer.body);
    answer.data().clone()
}

/// The merchant's available USDT points.
async fn usdt_points(app: &TestApp, session: &str) -> String {
    available_points(app, session, 1).await
}

/// The merchant's available points of `asset` (1 USDT, 2 TRX), as Points list shows them.
pub async fn available_points(app: &TestApp, session: &str, asset: i64) -> String {
    let answer = app.post_as(session, BALANCE, json!({})).await;
    let balance = answer
        .data()
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["asset"] == asset)
        .unwrap()
        .clone();
    balance["available"].as_str().unwrap().to_string()
}

/// Mines enough blocks for the devchain's confirmations, scans and runs the round.
async fn confirm(app: &TestApp) {
    for _ in 0..3 {
        app.devchain.mine().await.unwrap();
    }
    scan(app).await;
}

pub fn ledger_holds(app: &TestApp) {
    let (status, stdout, stderr) = said(&app.admin(&["ledger", "verify"]));
    assert_eq!(status, Some(0), "{stdout}{stderr}");
}

async fn a_recharge_is_credited_once_and_one_usdt_or_less_never(db: TestDb) {
    let app = spawn_app_with(db, offline_chains).await;
    let merchant = app.sign_in_demo().await;
    let platform = platform_ready(&app).await;

    // The address: the same on every ask, with its rule and confirmations.
    let address = recharge_address(&app, &merchant).await;
    assert_eq!(
        (
            address["token"].clone(),
            address["minimum"].clone(),
            address["confirmations"].clone()
        ),
        (json!("USDT"), json!("1"), json!(3))
    );
    assert_eq!(recharge_address(&app, &merchant).await, address);
    let to = address["address"].as_str().unwrap().to_string();
    let theirs = recharge_address(&app, &platform).await["address"]
        .as_str()
        .unwrap()
        .to_string();
    assert_ne!(to, theirs, "each merchant has its own recharge address");

    // 5 USDT to ours, 1 USDT to ours (not above the minimum), 7 to the other merchant's.
    app.send_usdt(&to, "5").await;
    app.send_usdt(&to, "1").await;
    app.send_usdt(&theirs, "7").await;
    app.devchain.mine().await.unwrap();
    scan(&app).await;
    app.recharges.run().await.unwrap();
    assert_eq!(
        usdt_points(&app, &merchant).await,
        "0",
        "nothing before the confirmations"
    );
    confirm(&app).await;
    let first = app.recharges.run().await.unwrap();
    assert_eq!(first.credited, 2, "5 USDT to us, 7 to the other merchant");
    assert_eq!(app.recharges.run().await.unwrap().credited, 0);
    // A second pool, as another node would have: still once.
    let store = coffer::app::open_store(&app.config).await.unwrap();
    let other_node = RechargeRound {
        ports: Ports::all_from(Arc::new(store), app.clock.clone()),
    };
    assert_eq!(other_node.run().await.unwrap().credited, 0);
    assert_eq!(usdt_points(&app, &merchant).await, "5");
    assert_eq!(
        usdt_points(&app, &platform).await,
        "7",
        "never another merchant's payment"
    );

    // The 1 USDT is recorded by the platform merchant, not credited, with its reason.
    let page = app
        .deposits(&platform)
        .page(with(range(&app), paging(1, 10)))
        .await;
    let one = list(&page)
        .into_iter()
        .find(|r| r["amount"] == "1")
        .expect("the 1 USDT deposit");
    assert_eq!(
        (one["uncredited"].clone(), one["note"].clone()),
        (json!(true), json!("below_recharge_minimum"))
    );

    // A reorganisation replaces the blocks: the payments are voided and mined again in the
    // new chain; their points stay credited once.
    app.devchain.reorg(4).await.unwrap();
    let report = app.scanner.scan_chain(DEV).await.unwrap();
    assert!(report.rolled_back > 0);
    confirm(&app).await;
    app.recharges.run().await.unwrap();
    assert_eq!(usdt_points(&app, &merchant).await, "5");
    ledger_holds(&app);
}

async fn a_recharge_address_is_the_callers_own_and_needs_menu_11(db: TestDb) {
    let app = spawn_app_with(db, offline_chains).await;
    let merchant = app.sign_in_demo().await;
    // Before the operator designates the platform merchant: not available, nothing made.
    let early = app.post_as(&merchant, RECHARGE, json!({"chainId": DEV})).await;
    assert_eq!(
        early.code_and_msg(),
        (10422, "Recharging in USDT is not available on this chain yet")
    );
    let platform = platform_ready(&app).await;
    let ours = recharge_address(&app, &merchant).await;
    let theirs = recharge_address(&app, &platform).await;
    assert_ne!(
        ours["address"], theirs["address"],
        "another merchant never gets ours"
    );
    let unknown = app.post_as(&merchant, RECHARGE, json!({"chainId": 999})).await;
    assert_eq!(unknown.code(), 10422);
    let viewer = app
        .operator("viewer@coffer.local", "Viewer-Pass-2026", &[1])
        .await;
    app.assert_gated(&viewer, RECHARGE, &json!({"chainId": DEV}), "11")
        .await;
}

each_database!(
    a_recharge_is_credited_once_and_one_usdt_or_less_never,
    a_recharge_address_is_the_callers_own_and_needs_menu_11
);
