//! End to end on a real EVM node (anvil): the merchant's server gets a user's address through
//! the signed merchant API, an anvil account pays it in ERC20, the scanner credits it after its
//! confirmations and the merchant's receiver gets callbacks that openssl verifies with the
//! platform key. A transfer sent before the scanner watched the chain is recovered with a hash
//! scan (once, however often it is scanned); an anvil reorg (evm_snapshot / evm_revert) orphans
//! a transfer, which becomes void and is announced; the merchant API answers order queries.

use coffer_testkit::anvil::DEV_ACCOUNTS;
use coffer_testkit::{each_database, AnvilPeer, TestDb};
use ruint::aliases::U256;
use serde_json::{json, Value};

use crate::chains::{anvil_chain, EVM, EVM_USDT_ID};
use crate::deposits::accept_deposits;
use crate::helpers::{
    fields, spawn_app_with, Answer, TestApp, DEMO_EMAIL, DEMO_PASSWORD, OTHER_EMAIL, OTHER_PASSWORD,
};
use crate::merchant_signing::{integrate, Integration};
use crate::receiver::{verified_events, Receiver};

const TOKEN_ID: i64 = EVM_USDT_ID;
const PAYER: &str = DEV_ACCOUNTS[1];

fn usd(whole: u64, cents: u64) -> U256 {
    U256::from(whole * 1_000_000 + cents * 10_000)
}

/// An ERC20 payment from the payer, mined (anvil answers a moment before the block exists).
async fn pay(anvil: &AnvilPeer, contract: &str, to: &str, amount: U256) -> String {
    let hash = anvil.token_transfer(PAYER, contract, to, amount).await;
    assert_eq!(anvil.receipt(&hash).await["status"], "0x1");
    hash
}

async fn merchant_call(app: &TestApp, m: &Integration, path: &str, body: Value) -> Answer {
    let body = body.to_string();
    m.call(app, "POST", path, &body).await
}

async fn hash_scan(app: &TestApp, token: &str, hash: &str) -> Answer {
    app.wallets(token)
        .hash_scan(json!({"chainId": EVM, "hash": hash}))
        .await
}

/// The (event, orderNo, status) of every callback received so far, each verified with the
/// platform key, in arrival order.
async fn verified(app: &TestApp, receiver: &Receiver) -> Vec<(String, String, i64)> {
    let events = verified_events(app, receiver).await;
    let triple = |body: &Value| {
        (
            body["event"].as_str().unwrap().to_string(),
            body["orderNo"].as_str().unwrap().to_string(),
            body["status"].as_i64().unwrap(),
        )
    };
    events.iter().map(triple).collect()
}

async fn an_erc20_deposit_on_anvil_reaches_the_merchant_signed(db: TestDb) {
    let anvil = AnvilPeer::start();
    let contract = anvil.deploy_erc20().await;
    let minted = anvil.mint(&contract, PAYER, usd(1000, 0)).await;
    anvil.receipt(&minted).await;
    let receiver = Receiver::start().await;
    let app = spawn_app_with(db, |c| anvil_chain(c, &anvil.url, &contract)).await;
    let m = integrate(&app, DEMO_EMAIL, DEMO_PASSWORD, &["127.0.0.1"]).await;
    let token = m.token.clone();
    accept_deposits(&app, &token, EVM, TOKEN_ID, &receiver).await;

    // The merchant's server asks for user-7's address with a signed call.
    let address = merchant_call(
        &app,
        &m,
        "/merchant/v1/address",
        json!({"chainId": EVM, "openId": "user-7"}),
    )
    .await;
    assert_eq!(address.code(), 1, "{:?}", address.body);
    let address = address.data()["address"].as_str().unwrap().to_string();

    // Paid before the scanner ever ran: the scanner starts at the head and never sees it.
    let missed = pay(&anvil, &contract, &address, usd(5, 0)).await;
    anvil.mine(2).await;
    assert_eq!(app.scanner.scan_chain(EVM).await.unwrap().deposits, 0);
    let listed = merchant_call(&app, &m, "/merchant/v1/deposits", json!({})).await;
    assert_eq!(listed.data()["total"], 0);

    // The merchant pastes its hash (any case, without 0x): credited through the scanner's path.
    let pasted = missed.trim_start_matches("0x").to_uppercase();
    let scanned = hash_scan(&app, &token, &pasted).await;
    assert_eq!(scanned.code(), 1, "{:?}", scanned.body);
    assert_eq!(scanned.data()["result"], "credited");
    let row = &scanned.data()["deposits"][0];
    assert_eq!(
        fields(row, &["amount", "hash", "openId"]),
        json!(["5", missed, "user-7"])
    );
    assert_eq!(row["status"], 8, "three blocks deep: complete at once");
    let order_a = row["orderNo"].as_str().unwrap().to_string();
    let again = hash_scan(&app, &token, &missed).await;
    assert_eq!(again.data()["result"], "known");
    assert_eq!(again.data()["deposits"][0]["orderNo"], order_a.as_str());
    assert_eq!(again.data()["deposits"].as_array().unwrap().len(), 1);

    // Paid while watched: confirming, then complete after three blocks.
    let live = pay(&anvil, &contract, &address, usd(7, 25)).await;
    assert_eq!(app.scanner.scan_chain(EVM).await.unwrap().deposits, 1);
    assert_eq!(hash_scan(&app, &token, &live).await.data()["result"], "known");
    anvil.mine(2).await;
    assert_eq!(app.scanner.scan_chain(EVM).await.unwrap().confirmed, 1);
    let by_hash = merchant_call(&app, &m, "/merchant/v1/deposits", json!({"hash": live})).await;
    assert_eq!(by_hash.code(), 1, "{:?}", by_hash.body);
    let order_b = by_hash.data()["list"][0]["orderNo"].as_str().unwrap().to_string();
    assert_eq!(by_hash.data()["list"][0]["amount"], "7.25");
    assert_eq!(by_hash.data()["list"][0]["status"], 8);
    assert_eq!(by_hash.data()["list"][0]["confirmations"], 3);

    // One callback per order, signed and verified independently, none twice: each order was
    // complete before any delivery, so its confirming event was superseded.
    assert_eq!(app.callbacks.deliver_due().await.unwrap(), 2);
    assert_eq!(app.callbacks.deliver_due().await.unwrap(), 0);
    let mut events = verified(&app, &receiver).await;
    events.sort();
    assert_eq!(
        events,
        vec![
            ("deposit.confirmed".into(), order_a.clone(), 8),
            ("deposit.confirmed".into(), order_b.clone(), 8),
        ]
    );

    // A reorg: the block holding the third payment is replaced by an empty one.
    let snapshot = anvil.snapshot().await;
    let orphan = pay(&anvil, &contract, &address, usd(3, 0)).await;
    assert_eq!(app.scanner.scan_chain(EVM).await.unwrap().deposits, 1);
    anvil.revert(&snapshot).await;
    anvil.mine(2).await;
    let report = app.scanner.scan_chain(EVM).await.unwrap();
    assert!(report.rolled_back >= 1, "{report:?}");
    let gone = merchant_call(&app, &m, "/merchant/v1/deposits", json!({"hash": orphan})).await;
    assert_eq!(gone.data()["list"][0]["status"], 11, "{:?}", gone.body);
    assert_eq!(gone.data()["list"][0]["actualAmount"], "0");
    assert_eq!(app.callbacks.deliver_due().await.unwrap(), 1);
    let events = verified(&app, &receiver).await;
    let order_c = gone.data()["list"][0]["orderNo"].as_str().unwrap().to_string();
    assert_eq!(
        events[2..].to_vec(),
        vec![("deposit.void".into(), order_c, 11)],
        "void before any delivery: the confirming event was superseded"
    );
    // The orphaned transaction no longer exists on the node: nothing to scan.
    let orphan_scan = hash_scan(&app, &token, &orphan).await;
    assert_eq!(
        orphan_scan.code_and_msg(),
        (18001, "Transaction not found on this chain")
    );

    // The merchant API's order query: filters, paging, refusals.
    let all = merchant_call(&app, &m, "/merchant/v1/deposits", json!({"pageSize": 2})).await;
    assert_eq!(all.data()["total"], 3);
    assert_eq!(all.data()["list"].as_array().unwrap().len(), 2);
    let by_order = merchant_call(&app, &m, "/merchant/v1/deposits", json!({"orderNo": order_a})).await;
    assert_eq!(by_order.data()["list"][0]["hash"], missed.as_str());
    let complete = merchant_call(&app, &m, "/merchant/v1/deposits", json!({"status": 8})).await;
    assert_eq!(complete.data()["total"], 2);
    let typo = merchant_call(&app, &m, "/merchant/v1/deposits", json!({"orderNO": "x"})).await;
    assert_eq!(typo.code(), 10400, "a misspelt filter must not list everything");
    let only_start = merchant_call(
        &app,
        &m,
        "/merchant/v1/deposits",
        json!({"start": "2026-11-01T00:00:00Z"}),
    )
    .await;
    assert_eq!(only_start.code(), 10422);

    // Another merchant's key sees none of it, whatever it asks by.
    app.store.seed_demo(OTHER_EMAIL, OTHER_PASSWORD).await.unwrap();
    let other = integrate(&app, OTHER_EMAIL, OTHER_PASSWORD, &["127.0.0.1"]).await;
    for filter in [json!({}), json!({"orderNo": order_b}), json!({"hash": live})] {
        let theirs = merchant_call(&app, &other, "/merchant/v1/deposits", filter).await;
        assert_eq!(theirs.code(), 1);
        assert_eq!(theirs.data()["total"], 0, "{:?}", theirs.body);
    }
}

async fn hash_scan_refuses_what_it_cannot_credit(db: TestDb) {
    let anvil = AnvilPeer::start();
    let contract = anvil.deploy_erc20().await;
    let minted = anvil.mint(&contract, PAYER, usd(10, 0)).await;
    anvil.receipt(&minted).await;
    let app = spawn_app_with(db, |c| anvil_chain(c, &anvil.url, &contract)).await;
    let token = app.sign_in_demo().await;
    let refused = |answer: Answer| (answer.code(), answer.msg().to_string());

    for (hash, msg) in [
        ("0x1234", "Not a transaction hash for this chain"),
        (&"z".repeat(64), "Not a transaction hash for this chain"),
        (
            &format!("0x{}", "ab".repeat(32)),
            "Transaction not found on this chain",
        ),
        // Mints to an anvil account, not to any of the merchant's deposit addresses.
        (
            minted.as_str(),
            "This transaction pays none of your deposit addresses",
        ),
    ] {
        let code = match msg {
            "Transaction not found on this chain" => 18001,
            "This transaction pays none of your deposit addresses" => 18003,
            _ => 10422,
        };
        assert_eq!(
            refused(hash_scan(&app, &token, hash).await),
            (code, msg.to_string()),
            "{hash}"
        );
    }
    let unknown_chain = app
        .wallets(&token)
        .hash_scan(json!({"chainId": 999, "hash": minted}))
        .await;
    assert_eq!(refused(unknown_chain), (10422, "Unknown chain or token".into()));
    let no_hash = app.wallets(&token).hash_scan(json!({"chainId": EVM})).await;
    assert_eq!(no_hash.code(), 10400);
    let list = app
        .deposits(&token).page(json!({"page": 1, "pageSize": 10, "start": "2026-01-01T00:00:00Z", "end": "2026-12-31T00:00:00Z"}))
        .await;
    assert_eq!(list.data()["total"], 0, "nothing recorded by refused scans");
}

each_database!(
    an_erc20_deposit_on_anvil_reaches_the_merchant_signed,
    hash_scan_refuses_what_it_cannot_credit,
);
