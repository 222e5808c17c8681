//! `make bench`, collection on TRON: sweeps confirmed per minute, and fee efficiency, through
//! the real sweep executor (release build) on the TRON node double, which charges what mainnet
//! charges (activation, daily free bandwidth, energy at 100 sun with USDT's dynamic factor:
//! 64 285 energy per transfer to a holder) and verifies every transaction it is sent.
//!
//! SWEEPS new deposit addresses each receive 10 USDT from a payer (signed, scanned, credited
//! after the chain's confirmations, opened for collection on each deposit). The cold address
//! already holds USDT, as it does after its first sweep. The executor runs as `coffer serve`
//! ships it (a round every 2 s, 50 collections a round, TRON's 19 confirmations) against blocks
//! every 3 s. Time is simulated, not slept: the double's block time is its clock and moves
//! 3 s a block; a round starts every 2 s of that time, or when the previous one ends if it took
//! longer in wall time. What is measured:
//! - throughput = SWEEPS / the simulated time from the first round to the round that closed
//!   the last collection, per minute; each collection needs its activation top-up and its
//!   sweep included and confirmed (2 x 19 blocks), so this is pipelining, not latency;
//! - the executor's wall time per round (p50, max) against the 2 s it has;
//! - fee efficiency per sweep = TRX burnt by the collection's transactions (its activation
//!   top-up and its sweep, any retried one too; from the double's ledger, equal to what the
//!   service stored from `gettransactioninfobyid`) / the chain's minimum for that sweep: the
//!   activation of the new address (1 TRX + 0.1 TRX for the account, as the fee wallet has no
//!   staked bandwidth) + the energy the transfer needs x the energy fee (its bandwidth is free:
//!   the address's first transaction of the day). Target <= 1.02.
//! - what the top-up left in the address (its 5% margin, which pays the address's next sweep).
//!
//! COFFER_BENCH_TRON_SWEEPS (default 200) sets SWEEPS.

mod support;

use coffer_domain::amount::BaseUnits;
use coffer_domain::ports::{StepKind, StepState};
use coffer_store::entities::{collection, collection_step};
use coffer_testkit::tron_node::{base58, CREATE_ACCOUNT_FEE, CREATE_ACCOUNT_IN_CONTRACT_FEE};
use coffer_testkit::{DbKind, TronNode};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use std::time::{Duration, Instant};

const TRON: i64 = 728126428;
const USDT: i64 = 201;
const TRX: u64 = 1_000_000;
/// As `coffer serve` ships: a sweep round every 2 s (sweep_ms); TRON blocks every 3 s.
const ROUND_MS: u64 = 2_000;
const BLOCK_MS: u64 = 3_000;

fn sweeps() -> usize {
    std::env::var("COFFER_BENCH_TRON_SWEEPS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

async fn run(kind: DbKind) -> anyhow::Result<()> {
    let n = sweeps();
    let node = TronNode::start().await;
    // A fresh double day: every address has its free bandwidth for the whole run.
    node.advance_to_next_day();
    let chain = support::tron_chain(TRON, USDT, &node);
    let bench = support::start(kind, |config| {
        config.chains = vec![chain];
        config.collection.retry_secs = 1;
    })
    .await?;
    let app = &bench.app;
    let err = anyhow::Error::msg;

    // The merchant: USDT paid from a hot wallet that is also the fee wallet, collected on each
    // deposit to a cold address holding USDT already.
    let cold = base58(&[0xc0; 20]);
    node.fund_token(&cold, 1_000_000);
    let hot = bench.collecting(TRON, USDT, &cold).await?;
    node.fund(&hot, n as u64 * 20 * TRX);

    // N deposits from a payer outside Coffer, credited, each opening a collection.
    bench.tron_deposits(&node, TRON, n, "user").await?;

    // Simulated time: rounds every ROUND_MS (or back to back when one takes longer), blocks
    // every BLOCK_MS.
    let (mut round_at, mut block_at) = (0u64, BLOCK_MS);
    let (mut collected, mut rounds, mut blocks) = (0u64, 0u64, 0u64);
    let mut walls = Vec::new();
    let mut held = 0;
    let started = Instant::now();
    let finished_at = loop {
        anyhow::ensure!(
            started.elapsed() < Duration::from_secs(1_800),
            "{collected} of {n} collected after {rounds} rounds"
        );
        if round_at <= block_at {
            let t = Instant::now();
            let report = app.sweeper.step().await.map_err(err)?;
            let wall = t.elapsed().as_millis() as u64;
            walls.push(wall as f64);
            anyhow::ensure!(report.failed == 0, "a collection failed: {report:?}");
            held += report.held;
            collected += report.collected;
            rounds += 1;
            if collected == n as u64 {
                break round_at + wall;
            }
            round_at += ROUND_MS.max(wall);
        } else {
            node.mine();
            blocks += 1;
            block_at += BLOCK_MS;
        }
    };
    let wall_total = started.elapsed();

    // Per collection: what its transactions burnt on the double against the chain's minimum.
    let db = app.store.connection();
    let closed = collection::Entity::find()
        .filter(collection::Column::ChainId.eq(TRON))
        .all(db)
        .await?;
    anyhow::ensure!(closed.len() == n, "{} collections", closed.len());
    let steps = collection_step::Entity::find()
        .filter(collection_step::Column::ChainId.eq(TRON))
        .all(db)
        .await?;
    let energy_fee = node.params().energy_fee;
    let activation = CREATE_ACCOUNT_FEE + CREATE_ACCOUNT_IN_CONTRACT_FEE;
    let (mut ratios, mut left, mut spent_total, mut minimum_total) = (vec![], vec![], 0u64, 0u64);
    let mut extra_steps = 0;
    for c in &closed {
        let mine: Vec<_> = steps.iter().filter(|s| s.collection_id == c.id).collect();
        let confirmed = |kind: StepKind| {
            mine.iter()
                .filter(|s| s.kind.0 == kind && s.state.0 == StepState::Confirmed)
                .collect::<Vec<_>>()
        };
        let (sweep, funded) = (confirmed(StepKind::Sweep), confirmed(StepKind::Activation));
        anyhow::ensure!(
            sweep.len() == 1 && funded.len() == 1,
            "collection {} has {} sweeps and {} activations confirmed",
            c.id,
            sweep.len(),
            funded.len()
        );
        extra_steps += mine.len() - 2;
        let mut spent = 0;
        for s in &mine {
            let burnt = node.fee_of(&s.tx_hash).unwrap_or(0);
            anyhow::ensure!(
                s.state.0 != StepState::Confirmed
                    || s.fee_paid.map(|f| f.0) == Some(BaseUnits::from_u128(burnt.into())),
                "the stored fee of {} is not what the chain burnt",
                s.tx_hash
            );
            spent += burnt;
        }
        let energy = node.energy_of(&sweep[0].tx_hash).unwrap_or(0);
        let minimum = activation + energy * energy_fee;
        ratios.push(spent as f64 / minimum as f64);
        spent_total += spent;
        minimum_total += minimum;
        let top_up = funded[0].amount.0 .0.to::<u64>();
        let swept_fee = node.fee_of(&sweep[0].tx_hash).unwrap_or(0);
        left.push((top_up - swept_fee) as f64 / swept_fee as f64);
    }
    let sim_minutes = finished_at as f64 / 60_000.0;
    walls.sort_by(f64::total_cmp);
    ratios.sort_by(f64::total_cmp);
    let avg = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    println!(
        "{kind:?} TRON collection (node double, 3 s blocks, 19 confirmations, a round every 2 s of 50 collections): \
         {n} new deposit addresses swept in {:.1} simulated minutes ({blocks} blocks, {rounds} rounds): {:.1} sweeps confirmed per minute; \
         executor round wall time p50 {:.0} ms, max {:.0} ms (budget 2000 ms); {held} holds; {:.1} s wall in all",
        sim_minutes,
        n as f64 / sim_minutes,
        percentile(&walls, 0.5),
        walls.last().copied().unwrap_or(0.0),
        wall_total.as_secs_f64(),
    );
    println!(
        "{kind:?} TRON fee efficiency: spent / minimum (activation 1.1 TRX + energy x {energy_fee} sun, bandwidth free) \
         avg {:.4}, max {:.4} (target <= 1.02), {:.2} TRX spent per sweep; {extra_steps} steps beyond one activation and one sweep; \
         the top-up left {:.3}x the sweep's fee in the address (the 5% margin: it pays the address's next sweep)",
        spent_total as f64 / minimum_total as f64,
        ratios.last().copied().unwrap_or(f64::NAN),
        spent_total as f64 / n as f64 / TRX as f64,
        avg(&left),
    );
    anyhow::ensure!(
        spent_total as f64 <= minimum_total as f64 * 1.02,
        "fee efficiency above 1.02"
    );
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    support::each_database(run).await
}
