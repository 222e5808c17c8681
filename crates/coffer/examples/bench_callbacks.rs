//! `make bench`: how soon a deposit's callback follows its confirming block (issue 14: p99 at
//! most 500 ms), on the real workers with the shipped intervals.
//!
//! For each database (SQLite, and PostgreSQL when COFFER_TEST_PG_URL is set): 200 single
//! deposits one after another; each is paid, its block and the blocks that confirm it are
//! mined, and we time from the confirming block (the one that gives it its confirmations) to
//! its `deposit.confirmed` received by a local HTTP receiver. The scanner and the delivery
//! worker run as in `coffer serve` (`Workers::spawn`); nothing is stepped by hand.
//!
//! On a real chain blocks are seconds apart, so the confirming block is mined once the scanner
//! has recorded the blocks before it and the deposit's `deposit.confirming` has arrived: the
//! figure is that block's latency, not that of a backlog of blocks mined within milliseconds.

mod support;

use axum::body::Bytes;
use axum::routing::post;
use coffer::config::Config;
use coffer::workers::Workers;
use coffer_domain::merchant_api::MerchantApiRepo;
use coffer_domain::ports::ScanRepo;
use coffer_testkit::DbKind;
use std::time::{Duration, Instant};
use support::CHAIN;
use tokio::sync::mpsc;

const DEPOSITS: usize = 200;
/// A deposit whose callback has not come after this is a failure, not a slow sample.
const GIVE_UP: Duration = Duration::from_secs(30);

/// A merchant endpoint that acknowledges everything and reports each `deposit.confirmed`.
async fn receiver(received: mpsc::UnboundedSender<String>) -> String {
    let app = axum::Router::new().route(
        "/hook",
        post(move |body: Bytes| {
            let received = received.clone();
            async move {
                let event: serde_json::Value = serde_json::from_slice(&body).unwrap_or_default();
                let _ = received.send(event["event"].as_str().unwrap_or_default().to_string());
                r#"{"code":0}"#
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/hook", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    url
}

/// Waits for the callback `event`; the others received meanwhile are passed over.
async fn callback(received: &mut mpsc::UnboundedReceiver<String>, event: &str) -> anyhow::Result<()> {
    let wait = async {
        while let Some(name) = received.recv().await {
            if name == event {
                return Ok(());
            }
        }
        Err(anyhow::anyhow!("the receiver stopped"))
    };
    tokio::time::timeout(GIVE_UP, wait)
        .await
        .map_err(|_| anyhow::anyhow!("no {event} within {GIVE_UP:?}"))?
}

/// Waits until the scanner has recorded every block up to `head`.
async fn scanned(app: &coffer::app::App, head: u64) -> anyhow::Result<()> {
    let started = Instant::now();
    while app.store.scan_cursor(CHAIN).await.map_err(anyhow::Error::msg)? <= Some(head) {
        anyhow::ensure!(
            started.elapsed() < GIVE_UP,
            "block {head} not scanned within {GIVE_UP:?}"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    Ok(())
}

/// The value below which `share` of the sorted samples lie (nearest rank).
fn percentile(sorted: &[Duration], share: f64) -> Duration {
    let rank = ((sorted.len() as f64 * share).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

async fn run(kind: DbKind) -> anyhow::Result<()> {
    let bench = support::start(kind, |config| {
        config.callbacks.allow_private_targets = true;
    })
    .await?;
    let (app, merchant) = (&bench.app, bench.merchant);
    let shipped = Config::default();
    let confirmations = shipped.devchain.confirmations;
    let chain = app.devchain.clone().unwrap();
    let (received_tx, mut received) = mpsc::unbounded_channel();
    let url = receiver(received_tx).await;
    app.store
        .set_callback_url(merchant, Some(&url), chrono::Utc::now())
        .await
        .map_err(anyhow::Error::msg)?;
    // The workers as `coffer serve` runs them (the shipped intervals).
    let workers = Workers::spawn(app.worker_set());

    let mut samples = Vec::with_capacity(DEPOSITS);
    for i in 0..DEPOSITS {
        bench.deposit_usdt(&format!("user-{i}")).await?;
        let mut head = 0;
        for _ in 1..confirmations {
            head = chain.mine().await?.number;
        }
        scanned(app, head).await?;
        callback(&mut received, "deposit.confirming").await?;
        chain.mine().await?;
        let confirming_block = Instant::now();
        callback(&mut received, "deposit.confirmed").await?;
        samples.push(confirming_block.elapsed());
    }
    workers.stop().await;
    samples.sort();
    println!(
        "{kind:?}: confirming block -> callback received ({DEPOSITS} single deposits, {confirmations} confirmations, polls {} ms): p50 {:.0} ms, p99 {:.0} ms (target p99 <= 500 ms)",
        shipped.workers.callback_poll_ms,
        percentile(&samples, 0.50).as_secs_f64() * 1000.0,
        percentile(&samples, 0.99).as_secs_f64() * 1000.0,
    );
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    support::each_database(run).await
}
