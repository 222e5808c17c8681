//! What the collection tests share: the devchain's units and blocks, a round of the sweep
//! executor, Collection transactions and the fee settings as the console reads them, and the
//! merchant collecting on each deposit they start from.

use chrono::Duration;
use coffer_domain::amount::BaseUnits;
use coffer_domain::collection::executor::SweepReport;
use serde_json::{json, Value};

use crate::collection_plan::{cold_address_in_force, deposit, save_collect, tick};
use crate::deposits::DEV;
use crate::helpers::TestApp;
use crate::wallets::{demo_merchant, google_code, list};

pub(crate) fn dev(text: &str) -> BaseUnits {
    BaseUnits::from_decimal(text, 18).unwrap()
}

pub(crate) fn decimal(v: BaseUnits) -> String {
    v.to_decimal(18)
}

/// Blocks enough for anything sent before to be confirmed (the devchain needs 3).
pub(crate) async fn mine(app: &TestApp, blocks: usize) {
    for _ in 0..blocks {
        app.devchain.mine().await.unwrap();
    }
}

/// One round of the sweep executor, after the retry wait of anything held.
pub(crate) async fn sweep(app: &TestApp) -> SweepReport {
    app.clock.advance(Duration::seconds(61));
    app.sweeper.step().await.unwrap()
}

/// The merchant's collections as Collection transactions lists them, newest first.
pub(crate) async fn collections(app: &TestApp, token: &str) -> Vec<Value> {
    let page = app
        .collection(token)
        .page(json!({"page": 1, "pageSize": 20}))
        .await;
    assert_eq!(page.code(), 1, "{:?}", page.body);
    list(&page)
}

pub(crate) async fn detail(app: &TestApp, token: &str, id: i64) -> Value {
    let found = app.collection(token).detail(json!({"id": id})).await;
    assert_eq!(found.code(), 1, "{:?}", found.body);
    found.data().clone()
}

pub(crate) async fn save_fees(
    app: &TestApp,
    token: &str,
    secret: &str,
    wallet: Option<i64>,
    max_fee: &str,
) -> crate::helpers::Answer {
    save_fees_on(app, token, secret, DEV, wallet, max_fee).await
}

/// Saves `chain`'s fee wallet and cap, a fresh Google code after the last one's window.
pub(crate) async fn save_fees_on(
    app: &TestApp,
    token: &str,
    secret: &str,
    chain: i64,
    wallet: Option<i64>,
    max_fee: &str,
) -> crate::helpers::Answer {
    app.clock.advance(Duration::seconds(31));
    app.collection(token)
        .save_fees(json!({"chainId": chain, "feeWalletId": wallet, "maxFee": max_fee,
                          "googleCode": google_code(app, secret)}))
        .await
}

/// The devchain's fee settings as Fund collection reads them.
pub(crate) async fn dev_fees(app: &TestApp, token: &str) -> Value {
    let fees = app.collection(token).fees().await;
    let chains = fees.data().as_array().unwrap().clone();
    chains.into_iter().find(|c| c["chainId"] == DEV).unwrap()
}

/// Home's "in deposit addresses" of the devchain USDT.
pub(crate) async fn in_deposit_addresses(app: &TestApp, token: &str) -> String {
    let home = app.reports(token).home(json!({})).await;
    assert_eq!(home.code(), 1, "{:?}", home.body);
    let holdings = home.data()["holdings"].as_array().unwrap().clone();
    let usdt = holdings.iter().find(|h| h["tokenId"] == 1).expect("USDT held");
    usdt["depositAddresses"].as_str().unwrap().to_string()
}

/// Fund collection lists nothing and Home holds nothing in deposit addresses.
pub(crate) async fn assert_nothing_waits(app: &TestApp, token: &str) {
    let waiting = app
        .collection(token)
        .waiting(json!({"page": 1, "pageSize": 10}))
        .await;
    assert_eq!(list(&waiting), Vec::<Value>::new());
    assert_eq!(in_deposit_addresses(app, token).await, "0");
}

/// The id of the session's hot wallet at `address`.
pub(crate) async fn hot_wallet_id(app: &TestApp, token: &str, address: &str) -> i64 {
    let wallets = app
        .wallets(token)
        .hot_page(json!({"page": 1, "pageSize": 10}))
        .await;
    let found = list(&wallets).into_iter().find(|w| w["address"] == address);
    found.and_then(|w| w["id"].as_i64()).unwrap()
}

/// A step of Collection transactions' detail that is a sweep part, confirmed, moving `amount`
/// to `to`.
pub(crate) fn assert_confirmed_sweep_part(step: &Value, to: &str, amount: &str) {
    assert_eq!(
        (
            step["kind"].as_i64(),
            step["state"].as_i64(),
            step["toAddress"].as_str(),
            step["amount"].as_str()
        ),
        (Some(3), Some(4), Some(to), Some(amount)),
        "{step}"
    );
}

/// The demo merchant collecting USDT on each deposit (minimum 10, split above 100) to COLD_A,
/// with its devchain hot wallet (not yet the fee wallet): what the collection tests start from.
pub(crate) struct Collecting {
    pub token: String,
    /// The authenticator's secret.
    pub secret: String,
    pub merchant: i64,
    pub hot: String,
    pub hot_id: i64,
}

pub(crate) async fn collecting(app: &TestApp) -> Collecting {
    let token = app.sign_in_demo().await;
    let hot = app.accept_token(&token, DEV, 1).await;
    let merchant = demo_merchant(app).await;
    let secret = cold_address_in_force(app, &token).await;
    let assets = app.assets(&token).list_all().await;
    save_collect(app, &token, &assets.data()[0], 3).await;
    let hot_id = hot_wallet_id(app, &token, &hot).await;
    Collecting {
        token,
        secret,
        merchant,
        hot,
        hot_id,
    }
}

/// [`collecting`], and a deposit of `amount` to user-1 opened for collection: (session, the
/// authenticator's secret, the hot wallet's id and address, user-1's address).
pub(crate) async fn opened_collection(app: &TestApp, amount: &str) -> (String, String, i64, String, String) {
    let c = collecting(app).await;
    deposit(app, c.merchant, "user-1", amount).await;
    assert_eq!(tick(app).await.opened, 1);
    let user_1 = app.deposit_address(c.merchant, DEV, "user-1").await;
    (c.token, c.secret, c.hot_id, c.hot, user_1)
}
