//! Never a double sweep across crashes: a real `coffer serve` aborts right after a collection's
//! fee top-up is signed (stored, not sent), after it is broadcast (sent, not recorded), after
//! the sweep is signed, or after its first part is broadcast. The next process carries on with
//! the stored transactions and is killed (SIGKILL) while one waits for its block; a last one,
//! with blocks coming, collects. The chain then holds exactly one top-up and one transfer per
//! part, and the cold addresses exactly their split.

mod helpers;

use coffer_chain::devchain;
use coffer_domain::amount::BaseUnits;
use coffer_domain::clock::Clock;
use coffer_domain::collection::sweep::with_margin;
use coffer_domain::ports::chain::{Asset, ChainAdapter, Transfer, TxStatus};
use coffer_testkit::{each_database, TestDb};
use serde_json::json;
use std::os::unix::process::ExitStatusExt;

use crate::collection_plan::deposit;
use crate::deposits::usdt;
use crate::helpers::spawn_app;
use crate::restart::{log, serve_with};
use crate::wallets::{demo_merchant, list};
use crate::withdrawal_restart::serve_until_exit;
use helpers::{
    check_halted_at, detail, kinds_and_states, ledger, sent_by, status, sweep_env,
    sweep_waiting_for_a_top_up, wait_detail, Miner, DEPOSIT, PARTS,
};

const SIGABRT: i32 = 6;

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
    // confirmed, so the blocks that confirm it come while it works (and no more: a part
    // broadcast before the abort stays out of blocks).
    let miner = halt
        .starts_with("sweep")
        .then(|| Miner::confirming_top_up(&app, &s));
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
