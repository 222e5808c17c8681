//! Exchanges on the real chain adapters: USDT (ERC20) in, ETH out on a real anvil node, and
//! USDT (TRC20) in, TRX out through the TRON node double. The end user's token transfer is found
//! by the scanner, confirmed, and paid out from the pair's hot wallet; the payee's balance is
//! read back from the node.

use coffer_chain::tron::TronAdapter;
use coffer_chain::{devchain::DEV_MNEMONIC, keys};
use coffer_domain::amount::BaseUnits;
use coffer_domain::ports::chain::{Asset, ChainAdapter, KeyPurpose, TransferRequest};
use coffer_testkit::anvil::DEV_ACCOUNTS;
use coffer_testkit::{each_database, AnvilPeer, TestDb, TronNode};
use ruint::aliases::U256;
use serde_json::json;

use crate::balance_readings::reader;
use crate::chains::{anvil_chain, tron_chain, EVM, EVM_USDT_ID, TRON, TRON_USDT_ID};
use crate::exchange_pairs::{save, set_fixed};
use crate::exchange_quotes::quote;
use crate::exchange_round::{round, stored};
use crate::helpers::{spawn_app_with, DEMO_EMAIL, DEMO_PASSWORD};
use crate::merchant_signing::integrate;
use crate::wallets::{demo_merchant, google_code};
use coffer_domain::ports::OrderStatus;

fn quantity(value: &serde_json::Value) -> U256 {
    U256::from_str_radix(value.as_str().unwrap().trim_start_matches("0x"), 16).unwrap()
}

async fn usdt_in_eth_out_on_anvil(db: TestDb) {
    let anvil = AnvilPeer::start();
    let contract = anvil.deploy_erc20().await;
    let app = spawn_app_with(db, |c| anvil_chain(c, &anvil.url, &contract)).await;
    let me = integrate(&app, DEMO_EMAIL, DEMO_PASSWORD, &["127.0.0.1"]).await;
    let hot = app.accept_token(&me.token, EVM, EVM_USDT_ID).await;
    let pair = save(
        &app,
        &me.token,
        json!({"chainId": EVM, "tokenIn": EVM_USDT_ID, "tokenOut": null, "enabled": true,
               "spreadBp": 100, "toleranceBp": 50, "minIn": "10", "maxIn": "1000", "dailyLimit": "0",
               "payoutWallet": hot, "outsideRule": 1, "googleCode": google_code(&app, &me.google)}),
    )
    .await;
    set_fixed(&app, demo_merchant(&app).await, pair, "0.0005").await;
    // One ETH in the payout wallet, read by the balance worker.
    let funded = anvil
        .send(
            DEV_ACCOUNTS[0],
            Some(&hot),
            U256::from(10u64).pow(U256::from(18u64)),
            "0x",
        )
        .await;
    anvil.receipt(&funded).await;
    reader(&app, "process-a").step().await.unwrap();

    // 100 USDT at 0.0005 less 1%: 0.0495 ETH.
    let q = quote(
        &app,
        &me,
        json!({"chainId": EVM, "tokenIn": EVM_USDT_ID, "amountIn": "100"}),
    )
    .await;
    assert_eq!(q.code(), 1, "{:?}", q.body);
    assert_eq!(q.data()["amountOut"], "0.0495");
    let payee = DEV_ACCOUNTS[2];
    let body = json!({"merchantOrderNo": "evm-1", "quoteId": q.data()["quoteId"], "openId": "user-9",
                      "amountIn": "100", "minAmountOut": "0.049", "payoutAddress": payee});
    let placed = me
        .call(&app, "POST", "/merchant/v1/exchange/order", &body.to_string())
        .await;
    assert_eq!(placed.code(), 1, "{:?}", placed.body);
    let id = placed.data()["id"].as_i64().unwrap();
    let pay = placed.data()["payAddress"].as_str().unwrap().to_string();

    // The end user's own wallet pays 100 USDT (a real ERC20 transfer).
    let payer = DEV_ACCOUNTS[1];
    anvil
        .receipt(&anvil.mint(&contract, payer, U256::from(100_000_000u64)).await)
        .await;
    let sent = anvil
        .token_transfer(payer, &contract, &pay, U256::from(100_000_000u64))
        .await;
    anvil.receipt(&sent).await;
    app.scanner.scan_chain(EVM).await.unwrap();
    assert_eq!(round(&app).await.linked, 1);
    let seen = stored(&app, id).await;
    assert_eq!(
        (seen.order.status, seen.payer.to_lowercase()),
        (OrderStatus::Confirming, payer.to_lowercase())
    );

    anvil.mine(3).await;
    app.scanner.scan_chain(EVM).await.unwrap();
    assert_eq!(round(&app).await.paying_out, 1);
    let before = quantity(&anvil.rpc("eth_getBalance", json!([payee, "latest"])).await);
    app.executor.step().await.unwrap();
    for _ in 0..4 {
        anvil.mine(1).await;
        app.executor.step().await.unwrap();
    }
    assert_eq!(round(&app).await.completed, 1);
    let done = stored(&app, id).await;
    assert_eq!(done.order.status, OrderStatus::Complete);
    let receipt = anvil.receipt(&done.out_hash).await;
    assert_eq!(receipt["status"], "0x1", "{receipt}");
    let after = quantity(&anvil.rpc("eth_getBalance", json!([payee, "latest"])).await);
    assert_eq!(
        after - before,
        U256::from(49_500_000_000_000_000u64),
        "0.0495 ETH, once"
    );
}

/// USDT (TRC20) paid to an end user's exchange address on TRON, no order waiting: exchanged at
/// the price when it is confirmed and paid out in TRX to the payer, through the node double,
/// which verifies every transaction it is sent.
async fn usdt_in_trx_out_on_tron(db: TestDb) {
    let node = TronNode::start().await;
    let app = spawn_app_with(db, |c| tron_chain(c, &node.url(), &node.token())).await;
    let me = integrate(&app, DEMO_EMAIL, DEMO_PASSWORD, &["127.0.0.1"]).await;
    let hot = app.accept_token(&me.token, TRON, TRON_USDT_ID).await;
    let pair = save(
        &app,
        &me.token,
        json!({"chainId": TRON, "tokenIn": TRON_USDT_ID, "tokenOut": null, "enabled": true,
               "spreadBp": 100, "toleranceBp": 50, "minIn": "10", "maxIn": "1000", "dailyLimit": "0",
               "payoutWallet": hot, "outsideRule": 1, "googleCode": google_code(&app, &me.google)}),
    )
    .await;
    let merchant = demo_merchant(&app).await;
    set_fixed(&app, merchant, pair, "3").await;
    node.fund(&hot, 500_000_000);
    reader(&app, "process-a").step().await.unwrap();
    let pay = app
        .wallets
        .exchange_address(merchant, TRON, "user-5")
        .await
        .unwrap()
        .address;

    // The end user's own wallet pays 20 USDT.
    let payer_chain = TronAdapter::new(TRON, &node.url(), None).unwrap();
    let payer = payer_chain
        .derive(&keys::seed(DEV_MNEMONIC, "").unwrap(), KeyPurpose::HotWallet, 7)
        .unwrap();
    node.fund(&payer.address, 100_000_000);
    node.fund_token(&payer.address, 50_000_000);
    app.scanner.scan_chain(TRON).await.unwrap();
    let request = TransferRequest {
        from: payer.address.clone(),
        to: pay.clone(),
        asset: Asset::Token {
            contract: node.token(),
        },
        amount: BaseUnits::from_decimal("20", 6).unwrap(),
        nonce: None,
    };
    let signed = payer_chain.sign_transfer(&payer.secret, &request).await.unwrap();
    payer_chain.broadcast(&signed).await.unwrap();
    node.mine();
    app.scanner.scan_chain(TRON).await.unwrap();
    assert_eq!(round(&app).await.linked, 1);
    node.mine();
    app.scanner.scan_chain(TRON).await.unwrap();
    assert_eq!(round(&app).await.paying_out, 1);
    let id = 1;
    let paying = stored(&app, id).await;
    assert_eq!(paying.order.payout_address, payer.address);
    assert_eq!(
        paying.order.amount_out,
        BaseUnits::from_decimal("59.4", 6).unwrap()
    );

    let before = payer_chain.balance(&payer.address, &Asset::Native).await.unwrap();
    app.executor.step().await.unwrap();
    for _ in 0..4 {
        node.mine();
        app.executor.step().await.unwrap();
    }
    assert_eq!(round(&app).await.completed, 1);
    assert_eq!(stored(&app, id).await.order.status, OrderStatus::Complete);
    let after = payer_chain.balance(&payer.address, &Asset::Native).await.unwrap();
    assert_eq!(
        after.checked_sub(before),
        Some(BaseUnits::from_decimal("59.4", 6).unwrap()),
        "59.4 TRX, once"
    );
}

each_database!(usdt_in_eth_out_on_anvil, usdt_in_trx_out_on_tron);
