//! Never a double sweep across crashes: a real `coffer serve` aborts right after a collection's
//! fee top-up is signed (stored, not sent), after it is broadcast (sent, not recorded), after
//! the sweep is signed, or after its first part is broadcast. The next process carries on with
//! the stored transactions and is killed (SIGKILL) while one waits for its block; a last one,
//! with blocks coming, collects. The chain then holds exactly one top-up and one transfer per
//! part, and the cold addresses exactly their split.

use coffer_chain::devchain::{self, USDT_CONTRACT};
use coffer_domain::amount::BaseUnits;
use coffer_domain::clock::Clock;
use coffer_domain::collection::sweep::with_margin;
use coffer_domain::ports::chain::{Asset, ChainAdapter, Transfer, TxStatus};
use coffer_testkit::{each_database, TestDb};
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{json, Value};
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::assets::COLD_A;
use crate::collection_plan::{deposit, save_collect, tick};
use crate::deposits::{usdt, DEV};
use crate::helpers::{spawn_app, TestApp};
use crate::restart::serve_with;
use crate::wallets::{bind_google, demo_merchant, google_code, list};
use crate::withdrawal_restart::serve_until_exit;

const COLD_B: &str = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65";
/// Above the minimum split amount (100): 60% to COLD_A, 40% to COLD_B, two parts.
const DEPOSIT: &str = "150";
const PARTS: [(&str, &str, u128); 2] = [(COLD_A, "90", 90_000_000), (COLD_B, "60", 60_000_000)];
const SIGABRT: i32 = 6;

/// An open collection on the devchain that needs a fee top-up before its sweep.
struct Sweep {
    token: String,
    id: i64,
    /// The fee wallet (the merchant's hot wallet) and the deposit address swept.
    hot: String,
    address: String,
}

/// The demo merchant collecting USDT on each deposit to COLD_A and COLD_B (0.6 / 0.4), its hot
/// wallet as the fee wallet holding 1 DEV, and 150 USDT deposited to user-1: opened.
async fn sweep_waiting_for_a_top_up(app: &TestApp) -> Sweep {
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
fn sweep_env(halt: Option<&'static str>) -> Vec<(&'static str, &'static str)> {
    let mut env = vec![
        ("COFFER__COLLECTION__SWEEP_MS", "100"),
        ("COFFER__COLLECTION__LEASE_SECS", "2"),
        ("COFFER__COLLECTION__RETRY_SECS", "1"),
    ];
    env.extend(halt.map(|halt| ("COFFER__COLLECTION__HALT_AFTER", halt)));
    env
}

/// The end of the children's log, to say why one did not do what was expected.
fn log(dir: &Path) -> String {
    let text = std::fs::read_to_string(dir.join("coffer.log")).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(30)..].join("\n")
}

/// A block every 150 ms until stopped (the children mine none).
struct Miner {
    stop: Arc<AtomicBool>,
    task: tokio::task::JoinHandle<()>,
}

impl Miner {
    fn start(app: &TestApp) -> Miner {
        let (chain, stop) = (app.devchain.clone(), Arc::new(AtomicBool::new(false)));
        let stopped = stop.clone();
        let task = tokio::spawn(async move {
            while !stopped.load(Ordering::SeqCst) {
                let _ = chain.mine().await;
                tokio::time::sleep(Duration::from_millis(150)).await;
            }
        });
        Miner { stop, task }
    }

    async fn stop(self) {
        self.stop.store(true, Ordering::SeqCst);
        self.task.await.unwrap();
    }
}

/// The collection's detail as Collection transactions shows it.
async fn detail(app: &TestApp, s: &Sweep) -> Value {
    let found = app.collection(&s.token).detail(json!({"id": s.id})).await;
    assert_eq!(found.code(), 1, "{:?}", found.body);
    found.data().clone()
}

/// (kind, state) of each step, in order.
fn kinds_and_states(detail: &Value) -> Vec<(i64, i64)> {
    let steps = detail["steps"].as_array().unwrap();
    steps
        .iter()
        .map(|s| (s["kind"].as_i64().unwrap(), s["state"].as_i64().unwrap()))
        .collect()
}

/// Polls the detail until `done` holds of it (60 s at most).
async fn wait_detail(
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

async fn status(app: &TestApp, hash: &Value) -> TxStatus {
    let chain: &dyn ChainAdapter = &app.devchain;
    chain.status(hash.as_str().unwrap()).await.unwrap()
}

/// What the first process left at its halt point, on chain and stored.
async fn check_halted_at(app: &TestApp, halt: &str, found: &Value) {
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
async fn ledger(app: &TestApp) -> Vec<Transfer> {
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
async fn sent_by(app: &TestApp, sender: &str) -> Vec<(String, bool)> {
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

async fn a_sweep_survives_a_crash_at(db: TestDb, halt: &'static str) {
    let app = spawn_app(db).await;
    // The children run on the real clock: the test's runs a little behind it (what it stores
    // is due for them), close enough to move past their leases at the end.
    app.clock
        .advance(chrono::Utc::now() - chrono::Duration::minutes(10) - app.clock.now());
    let s = sweep_waiting_for_a_top_up(&app).await;
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();

    // 1. The first process aborts right after `halt`; before a sweep the top-up must be
    // confirmed, so blocks come while it works.
    let miner = halt.starts_with("sweep").then(|| Miner::start(&app));
    let ended = serve_until_exit(&app, dir, &sweep_env(Some(halt)));
    if let Some(miner) = miner {
        miner.stop().await;
    }
    assert_eq!(ended.signal(), Some(SIGABRT), "aborted at {halt}: {}", log(dir));
    check_halted_at(&app, halt, &detail(&app, &s).await).await;

    // 2. No blocks: the next process sends what is stored (nothing new) and is killed while
    // it waits for its block.
    let second = serve_with(&app, dir, &sweep_env(None));
    let waiting = wait_detail(&app, &s, dir, "a step sent, waiting for its block", |d| {
        let states = kinds_and_states(d);
        states.iter().all(|(_, state)| *state != 1) && states.iter().any(|(_, state)| *state == 2)
    })
    .await;
    for step in waiting["steps"].as_array().unwrap() {
        if step["state"] == 2 {
            assert_eq!(status(&app, &step["hash"]).await, TxStatus::Pending);
        }
    }
    second.kill();

    // 3. Blocks come; a fresh process takes the collection to the end.
    let miner = Miner::start(&app);
    let third = serve_with(&app, dir, &sweep_env(None));
    let done = wait_detail(&app, &s, dir, "the collection collected", |d| d["status"] == 1).await;
    third.kill();
    miner.stop().await;

    // On chain: one top-up from the fee wallet, one transfer per part, each succeeded in a
    // block; nothing else was ever sent from either address.
    let fee = devchain::fee();
    let top_up = with_margin(fee.saturating_add(fee));
    let transfers = ledger(&app).await;
    let from = |address: &str| -> Vec<&Transfer> { transfers.iter().filter(|t| t.from == address).collect() };
    let topped = from(&s.hot);
    assert_eq!(topped.len(), 1, "one top-up: {topped:?}");
    assert_eq!(
        (&topped[0].to, &topped[0].asset, topped[0].amount),
        (&s.address, &Asset::Native, top_up)
    );
    let swept = from(&s.address);
    let swept_to: Vec<(&str, &Asset, BaseUnits)> = swept
        .iter()
        .map(|t| (t.to.as_str(), &t.asset, t.amount))
        .collect();
    let usdt = usdt();
    let expected: Vec<(&str, &Asset, BaseUnits)> = PARTS
        .iter()
        .map(|(to, _, units)| (*to, &usdt, BaseUnits::from_u128(*units)))
        .collect();
    assert_eq!(swept_to, expected, "one transfer per part");
    let mut all_sent = [sent_by(&app, &s.hot).await, sent_by(&app, &s.address).await].concat();
    let mut in_blocks: Vec<(String, bool)> = topped
        .iter()
        .chain(&swept)
        .map(|t| (t.tx_hash.clone(), true))
        .collect();
    all_sent.sort();
    in_blocks.sort();
    assert_eq!(all_sent, in_blocks, "no other transaction from either address");

    // The cold addresses hold exactly their split; the deposit address keeps only the margin,
    // the fee wallet paid one top-up and its fee.
    let chain: &dyn ChainAdapter = &app.devchain;
    for (cold, _, units) in PARTS {
        assert_eq!(
            chain.balance(cold, &usdt).await.unwrap(),
            BaseUnits::from_u128(units),
            "{cold}"
        );
    }
    assert_eq!(chain.balance(&s.address, &usdt).await.unwrap(), BaseUnits::ZERO);
    let margin = top_up.checked_sub(fee.saturating_add(fee)).unwrap();
    assert_eq!(chain.balance(&s.address, &Asset::Native).await.unwrap(), margin);
    let spent = top_up.saturating_add(fee);
    let dev = BaseUnits::from_decimal("1", 18).unwrap();
    assert_eq!(
        chain.balance(&s.hot, &Asset::Native).await.unwrap(),
        dev.checked_sub(spent).unwrap()
    );

    // Collection transactions: one top-up and one step per part, all confirmed, under the
    // hashes on chain; the amounts and the fees the chain took.
    assert_eq!(kinds_and_states(&done), [(1, 4), (3, 4), (3, 4)]);
    let steps = done["steps"].as_array().unwrap();
    let shown: Vec<(&str, &str, &str)> = steps
        .iter()
        .map(|s| {
            (
                s["toAddress"].as_str().unwrap(),
                s["amount"].as_str().unwrap(),
                s["hash"].as_str().unwrap(),
            )
        })
        .collect();
    let top_up_text = top_up.to_decimal(18);
    let mut on_chain = vec![(
        s.address.as_str(),
        top_up_text.as_str(),
        topped[0].tx_hash.as_str(),
    )];
    on_chain.extend(
        PARTS
            .iter()
            .zip(&swept)
            .map(|((to, amount, _), t)| (*to, *amount, t.tx_hash.as_str())),
    );
    assert_eq!(shown, on_chain);
    let three_fees = fee.saturating_add(fee).saturating_add(fee).to_decimal(18);
    assert_eq!(
        (
            done["amount"].as_str(),
            done["attributed"].as_str(),
            done["feePaid"].as_str()
        ),
        (Some(DEPOSIT), Some(DEPOSIT), Some(three_fees.as_str()))
    );

    // Fund collection: with 1 USDT more (below the minimum, not opened), the address has the
    // deposit collected once and that 1 waiting. The test clock first moves past the killed
    // children's leases (the scanner's cursor, 60 s on the real clock).
    let leases_out = chrono::Utc::now() + chrono::Duration::seconds(61);
    if leases_out > app.clock.now() {
        app.clock.advance(leases_out - app.clock.now());
    }
    let merchant = demo_merchant(&app).await;
    deposit(&app, merchant, "user-1", "1").await;
    let waiting = app
        .collection(&s.token)
        .waiting(json!({"page": 1, "pageSize": 10}))
        .await;
    let rows = list(&waiting);
    assert_eq!(rows.len(), 1, "{rows:?}");
    assert_eq!(
        (
            rows[0]["address"].as_str(),
            rows[0]["credited"].as_str(),
            rows[0]["collected"].as_str(),
            rows[0]["waiting"].as_str()
        ),
        (Some(s.address.as_str()), Some("151"), Some(DEPOSIT), Some("1"))
    );
}

async fn a_sweep_survives_a_crash_after_the_top_up_is_signed(db: TestDb) {
    a_sweep_survives_a_crash_at(db, "top_up_signed").await;
}

async fn a_sweep_survives_a_crash_after_the_top_up_is_broadcast(db: TestDb) {
    a_sweep_survives_a_crash_at(db, "top_up_broadcast").await;
}

async fn a_sweep_survives_a_crash_after_it_is_signed(db: TestDb) {
    a_sweep_survives_a_crash_at(db, "sweep_signed").await;
}

async fn a_sweep_survives_a_crash_after_its_first_part_is_broadcast(db: TestDb) {
    a_sweep_survives_a_crash_at(db, "sweep_broadcast").await;
}

each_database!(
    a_sweep_survives_a_crash_after_the_top_up_is_signed,
    a_sweep_survives_a_crash_after_the_top_up_is_broadcast,
    a_sweep_survives_a_crash_after_it_is_signed,
    a_sweep_survives_a_crash_after_its_first_part_is_broadcast,
);
