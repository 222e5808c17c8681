//! What the sweep's crash tests share: a collection on the devchain waiting for its fee top-up
//! (split between two cold addresses), the environment of the `coffer serve` children, a miner
//! standing in for the blocks they do not mine, and readers of the collection's detail, what the
//! first child left at its halt point, the devchain's ledger and what an address ever sent.

use coffer_chain::devchain::USDT_CONTRACT;
use coffer_domain::amount::BaseUnits;
use coffer_domain::ports::chain::{Asset, ChainAdapter, Transfer, TxStatus};
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{json, Value};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::assets::COLD_A;
use crate::collection_plan::{deposit, save_collect, tick};
use crate::deposits::DEV;
use crate::helpers::TestApp;
use crate::restart::log;
use crate::wallets::{bind_google, demo_merchant, google_code, list};

const COLD_B: &str = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65";
/// Above the minimum split amount (100): 60% to COLD_A, 40% to COLD_B, two parts.
pub(super) const DEPOSIT: &str = "150";
pub(super) const PARTS: [(&str, &str, u128); 2] = [(COLD_A, "90", 90_000_000), (COLD_B, "60", 60_000_000)];

/// An open collection on the devchain that needs a fee top-up before its sweep.
pub(super) struct Sweep {
    pub(super) token: String,
    id: i64,
    /// The fee wallet (the merchant's hot wallet) and the deposit address swept.
    pub(super) hot: String,
    pub(super) address: String,
}

/// The demo merchant collecting USDT on each deposit to COLD_A and COLD_B (0.6 / 0.4), its hot
/// wallet as the fee wallet holding 1 DEV, and 150 USDT deposited to user-1: opened.
pub(super) async fn sweep_waiting_for_a_top_up(app: &TestApp) -> Sweep {
    let token = app.sign_in_demo().await;
    let hot = app.accept_token(&token, DEV, 1).await;
    let merchant = demo_merchant(app).await;
    let secret = bind_google(app, &token).await;
    let assets = app.assets(&token).list_all().await;
    let asset = assets.data()[0].clone();
    let cold = json!([{"address": COLD_A, "ratio": "0.6"}, {"address": COLD_B, "ratio": "0.4"}]);
    let requested = app
        .assets(&token)
        .request_cold_address(json!({"assetId": asset["id"], "coldAddresses": cold,
                                     "googleCode": google_code(app, &secret)}))
        .await;
    assert_eq!(requested.code(), 1, "{:?}", requested.body);
    let request = requested.data()["id"].as_i64().unwrap();
    assert!(app.wallets.review_token_request(request, true, "").await.unwrap());
    save_collect(app, &token, &asset, 3).await;
    deposit(app, merchant, "user-1", DEPOSIT).await;
    assert_eq!(tick(app).await.opened, 1);

    let wallets = app
        .wallets(&token)
        .hot_page(json!({"page": 1, "pageSize": 10}))
        .await;
    let hot_id = list(&wallets).into_iter().find(|w| w["address"] == hot).unwrap()["id"].clone();
    app.clock.advance(chrono::Duration::seconds(31));
    let fees = app
        .collection(&token)
        .save_fees(json!({"chainId": DEV, "feeWalletId": hot_id, "maxFee": "",
                          "googleCode": google_code(app, &secret)}))
        .await;
    assert_eq!(fees.code(), 1, "{:?}", fees.body);
    let dev = BaseUnits::from_decimal("1", 18).unwrap();
    app.devchain.fund(&hot, &Asset::Native, dev).await.unwrap();
    app.devchain.mine().await.unwrap();

    let page = app
        .collection(&token)
        .page(json!({"page": 1, "pageSize": 20}))
        .await;
    let rows = list(&page);
    assert_eq!((rows.len(), rows[0]["status"].as_i64()), (1, Some(7)));
    Sweep {
        id: rows[0]["id"].as_i64().unwrap(),
        token,
        hot,
        address: app.deposit_address(merchant, DEV, "user-1").await,
    }
}

/// The environment of a `coffer serve` that sweeps often, whose claims run out 2 s after it
/// dies, and with a `halt` point aborts right after reaching it.
pub(super) fn sweep_env(halt: Option<&'static str>) -> Vec<(&'static str, &'static str)> {
    let mut env = vec![
        ("COFFER__COLLECTION__SWEEP_MS", "100"),
        ("COFFER__WORKERS__LEASE_SECS", "2"),
        ("COFFER__COLLECTION__RETRY_SECS", "1"),
    ];
    env.extend(halt.map(|halt| ("COFFER__COLLECTION__HALT_AFTER", halt)));
    env
}

/// A block every 150 ms until stopped (the children mine none).
pub(super) struct Miner {
    stop: Arc<AtomicBool>,
    task: tokio::task::JoinHandle<()>,
}

impl Miner {
    pub(super) fn start(app: &TestApp) -> Miner {
        Miner::mining(app, None)
    }

    /// Mines only the blocks that confirm the fee top-up sent from `hot`, then no more: the
    /// sweep signed after it then stays out of blocks, whatever the machine's speed.
    pub(super) fn confirming_top_up(app: &TestApp, s: &Sweep) -> Miner {
        Miner::mining(app, Some(s.hot.clone()))
    }

    fn mining(app: &TestApp, top_up_from: Option<String>) -> Miner {
        let (chain, stop) = (app.devchain.clone(), Arc::new(AtomicBool::new(false)));
        let confirmations = u64::from(app.config.devchain.confirmations.max(1));
        let stopped = stop.clone();
        let task = tokio::spawn(async move {
            while !stopped.load(Ordering::SeqCst) {
                if let Some(hot) = &top_up_from {
                    if top_up_depth(&chain, hot).await >= confirmations {
                        return;
                    }
                }
                let _ = chain.mine().await;
                tokio::time::sleep(Duration::from_millis(150)).await;
            }
        });
        Miner { stop, task }
    }

    pub(super) async fn stop(self) {
        self.stop.store(true, Ordering::SeqCst);
        self.task.await.unwrap();
    }
}

/// The collection's detail as Collection transactions shows it.
pub(super) async fn detail(app: &TestApp, s: &Sweep) -> Value {
    let found = app.collection(&s.token).detail(json!({"id": s.id})).await;
    assert_eq!(found.code(), 1, "{:?}", found.body);
    found.data().clone()
}

/// (kind, state) of each step, in order.
pub(super) fn kinds_and_states(detail: &Value) -> Vec<(i64, i64)> {
    let steps = detail["steps"].as_array().unwrap();
    steps
        .iter()
        .map(|s| (s["kind"].as_i64().unwrap(), s["state"].as_i64().unwrap()))
        .collect()
}

/// Polls the detail until `done` holds of it (60 s at most).
pub(super) async fn wait_detail(
    app: &TestApp,
    s: &Sweep,
    dir: &Path,
    what: &str,
    done: impl Fn(&Value) -> bool,
) -> Value {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let found = detail(app, s).await;
        if done(&found) {
            return found;
        }
        assert!(
            Instant::now() < deadline,
            "timed out waiting for {what}: {found}\n{}",
            log(dir)
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// How many blocks deep the first transfer sent from `hot` is (0: not in a block yet).
async fn top_up_depth(chain: &coffer_chain::devchain::Devchain, hot: &str) -> u64 {
    let chain: &dyn ChainAdapter = chain;
    let head = chain.head().await.unwrap().number;
    for number in 0..=head {
        let block = chain.block(number, &[]).await.unwrap().unwrap();
        if block.transfers.iter().any(|t| t.from == hot) {
            return head - number + 1;
        }
    }
    0
}

pub(super) async fn status(app: &TestApp, hash: &Value) -> TxStatus {
    let chain: &dyn ChainAdapter = &app.devchain;
    chain.status(hash.as_str().unwrap()).await.unwrap()
}

/// What the first process left at its halt point, on chain and stored.
pub(super) async fn check_halted_at(app: &TestApp, halt: &str, found: &Value) {
    let steps = &found["steps"];
    match halt {
        "top_up_signed" | "top_up_broadcast" => {
            assert_eq!(found["status"], 3, "waiting for fee arrival");
            assert_eq!(kinds_and_states(found), [(1, 1)], "the top-up stored as signed");
            let sent = status(app, &steps[0]["hash"]).await;
            let expected = if halt == "top_up_signed" {
                TxStatus::Unknown
            } else {
                TxStatus::Pending
            };
            assert_eq!(sent, expected, "{halt}");
        }
        _ => {
            assert_eq!(found["status"], 7, "waiting for collection");
            assert_eq!(
                kinds_and_states(found),
                [(1, 4), (3, 1), (3, 1)],
                "the sweep's parts stored as signed"
            );
            let first = status(app, &steps[1]["hash"]).await;
            if halt == "sweep_signed" {
                assert_eq!(first, TxStatus::Unknown, "not sent");
            } else {
                assert_ne!(first, TxStatus::Unknown, "the first part was sent");
            }
            assert_eq!(status(app, &steps[2]["hash"]).await, TxStatus::Unknown);
        }
    }
}

/// Every successful transfer in the devchain's blocks.
pub(super) async fn ledger(app: &TestApp) -> Vec<Transfer> {
    let chain: &dyn ChainAdapter = &app.devchain;
    let head = chain.head().await.unwrap().number;
    let mut transfers = Vec::new();
    for number in 0..=head {
        let block = chain.block(number, &[USDT_CONTRACT.to_string()]).await.unwrap();
        transfers.extend(block.unwrap().transfers);
    }
    transfers
}

/// Every transaction the devchain holds from `sender`, in a block or not, failed or not:
/// (hash, succeeded in a block).
pub(super) async fn sent_by(app: &TestApp, sender: &str) -> Vec<(String, bool)> {
    let db = app.store.connection();
    let sql = "SELECT hash, sender, success FROM devchain_tx ORDER BY id";
    let rows = db
        .query_all(Statement::from_string(db.get_database_backend(), sql))
        .await
        .unwrap();
    rows.into_iter()
        .filter(|row| {
            row.try_get::<String>("", "sender")
                .unwrap()
                .eq_ignore_ascii_case(sender)
        })
        .map(|row| {
            let success: Option<bool> = row.try_get("", "success").unwrap();
            (row.try_get("", "hash").unwrap(), success == Some(true))
        })
        .collect()
}
