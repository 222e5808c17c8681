//! What the TRON sweep tests share: the world they start from (the demo merchant collecting
//! USDT on the node double, a deposit made and its collection open, the fee wallet funded and
//! saved), the rounds up to the deposit address's activation, and small readers of amounts,
//! collections and their steps.

use chrono::Duration;
use coffer_chain::tron::TronAdapter;
use coffer_chain::{devchain::DEV_MNEMONIC, keys};
use coffer_domain::amount::BaseUnits;
use coffer_domain::collection::sweep::with_margin;
use coffer_domain::ports::chain::{Asset, ChainAdapter, KeyPurpose, TransferRequest};
use coffer_testkit::tron_node::{
    base58, transfer_energy, CREATE_ACCOUNT_FEE, CREATE_ACCOUNT_IN_CONTRACT_FEE, DEFAULT_ENERGY_FACTOR,
};
use coffer_testkit::{TestDb, TronNode};
use serde_json::{json, Value};

use crate::chains::{tron_chain, TRON, TRON_USDT_ID};
use crate::collection_plan::{save_collect, tick};
pub(crate) use crate::collection_sweep::{collections, sweep};
use crate::helpers::{spawn_app_with, TestApp};
use crate::wallets::{bind_google, demo_merchant, google_code, list};

pub(crate) const TRX: u64 = 1_000_000;

/// The cold address: nobody's key here, and it holds no USDT until the first sweep.
pub(crate) fn cold() -> String {
    base58(&[0xc0; 20])
}

fn trx(sun: u64) -> String {
    BaseUnits::from_u128(u128::from(sun)).to_decimal(6)
}

pub(crate) fn sun(v: &Value) -> u64 {
    let text = v.as_str().unwrap_or_else(|| panic!("an amount: {v}"));
    BaseUnits::from_decimal(text, 6).unwrap().0.to::<u64>()
}

/// What activating an address costs at the double's parameters (no staked bandwidth).
pub(crate) fn activation() -> u64 {
    CREATE_ACCOUNT_FEE + CREATE_ACCOUNT_IN_CONTRACT_FEE
}

pub(crate) async fn steps(app: &TestApp, token: &str, id: &Value) -> Vec<Value> {
    let found = app.collection(token).detail(json!({"id": id})).await;
    assert_eq!(found.code(), 1, "{:?}", found.body);
    found.data()["steps"].as_array().unwrap().clone()
}

/// (kind, state) of each step.
pub(crate) fn kinds_and_states(steps: &[Value]) -> Vec<(i64, i64)> {
    steps
        .iter()
        .map(|s| (s["kind"].as_i64().unwrap(), s["state"].as_i64().unwrap()))
        .collect()
}

/// A deposit made, its collection open, the fee wallet funded and saved.
pub(crate) struct Setup {
    pub(crate) node: TronNode,
    pub(crate) app: TestApp,
    pub(crate) token: String,
    /// The fee wallet (the merchant's TRON hot wallet).
    pub(crate) hot: String,
    pub(crate) user: String,
    payer: Payer,
}

/// Someone outside Coffer paying USDT, with their own key.
struct Payer {
    chain: TronAdapter,
    key: coffer_domain::ports::chain::SecretKey,
    address: String,
}

impl Payer {
    async fn pay(&self, node: &TronNode, to: &str, amount: &str) {
        let request = TransferRequest {
            from: self.address.clone(),
            to: to.to_string(),
            asset: Asset::Token {
                contract: node.token(),
            },
            amount: BaseUnits::from_decimal(amount, 6).unwrap(),
            nonce: None,
        };
        let signed = self.chain.sign_transfer(&self.key, &request).await.unwrap();
        self.chain.broadcast(&signed).await.unwrap();
    }
}

/// Pays `amount` USDT to `to`, mines and scans until the deposit is credited (2 confirmations).
pub(crate) async fn deposit(s: &Setup, to: &str, amount: &str) {
    s.payer.pay(&s.node, to, amount).await;
    s.node.mine();
    s.app.scanner.scan_chain(TRON).await.unwrap();
    s.node.mine();
    let scanned = s.app.scanner.scan_chain(TRON).await.unwrap();
    assert_eq!(scanned.confirmed, 1, "{scanned:?}");
}

/// The cold address in force for the merchant's TRON USDT (requested with the code, approved);
/// the authenticator's secret.
async fn cold_in_force(app: &TestApp, token: &str, asset: &Value) -> String {
    let secret = bind_google(app, token).await;
    let requested = app
        .assets(token)
        .request_cold_address(json!({"assetId": asset["id"],
            "coldAddresses": [{"address": cold(), "ratio": "1"}], "googleCode": google_code(app, &secret)}))
        .await;
    assert_eq!(requested.code(), 1, "{:?}", requested.body);
    let id = requested.data()["id"].as_i64().unwrap();
    assert!(app.wallets.review_token_request(id, true, "").await.unwrap());
    secret
}

async fn save_fee_wallet(app: &TestApp, token: &str, secret: &str, hot: &str) {
    let wallets = app
        .wallets(token)
        .hot_page(json!({"page": 1, "pageSize": 10}))
        .await;
    let id = list(&wallets)
        .into_iter()
        .find(|w| w["address"] == hot)
        .and_then(|w| w["id"].as_i64())
        .unwrap();
    app.clock.advance(Duration::seconds(31));
    let saved = app
        .collection(token)
        .save_fees(json!({"chainId": TRON, "feeWalletId": id, "maxFee": "",
                          "googleCode": google_code(app, secret)}))
        .await;
    assert_eq!(saved.code(), 1, "{:?}", saved.body);
}

/// The demo merchant on TRON collecting USDT on each deposit (minimum 10) to the cold address,
/// its hot wallet the fee wallet holding 100 TRX, and 20 USDT deposited to user-1's new address:
/// its collection is open.
pub(crate) async fn setup(db: TestDb) -> Setup {
    let node = TronNode::start().await;
    // The figures below count on the day's free bandwidth: not on a day that ends mid-test.
    node.advance_to_next_day();
    let app = spawn_app_with(db, |c| {
        tron_chain(c, &node.url(), &node.token());
        c.auth.session_idle_minutes = 24 * 60;
        c.auth.session_absolute_hours = 48;
    })
    .await;
    let token = app.sign_in_demo().await;
    let hot = app.accept_token(&token, TRON, TRON_USDT_ID).await;
    let assets = app.assets(&token).list_all().await;
    let asset = assets
        .data()
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["chainId"] == TRON)
        .unwrap()
        .clone();
    let secret = cold_in_force(&app, &token, &asset).await;
    save_collect(&app, &token, &asset, 3).await;
    node.fund(&hot, 100 * TRX);
    save_fee_wallet(&app, &token, &secret, &hot).await;

    let chain = TronAdapter::new(TRON, &node.url(), None).unwrap();
    let key = chain
        .derive(&keys::seed(DEV_MNEMONIC, "").unwrap(), KeyPurpose::HotWallet, 7)
        .unwrap();
    node.fund(&key.address, 1_000 * TRX);
    node.fund_token(&key.address, 1_000_000_000);
    let payer = Payer {
        chain,
        address: key.address,
        key: key.secret,
    };
    let merchant = demo_merchant(&app).await;
    let user = app.deposit_address(merchant, TRON, "user-1").await;
    let s = Setup {
        node,
        app,
        token,
        hot,
        user,
        payer,
    };
    deposit(&s, &s.user, "20").await;
    assert_eq!(tick(&s.app).await.opened, 1);
    s
}

/// The sweep of 20 USDT to the cold address (a new holder): 130 285 energy at the live fee.
pub(crate) fn first_sweep_fee(node: &TronNode) -> u64 {
    let params = node.params();
    assert_eq!(params.energy_factor, DEFAULT_ENERGY_FACTOR);
    transfer_energy(true, params.energy_factor) * params.energy_fee
}

/// Rounds from the first one to the activation confirmed: (the collection's id, the top-up).
pub(crate) async fn activate(s: &Setup) -> (Value, u64) {
    let report = sweep(&s.app).await;
    assert_eq!((report.signed, report.broadcast), (1, 1), "{report:?}");
    let row = collections(&s.app, &s.token).await[0].clone();
    assert_eq!(row["status"], 3, "waiting for fee arrival: {row}");
    let id = row["id"].clone();
    let top_up = with_margin(BaseUnits::from_u128(first_sweep_fee(&s.node).into()))
        .0
        .to::<u64>();
    let found = steps(&s.app, &s.token, &id).await;
    // One TRX transfer is the activation and the top-up: the sweep's quote plus 5%, the address
    // holding nothing; its own quote is the activation.
    assert_eq!(kinds_and_states(&found), vec![(2, 2)]);
    assert_eq!(
        (
            found[0]["amount"].as_str(),
            found[0]["feeEstimated"].as_str(),
            found[0]["fromAddress"].as_str(),
            found[0]["toAddress"].as_str()
        ),
        (
            Some(trx(top_up).as_str()),
            Some(trx(activation()).as_str()),
            Some(s.hot.as_str()),
            Some(s.user.as_str())
        )
    );
    assert!(!s.node.account_exists(&s.user), "not in a block yet");
    s.node.mine();
    assert_eq!(sweep(&s.app).await.signed, 0, "one confirmation of two");
    s.node.mine();
    sweep(&s.app).await;
    assert_eq!(collections(&s.app, &s.token).await[0]["status"], 7);
    assert!(s.node.account_exists(&s.user));
    assert_eq!(s.node.trx_balance(&s.user), top_up);
    (id, top_up)
}

/// Activated, then the sweep signed and sent: (the collection's id, the sweep's hash).
pub(crate) async fn sweep_sent(s: &Setup) -> (Value, String) {
    let (id, _) = activate(s).await;
    assert_eq!(sweep(&s.app).await.signed, 1);
    let hash = steps(&s.app, &s.token, &id).await[1]["hash"]
        .as_str()
        .unwrap()
        .to_string();
    (id, hash)
}
