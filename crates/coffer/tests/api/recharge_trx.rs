//! TRX recharges, on TRON through the node double: TRX paid to a merchant's recharge address
//! is recorded as the platform merchant's deposit and becomes TRX points (1 TRX = 1 point) once
//! per payment after the confirmations, however many rounds and nodes run; 1 TRX or less is
//! recorded with its reason and never credited; a block rolled back (the scanner's path on a
//! reorganisation: the double has no reorganisation) reverses the points, and the payment
//! mined again credits them again. TRX to an ordinary deposit address, and another chain's coin
//! to a recharge address, stay recorded `unsupported`.

use std::sync::Arc;

use coffer_chain::devchain::NATIVE_DECIMALS;
use coffer_chain::tron::TronAdapter;
use coffer_chain::{devchain::DEV_MNEMONIC, keys};
use coffer_domain::amount::BaseUnits;
use coffer_domain::callbacks::events::CallbackEvents;
use coffer_domain::clock::Clock;
use coffer_domain::points::recharge::RechargeRound;
use coffer_domain::ports::chain::{Asset, ChainAdapter, KeyPurpose, TransferRequest};
use coffer_domain::ports::{ConfigRepo, Ports, ScanRepo};
use coffer_testkit::{each_database, TestDb, TronNode};
use serde_json::{json, Value};

use crate::chains::{tron_chain, TRON};
use crate::console::paging;
use crate::deposits::{range, with, DEV};
use crate::helpers::{fields, spawn_app_with, TestApp};
use crate::recharge::{available_points, ledger_holds, platform_ready, recharge_on};
use crate::wallets::{demo_merchant, list};

/// A payer outside Coffer on the double, holding 100 TRX.
struct Payer {
    chain: TronAdapter,
    address: String,
    secret: coffer_domain::ports::chain::SecretKey,
}

impl Payer {
    fn funded(node: &TronNode) -> Payer {
        let chain = TronAdapter::new(TRON, &node.url(), None).unwrap();
        let key = chain
            .derive(&keys::seed(DEV_MNEMONIC, "").unwrap(), KeyPurpose::HotWallet, 7)
            .unwrap();
        node.fund(&key.address, 100_000_000);
        Payer {
            chain,
            address: key.address,
            secret: key.secret,
        }
    }

    /// Sends `trx` (decimal) to `to`, unmined; the hash.
    async fn pay(&self, to: &str, trx: &str) -> String {
        let request = TransferRequest {
            from: self.address.clone(),
            to: to.to_string(),
            asset: Asset::Native,
            amount: BaseUnits::from_decimal(trx, 6).unwrap(),
            nonce: None,
        };
        let signed = self.chain.sign_transfer(&self.secret, &request).await.unwrap();
        self.chain.broadcast(&signed).await.unwrap();
        signed.hash
    }
}

/// Mines a block and the chain's two confirmations, scanning each.
async fn mine_confirmed(app: &TestApp, node: &TronNode) {
    for _ in 0..2 {
        node.mine();
        app.scanner.scan_chain(TRON).await.unwrap();
    }
}

/// The platform merchant's deposits on `chain`.
async fn platform_deposits(app: &TestApp, platform: &str, chain: i64) -> Vec<Value> {
    let page = app
        .deposits(platform)
        .page(with(
            range(app),
            json!({"chainId": chain, "page": 1, "pageSize": 20}),
        ))
        .await;
    list(&page)
}

fn by_hash<'a>(rows: &'a [Value], hash: &str) -> &'a Value {
    rows.iter()
        .find(|r| r["hash"] == hash)
        .unwrap_or_else(|| panic!("no deposit {hash} in {rows:?}"))
}

async fn trx_paid_to_a_recharge_address_buys_trx_points_once(db: TestDb) {
    let node = TronNode::start().await;
    let app = spawn_app_with(db, |c| tron_chain(c, &node.url(), &node.token())).await;
    let merchant = app.sign_in_demo().await;
    let platform = platform_ready(&app).await;
    let ours = recharge_on(&app, &merchant, TRON).await;
    assert_eq!(
        fields(&ours, &["token", "coin", "minimum"]),
        json!(["USDT", "TRX", "1"])
    );
    assert_eq!(recharge_on(&app, &merchant, DEV).await["coin"], Value::Null);
    let to = ours["address"].as_str().unwrap().to_string();
    let theirs = recharge_on(&app, &platform, TRON).await["address"]
        .as_str()
        .unwrap()
        .to_string();
    let ordinary = app
        .deposit_address(demo_merchant(&app).await, TRON, "user-1")
        .await;

    let payer = Payer::funded(&node);
    let five = payer.pay(&to, "5.123456").await;
    let one = payer.pay(&to, "1").await;
    let other = payer.pay(&theirs, "2.5").await;
    let plain = payer.pay(&ordinary, "3").await;
    node.mine();
    app.scanner.scan_chain(TRON).await.unwrap();
    app.recharges.run().await.unwrap();
    assert_eq!(
        available_points(&app, &merchant, 2).await,
        "0",
        "nothing before the confirmations"
    );
    mine_confirmed(&app, &node).await;
    assert_eq!(app.recharges.run().await.unwrap().credited, 2);
    assert_eq!(app.recharges.run().await.unwrap().credited, 0);
    let store = coffer::app::open_store(&app.config).await.unwrap();
    let other_node = RechargeRound {
        ports: Ports::all_from(Arc::new(store), app.clock.clone()),
    };
    assert_eq!(other_node.run().await.unwrap().credited, 0);
    assert_eq!(available_points(&app, &merchant, 2).await, "5.123456");
    assert_eq!(
        available_points(&app, &merchant, 1).await,
        "0",
        "TRX buys TRX points"
    );
    assert_eq!(available_points(&app, &platform, 2).await, "2.5");

    // The platform merchant's deposits: the 1 TRX with its reason; the credited ones as TRX.
    let rows = platform_deposits(&app, &platform, TRON).await;
    assert_eq!(
        fields(by_hash(&rows, &one), &["uncredited", "note"]),
        json!([true, "below_recharge_minimum"])
    );
    assert_eq!(
        fields(by_hash(&rows, &five), &["symbol", "uncredited", "status"]),
        json!(["TRX", false, 8])
    );
    assert!(rows.iter().all(|r| r["hash"] != plain.as_str()));
    // Only tokens are collected: the TRX stays at the recharge addresses (their sweep fees).
    let waiting = app
        .post_as(
            &platform,
            "/api/partner/collect/waiting",
            json!({"page": 1, "pageSize": 10}),
        )
        .await;
    assert_eq!(waiting.data()["total"], 0, "{:?}", waiting.body);
    // TRX to the demo merchant's own deposit address: recorded, not credited, as before.
    let mine = app
        .deposits(&merchant)
        .page(with(range(&app), paging(1, 10)))
        .await;
    assert_eq!(
        fields(by_hash(&list(&mine), &plain), &["uncredited", "note"]),
        json!([true, "unsupported"])
    );

    // The payments' block rolled back: their points reversed; mined again: credited again.
    let block = by_hash(&rows, &five)["blockNumber"].as_u64().unwrap();
    let nodes = app.store.chain_nodes().await.unwrap();
    let events = CallbackEvents::new(nodes, app.clock.clone());
    let now = app.clock.now();
    let owner = &app.scanner.owner;
    assert!(app
        .store
        .rollback_block(TRON, owner, block, now, &events)
        .await
        .unwrap());
    let report = app.recharges.run().await.unwrap();
    assert_eq!((report.credited, report.reversed), (0, 2), "ours and theirs");
    assert_eq!(available_points(&app, &merchant, 2).await, "0");
    assert_eq!(available_points(&app, &platform, 2).await, "0");
    app.scanner.scan_chain(TRON).await.unwrap();
    assert_eq!(app.recharges.run().await.unwrap().credited, 2);
    assert_eq!(app.recharges.run().await.unwrap().credited, 0);
    assert_eq!(available_points(&app, &merchant, 2).await, "5.123456");
    assert_eq!(available_points(&app, &platform, 2).await, "2.5");
    let again = platform_deposits(&app, &platform, TRON).await;
    assert_eq!(by_hash(&again, &other)["status"], 8);
    ledger_holds(&app);
}

async fn another_chains_coin_never_buys_points(db: TestDb) {
    let app = spawn_app_with(db, crate::wallets::offline_chains).await;
    let merchant = app.sign_in_demo().await;
    let platform = platform_ready(&app).await;
    let to = recharge_on(&app, &merchant, DEV).await["address"]
        .as_str()
        .unwrap()
        .to_string();
    let coin = BaseUnits::from_decimal("5", NATIVE_DECIMALS).unwrap();
    let hash = app.devchain.fund(&to, &Asset::Native, coin).await.unwrap();
    for _ in 0..4 {
        app.devchain.mine().await.unwrap();
    }
    crate::deposits::scan(&app).await;
    assert_eq!(app.recharges.run().await.unwrap().credited, 0);
    assert_eq!(available_points(&app, &merchant, 2).await, "0");
    let rows = platform_deposits(&app, &platform, DEV).await;
    assert_eq!(
        fields(by_hash(&rows, &hash), &["uncredited", "note"]),
        json!([true, "unsupported"])
    );
}

each_database!(
    trx_paid_to_a_recharge_address_buys_trx_points_once,
    another_chains_coin_never_buys_points
);
