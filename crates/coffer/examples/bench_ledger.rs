//! `make bench`: points-ledger transfers per second, per database, beside a plain insert rate
//! measured in the same run on the same database (one BIGINT row per insert), so the figures
//! say what the ledger's checks cost over the database's own write rate.
//!
//! Each figure is with CLIENTS concurrent callers: one op per call (a transaction each: what a
//! worker charging one fee does) and batches of BATCH ops per call (one transaction: what the
//! expiry round, the recharge scanner and the bill run do). One busy account: every transfer
//! credits the same merchant account; spread: over 1,000 merchant accounts. At the end `ledger
//! verify`'s checks must hold.

mod support;

use std::sync::Arc;
use std::time::Instant;

use chrono::Utc;
use coffer_domain::points::verify::differences;
use coffer_domain::points::{AccountRef, Cause, LedgerOp, NewTransfer, Origin, Outcome, PointAsset};
use coffer_domain::ports::{LedgerAudit, PointsLedger};
use coffer_store::Store;
use coffer_testkit::DbKind;
use sea_orm::sea_query::{Alias, Query};
use sea_orm::ConnectionTrait;

const CLIENTS: usize = 8;
const BATCH: usize = 100;
const SINGLE: usize = 4_000;
const BATCHED: usize = 40_000;

fn recharge(key: String, merchant: i64) -> LedgerOp {
    LedgerOp::Transfer(NewTransfer {
        key,
        asset: PointAsset::Usdt,
        debit: AccountRef::Outside,
        credit: AccountRef::Merchant(merchant),
        amount: 1_000_000,
        cause: Cause::Recharge,
        hold_until: None,
        origin: Origin::default(),
        at: Utc::now(),
    })
}

/// Runs `total` items split over CLIENTS tasks, `per_call` at a time: items per second.
async fn rate<F, Fut>(total: usize, per_call: usize, call: F) -> anyhow::Result<f64>
where
    F: Fn(std::ops::Range<usize>) -> Fut + Send + Sync + 'static,
    Fut: std::future::Future<Output = anyhow::Result<()>> + Send,
{
    let call = Arc::new(call);
    let start = Instant::now();
    let mut tasks = Vec::new();
    for client in 0..CLIENTS {
        let call = call.clone();
        tasks.push(tokio::spawn(async move {
            let mut first = client * per_call;
            while first < total {
                call(first..(first + per_call).min(total)).await?;
                first += CLIENTS * per_call;
            }
            anyhow::Ok(())
        }));
    }
    for task in tasks {
        task.await??;
    }
    Ok(total as f64 / start.elapsed().as_secs_f64())
}

async fn plain(store: &Store, total: usize, per_call: usize, offset: usize) -> anyhow::Result<f64> {
    let store = store.clone();
    rate(total, per_call, move |items| {
        let store = store.clone();
        async move {
            let mut insert = Query::insert();
            insert
                .into_table(Alias::new("bench_plain"))
                .columns([Alias::new("id"), Alias::new("v")]);
            for i in items {
                insert.values_panic([((offset + i) as i64).into(), 1i64.into()]);
            }
            let db = store.connection();
            db.execute(db.get_database_backend().build(&insert)).await?;
            Ok(())
        }
    })
    .await
}

async fn ledger(
    store: &Store,
    total: usize,
    per_call: usize,
    label: &'static str,
    accounts: i64,
) -> anyhow::Result<f64> {
    let store = store.clone();
    rate(total, per_call, move |items| {
        let store = store.clone();
        async move {
            let ops: Vec<LedgerOp> = items
                .map(|i| recharge(format!("bench:{label}:{per_call}:{i}"), 1 + i as i64 % accounts))
                .collect();
            let outcomes = store.apply(&ops).await.map_err(anyhow::Error::msg)?;
            anyhow::ensure!(
                outcomes.iter().all(|o| matches!(o, Outcome::Done(_))),
                "a transfer was refused"
            );
            Ok(())
        }
    })
    .await
}

async fn run(kind: DbKind) -> anyhow::Result<()> {
    let bench = support::start(kind, |_| {}).await?;
    let store = bench.app.store.clone();
    let db = store.connection();
    db.execute_unprepared("CREATE TABLE bench_plain (id BIGINT NOT NULL PRIMARY KEY, v BIGINT NOT NULL)")
        .await?;
    let name = match kind {
        DbKind::Sqlite => "SQLite",
        DbKind::Postgres => "PostgreSQL",
    };
    let plain_single = plain(&store, SINGLE, 1, 0).await?;
    let plain_batched = plain(&store, BATCHED, BATCH, SINGLE).await?;
    let one_single = ledger(&store, SINGLE, 1, "one", 1).await?;
    let one_batched = ledger(&store, BATCHED, BATCH, "one", 1).await?;
    let spread_single = ledger(&store, SINGLE, 1, "spread", 1_000).await?;
    let spread_batched = ledger(&store, BATCHED, BATCH, "spread", 1_000).await?;
    let found = differences(&store.ledger_facts().await.map_err(anyhow::Error::msg)?);
    anyhow::ensure!(found.is_empty(), "ledger verify after the bench: {found:?}");
    let per_s = |v: f64| format!("{v:.0}/s");
    println!(
        "ledger, {name}, {CLIENTS} clients: plain insert {} (1 a call), {} (batches of {BATCH})",
        per_s(plain_single),
        per_s(plain_batched)
    );
    println!(
        "ledger, {name}: one busy account {} (1 a call), {} (batches of {BATCH}; target >= 2000/s)",
        per_s(one_single),
        per_s(one_batched)
    );
    println!(
        "ledger, {name}: 1,000 accounts {} (1 a call), {} (batches of {BATCH}; target >= 10000/s); verify holds",
        per_s(spread_single),
        per_s(spread_batched)
    );
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    support::each_database(run).await
}
