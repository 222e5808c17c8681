//! A TRC20 deposit end to end on TRON, through the node double (no TRON node is installable;
//! the double verifies every transaction it is sent): the payer's transfer is signed and
//! broadcast, the scanner reads it from the block's Transfer events, completes it after the
//! chain's confirmations and the merchant gets the signed callbacks.

use coffer_chain::tron::TronAdapter;
use coffer_chain::{devchain::DEV_MNEMONIC, keys};
use coffer_domain::amount::BaseUnits;
use coffer_domain::ports::chain::{Asset, ChainAdapter, KeyPurpose, TransferRequest};
use coffer_testkit::{each_database, TestDb, TronNode};
use serde_json::json;

use crate::chains::{tron_chain, TRON, TRON_USDT_ID};
use crate::deposits::accept_deposits;
use crate::helpers::{fields, spawn_app_with};
use crate::receiver::Receiver;
use crate::wallets::demo_merchant;

async fn a_trc20_deposit_is_credited_and_announced(db: TestDb) {
    let node = TronNode::start().await;
    let receiver = Receiver::start().await;
    let app = spawn_app_with(db, |c| tron_chain(c, &node.url(), &node.token())).await;
    let token = app.sign_in_demo().await;
    accept_deposits(&app, &token, TRON, TRON_USDT_ID, &receiver).await;
    let merchant = demo_merchant(&app).await;
    let address = app.deposit_address(merchant, TRON, "user-3").await;
    assert!(address.starts_with('T'), "{address}");

    // A payer outside Coffer, funded on the double, signs with its own key.
    let payer_chain = TronAdapter::new(TRON, &node.url(), None).unwrap();
    let payer = payer_chain
        .derive(&keys::seed(DEV_MNEMONIC, "").unwrap(), KeyPurpose::HotWallet, 7)
        .unwrap();
    node.fund(&payer.address, 100_000_000);
    node.fund_token(&payer.address, 50_000_000);
    assert_eq!(app.scanner.scan_chain(TRON).await.unwrap().deposits, 0);
    let usdt = Asset::Token {
        contract: node.token(),
    };
    let mut hashes = Vec::new();
    for amount in ["12.5", "0.5"] {
        let signed = payer_chain
            .sign_transfer(
                &payer.secret,
                &TransferRequest {
                    from: payer.address.clone(),
                    to: address.clone(),
                    asset: usdt.clone(),
                    amount: BaseUnits::from_decimal(amount, 6).unwrap(),
                    nonce: None,
                },
            )
            .await
            .unwrap();
        payer_chain.broadcast(&signed).await.unwrap();
        hashes.push(signed.hash);
    }
    node.mine();
    assert_eq!(app.scanner.scan_chain(TRON).await.unwrap().deposits, 2);
    node.mine();
    assert_eq!(app.scanner.scan_chain(TRON).await.unwrap().confirmed, 2);

    let page = app
        .deposits(&token)
        .page(json!({"page": 1, "pageSize": 10, "chainId": TRON,
                   "start": "2026-01-01T00:00:00Z", "end": "2027-01-01T00:00:00Z"}))
        .await;
    let rows = page.data()["list"].as_array().unwrap().clone();
    let credited = rows.iter().find(|r| r["hash"] == hashes[0].as_str()).unwrap();
    assert_eq!(
        fields(credited, &["amount", "actualAmount", "status"]),
        json!(["12.5", "12.5", 8])
    );
    assert_eq!(credited["fromAddress"], payer.address.as_str());
    assert_eq!(credited["chainname"], "TRON");
    // Below the token's minimum: recorded as dust, not credited, not announced.
    let dust = rows.iter().find(|r| r["hash"] == hashes[1].as_str()).unwrap();
    assert_eq!(fields(dust, &["note", "actualAmount"]), json!(["dust", "0"]));

    // Confirmed before any delivery: the merchant gets the newest state only (the confirming
    // event is superseded, never sent after it).
    assert_eq!(app.callbacks.deliver_due().await.unwrap(), 1);
    let events = receiver.events();
    let names: Vec<&str> = events.iter().map(|e| e["event"].as_str().unwrap()).collect();
    assert_eq!(names, vec!["deposit.confirmed"]);
    assert_eq!(events[0]["seq"], 2);
    assert_eq!(events[0]["hash"], hashes[0].as_str());
    assert_eq!(events[0]["toAddress"], address.as_str());
    let (_, public_pem) = app.platform_keys.public().await.unwrap();
    for r in receiver.received() {
        assert!(r.verifies_with(&public_pem));
    }
}

each_database!(a_trc20_deposit_is_credited_and_announced);
