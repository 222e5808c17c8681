//! Never a double spend across crashes: a real `coffer serve` aborts right after storing the
//! signed withdrawal (before broadcasting it), then right after broadcasting (before recording
//! it), then is killed with SIGKILL while the transaction waits for its block. Each restart
//! carries on with the one stored transaction: one hash, one payment on chain.

use coffer_domain::codes::StoredCode;
use coffer_domain::ports::chain::TxStatus;
use coffer_domain::ports::WithdrawalRepo;
use coffer_testkit::{each_database, TestDb};
use serde_json::{json, Value};
use std::path::Path;
use std::process::ExitStatus;
use std::time::{Duration, Instant};

use coffer_domain::points::POINT_UNITS;
use coffer_domain::ports::PointsLedger;
use coffer_domain::rates::Service;

use crate::chains::{anvil_chain, EVM};
use crate::fees::{fixed_fee, grant, ledger_holds, points};
use crate::helpers::{spawn_app, spawn_app_with, TestApp, DEMO_EMAIL, DEMO_PASSWORD};
use crate::restart::serve_with;
use crate::wallets::demo_merchant;
use crate::withdrawals::{payer, payer_on, units, withdraw, Payer, DEV, PAYEE};

async fn status_of(app: &TestApp, id: i64) -> (i32, String) {
    let merchant = demo_merchant(app).await;
    let w = app.store.withdrawal(merchant, id).await.unwrap().unwrap();
    (w.status.code(), w.tx_hash)
}

async fn wait_for(app: &TestApp, id: i64, status: i32) -> String {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let (now, hash) = status_of(app, id).await;
        if now == status {
            return hash;
        }
        assert!(
            Instant::now() < deadline,
            "withdrawal stuck in {now}, waiting for {status}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The environment of a `coffer serve` that polls often and, with a `halt` point
/// (`signed`, `broadcast`), aborts right after reaching it.
pub(crate) fn crash_env(halt: Option<&'static str>) -> Vec<(&'static str, &'static str)> {
    // A killed process's claims run out after 2 s (6 s by default).
    let mut env = vec![
        ("COFFER__WITHDRAWALS__POLL_MS", "100"),
        ("COFFER__WORKERS__LEASE_SECS", "2"),
    ];
    if let Some(halt) = halt {
        env.push(("COFFER__WITHDRAWALS__HALT_AFTER", halt));
    }
    env
}

/// Runs `coffer serve` until it aborts at its `halt` point.
fn serve_until_halt(app: &TestApp, dir: &Path, halt: &'static str) {
    serve_until_exit(app, dir, &crash_env(Some(halt)));
}

/// Runs `coffer serve` with `env` until it stops by itself (a halt point aborts it); how it
/// ended.
pub(crate) fn serve_until_exit(app: &TestApp, dir: &Path, env: &[(&str, &str)]) -> ExitStatus {
    let mut child = serve_with(app, dir, env);
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        assert!(Instant::now() < deadline, "coffer did not stop at its halt point");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Crash 1: `coffer serve` dies right after storing the signed transaction of order `id`,
/// which was not sent. Crash 2: the next one dies right after broadcasting that same stored
/// transaction, before recording it. The one transaction's hash.
pub(crate) async fn crash_after_signing_then_broadcasting(
    app: &TestApp,
    dir: &Path,
    id: i64,
    chain: i64,
) -> String {
    let chain = app.scanner.chains.require(chain).unwrap().clone();
    serve_until_halt(app, dir, "signed");
    let (status, hash) = status_of(app, id).await;
    assert_eq!(status, 5, "signed and stored");
    assert_eq!(
        chain.status(&hash).await.unwrap(),
        TxStatus::Unknown,
        "not broadcast"
    );
    serve_until_halt(app, dir, "broadcast");
    assert_eq!(status_of(app, id).await, (5, hash.clone()));
    hash
}

async fn a_withdrawal_survives_crashes_at_every_step(db: TestDb) {
    let app = spawn_app(db).await;
    let p = payer(&app, "100").await;
    // A prepaid payment fee of 2 points, 5 points to pay it from.
    let merchant = demo_merchant(&app).await;
    fixed_fee(&app, merchant, Service::PaymentFee, "2").await;
    grant(&app, merchant, 5 * POINT_UNITS, "T-restart").await;
    let asked = withdraw(&app, &p, "40", json!({})).await;
    let id = asked.data()["id"].as_i64().unwrap();
    let chain = app.scanner.chains.require(DEV).unwrap().clone();
    let dir = tempfile::tempdir().unwrap();

    // 1. and 2.: dies after storing the signed transaction, then after broadcasting it. The
    // fee was held before signing, once, and stays held across both deaths.
    let hash = crash_after_signing_then_broadcasting(&app, dir.path(), id, DEV).await;
    assert_eq!(points(&app, merchant).await, (3 * POINT_UNITS, 2 * POINT_UNITS));
    assert_eq!(
        chain.status(&hash).await.unwrap(),
        TxStatus::Pending,
        "the stored one was sent"
    );

    // 3. Records it, then is killed while the transaction waits for a block.
    let third = serve_with(&app, dir.path(), &crash_env(None));
    assert_eq!(wait_for(&app, id, 6).await, hash);
    third.kill();

    // 4. Blocks arrive; a fresh process follows the same transaction to the end.
    for _ in 0..3 {
        app.devchain.mine().await.unwrap();
    }
    let fourth = serve_with(&app, dir.path(), &crash_env(None));
    assert_eq!(
        wait_for(&app, id, 8).await,
        hash,
        "one transaction from first to last"
    );
    fourth.kill();
    app.devchain.mine().await.unwrap();
    let paid = app
        .devchain
        .spendable(PAYEE, &crate::deposits::usdt())
        .await
        .unwrap();
    assert_eq!(paid, units("40"), "paid exactly once");
    let left = app
        .devchain
        .spendable(&p.hot, &crate::deposits::usdt())
        .await
        .unwrap();
    assert_eq!(left, units("60"));
    let page: Value = app
        .withdrawals(&p.token)
        .detail(json!({"id": id}))
        .await
        .data()
        .clone();
    assert_eq!(page["actualAmount"], "40");
    // The hold the first process made is posted once, whichever process settles it.
    app.settler.round().await.unwrap();
    assert_eq!(points(&app, merchant).await, (3 * POINT_UNITS, 0));
    let post = app
        .store
        .transfer_by_key(&format!("fee:withdrawal:{id}/post"))
        .await
        .unwrap()
        .expect("posted");
    assert_eq!(post.amount, 2 * POINT_UNITS);
    ledger_holds(&app).await;
}

/// Two service processes on one database share the work: every order is paid exactly once.
async fn two_processes_pay_each_order_once(db: TestDb) {
    const ORDERS: usize = 12;
    let app = spawn_app(db).await;
    let p = payer(&app, "1000").await;
    let mut ids = Vec::new();
    for _ in 0..ORDERS {
        ids.push(
            withdraw(&app, &p, "2", json!({})).await.data()["id"]
                .as_i64()
                .unwrap(),
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let env = [("COFFER__WITHDRAWALS__POLL_MS", "50")];
    let processes = [
        serve_with(&app, dir.path(), &env),
        serve_with(&app, dir.path(), &env),
    ];
    // Blocks keep coming while the two processes work.
    let chain = app.devchain.clone();
    let miner = tokio::spawn(async move {
        loop {
            let _ = chain.mine().await;
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    });
    let mut hashes = std::collections::BTreeSet::new();
    for id in &ids {
        hashes.insert(wait_for(&app, *id, 8).await);
    }
    miner.abort();
    for child in processes {
        child.kill();
    }
    assert_eq!(hashes.len(), ORDERS, "one transaction per order");
    let paid = app
        .devchain
        .spendable(PAYEE, &crate::deposits::usdt())
        .await
        .unwrap();
    assert_eq!(paid, units("24"), "each order paid once");
}

/// The same crashes on a real EVM node (anvil, mining each transaction at once): one nonce,
/// one transfer, the order complete.
async fn an_evm_withdrawal_survives_crashes_at_every_step(db: TestDb) {
    use coffer_testkit::anvil::DEV_ACCOUNTS;
    use coffer_testkit::AnvilPeer;
    use ruint::aliases::U256;
    let anvil = AnvilPeer::start();
    let contract = anvil.deploy_erc20().await;
    let app = spawn_app_with(db, |c| anvil_chain(c, &anvil.url, &contract)).await;
    let Payer { token, google, hot } = payer_on(&app, DEMO_EMAIL, DEMO_PASSWORD, EVM, 101).await;
    anvil
        .receipt(&anvil.mint(&contract, &hot, U256::from(100_000_000u64)).await)
        .await;
    anvil.fund_gas(&hot).await;
    let payee = DEV_ACCOUNTS[2];
    let asked = app
        .withdrawals(&token)
        .create(
            json!({"chainId": EVM, "tokenId": 101, "toAddress": payee, "amount": "40",
                   "googleCode": crate::wallets::google_code(&app, &google)}),
        )
        .await;
    let id = asked.data()["id"].as_i64().unwrap();

    // The children read the chain from coffer.toml in their working directory.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("coffer.toml"),
        format!(
            "[[chains]]\nid = {EVM}\nfamily = \"evm\"\nname = \"Anvil\"\nsymbol = \"ETH\"\ndecimals = 18\n\
             txurl = \"\"\nrpc_url = \"{}\"\nevm_chain_id = 31337\nconfirmations = 3\n\
             [[chains.tokens]]\nid = 101\nsymbol = \"USDT\"\ncontract = \"{contract}\"\ndecimals = 6\nprice = \"1\"\n",
            anvil.url
        ),
    )
    .unwrap();
    let hash = crash_after_signing_then_broadcasting(&app, dir.path(), id, EVM).await;
    assert_eq!(anvil.receipt(&hash).await["status"], "0x1", "sent once and mined");
    let third = serve_with(&app, dir.path(), &crash_env(None));
    let deadline = Instant::now() + Duration::from_secs(60);
    while status_of(&app, id).await.0 < 6 {
        assert!(Instant::now() < deadline, "never recorded as sent");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    third.kill();
    anvil.mine(3).await;
    let fourth = serve_with(&app, dir.path(), &crash_env(None));
    assert_eq!(wait_for(&app, id, 8).await, hash);
    fourth.kill();
    let nonce = anvil.rpc("eth_getTransactionCount", json!([hot, "latest"])).await;
    assert_eq!(nonce, "0x1", "one transaction from the hot wallet");
    let paid = anvil.erc20_balance(&contract, payee).await;
    assert_eq!(paid, U256::from(40_000_000u64));
}

each_database!(
    a_withdrawal_survives_crashes_at_every_step,
    two_processes_pay_each_order_once,
    an_evm_withdrawal_survives_crashes_at_every_step,
);
