//! `make bench`, TRON energy: the time from an energy order to energy the receiver can use,
//! through the real services (release build) on the TRON node double with 3-second blocks.
//!
//! ORDERS receivers (activated, holding USDT) each get an order of one use from the pool's own
//! stake (50 000 TRX staked by the platform's energy account). Placing an order wakes the supply
//! round at once (as `coffer serve` does), which delegates the use's energy; the next block
//! includes it. Measured per order, in simulated time (the double's block time, 3 s a block;
//! rounds are not slept):
//! - blocks from the order to the block that makes the energy usable on chain (target: 1, the
//!   next block);
//! - blocks until Coffer has seen the delivery on chain and counts it (the supply round after
//!   that block);
//! - the supply round's wall time (p50, max): what placing an order costs before its energy is
//!   on its way.
//!
//! COFFER_BENCH_ENERGY_ORDERS (default 50) sets ORDERS.

mod support;

use coffer_chain::tron::TronAdapter;
use coffer_domain::clock::ManualClock;
use coffer_domain::energy::orders::{DelegationState, QuoteRequest};
use coffer_domain::ports::chain::{ChainAdapter, KeyPurpose};
use coffer_testkit::{DbKind, TronNode};
use std::sync::Arc;
use std::time::Instant;

const TRON: i64 = 728126428;
const USDT: i64 = 201;
const TRX: u64 = 1_000_000;
const DEV_MNEMONIC: &str = "test test test test test test test test test test test junk";

fn orders() -> usize {
    std::env::var("COFFER_BENCH_ENERGY_ORDERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(50)
}

fn percentile<T: Copy + Ord>(values: &[T], p: f64) -> T {
    let mut sorted = values.to_vec();
    sorted.sort();
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

async fn run(kind: DbKind) -> anyhow::Result<()> {
    let n = orders();
    fn err(e: impl std::fmt::Debug) -> anyhow::Error {
        anyhow::anyhow!("{e:?}")
    }
    let node = TronNode::start().await;
    node.advance_to_next_day();
    // A small network, so the pool's stake covers every order's delegation at once (on mainnet
    // 50 000 TRX yields about 470 000 energy a day: three uses at a time). What an order waits
    // for is then its own delegation, which is what is measured.
    node.set_background_energy_weight(100_000);
    let chain = support::tron_chain(TRON, USDT, &node);
    // Simulated time: the service's clock moves with the double's blocks, 3 s each.
    let clock = Arc::new(ManualClock::new(chrono::Utc::now()));
    let bench = support::start_with_clock(kind, clock.clone(), |config| config.chains = vec![chain]).await?;
    let app = &bench.app;
    // The demo merchant is the platform here: its energy account stakes 50 000 TRX.
    bench.energy_pool(&node, TRON, bench.merchant, 50_000).await?;
    let energy = &app.energy;

    let tron = TronAdapter::new(TRON, &node.url(), None).map_err(err)?;
    let seed = coffer_chain::keys::seed(DEV_MNEMONIC, "").map_err(err)?;
    let mut receivers = Vec::new();
    for i in 0..n {
        let key = tron
            .derive(&seed, KeyPurpose::Deposit, 1000 + i as u32)
            .map_err(err)?;
        node.fund(&key.address, TRX);
        node.fund_token(&key.address, 1_000_000);
        receivers.push(key.address);
    }
    node.mine();
    let resources = energy.quotes.tron(TRON).map_err(err)?.1.clone();

    let (mut usable, mut counted, mut walls) = (Vec::new(), Vec::new(), Vec::new());
    for receiver in &receivers {
        let request = QuoteRequest {
            chain_id: TRON,
            receiver: receiver.clone(),
            times: 1,
            days: 1,
            max_daily: 1,
            activate: false,
        };
        let (quote, _, _) = energy
            .quotes
            .estimate(bench.merchant, request)
            .await
            .map_err(err)?;
        let order = energy
            .orders
            .place(bench.merchant, None, &quote.token)
            .await
            .map_err(err)?;
        // The wake-up: the supply round runs as the order is placed.
        let started = Instant::now();
        energy.supply.round().await.map_err(err)?;
        walls.push(started.elapsed().as_micros() as u64);
        let need = order.min_use_energy as u64;
        let (mut on_chain, mut seen) = (None, None);
        for block in 1..=10u64 {
            node.mine();
            clock.advance(chrono::Duration::seconds(3));
            if on_chain.is_none()
                && resources.account(receiver).await.map_err(err)?.energy_available() >= need
            {
                on_chain = Some(block);
            }
            energy.supply.round().await.map_err(err)?;
            let rows = energy
                .quotes
                .ports
                .delegations
                .delegations_of(order.id)
                .await
                .map_err(err)?;
            if rows.iter().any(|d| d.state == DelegationState::Delegated) {
                seen = Some(block);
                break;
            }
        }
        usable.push(on_chain.ok_or_else(|| anyhow::anyhow!("order {} never usable", order.id))?);
        counted.push(seen.ok_or_else(|| anyhow::anyhow!("order {} never seen", order.id))?);
    }
    let db = match kind {
        DbKind::Sqlite => "SQLite",
        DbKind::Postgres => "PostgreSQL",
    };
    println!(
        "Energy orders ({db}, {n} orders, 3 s blocks): usable on chain after {} block(s) p50, {} max (target 1); \
         seen and counted by Coffer after {} block(s) p50, {} max; supply round on placing {:.1} ms p50, {:.1} ms max",
        percentile(&usable, 0.5),
        percentile(&usable, 1.0),
        percentile(&counted, 0.5),
        percentile(&counted, 1.0),
        percentile(&walls, 0.5) as f64 / 1000.0,
        percentile(&walls, 1.0) as f64 / 1000.0,
    );
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    support::each_database(run).await
}
