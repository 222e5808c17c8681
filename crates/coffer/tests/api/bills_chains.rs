//! "I have paid" on real chain families: on anvil (EVM) a look-alike token with the same symbol,
//! a reverted transfer and a payment a reorganisation drops before its confirmations are never
//! accepted, the real one is; on TRON (the node double) a TRC20 payment pays the bill. The
//! chains' block times are moved on past the bill's issue, as a chain's time moves with the
//! world's: the bill's month is the one after the later of the chain's time and the test's.

use chrono::{DateTime, Duration, TimeZone, Utc};
use coffer::config::Config;
use coffer_chain::tron::TronAdapter;
use coffer_chain::{devchain::DEV_MNEMONIC, keys};
use coffer_domain::amount::BaseUnits;
use coffer_domain::bills::Period;
use coffer_domain::clock::Clock;
use coffer_domain::ports::chain::{Asset, ChainAdapter, KeyPurpose, TransferRequest};
use coffer_domain::rates::Service;
use coffer_testkit::anvil::DEV_ACCOUNTS;
use coffer_testkit::{each_database, AnvilPeer, TestDb, TronNode};
use ruint::aliases::U256;
use serde_json::{json, Value};

use crate::chains::{anvil_chain, tron_chain, EVM, EVM_USDT_ID, TRON, TRON_USDT_ID};
use crate::fees::set_rate;
use crate::helpers::{spawn_app_with, TestApp, OTHER_EMAIL};
use crate::points_cli::said;
use crate::wallets::demo_merchant;

const PAYER: &str = DEV_ACCOUNTS[1];

fn long_sessions(c: &mut Config) {
    c.auth.session_idle_minutes = 60 * 24 * 366 * 3;
    c.auth.session_absolute_hours = 24 * 366 * 3;
}

/// The other merchant made the platform merchant, accepting USDT on `chain`; the billing
/// address there, as the merchant reads it.
async fn billing_on(app: &TestApp, me: &str, chain: i64, token_id: i64) -> String {
    let platform = app.other_merchant().await;
    let (status, stdout, stderr) = said(&app.admin(&["points", "platform", "--email", OTHER_EMAIL]));
    assert_eq!(status, Some(0), "{stdout}{stderr}");
    app.accept_token(&platform, chain, token_id).await;
    let addresses = app
        .post_as(me, "/api/partner/service/billingAddresses", json!({}))
        .await;
    let found = addresses.data().as_array().unwrap().clone();
    let billing = found.iter().find(|a| a["chainId"] == chain).unwrap();
    billing["address"].as_str().unwrap().to_string()
}

/// A postpaid monthly fee, and the bill of the month after both the test's time and the
/// chain's (`chain_now`), issued: the bill.
async fn bill_after(app: &TestApp, me: &str, chain_now: DateTime<Utc>) -> Value {
    let merchant = demo_merchant(app).await;
    set_rate(
        app,
        merchant,
        Service::Monthly,
        json!({"mode": "monthly", "fixed": "30", "pay": "postpaid"}),
    )
    .await;
    let later = app.clock.now().max(chain_now);
    let month = Period::containing(later, 0);
    let issue_at = month.end + Duration::minutes(10);
    app.clock.advance(issue_at - app.clock.now());
    assert_eq!(app.issuer.round().await.unwrap(), 1);
    newest_bill(app, me).await
}

/// The merchant's newest bill, as Service list reads it.
async fn newest_bill(app: &TestApp, me: &str) -> Value {
    let bills = app
        .post_as(
            me,
            "/api/partner/service/bills",
            json!({"page": 1, "pageSize": 5}),
        )
        .await;
    bills.data()["list"][0].clone()
}

async fn submit(app: &TestApp, me: &str, bill: &Value, chain: i64, hash: &str) {
    let answer = app
        .post_as(
            me,
            "/api/partner/service/bills/paid",
            json!({"billId": bill["id"], "chainId": chain, "hash": hash}),
        )
        .await;
    assert_eq!(answer.code(), 1, "{:?}", answer.body);
}

async fn checked(app: &TestApp, me: &str) -> Value {
    app.clock.advance(Duration::seconds(61));
    app.bills.check_round().await.unwrap();
    newest_bill(app, me).await
}

fn units(amount: &str) -> U256 {
    let base = BaseUnits::from_decimal(amount, 6).unwrap();
    U256::from(u128::try_from(base.0).unwrap())
}

/// The anvil head block's time.
async fn anvil_time(anvil: &AnvilPeer) -> DateTime<Utc> {
    let head = anvil.rpc("eth_getBlockByNumber", json!(["latest", false])).await;
    let seconds =
        i64::from_str_radix(head["timestamp"].as_str().unwrap().trim_start_matches("0x"), 16).unwrap();
    Utc.timestamp_opt(seconds, 0).unwrap()
}

/// Anvil's next blocks come after the test's now.
async fn anvil_follows(app: &TestApp, anvil: &AnvilPeer) {
    let next = app.clock.now().max(anvil_time(anvil).await) + Duration::seconds(1);
    anvil
        .rpc("evm_setNextBlockTimestamp", json!([next.timestamp()]))
        .await;
}

async fn pay(anvil: &AnvilPeer, token: &str, to: &str, amount: &str) -> String {
    let hash = anvil.token_transfer(PAYER, token, to, units(amount)).await;
    anvil.receipt(&hash).await;
    hash
}

async fn only_the_real_token_confirmed_pays_a_bill_on_evm(db: TestDb) {
    let anvil = AnvilPeer::start();
    let contract = anvil.deploy_erc20().await;
    let look_alike = anvil.deploy_erc20().await;
    for token in [&contract, &look_alike] {
        let minted = anvil.mint(token, PAYER, units("1000")).await;
        anvil.receipt(&minted).await;
    }
    let url = anvil.url.clone();
    let app = spawn_app_with(db, |c| {
        anvil_chain(c, &url, &contract);
        long_sessions(c);
    })
    .await;
    let me = app.sign_in_demo().await;
    let billing = billing_on(&app, &me, EVM, EVM_USDT_ID).await;
    let bill = bill_after(&app, &me, anvil_time(&anvil).await).await;
    let amount = bill["amount"].as_str().unwrap().to_string();
    anvil_follows(&app, &anvil).await;

    // The same symbol from another contract.
    let fake = pay(&anvil, &look_alike, &billing, &amount).await;
    anvil.mine(3).await;
    submit(&app, &me, &bill, EVM, &fake).await;
    let after = checked(&app, &me).await;
    assert_eq!(after["status"], 1);
    assert!(
        after["reason"]
            .as_str()
            .unwrap()
            .contains("does not transfer USDT"),
        "{after}"
    );

    // A transfer that reverts (more than the payer holds) moves nothing.
    let reverted = anvil
        .rpc(
            "eth_sendTransaction",
            json!([{"from": PAYER, "to": contract, "gas": "0x30000",
                    "data": format!("0xa9059cbb{:0>64}{:064x}", billing.trim_start_matches("0x"), units("5000"))}]),
        )
        .await;
    let reverted = reverted.as_str().unwrap().to_string();
    assert_eq!(anvil.receipt(&reverted).await["status"], "0x0");
    anvil.mine(3).await;
    submit(&app, &me, &bill, EVM, &reverted).await;
    let after = checked(&app, &me).await;
    assert!(
        after["reason"].as_str().unwrap().contains("failed on chain"),
        "{after}"
    );

    // Dropped by a reorganisation before its confirmations: waits, then not found.
    let before = anvil.snapshot().await;
    let dropped = pay(&anvil, &contract, &billing, &amount).await;
    submit(&app, &me, &bill, EVM, &dropped).await;
    let after = checked(&app, &me).await;
    assert_eq!(after["payment"]["reason"], "1 of 3 confirmations");
    anvil.revert(&before).await;
    anvil.mine(2).await;
    let after = checked(&app, &me).await;
    assert_eq!(
        (after["status"].clone(), after["payment"]["reason"].clone()),
        (json!(2), json!("the transaction is not on the chain yet"))
    );
    app.clock.advance(Duration::minutes(30));
    let after = checked(&app, &me).await;
    assert_eq!(after["status"], 1);
    assert!(
        after["reason"].as_str().unwrap().contains("was not found"),
        "{after}"
    );

    // The real one, once confirmed.
    anvil_follows(&app, &anvil).await;
    let real = pay(&anvil, &contract, &billing, &amount).await;
    submit(&app, &me, &bill, EVM, &real).await;
    assert_eq!(checked(&app, &me).await["status"], 2);
    anvil.mine(2).await;
    let after = checked(&app, &me).await;
    assert_eq!(
        (after["status"].clone(), after["paid"].clone()),
        (json!(3), json!(amount))
    );
}

async fn a_trc20_payment_pays_a_bill_on_tron(db: TestDb) {
    let node = TronNode::start().await;
    let (url, token) = (node.url(), node.token());
    let app = spawn_app_with(db, |c| {
        tron_chain(c, &url, &token);
        long_sessions(c);
    })
    .await;
    let me = app.sign_in_demo().await;
    let billing = billing_on(&app, &me, TRON, TRON_USDT_ID).await;
    let bill = bill_after(&app, &me, Utc::now()).await;
    let amount = bill["amount"].as_str().unwrap().to_string();
    // The double's blocks follow the wall clock: move them past the bill's issue.
    let ahead = (app.clock.now() - Utc::now()).max(Duration::zero()) + Duration::seconds(10);
    node.advance_time(ahead.to_std().unwrap());
    // A block at the new time, so a transaction signed on it does not expire at once.
    node.mine();

    let payer_chain = TronAdapter::new(TRON, &node.url(), None).unwrap();
    let payer = payer_chain
        .derive(&keys::seed(DEV_MNEMONIC, "").unwrap(), KeyPurpose::HotWallet, 7)
        .unwrap();
    node.fund(&payer.address, 100_000_000);
    node.fund_token(&payer.address, 500_000_000);
    let signed = payer_chain
        .sign_transfer(
            &payer.secret,
            &TransferRequest {
                from: payer.address.clone(),
                to: billing.clone(),
                asset: Asset::Token {
                    contract: node.token(),
                },
                amount: BaseUnits::from_decimal(&amount, 6).unwrap(),
                nonce: None,
            },
        )
        .await
        .unwrap();
    payer_chain.broadcast(&signed).await.unwrap();
    node.mine();
    submit(&app, &me, &bill, TRON, &signed.hash).await;
    assert_eq!(
        checked(&app, &me).await["payment"]["reason"],
        "1 of 2 confirmations"
    );
    node.mine();
    let after = checked(&app, &me).await;
    assert_eq!(
        (after["status"].clone(), after["paid"].clone()),
        (json!(3), json!(amount)),
        "{after}"
    );
}

each_database!(
    only_the_real_token_confirmed_pays_a_bill_on_evm,
    a_trc20_payment_pays_a_bill_on_tron,
);
