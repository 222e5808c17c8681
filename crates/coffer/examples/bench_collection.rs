//! `make bench`: the collection planner over ADDRESSES deposit addresses of one merchant's
//! USDT, of which a twentieth are due (they wait 5 USDT, above the minimum of 1), a tenth wait
//! less than the minimum and the rest were collected. Rows are written straight into the
//! tables in batches. Then the planner's tick is timed, as `coffer serve` runs it:
//! - the daily slot's run: it claims the slot and opens a collection for every due pair;
//! - a tick on each deposit with those collections still open: what every tick costs when
//!   nothing new is due.
//!
//! The planner never calls a node (it holds no chain adapter). COFFER_BENCH_ADDRESSES
//! (default 1000000) sets ADDRESSES.

mod support;

use chrono::{Duration, Utc};
use coffer_domain::amount::BaseUnits;
use coffer_store::entities::{collectable, merchant_asset, Stored};
use coffer_store::waiting_key;
use coffer_testkit::DbKind;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, Set};
use std::time::Instant;
use support::{CHAIN, SEED_BATCH, USDT};

fn addresses() -> usize {
    std::env::var("COFFER_BENCH_ADDRESSES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000)
}

/// What the i-th address waits, in base units (6 decimals): 1 in 20 due, 1 in 10 below 1 USDT.
fn waiting(i: usize) -> u128 {
    match i % 20 {
        0 => 5_000_000,
        1 | 2 => 400_000,
        _ => 0,
    }
}

fn address(i: usize) -> String {
    format!("0x{:040x}", 0xc011_0000_0000u64 + i as u64)
}

async fn seed(store: &coffer_store::Store, merchant: i64, n: usize) -> anyhow::Result<()> {
    let first_id = 1_000_000_000i64;
    support::seed_deposit_addresses(store, merchant, CHAIN, first_id, n, address).await?;
    let now = Utc::now();
    for start in (0..n).step_by(SEED_BATCH) {
        let end = (start + SEED_BATCH).min(n);
        collectable::Entity::insert_many((start..end).map(|i| {
            let collected = BaseUnits::from_u128(10_000_000 * (1 + i as u128 % 7));
            let waiting = BaseUnits::from_u128(waiting(i));
            collectable::ActiveModel {
                merchant_id: Set(merchant),
                deposit_address_id: Set(first_id + i as i64),
                address: Set(address(i)),
                chain_id: Set(CHAIN),
                token_id: Set(USDT),
                decimals: Set(6),
                credited: Set(Stored(collected.saturating_add(waiting))),
                collected: Set(Stored(collected)),
                waiting_key: Set(waiting_key(waiting)),
                updated_at: Set(now),
                ..Default::default()
            }
        }))
        .exec(store.connection())
        .await?;
    }
    Ok(())
}

/// Sets the merchant's USDT to collect automatically in `collect_type`, saved two days ago.
async fn collect(store: &coffer_store::Store, merchant: i64, collect_type: i32) -> anyhow::Result<()> {
    use merchant_asset::Column as A;
    merchant_asset::Entity::update_many()
        .col_expr(A::AutoCollect, Expr::value(true))
        .col_expr(A::CollectType, Expr::value(collect_type))
        .col_expr(A::StartTime, Expr::value("00:00"))
        .col_expr(A::MinCollectAmount, Expr::value("1"))
        .col_expr(A::UpdatedAt, Expr::value(Utc::now() - Duration::days(2)))
        .filter(A::MerchantId.eq(merchant))
        .filter(A::TokenId.eq(USDT))
        .exec(store.connection())
        .await?;
    Ok(())
}

async fn run(kind: DbKind) -> anyhow::Result<()> {
    let n = addresses();
    let bench = support::start(kind, |_| {}).await?;
    let store = bench.app.store.clone();
    let seeding = Instant::now();
    seed(&store, bench.merchant, n).await?;
    let seeded = seeding.elapsed();
    let due = (0..n).filter(|&i| waiting(i) >= 1_000_000).count() as u64;

    // The planner opens nothing for an asset with nowhere to sweep to.
    let usdt = merchant_asset::Entity::find()
        .filter(merchant_asset::Column::MerchantId.eq(bench.merchant))
        .filter(merchant_asset::Column::ChainId.eq(CHAIN))
        .filter(merchant_asset::Column::TokenId.eq(USDT))
        .one(store.connection())
        .await?
        .ok_or_else(|| anyhow::anyhow!("the demo merchant has no USDT asset"))?;
    bench
        .cold_address(usdt.id, &format!("0x{:040x}", 0xc01du64))
        .await?;
    collect(&store, bench.merchant, 1).await?;
    let started = Instant::now();
    let report = bench.app.planner.tick().await.map_err(anyhow::Error::msg)?;
    let slot_run = started.elapsed();
    anyhow::ensure!(
        report.opened == due,
        "opened {} of {due} due pairs",
        report.opened
    );

    collect(&store, bench.merchant, 3).await?;
    let started = Instant::now();
    let report = bench.app.planner.tick().await.map_err(anyhow::Error::msg)?;
    let idle_tick = started.elapsed();
    anyhow::ensure!(report.opened == 0, "a tick reopened {} pairs", report.opened);

    println!(
        "{kind:?} collection planner, {n} deposit addresses, {due} due: daily run {:.0} ms (target <= 1000 ms on PostgreSQL), \
         a tick on deposit with nothing new due {:.1} ms; seeding took {:.0} s; node calls: none (the planner holds no chain adapter)",
        slot_run.as_secs_f64() * 1000.0,
        idle_tick.as_secs_f64() * 1000.0,
        seeded.as_secs_f64(),
    );
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    support::each_database(run).await
}
