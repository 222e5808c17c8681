//! The sweep on a real EVM node (anvil) with TestUSD: an ERC20 deposit, scanned and credited,
//! is collected through a gas top-up from the fee wallet, quoted live (gas limit × max fee per
//! gas of an EIP-1559 transfer, plus 5%), confirmed by its receipt and blocks, then the token
//! transfer to the cold address. What each step cost is read from its receipt. A top-up
//! reorganised away is sent again, the same transaction, and only one ever lands; a fee above
//! the merchant's cap waits until the cap is raised.

use coffer_chain::evm::EvmAdapter;
use coffer_domain::amount::BaseUnits;
use coffer_domain::collection::executor::SweepReport;
use coffer_domain::collection::sweep::with_margin;
use coffer_domain::ports::chain::{Asset, ChainAdapter, TransferRequest};
use coffer_testkit::anvil::ANVIL_CHAIN_ID;
use coffer_testkit::{each_database, AnvilPeer, TestDb};
use ruint::aliases::U256;
use serde_json::{json, Value};

use crate::assets::COLD_A;
use crate::chains::{anvil_chain, EVM, EVM_USDT_ID};
use crate::collection_plan::{cold_address_in_force, save_collect, tick};
use crate::collection_sweep::{assert_confirmed_sweep_part, collections, hot_wallet_id, save_fees_on, sweep};
use crate::helpers::{spawn_app_with, TestApp};
use crate::wallets::demo_merchant;

/// Anvil with TestUSD, and the app on it (sessions outlive the test clock's hours).
async fn app_on_anvil(db: TestDb) -> (AnvilPeer, String, TestApp) {
    let anvil = AnvilPeer::start();
    let contract = anvil.deploy_erc20().await;
    let app = spawn_app_with(db, |c| {
        anvil_chain(c, &anvil.url, &contract);
        c.auth.session_idle_minutes = 24 * 60;
        c.auth.session_absolute_hours = 48;
    })
    .await;
    (anvil, contract, app)
}

fn quantity(value: &Value) -> U256 {
    let text = value.as_str().expect("a quantity");
    U256::from_str_radix(text.trim_start_matches("0x"), 16).unwrap()
}

fn eth(v: U256) -> String {
    BaseUnits(v).to_decimal(18)
}

/// gas used × effective gas price of a mined transaction, from its receipt.
async fn receipt_fee(anvil: &AnvilPeer, hash: &str) -> U256 {
    let receipt = anvil.receipt(hash).await;
    assert_eq!(receipt["status"], "0x1", "{receipt}");
    quantity(&receipt["gasUsed"]) * quantity(&receipt["effectiveGasPrice"])
}

async fn native_balance(anvil: &AnvilPeer, address: &str) -> U256 {
    quantity(&anvil.rpc("eth_getBalance", json!([address, "latest"])).await)
}

/// Transactions `address` has sent, as mined at the head.
async fn sent_count(anvil: &AnvilPeer, address: &str) -> U256 {
    quantity(
        &anvil
            .rpc("eth_getTransactionCount", json!([address, "latest"]))
            .await,
    )
}

async fn steps(app: &TestApp, token: &str, id: i64) -> Vec<Value> {
    let found = app.collection(token).detail(json!({"id": id})).await;
    assert_eq!(found.code(), 1, "{:?}", found.body);
    found.data()["steps"].as_array().unwrap().clone()
}

async fn save_fees(app: &TestApp, token: &str, secret: &str, wallet: i64, max_fee: &str) {
    let saved = save_fees_on(app, token, secret, EVM, Some(wallet), max_fee).await;
    assert_eq!(saved.code(), 1, "{:?}", saved.body);
}

struct Opened {
    token: String,
    secret: String,
    hot_id: i64,
    hot: String,
    user: String,
}

/// The demo merchant accepting TestUSD with a hot wallet, collecting on each deposit (minimum
/// 10) to COLD_A; 20 TestUSD paid to user-1's address, scanned through its 3 confirmations and
/// credited, which opens its collection.
async fn opened_collection(anvil: &AnvilPeer, contract: &str, app: &TestApp) -> Opened {
    let token = app.sign_in_demo().await;
    let hot = app.accept_token(&token, EVM, EVM_USDT_ID).await;
    let merchant = demo_merchant(app).await;
    let secret = cold_address_in_force(app, &token).await;
    let assets = app.assets(&token).list_all().await;
    assert_eq!(assets.data()[0]["chainId"], EVM);
    save_collect(app, &token, &assets.data()[0], 3).await;
    let user = app.deposit_address(merchant, EVM, "user-1").await;
    // The scanner starts at the head the first time it runs.
    app.scanner.scan_chain(EVM).await.unwrap();
    let paid = anvil.mint(contract, &user, U256::from(20_000_000u64)).await;
    anvil.receipt(&paid).await;
    anvil.mine(2).await;
    let scanned = app.scanner.scan_chain(EVM).await.unwrap();
    assert_eq!(scanned.deposits, 1, "{scanned:?}");
    assert_eq!(tick(app).await.opened, 1);
    let hot_id = hot_wallet_id(app, &token, &hot).await;
    Opened {
        token,
        secret,
        hot_id,
        hot,
        user,
    }
}

/// What the adapter quotes for sweeping `amount` TestUSD from `from` to COLD_A right now.
async fn sweep_quote(anvil: &AnvilPeer, contract: &str, from: &str, amount: u64) -> BaseUnits {
    let evm = EvmAdapter::new(EVM, &anvil.url, ANVIL_CHAIN_ID).unwrap();
    let request = TransferRequest {
        from: from.to_string(),
        to: evm.parse_address(COLD_A).unwrap(),
        asset: Asset::Token {
            contract: evm.parse_address(contract).unwrap(),
        },
        amount: BaseUnits::from_u128(amount as u128),
        nonce: None,
    };
    evm.estimate_fee(&request).await.unwrap().fee
}

async fn an_erc20_deposit_is_swept_after_a_live_quoted_gas_top_up(db: TestDb) {
    let (anvil, contract, app) = app_on_anvil(db).await;
    let o = opened_collection(&anvil, &contract, &app).await;
    save_fees(&app, &o.token, &o.secret, o.hot_id, "").await;
    anvil.fund_gas(&o.hot).await;
    let fee_wallet_before = native_balance(&anvil, &o.hot).await;

    // The top-up is the sweep's live quote plus 5% (the address holds no coin), sent from the
    // fee wallet and mined at once (automine); it waits for its confirmations.
    let quote = sweep_quote(&anvil, &contract, &o.user, 20_000_000).await;
    let report = sweep(&app).await;
    assert_eq!((report.signed, report.broadcast), (1, 1), "{report:?}");
    let row = collections(&app, &o.token).await[0].clone();
    let id = row["id"].as_i64().unwrap();
    assert_eq!(row["status"], 3, "waiting for fee arrival: {row}");
    assert_eq!(row["feeEstimated"].as_str(), Some(eth(quote.0).as_str()));
    let top_up = with_margin(quote);
    let listed = steps(&app, &o.token, id).await;
    assert_eq!(listed.len(), 1);
    assert_eq!(
        (
            listed[0]["kind"].as_i64(),
            listed[0]["fromAddress"].as_str(),
            listed[0]["toAddress"].as_str(),
            listed[0]["amount"].as_str()
        ),
        (
            Some(1),
            Some(o.hot.as_str()),
            Some(o.user.as_str()),
            Some(eth(top_up.0).as_str())
        )
    );
    let top_up_hash = listed[0]["hash"].as_str().unwrap().to_string();
    let sent = anvil.rpc("eth_getTransactionByHash", json!([top_up_hash])).await;
    assert_eq!(quantity(&sent["value"]), top_up.0, "what went on chain");
    assert_eq!(native_balance(&anvil, &o.user).await, top_up.0);

    // One block deep: seen, nothing else signed. Three deep: confirmed, then the sweep.
    let report = sweep(&app).await;
    assert_eq!(report.signed, 0, "{report:?}");
    assert_eq!(steps(&app, &o.token, id).await[0]["state"], 3);
    anvil.mine(2).await;
    sweep(&app).await;
    assert_eq!(steps(&app, &o.token, id).await[0]["state"], 4);
    assert_eq!(collections(&app, &o.token).await[0]["status"], 7);
    let report = sweep(&app).await;
    assert_eq!((report.signed, report.broadcast), (1, 1), "{report:?}");
    anvil.mine(2).await;
    let report = sweep(&app).await;
    assert_eq!(report.collected, 1, "{report:?}");

    let row = collections(&app, &o.token).await[0].clone();
    assert_eq!(
        (row["status"].as_i64(), row["amount"].as_str()),
        (Some(1), Some("20"))
    );
    let listed = steps(&app, &o.token, id).await;
    assert_eq!(listed.len(), 2, "one top-up, one sweep: {listed:?}");
    let sweep_step = &listed[1];
    assert_confirmed_sweep_part(sweep_step, COLD_A, "20");
    let sweep_hash = sweep_step["hash"].as_str().unwrap();

    // On chain: the cold address holds the tokens, the deposit address none.
    assert_eq!(
        anvil.erc20_balance(&contract, COLD_A).await,
        U256::from(20_000_000u64)
    );
    assert_eq!(anvil.erc20_balance(&contract, &o.user).await, U256::ZERO);

    // Paid: exactly what the receipts say, step by step and in all.
    let top_up_fee = receipt_fee(&anvil, &top_up_hash).await;
    let sweep_fee = receipt_fee(&anvil, sweep_hash).await;
    assert_eq!(listed[0]["feePaid"].as_str(), Some(eth(top_up_fee).as_str()));
    assert_eq!(sweep_step["feePaid"].as_str(), Some(eth(sweep_fee).as_str()));
    assert_eq!(
        row["feePaid"].as_str(),
        Some(eth(top_up_fee + sweep_fee).as_str())
    );
    assert_eq!(
        native_balance(&anvil, &o.hot).await,
        fee_wallet_before - top_up.0 - top_up_fee,
        "the fee wallet paid the top-up and its fee, nothing else"
    );
    // Left in the deposit address: the top-up less the sweep's fee, which is at most the quote
    // (the node charged base fee + tip on the gas used, below gas limit × max fee): the 5%
    // margin plus the quote's slack over the real charge, nothing more.
    let left = native_balance(&anvil, &o.user).await;
    assert_eq!(left, top_up.0 - sweep_fee);
    let sweep_quoted = BaseUnits::from_decimal(sweep_step["feeEstimated"].as_str().unwrap(), 18).unwrap();
    assert!(sweep_fee <= sweep_quoted.0, "{sweep_fee} <= {sweep_quoted:?}");
    assert!(sweep_quoted <= quote, "the sweep signed fits the top-up");

    // Nothing more to do: further rounds sign nothing, the fee wallet sent one transaction.
    anvil.mine(2).await;
    assert_eq!(sweep(&app).await, SweepReport::default());
    assert_eq!(sent_count(&anvil, &o.hot).await, U256::from(1u8));
    assert_eq!(sent_count(&anvil, &o.user).await, U256::from(1u8));
}

async fn a_top_up_reorganised_away_is_sent_again_and_lands_once(db: TestDb) {
    let (anvil, contract, app) = app_on_anvil(db).await;
    let o = opened_collection(&anvil, &contract, &app).await;
    save_fees(&app, &o.token, &o.secret, o.hot_id, "").await;
    anvil.fund_gas(&o.hot).await;

    // The chain as it is before the top-up; the top-up is sent and mined, and seen.
    let before = anvil.snapshot().await;
    let head = anvil.block_number().await;
    assert_eq!(sweep(&app).await.broadcast, 1);
    let id = collections(&app, &o.token).await[0]["id"].as_i64().unwrap();
    let top_up = steps(&app, &o.token, id).await[0].clone();
    let hash = top_up["hash"].as_str().unwrap().to_string();
    anvil.receipt(&hash).await;
    sweep(&app).await;
    let seen = steps(&app, &o.token, id).await[0].clone();
    assert_eq!(
        (seen["state"].as_i64(), seen["blockNumber"].as_i64()),
        (Some(3), Some(head as i64 + 1))
    );
    let top_up_amount = BaseUnits::from_decimal(top_up["amount"].as_str().unwrap(), 18).unwrap();

    // Reorganised away: the block is gone and the node knows nothing of the transaction.
    anvil.revert(&before).await;
    assert_eq!(anvil.block_number().await, head);
    assert!(anvil
        .rpc("eth_getTransactionByHash", json!([hash]))
        .await
        .is_null());
    assert_eq!(native_balance(&anvil, &o.user).await, U256::ZERO);

    // The next round sends the same stored transaction again (nothing new is signed) and the
    // step goes back to waiting for a block; the collection still waits for the fee.
    let report = sweep(&app).await;
    assert_eq!((report.signed, report.broadcast), (0, 0), "{report:?}");
    let listed = steps(&app, &o.token, id).await;
    assert_eq!(listed.len(), 1, "no second top-up: {listed:?}");
    assert_eq!(
        (listed[0]["state"].as_i64(), listed[0]["hash"].as_str()),
        (Some(2), Some(hash.as_str()))
    );
    assert_eq!(collections(&app, &o.token).await[0]["status"], 3);
    // Mined again, the same hash: seen, then confirmed, and the sweep follows.
    assert_eq!(anvil.receipt(&hash).await["status"], "0x1");
    sweep(&app).await;
    assert_eq!(steps(&app, &o.token, id).await[0]["state"], 3);
    anvil.mine(2).await;
    sweep(&app).await;
    assert_eq!(steps(&app, &o.token, id).await[0]["state"], 4);
    assert_eq!(sweep(&app).await.signed, 1);
    anvil.mine(2).await;
    assert_eq!(sweep(&app).await.collected, 1);

    // Exactly one top-up on chain: the fee wallet sent one transaction, the deposit address
    // received one top-up (less the sweep's fee it paid), the cold address has the tokens.
    let listed = steps(&app, &o.token, id).await;
    assert_eq!(
        listed
            .iter()
            .map(|s| s["kind"].as_i64().unwrap())
            .collect::<Vec<_>>(),
        vec![1, 3]
    );
    assert_eq!(sent_count(&anvil, &o.hot).await, U256::from(1u8));
    let sweep_fee = receipt_fee(&anvil, listed[1]["hash"].as_str().unwrap()).await;
    assert_eq!(native_balance(&anvil, &o.user).await, top_up_amount.0 - sweep_fee);
    assert_eq!(
        anvil.erc20_balance(&contract, COLD_A).await,
        U256::from(20_000_000u64)
    );
    assert_eq!(collections(&app, &o.token).await[0]["status"], 1);
}

async fn a_fee_above_the_cap_waits_until_the_cap_is_raised(db: TestDb) {
    let (anvil, contract, app) = app_on_anvil(db).await;
    let o = opened_collection(&anvil, &contract, &app).await;
    anvil.fund_gas(&o.hot).await;
    // A cap far below any ERC20 transfer's quote (about 60,000 gas at about 1-3 gwei).
    save_fees(&app, &o.token, &o.secret, o.hot_id, "0.000001").await;
    for _ in 0..2 {
        let report = sweep(&app).await;
        assert_eq!((report.signed, report.held), (0, 1), "{report:?}");
    }
    let row = collections(&app, &o.token).await[0].clone();
    assert_eq!(row["status"], 7, "it waits, it does not fail: {row}");
    let reason = row["reason"].as_str().unwrap();
    assert!(
        reason.starts_with("fee above cap: the collection costs ")
            && reason.contains("(the sweep costs ")
            && reason.ends_with(", the cap is 0.000001"),
        "{reason}"
    );
    assert_eq!(sent_count(&anvil, &o.hot).await, U256::ZERO);
    assert_eq!(native_balance(&anvil, &o.user).await, U256::ZERO);

    // Raised above the quote: the top-up goes, then the sweep.
    save_fees(&app, &o.token, &o.secret, o.hot_id, "0.01").await;
    assert_eq!(sweep(&app).await.signed, 1);
    assert_eq!(collections(&app, &o.token).await[0]["status"], 3);
    sweep(&app).await;
    anvil.mine(2).await;
    sweep(&app).await;
    assert_eq!(sweep(&app).await.signed, 1);
    anvil.mine(2).await;
    assert_eq!(sweep(&app).await.collected, 1);
    assert_eq!(
        anvil.erc20_balance(&contract, COLD_A).await,
        U256::from(20_000_000u64)
    );
}

each_database!(
    an_erc20_deposit_is_swept_after_a_live_quoted_gas_top_up,
    a_top_up_reorganised_away_is_sent_again_and_lands_once,
    a_fee_above_the_cap_waits_until_the_cap_is_raised,
);
