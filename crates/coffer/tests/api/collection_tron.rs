//! The sweep on TRON through the node double, which charges what mainnet charges (activation,
//! daily free bandwidth, energy at the live energy fee with USDT's dynamic factor) and verifies
//! everything it is sent. A USDT deposit to a new deposit address (it holds tokens and no
//! account) is collected through one TRX transfer from the fee wallet that activates it and
//! carries the sweep's quote plus 5%, then the sweep; what each step burnt is read from its
//! transaction info and equals what the double took. A sweep that can no longer be included
//! (past its expiration, never sent or dropped by the node) is dead and signed again, once; one
//! the node dropped but that can still be included is only sent again.

use chrono::Duration;
use coffer_chain::tron::TronAdapter;
use coffer_chain::{devchain::DEV_MNEMONIC, keys};
use coffer_domain::amount::BaseUnits;
use coffer_domain::collection::executor::SweepReport;
use coffer_domain::collection::sweep::with_margin;
use coffer_domain::ports::chain::{Asset, ChainAdapter, KeyPurpose, TransferRequest};
use coffer_testkit::tron_node::{
    base58, transfer_energy, CREATE_ACCOUNT_FEE, CREATE_ACCOUNT_IN_CONTRACT_FEE, DEFAULT_ENERGY_FACTOR,
};
use coffer_testkit::{each_database, TestDb, TronNode};
use ruint::aliases::U256;
use serde_json::{json, Value};

use crate::chains::{tron_chain, TRON, TRON_USDT_ID};
use crate::collection_plan::{save_collect, tick};
use crate::helpers::{spawn_app_with, TestApp};
use crate::wallets::{bind_google, demo_merchant, google_code, list};

const TRX: u64 = 1_000_000;

/// The cold address: nobody's key here, and it holds no USDT until the first sweep.
fn cold() -> String {
    base58(&[0xc0; 20])
}

fn trx(sun: u64) -> String {
    BaseUnits::from_u128(u128::from(sun)).to_decimal(6)
}

fn sun(v: &Value) -> u64 {
    let text = v.as_str().unwrap_or_else(|| panic!("an amount: {v}"));
    BaseUnits::from_decimal(text, 6).unwrap().0.to::<u64>()
}

/// What activating an address costs at the double's parameters (no staked bandwidth).
fn activation() -> u64 {
    CREATE_ACCOUNT_FEE + CREATE_ACCOUNT_IN_CONTRACT_FEE
}

/// One round of the sweep executor, after the retry wait of anything held.
async fn sweep(app: &TestApp) -> SweepReport {
    app.clock.advance(Duration::seconds(61));
    app.sweeper.step().await.unwrap()
}

async fn collections(app: &TestApp, token: &str) -> Vec<Value> {
    let page = app
        .collection(token)
        .page(json!({"page": 1, "pageSize": 20}))
        .await;
    list(&page)
}

async fn steps(app: &TestApp, token: &str, id: &Value) -> Vec<Value> {
    let found = app.collection(token).detail(json!({"id": id})).await;
    assert_eq!(found.code(), 1, "{:?}", found.body);
    found.data()["steps"].as_array().unwrap().clone()
}

/// (kind, state) of each step.
fn kinds_and_states(steps: &[Value]) -> Vec<(i64, i64)> {
    steps
        .iter()
        .map(|s| (s["kind"].as_i64().unwrap(), s["state"].as_i64().unwrap()))
        .collect()
}

/// A deposit made, its collection open, the fee wallet funded and saved.
struct Setup {
    node: TronNode,
    app: TestApp,
    token: String,
    /// The fee wallet (the merchant's TRON hot wallet).
    hot: String,
    user: String,
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
async fn deposit(s: &Setup, to: &str, amount: &str) {
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
async fn setup(db: TestDb) -> Setup {
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
fn first_sweep_fee(node: &TronNode) -> u64 {
    let params = node.params();
    assert_eq!(params.energy_factor, DEFAULT_ENERGY_FACTOR);
    transfer_energy(true, params.energy_factor) * params.energy_fee
}

/// Rounds from the first one to the activation confirmed: (the collection's id, the top-up).
async fn activate(s: &Setup) -> (Value, u64) {
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

async fn a_new_deposit_address_is_activated_by_its_top_up_then_swept(db: TestDb) {
    let s = setup(db).await;
    let (node, app, token) = (&s.node, &s.app, s.token.as_str());
    assert!(!node.account_exists(&s.user), "tokens do not activate an address");
    let (id, top_up) = activate(&s).await;

    let report = sweep(app).await;
    assert_eq!((report.signed, report.broadcast), (1, 1), "{report:?}");
    // The contract's dynamic factor moves down before the sweep is mined: it burns less than
    // quoted, and what is recorded as paid is what the chain took.
    let quoted = first_sweep_fee(node);
    node.set_energy_factor(30_000);
    node.mine();
    node.mine();
    assert_eq!(sweep(app).await.collected, 1);

    let row = collections(app, token).await[0].clone();
    let found = steps(app, token, &id).await;
    assert_eq!(kinds_and_states(&found), vec![(2, 4), (3, 4)]);
    let (activation_tx, sweep_tx) = (
        found[0]["hash"].as_str().unwrap(),
        found[1]["hash"].as_str().unwrap(),
    );
    // What each step burnt, as its transaction info says, is what the double took.
    let burnt = (
        node.fee_of(activation_tx).unwrap(),
        node.fee_of(sweep_tx).unwrap(),
    );
    let energy = transfer_energy(true, 30_000);
    assert_eq!(burnt, (activation(), energy * node.params().energy_fee));
    assert_eq!(node.energy_of(sweep_tx), Some(energy));
    assert!(burnt.1 < quoted);
    assert_eq!((sun(&found[0]["feePaid"]), sun(&found[1]["feePaid"])), burnt);
    assert_eq!(
        (sun(&found[0]["feeEstimated"]), sun(&found[1]["feeEstimated"])),
        (activation(), quoted)
    );
    assert_eq!(sun(&row["feePaid"]), burnt.0 + burnt.1);
    assert_eq!(sun(&row["feeEstimated"]), quoted);
    node.set_energy_factor(DEFAULT_ENERGY_FACTOR);
    assert_eq!(
        (
            row["status"].as_i64(),
            row["amount"].as_str(),
            row["attributed"].as_str(),
            row["nativeSymbol"].as_str()
        ),
        (Some(1), Some("20"), Some("20"), Some("TRX"))
    );
    assert_eq!(
        (found[1]["toAddress"].as_str(), found[1]["amount"].as_str()),
        (Some(cold().as_str()), Some("20"))
    );

    // On the double: the cold address has the 20 USDT, sent by one transaction; the deposit
    // address keeps the 5% margin; the fee wallet paid the top-up and the activation.
    assert_eq!(node.token_balance(&cold()), U256::from(20_000_000u64));
    assert_eq!(node.token_balance(&s.user), U256::ZERO);
    assert_eq!(node.sent_by(&s.user), vec![sweep_tx.to_string()]);
    let margin = top_up - burnt.1;
    assert_eq!(node.trx_balance(&s.user), margin);
    assert_eq!(node.trx_balance(&s.hot), 100 * TRX - top_up - activation());
    // Fee efficiency: spent over the chain's minimum for this sweep (activation + the energy
    // it used, its bandwidth free) is exactly 1.
    assert_eq!(
        burnt.0 + burnt.1,
        activation() + energy * node.params().energy_fee
    );
    assert!(node.free_net_used(&s.user) > 0, "the sweep's bandwidth was free");
    assert_eq!(sweep(app).await, SweepReport::default());

    // The next deposit: the address exists, so a plain top-up (no activation, its bandwidth
    // free for the fee wallet) of the quote plus 5% less the margin it holds. The cold address
    // holds USDT now (64 285 energy) and the address used its free bandwidth today: that
    // sweep's bandwidth burns, and the quote says so.
    deposit(&s, &s.user, "15").await;
    assert_eq!(tick(app).await.opened, 1);
    let report = sweep(app).await;
    assert_eq!((report.signed, report.broadcast), (1, 1), "{report:?}");
    let second = collections(app, token).await[0].clone();
    let quote = sun(&second["feeEstimated"]);
    let found = steps(app, token, &second["id"]).await;
    assert_eq!(kinds_and_states(&found), vec![(1, 2)]);
    let top_up = with_margin(BaseUnits::from_u128(quote.into())).0.to::<u64>() - margin;
    assert_eq!(sun(&found[0]["amount"]), top_up);
    assert_eq!(sun(&found[0]["feeEstimated"]), 0);
    for _ in 0..2 {
        node.mine();
    }
    sweep(app).await;
    assert_eq!(sweep(app).await.signed, 1);
    node.mine();
    node.mine();
    assert_eq!(sweep(app).await.collected, 1);
    let found = steps(app, token, &second["id"]).await;
    assert_eq!(kinds_and_states(&found), vec![(1, 4), (3, 4)]);
    let second_sweep = found[1]["hash"].as_str().unwrap();
    let burnt = node.fee_of(second_sweep).unwrap();
    assert_eq!(burnt, quote, "the quote is what the chain took");
    let energy = transfer_energy(false, DEFAULT_ENERGY_FACTOR) * node.params().energy_fee;
    assert!(burnt > energy, "bandwidth burnt too: {burnt} vs {energy}");
    assert_eq!(node.fee_of(found[0]["hash"].as_str().unwrap()), Some(0));
    assert_eq!(
        sun(&collections(app, token).await[0]["feePaid"]),
        burnt,
        "the top-up's bandwidth was free"
    );
    assert_eq!(node.token_balance(&cold()), U256::from(35_000_000u64));
    assert_eq!(node.sent_by(&s.user).len(), 2);
    assert_eq!(node.trx_balance(&s.user), margin + top_up - burnt);
}

/// The sweep stored and refused (the node is busy), then the node is away past the sweep's
/// expiration: the stored sweep can never be included, so it is dead, and a new one is signed,
/// once, and collected.
async fn a_sweep_never_sent_before_its_expiration_is_signed_again_once(db: TestDb) {
    let s = setup(db).await;
    let (node, app, token) = (&s.node, &s.app, s.token.as_str());
    let (id, _) = activate(&s).await;

    node.set_busy(true);
    let report = sweep(app).await;
    assert_eq!((report.signed, report.broadcast), (1, 0), "{report:?}");
    assert_eq!(
        kinds_and_states(&steps(app, token, &id).await),
        vec![(2, 4), (3, 1)]
    );
    // Still busy, then away: the stored sweep is tried again, nothing new is signed.
    assert_eq!(sweep(app).await.signed, 0);
    node.set_down(true);
    let report = sweep(app).await;
    assert_eq!((report.signed, report.broadcast), (0, 0), "{report:?}");
    node.advance_time(std::time::Duration::from_secs(61));
    node.mine();
    node.set_down(false);
    node.set_busy(false);

    let report = sweep(app).await;
    assert_eq!((report.signed, report.broadcast), (1, 1), "{report:?}");
    let found = steps(app, token, &id).await;
    assert_eq!(kinds_and_states(&found), vec![(2, 4), (3, 5), (3, 2)]);
    let reason = found[1]["reason"].as_str().unwrap();
    assert!(reason.contains("TRANSACTION_EXPIRATION_ERROR"), "{reason}");
    node.mine();
    node.mine();
    assert_eq!(sweep(app).await.collected, 1);
    assert_eq!(sweep(app).await, SweepReport::default());

    let found = steps(app, token, &id).await;
    assert_eq!(kinds_and_states(&found), vec![(2, 4), (3, 5), (3, 4)]);
    let (dead, live) = (
        found[1]["hash"].as_str().unwrap(),
        found[2]["hash"].as_str().unwrap(),
    );
    assert_ne!(dead, live);
    assert_eq!(
        node.sent_by(&s.user),
        vec![live.to_string()],
        "exactly one sweep on chain"
    );
    assert_eq!(node.fee_of(dead), None);
    assert_eq!(node.token_balance(&cold()), U256::from(20_000_000u64));
    assert_eq!(collections(app, token).await[0]["status"], 1);
}

/// The sweep is sent, then the node loses its pool: while it can still be included it is sent
/// again, the same transaction; dropped again and past its expiration, it is dead and a new one
/// is signed, once.
async fn a_dropped_sweep_is_sent_again_until_it_expires(db: TestDb) {
    let s = setup(db).await;
    let (node, app, token) = (&s.node, &s.app, s.token.as_str());
    let (id, _) = activate(&s).await;
    assert_eq!(sweep(app).await.signed, 1);
    let first = steps(app, token, &id).await[1]["hash"]
        .as_str()
        .unwrap()
        .to_string();

    node.drop_pending();
    assert_eq!(sweep(app).await, SweepReport::default());
    assert_eq!(node.pending_count(), 1, "sent again");
    let found = steps(app, token, &id).await;
    assert_eq!(kinds_and_states(&found), vec![(2, 4), (3, 2)]);

    node.drop_pending();
    node.advance_time(std::time::Duration::from_secs(61));
    node.mine();
    let report = sweep(app).await;
    assert_eq!((report.signed, report.broadcast), (1, 1), "{report:?}");
    let found = steps(app, token, &id).await;
    assert_eq!(kinds_and_states(&found), vec![(2, 4), (3, 5), (3, 2)]);
    assert_eq!(found[1]["hash"].as_str(), Some(first.as_str()));
    let reason = found[1]["reason"].as_str().unwrap();
    assert!(
        reason.starts_with("dropped by the chain and refused again")
            && reason.contains("TRANSACTION_EXPIRATION_ERROR"),
        "{reason}"
    );
    node.mine();
    node.mine();
    assert_eq!(sweep(app).await.collected, 1);
    let live = steps(app, token, &id).await[2]["hash"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(node.sent_by(&s.user), vec![live], "exactly one sweep on chain");
    assert_eq!(node.token_balance(&cold()), U256::from(20_000_000u64));
}

each_database!(
    a_new_deposit_address_is_activated_by_its_top_up_then_swept,
    a_sweep_never_sent_before_its_expiration_is_signed_again_once,
    a_dropped_sweep_is_sent_again_until_it_expires,
);
