//! Wallets and assets at the API: deposit addresses derived from the merchant's seed, hot
//! wallets with chain balances, assets, cold-address requests and their review.

use coffer::config::Config;
use coffer_chain::devchain::{DEV_MNEMONIC, USDT_CONTRACT};
use coffer_domain::amount::BaseUnits;
use coffer_domain::clock::Clock;
use coffer_domain::ports::chain::Asset;
use coffer_domain::totp;
use coffer_testkit::{each_database, TestDb};
use serde_json::{json, Value};

use crate::chains;
use crate::console::paging;
use crate::helpers::{spawn_app_with, TestApp, DEMO_EMAIL};

pub use crate::chains::{EVM, TRON};
const DEV: i64 = 1337;
/// anvil's first two dev accounts: m/44'/60'/0'/0/0 and /1 of DEV_MNEMONIC.
const ANVIL_0: &str = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const ANVIL_1: &str = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
/// tronweb's fromMnemonic(DEV_MNEMONIC) at m/44'/195'/0'/0/0.
const TRONWEB_0: &str = "TWer2Ygk5TEheHp3TPuYeqxmB6SsGZmaL6";
const TRON_USDT: &str = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

/// An EVM and a TRON chain whose nodes are not running: derivation and validation need none.
pub fn offline_chains(config: &mut Config) {
    const NOBODY: &str = "http://127.0.0.1:9";
    config.chains = vec![
        chains::evm(
            NOBODY,
            vec![chains::usdt(101, "0x5FbDB2315678afecb367f032d93F642f64180aa3")],
        ),
        chains::tron(NOBODY, vec![chains::usdt(201, TRON_USDT)]),
    ];
}

pub async fn demo_merchant(app: &TestApp) -> i64 {
    app.store.merchant_of(DEMO_EMAIL).await.unwrap().unwrap()
}

/// The demo merchant holds the public dev mnemonic, so wallets anvil and tronweb derive agree.
pub async fn app_with_dev_seed(db: TestDb) -> TestApp {
    let app = spawn_app_with(db, offline_chains).await;
    let merchant = demo_merchant(&app).await;
    app.vault
        .import_seed(merchant, DEV_MNEMONIC)
        .await
        .unwrap()
        .unwrap();
    app
}

pub fn list(answer: &crate::helpers::Answer) -> Vec<Value> {
    assert_eq!(answer.code(), 1, "{:?}", answer.body);
    answer.data()["list"].as_array().cloned().unwrap_or_default()
}

/// Binds the authenticator for the session's user; returns a function giving the code now.
pub async fn bind_google(app: &TestApp, token: &str) -> String {
    let offer = app.me(token).google_secret().await;
    let secret = offer.data()["secret"].as_str().unwrap().to_string();
    let code = totp::code_at_step(&secret, totp::step_at(app.clock.now())).unwrap();
    let bound = app.me(token).bind_google(json!({"code": code})).await;
    assert_eq!(bound.code(), 1, "{:?}", bound.body);
    secret
}

pub fn google_code(app: &TestApp, secret: &str) -> String {
    // Each code is accepted once: step the clock so every call has a fresh one.
    app.clock.advance(chrono::Duration::seconds(30));
    totp::code_at_step(secret, totp::step_at(app.clock.now())).unwrap()
}

async fn deposit_addresses_are_the_merchants_own(db: TestDb) {
    let app = app_with_dev_seed(db).await;
    let merchant = demo_merchant(&app).await;
    let evm_0 = app
        .wallets
        .deposit_address(merchant, EVM, "user-1")
        .await
        .unwrap();
    let evm_1 = app
        .wallets
        .deposit_address(merchant, EVM, "user-2")
        .await
        .unwrap();
    let tron_0 = app
        .wallets
        .deposit_address(merchant, TRON, "user-1")
        .await
        .unwrap();
    assert_eq!(
        (evm_0.address.as_str(), evm_1.address.as_str()),
        (ANVIL_0, ANVIL_1)
    );
    assert_eq!(tron_0.address, TRONWEB_0);
    // The same user keeps the address; another merchant never gets it.
    let again = app
        .wallets
        .deposit_address(merchant, EVM, " user-1 ")
        .await
        .unwrap();
    assert_eq!((again.id, again.address), (evm_0.id, evm_0.address.clone()));
    app.store
        .seed_demo("boss@other.example", "Other-Pass-2026")
        .await
        .unwrap();
    let other = app
        .store
        .merchant_of("boss@other.example")
        .await
        .unwrap()
        .unwrap();
    let theirs = app.wallets.deposit_address(other, EVM, "user-1").await.unwrap();
    assert_ne!(theirs.address, ANVIL_0, "a fresh seed per merchant");
    // Bad input: nothing stored.
    for (chain, open_id) in [(EVM, ""), (EVM, &"x".repeat(65)), (999, "user-3")] {
        assert!(app
            .wallets
            .deposit_address(merchant, chain, open_id)
            .await
            .is_err());
    }

    let token = app.sign_in_demo().await;
    let page = app.wallets(&token).addresses(paging(1, 10)).await;
    let rows = list(&page);
    assert_eq!(page.data()["total"], 3);
    assert_eq!(rows[0]["address"], TRONWEB_0, "newest first");
    assert_eq!(rows[0]["chainname"], "TRON");
    let filtered = app
        .wallets(&token)
        .addresses(json!({"page": 1, "pageSize": 10, "chainId": EVM, "openId": "user-2"}))
        .await;
    assert_eq!(list(&filtered).len(), 1);
    assert_eq!(list(&filtered)[0]["address"], ANVIL_1);

    // Any part of the address, in any case, on both databases.
    for part in ["70997970c518", "70997970C518", "0X70997970"] {
        let by_address = app
            .wallets(&token)
            .addresses(json!({"page": 1, "pageSize": 10, "address": part}))
            .await;
        let found: Vec<Value> = list(&by_address).iter().map(|r| r["address"].clone()).collect();
        assert_eq!(found, vec![json!(ANVIL_1)], "{part}");
    }

    let id = evm_0.id;
    let edited = app
        .wallets(&token)
        .edit_remark(json!({"id": id, "remark": "VIP"}))
        .await;
    assert_eq!(edited.code(), 1);
    let long = app
        .wallets(&token)
        .edit_remark(json!({"id": id, "remark": "é".repeat(101)}))
        .await;
    assert_eq!(long.msg(), "The remark is longer than 100 characters");
    let outsider = app.sign_in("boss@other.example", "Other-Pass-2026").await;
    let foreign = app
        .wallets(&outsider)
        .edit_remark(json!({"id": id, "remark": "x"}))
        .await;
    assert_eq!(foreign.msg(), "No such record");
    let mine = app
        .wallets(&token)
        .addresses(json!({"page": 1, "pageSize": 10, "openId": "user-1", "chainId": EVM}))
        .await;
    assert_eq!(list(&mine)[0]["remark"], "VIP");
}

async fn hot_wallets_show_chain_balances_and_pause(db: TestDb) {
    let app = app_with_dev_seed(db).await;
    let token = app.sign_in_demo().await;
    let added = app
        .wallets(&token)
        .add_hot(json!({"chainId": DEV, "remark": "payouts"}))
        .await;
    assert_eq!(added.code(), 1, "{:?}", added.body);
    let address = added.data()["address"].as_str().unwrap().to_string();
    let id = added.data()["id"].as_i64().unwrap();
    // Hot wallets use their own account (1'), never an end user's deposit key.
    let deposit = app
        .wallets
        .deposit_address(demo_merchant(&app).await, DEV, "user-1")
        .await
        .unwrap();
    assert_ne!(deposit.address, address);

    let usdt = Asset::Token {
        contract: USDT_CONTRACT.into(),
    };
    app.devchain
        .fund(&address, &usdt, BaseUnits::from_decimal("12.5", 6).unwrap())
        .await
        .unwrap();
    app.devchain
        .fund(
            &address,
            &Asset::Native,
            BaseUnits::from_decimal("0.25", 18).unwrap(),
        )
        .await
        .unwrap();
    app.devchain.mine().await.unwrap();
    let page = app.wallets(&token).hot_page(paging(1, 10)).await;
    let rows = list(&page);
    assert_eq!(rows[0]["address"], address.as_str());
    assert_eq!(rows[0]["status"], 0);
    assert_eq!(rows[0]["balanceError"], false);
    assert_eq!(
        rows[0]["balances"],
        json!([{"tokenId": null, "symbol": "DEV", "amount": "0.25"}, {"tokenId": 1, "symbol": "USDT", "amount": "12.5"}])
    );

    let paused = app
        .wallets(&token)
        .set_hot_status(json!({"id": id, "status": 1}))
        .await;
    assert_eq!(paused.code(), 1);
    let page = app
        .wallets(&token)
        .hot_page(json!({"page": 1, "pageSize": 10, "chainId": DEV}))
        .await;
    assert_eq!(list(&page)[0]["status"], 1);
    let bad = app
        .wallets(&token)
        .set_hot_status(json!({"id": id, "status": 7}))
        .await;
    assert_eq!(bad.msg(), "Invalid status");

    // A chain whose node is down: the wallet is listed, its balance marked unavailable.
    let evm = app.wallets(&token).add_hot(json!({"chainId": EVM})).await;
    assert_eq!(evm.data()["address"].as_str().unwrap().len(), 42);
    let page = app
        .wallets(&token)
        .hot_page(json!({"page": 1, "pageSize": 10, "chainId": EVM}))
        .await;
    assert_eq!(list(&page)[0]["balanceError"], true);

    let unknown = app.wallets(&token).add_hot(json!({"chainId": 999})).await;
    assert_eq!(unknown.msg(), "Unknown chain or token");
    for _ in 0..3 {
        let more = app.wallets(&token).add_hot(json!({"chainId": TRON})).await;
        assert_eq!(more.code(), 1);
    }
    let sixth = app.wallets(&token).add_hot(json!({"chainId": DEV})).await;
    assert_eq!(sixth.code_and_msg(), (16003, "At most 5 payment addresses"));
    let all = app.wallets(&token).hot_page(paging(1, 10)).await;
    assert_eq!(all.data()["total"], 5, "the refused sixth stored nothing");
}

each_database!(
    deposit_addresses_are_the_merchants_own,
    hot_wallets_show_chain_balances_and_pause
);
