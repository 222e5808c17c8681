//! Withdrawals on real chain adapters: ERC20 on a real anvil node (balances read back from the
//! node; a wallet without gas waits for settlement), and TRX and TRC20 on TRON through the node
//! double, which verifies every signature, TAPOS and balance itself.

use coffer::config::Config;
use coffer_testkit::anvil::DEV_ACCOUNTS;
use coffer_testkit::{each_database, AnvilPeer, TestDb, TronNode};
use ruint::aliases::U256;
use serde_json::{json, Value};

use crate::chains::{anvil_chain, EVM, TRON};
use crate::helpers::{fields, spawn_app_with, TestApp, DEMO_EMAIL, DEMO_PASSWORD};
use crate::wallets::google_code;
use crate::withdrawals::{detail, force_transition, payer_on, Payer};

/// The demo merchant accepting `token_id` on `chain` from an empty hot wallet.
async fn merchant_on(app: &TestApp, chain: i64, token_id: i64) -> Payer {
    payer_on(app, DEMO_EMAIL, DEMO_PASSWORD, chain, token_id).await
}

async fn withdraw(app: &TestApp, m: &Payer, body: Value) -> Value {
    let mut body = body;
    body["googleCode"] = json!(google_code(app, &m.google));
    let asked = app.withdrawals(&m.token).create(body).await;
    assert_eq!(asked.code(), 1, "{:?}", asked.body);
    asked.data()["id"].clone()
}

async fn an_erc20_withdrawal_is_paid_on_anvil(db: TestDb) {
    let anvil = AnvilPeer::start();
    let contract = anvil.deploy_erc20().await;
    let app = spawn_app_with(db, |c| anvil_chain(c, &anvil.url, &contract)).await;
    let m = merchant_on(&app, EVM, 101).await;
    let payee = DEV_ACCOUNTS[2];
    let minted = anvil.mint(&contract, &m.hot, U256::from(100_000_000u64)).await;
    anvil.receipt(&minted).await;

    // Tokens but no ETH for gas: the order waits, nothing is sent.
    let id = withdraw(
        &app,
        &m,
        json!({"chainId": EVM, "tokenId": 101, "toAddress": payee, "amount": "12.5"}),
    )
    .await;
    assert_eq!(app.executor.step().await.unwrap().signed, 0);
    assert_eq!(detail(&app, &m.token, &id).await["status"], 4);

    anvil.fund_gas(&m.hot).await;
    app.clock.advance(chrono::Duration::seconds(61));
    let report = app.executor.step().await.unwrap();
    assert_eq!((report.signed, report.broadcast), (1, 1), "{report:?}");
    let sent = detail(&app, &m.token, &id).await;
    let hash = sent["hash"].as_str().unwrap().to_string();
    assert_eq!(anvil.receipt(&hash).await["status"], "0x1");
    anvil.mine(3).await;
    app.executor.step().await.unwrap();
    let done = detail(&app, &m.token, &id).await;
    assert_eq!(fields(&done, &["status", "actualAmount"]), json!([8, "12.5"]));

    // The node agrees: the payee holds 12.5, the hot wallet 87.5.
    assert_eq!(
        anvil.erc20_balance(&contract, payee).await,
        U256::from(12_500_000u64)
    );
    assert_eq!(
        anvil.erc20_balance(&contract, &m.hot).await,
        U256::from(87_500_000u64)
    );
    let nonce = anvil
        .rpc("eth_getTransactionCount", json!([m.hot, "latest"]))
        .await;
    assert_eq!(nonce, "0x1", "one transaction from the hot wallet");
}

fn tron_chain(config: &mut Config, url: &str, contract: &str) {
    crate::chains::tron_chain(config, url, contract);
    config.withdrawals.maker_checker = false;
}

async fn trx_and_trc20_withdrawals_are_paid_on_tron(db: TestDb) {
    let node = TronNode::start().await;
    let app = spawn_app_with(db, |c| tron_chain(c, &node.url(), &node.token())).await;
    let m = merchant_on(&app, TRON, 201).await;
    node.fund(&m.hot, 200_000_000);
    node.fund_token(&m.hot, 50_000_000);
    let payee = "TWer2Ygk5TEheHp3TPuYeqxmB6SsGZmaL6";

    let usdt = withdraw(
        &app,
        &m,
        json!({"chainId": TRON, "tokenId": 201, "toAddress": payee, "amount": "7"}),
    )
    .await;
    // The native coin has no per-token limits: a person always looks.
    let trx = withdraw(
        &app,
        &m,
        json!({"chainId": TRON, "toAddress": payee, "amount": "3.5"}),
    )
    .await;
    app.executor.step().await.unwrap();
    let held = detail(&app, &m.token, &trx).await;
    assert_eq!(
        fields(&held, &["status", "riskReasons"]),
        json!([1, ["native_coin"]])
    );
    let passed = app
        .withdrawals(&m.token)
        .check(json!({"ids": [trx], "action": 1, "googleCode": google_code(&app, &m.google)}))
        .await;
    assert_eq!(passed.data()["done"], 1);
    app.executor.step().await.unwrap();
    for id in [&usdt, &trx] {
        assert_eq!(detail(&app, &m.token, id).await["status"], 6);
    }
    node.mine();
    node.mine();
    app.executor.step().await.unwrap();
    for id in [&usdt, &trx] {
        assert_eq!(detail(&app, &m.token, id).await["status"], 8, "{id}");
    }
    assert_eq!(node.token_balance(payee), U256::from(7_000_000u64));
    assert_eq!(node.token_balance(&m.hot), U256::from(43_000_000u64));
    assert!(node.trx_balance(payee) >= 3_500_000);
    assert_eq!(detail(&app, &m.token, &trx).await["symbol"], "TRX");
}

/// A payout the node dropped is paid again only with the same nonce from the same wallet
/// (review again), so the first transaction can never land as well.
async fn a_dropped_evm_payout_is_resent_with_its_nonce(db: TestDb) {
    use coffer_domain::ports::{OrderStatus, Transition, WithdrawalRepo};
    let anvil = AnvilPeer::start();
    let contract = anvil.deploy_erc20().await;
    let app = spawn_app_with(db, |c| {
        anvil_chain(c, &anvil.url, &contract);
        c.withdrawals.maker_checker = false;
    })
    .await;
    let m = merchant_on(&app, EVM, 101).await;
    anvil
        .receipt(&anvil.mint(&contract, &m.hot, U256::from(100_000_000u64)).await)
        .await;
    anvil.fund_gas(&m.hot).await;
    anvil.set_automine(false).await;
    let payee = DEV_ACCOUNTS[2];
    let id = withdraw(
        &app,
        &m,
        json!({"chainId": EVM, "tokenId": 101, "toAddress": payee, "amount": "5"}),
    )
    .await;
    app.executor.step().await.unwrap();
    let merchant = crate::wallets::demo_merchant(&app).await;
    let id_num = id.as_i64().unwrap();
    let first = app.store.withdrawal(merchant, id_num).await.unwrap().unwrap();
    assert_eq!((first.status, first.nonce), (OrderStatus::Processing, Some(0)));

    // The node forgets it; the order is given up as failed.
    anvil.rpc("anvil_dropTransaction", json!([first.tx_hash])).await;
    let failed = Transition {
        from: vec![OrderStatus::Processing],
        to: OrderStatus::Failed,
        reason: Some("dropped".into()),
        ..Transition::default()
    };
    force_transition(&app, id_num, failed).await;
    app.clock.advance(chrono::Duration::minutes(10));
    for action in [3, 1] {
        let checked = app
            .withdrawals(&m.token)
            .check(json!({"ids": [id], "action": action, "googleCode": google_code(&app, &m.google)}))
            .await;
        assert_eq!(checked.data()["done"], 1, "{:?}", checked.body);
    }
    app.executor.step().await.unwrap();
    let again = app.store.withdrawal(merchant, id_num).await.unwrap().unwrap();
    assert_eq!(
        (again.status, again.nonce, again.from_address.clone()),
        (OrderStatus::Processing, Some(0), m.hot.clone())
    );
    anvil.set_automine(true).await;
    anvil.mine(3).await;
    app.executor.step().await.unwrap();
    assert_eq!(detail(&app, &m.token, &id).await["status"], 8);
    let nonce = anvil
        .rpc("eth_getTransactionCount", json!([m.hot, "latest"]))
        .await;
    assert_eq!(nonce, "0x1", "nonce 0 used once");
    assert_eq!(
        anvil.erc20_balance(&contract, payee).await,
        U256::from(5_000_000u64)
    );
}

each_database!(
    an_erc20_withdrawal_is_paid_on_anvil,
    trx_and_trc20_withdrawals_are_paid_on_tron,
    a_dropped_evm_payout_is_resent_with_its_nonce,
);
