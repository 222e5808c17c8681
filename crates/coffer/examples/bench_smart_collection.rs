//! `make bench`, smart collection against burning: the TRX a USDT sweep costs on TRON, on the
//! same node double and the same chain parameters (energy at the double's live fee, USDT's
//! dynamic factor, activation 1.1 TRX, 600 free bandwidth a day).
//!
//! SWEEPS new deposit addresses each receive 10 USDT and are collected to a cold address that
//! already holds USDT (64 285 energy a transfer), first with smart collection off (the fee
//! wallet tops each address up with the activation and the energy's burn), then, for SWEEPS more
//! addresses, with both switches on (the address is activated with one sun and the sweep runs on
//! energy delegated from the pool, paid with TRX points at the merchant's Energy rate, here
//! ENERGY_RATE TRX points a transfer). What is printed, per sweep:
//! - burning: the TRX the collection's transactions burnt (from the double's ledger);
//! - smart: the TRX its transactions burnt, the TRX points charged for the energy, their sum,
//!   and the saving against burning; beside it what the provider's energy account burnt per
//!   sweep for delegating and taking back (bandwidth beyond its free allowance), a cost of the
//!   provider's, not the merchant's.
//!
//! COFFER_BENCH_SMART_SWEEPS (default 50) sets SWEEPS.

mod support;

use coffer_domain::collection::state::CollectionStatus::Collected;
use coffer_domain::energy::settings::SmartSwitch;
use coffer_domain::points::{Cause, LedgerOp, NewTransfer, Origin, PointAsset};
use coffer_domain::ports::{EnergySettingsRepo, PointsLedger};
use coffer_domain::rates::{ChargeMode, RateTerms, Service};
use coffer_store::entities::{collection, energy_tx};
use coffer_testkit::tron_node::base58;
use coffer_testkit::{DbKind, TronNode};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use std::time::{Duration, Instant};

const TRON: i64 = 728126428;
const USDT: i64 = 201;
const TRX: u64 = 1_000_000;
/// The merchant's Energy rate in the bench: TRX points (sun) a transfer.
const ENERGY_RATE: i64 = 2_000_000;

fn sweeps() -> usize {
    std::env::var("COFFER_BENCH_SMART_SWEEPS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(50)
}

fn err(e: impl std::fmt::Display) -> anyhow::Error {
    anyhow::anyhow!("{e}")
}

/// Sweep rounds and blocks (the energy account's transactions followed, the janitor run) until
/// `n` more collections are collected.
async fn collect_all(bench: &support::Bench, node: &TronNode, n: u64) -> anyhow::Result<()> {
    let app = &bench.app;
    let (mut collected, started) = (0, Instant::now());
    while collected < n {
        anyhow::ensure!(
            started.elapsed() < Duration::from_secs(900),
            "{collected} of {n} collected"
        );
        let report = app.sweeper.step().await.map_err(err)?;
        anyhow::ensure!(report.failed == 0, "a collection failed: {report:?}");
        collected += report.collected;
        node.mine();
        app.energy.staking.follow().await.map_err(err)?;
        app.energy.janitor.round().await.map_err(err)?;
    }
    Ok(())
}

/// What the collections after `since_id` burnt (their stored fees, which the TRON adapter reads
/// from the chain) and were held in TRX points for energy: (fees, how many ran on energy,
/// points, how many).
async fn spent(bench: &support::Bench, since_id: i64) -> anyhow::Result<(u64, u64, i64, usize)> {
    let rows = collection::Entity::find()
        .filter(collection::Column::Id.gt(since_id))
        .all(bench.app.store.connection())
        .await?;
    let (mut fees, mut on_energy, mut points) = (0u64, 0u64, 0i64);
    for c in &rows {
        anyhow::ensure!(c.status.0 == Collected, "collection {} is not collected", c.id);
        fees += c.fee_paid.map_or(0, |f| f.0 .0.to::<u64>());
        on_energy += u64::from(c.energy.unwrap_or(0) > 0);
        points += c.energy_points.unwrap_or(0);
    }
    Ok((fees, on_energy, points, rows.len()))
}

async fn run(kind: DbKind) -> anyhow::Result<()> {
    let n = sweeps();
    let node = TronNode::start().await;
    node.advance_to_next_day();
    // A small network, so the pool's stake covers every sweep's delegation at once.
    node.set_background_energy_weight(100_000);
    let chain = support::tron_chain(TRON, USDT, &node);
    let bench = support::start(kind, |config| {
        config.chains = vec![chain];
        config.collection.retry_secs = 1;
    })
    .await?;
    let (app, merchant) = (&bench.app, bench.merchant);
    let cold = base58(&[0xc0; 20]);
    node.fund_token(&cold, 1_000_000);
    let hot = bench.collecting(TRON, USDT, &cold).await?;
    node.fund(&hot, n as u64 * 20 * TRX);

    // Burning.
    bench.tron_deposits(&node, TRON, n, "burn").await?;
    collect_all(&bench, &node, n as u64).await?;
    let (burnt, _, _, count) = spent(&bench, 0).await?;
    anyhow::ensure!(count == n, "{count} collections");
    let last_burning = n as i64;

    // Smart collection: a platform merchant's pool, the merchant's TRX points and Energy rate,
    // both switches on.
    let platform = app
        .store
        .create_merchant(
            "Platform",
            &coffer_domain::identity::Email::parse("platform@coffer.local").map_err(err)?,
            coffer_domain::identity::hash_password("Bench-Pass-2026").map_err(err)?,
            "Platform admin",
        )
        .await
        .map_err(err)?;
    app.vault.ensure_seed(platform).await.map_err(err)?;
    let pool = bench.energy_pool(&node, TRON, platform, 50_000).await?;
    app.energy.staking.follow().await.map_err(err)?;
    let now = app.energy.quotes.ports.clock.now();
    let grant = LedgerOp::Transfer(NewTransfer {
        key: format!("grant:{merchant}:bench"),
        asset: PointAsset::Trx,
        debit: coffer_domain::points::AccountRef::Grants,
        credit: coffer_domain::points::AccountRef::Merchant(merchant),
        amount: n as i64 * 10 * TRX as i64,
        cause: Cause::Grant,
        hold_until: None,
        origin: Origin {
            reference: "grant:bench".into(),
            ..Origin::default()
        },
        at: now,
    });
    app.store.apply(&[grant]).await.map_err(err)?;
    let terms = RateTerms {
        mode: ChargeMode::Fixed,
        fixed: ENERGY_RATE,
        ..RateTerms::FREE
    };
    app.energy
        .quotes
        .rates
        .set(merchant, Service::Energy, terms, now)
        .await
        .map_err(err)?;
    for switch in [SmartSwitch::EnergyCollect, SmartSwitch::EnergyPay] {
        app.store
            .set_smart_switch(merchant, switch, true, now)
            .await
            .map_err(err)?;
    }
    bench.tron_deposits(&node, TRON, n, "smart").await?;
    collect_all(&bench, &node, n as u64).await?;
    // The delegations taken back.
    for _ in 0..3 {
        node.mine();
        app.energy.staking.follow().await.map_err(err)?;
        app.energy.janitor.round().await.map_err(err)?;
    }
    let (smart_fees, on_energy, points, count) = spent(&bench, last_burning).await?;
    anyhow::ensure!(count == n, "{count} smart collections");
    anyhow::ensure!(on_energy == n as u64, "{on_energy} of {n} ran on energy");
    let provider: u64 = energy_tx::Entity::find()
        .filter(energy_tx::Column::Owner.eq(pool.as_str()))
        .all(app.store.connection())
        .await?
        .iter()
        .filter_map(|t| node.fee_of(&t.hash))
        .sum();

    let per = |v: u64| v as f64 / n as f64 / TRX as f64;
    let (burning, smart) = (
        per(burnt),
        per(smart_fees) + points as f64 / n as f64 / TRX as f64,
    );
    println!(
        "{kind:?} TRON smart collection vs burning, {n} USDT sweeps each (node double, energy {} sun, to a USDT holder): \
         burning {:.3} TRX a sweep (activation + energy burnt); smart {:.3} TRX a sweep = {:.3} TRX burnt (activation, bandwidth) \
         + {:.3} TRX points for the energy (Energy rate {:.1} a transfer): {:.0}% saved; \
         the provider's account burnt {:.3} TRX a sweep delegating and taking back (its stake's energy is free)",
        node.params().energy_fee,
        burning,
        smart,
        per(smart_fees),
        points as f64 / n as f64 / TRX as f64,
        ENERGY_RATE as f64 / TRX as f64,
        (1.0 - smart / burning) * 100.0,
        per(provider),
    );
    anyhow::ensure!(smart < burning, "smart collection cost more than burning");
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    support::each_database(run).await
}
