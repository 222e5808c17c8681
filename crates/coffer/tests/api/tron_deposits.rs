//! A TRC20 deposit end to end on TRON, through the node double (no TRON node is installable;
//! the double verifies every transaction it is sent): the payer's transfer is signed and
//! broadcast, the scanner reads it from the block's Transfer events, completes it after the
//! chain's confirmations and the merchant gets the signed callbacks.

use coffer::config::{ChainConfig, Config, FamilyConfig, Secret, TokenConfig, TronConfig};
use coffer_chain::tron::TronAdapter;
use coffer_chain::{devchain::DEV_MNEMONIC, keys};
use coffer_domain::amount::BaseUnits;
use coffer_domain::ports::chain::{Asset, ChainAdapter, KeyPurpose, TransferRequest};
use coffer_testkit::{each_database, TestDb, TronNode};
use serde_json::json;

use crate::deposits::openssl_verifies;
use crate::helpers::spawn_app_with;
use crate::receiver::Receiver;
use crate::wallets::{demo_merchant, TRON};

const TOKEN_ID: i64 = 201;

pub fn tron_chain(config: &mut Config, url: &str, contract: &str) {
    config.chains = vec![ChainConfig {
        id: TRON,
        family: FamilyConfig::Tron(TronConfig::default()),
        name: "TRON".into(),
        symbol: "TRX".into(),
        decimals: 6,
        txurl: "https://tronscan.org/#/transaction/".into(),
        rpc_url: Secret::new(url),
        confirmations: Some(2),
        scan_from_block: None,
        tokens: vec![TokenConfig {
            id: TOKEN_ID,
            symbol: "USDT".into(),
            contract: contract.into(),
            decimals: 6,
            price: "1".into(),
            min_deposit: Some("1".into()),
        }],
    }];
}

async fn a_trc20_deposit_is_credited_and_announced(db: TestDb) {
    let node = TronNode::start().await;
    let receiver = Receiver::start().await;
    let app = spawn_app_with(db, |c| tron_chain(c, &node.url(), &node.token())).await;
    let token = app.sign_in_demo().await;
    let hot = app.wallets(&token).add_hot(json!({"chainId": TRON})).await;
    let hot = hot.data()["address"].as_str().unwrap().to_string();
    let enabled = app
        .assets(&token)
        .add(json!({"chainId": TRON, "tokenId": TOKEN_ID, "paymentAddress": hot}))
        .await;
    assert_eq!(enabled.code(), 1, "{:?}", enabled.body);
    let saved = app
        .callbacks(&token)
        .save_url(json!({"callbackUrl": receiver.url}))
        .await;
    assert_eq!(saved.code(), 1);
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
        (
            credited["amount"].clone(),
            credited["actualAmount"].clone(),
            credited["status"].clone()
        ),
        (json!("12.5"), json!("12.5"), json!(8))
    );
    assert_eq!(credited["fromAddress"], payer.address.as_str());
    assert_eq!(credited["chainname"], "TRON");
    // Below the token's minimum: recorded as dust, not credited, not announced.
    let dust = rows.iter().find(|r| r["hash"] == hashes[1].as_str()).unwrap();
    assert_eq!(
        (dust["note"].clone(), dust["actualAmount"].clone()),
        (json!("dust"), json!("0"))
    );

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
    for r in receiver.received.lock().unwrap().iter() {
        let header = |name: &str| r.headers.get(name).unwrap().to_str().unwrap().to_string();
        let message = format!(
            "{}\n{}",
            header(coffer_domain::callbacks::headers::TIMESTAMP),
            r.body
        );
        assert!(openssl_verifies(
            &public_pem,
            &message,
            &header(coffer_domain::callbacks::headers::SIGNATURE)
        ));
    }
}

each_database!(a_trc20_deposit_is_credited_and_announced);
