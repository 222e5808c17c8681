//! `make bench`: deposit and callback throughput on the real application (release build).
//!
//! For each database (SQLite, and PostgreSQL when COFFER_TEST_PG_URL is set): N end users get
//! deposit addresses, one devchain block carries a USDT transfer to each, and we time
//! - the scanner recording the block (deposits per second),
//! - confirmation (the confirming block) to the last callback received by a local receiver,
//! - callback delivery alone (callbacks per second).

mod support;

use axum::routing::post;
use coffer_domain::merchant_api::MerchantApiRepo;
use coffer_testkit::DbKind;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;
use support::CHAIN;

const USERS: usize = 500;

async fn receiver(counter: Arc<AtomicU64>) -> String {
    let app = axum::Router::new().route(
        "/hook",
        post(move || {
            let counter = counter.clone();
            async move {
                counter.fetch_add(1, Ordering::SeqCst);
                r#"{"code":0}"#
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/hook", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    url
}

async fn run(kind: DbKind) -> anyhow::Result<()> {
    let bench = support::start(kind, |config| {
        config.database.max_connections = 10;
        // Complete one block after the deposit's: the second scan confirms them.
        config.devchain.confirmations = 2;
        config.callbacks.allow_private_targets = true;
    })
    .await?;
    let (app, merchant) = (&bench.app, bench.merchant);
    let chain = app.devchain.clone().unwrap();
    let delivered = Arc::new(AtomicU64::new(0));
    let url = receiver(delivered.clone()).await;
    app.store
        .set_callback_url(merchant, Some(&url), chrono::Utc::now())
        .await
        .map_err(anyhow::Error::msg)?;

    for i in 0..USERS {
        bench.deposit_usdt(&format!("user-{i}")).await?;
    }
    chain.mine().await?;
    let started = Instant::now();
    let report = app.scanner.scan_chain(CHAIN).await.map_err(anyhow::Error::msg)?;
    let scan = started.elapsed();
    assert_eq!(report.deposits, USERS as u64, "{report:?}");

    // Seen events first, so the confirmation timing measures the confirmed ones alone.
    while app.callbacks.deliver_due().await.map_err(anyhow::Error::msg)? > 0 {}
    let before = delivered.load(Ordering::SeqCst);
    chain.mine().await?;
    let confirming = Instant::now();
    app.scanner.scan_chain(CHAIN).await.map_err(anyhow::Error::msg)?;
    let deliver = Instant::now();
    while app.callbacks.deliver_due().await.map_err(anyhow::Error::msg)? > 0 {}
    let to_callbacks = confirming.elapsed();
    let delivering = deliver.elapsed();
    let sent = delivered.load(Ordering::SeqCst) - before;
    assert_eq!(sent, USERS as u64);
    println!(
        "{kind:?}: scanner {:.0} deposits/s ({USERS} in one block, {:.0} ms); confirming block -> last callback {:.0} ms; delivery {:.0} callbacks/s",
        USERS as f64 / scan.as_secs_f64(),
        scan.as_secs_f64() * 1000.0,
        to_callbacks.as_secs_f64() * 1000.0,
        sent as f64 / delivering.as_secs_f64(),
    );
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    support::each_database(run).await
}
