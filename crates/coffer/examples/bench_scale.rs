//! `make bench`: the lists, summaries, Home and exports with a large history. Per database: ROWS deposits and ROWS withdrawals for the bench merchant spread over
//! the last 365 days (and a tenth of that for a second merchant beside them), written straight
//! into the order tables in batches, then the hourly buckets rebuilt from them
//! (`rebuild_rollup`, what `coffer admin rollup rebuild` does). Then the real HTTP API is timed,
//! signed in as the merchant's administrator: p50 and p99 over REPEAT calls each; then the
//! deposit export of the whole year (ROWS rows) read to its end: rows per second, and how much
//! the process's resident memory grew at its peak while it ran (server and client are this
//! process; the heap the seeding freed is returned to the system and Linux's peak counter reset
//! before the export).
//!
//! COFFER_BENCH_ROWS (default 1000000) sets ROWS.

mod support;

use chrono::{DateTime, Duration, Utc};
use coffer_domain::amount::BaseUnits;
use coffer_domain::identity::{self, Email};
use coffer_domain::ports::{
    CallbackStatus, NotifyStatus, OrderStatus, RollupAudit, SessionRepo, UserRepo, WithdrawalSource,
};
use coffer_store::entities::{deposit, withdrawal, Stored};
use coffer_testkit::DbKind;
use sea_orm::{ConnectionTrait, EntityTrait, Set};
use serde_json::{json, Value};
use std::time::Instant;
use support::{CHAIN, USDT};

const REPEAT: usize = 200;
const BATCH: usize = 500;

fn rows() -> usize {
    std::env::var("COFFER_BENCH_ROWS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000)
}

/// The i-th of n orders' creation time: evenly over the 365 days before `now`.
fn created(now: DateTime<Utc>, i: usize, n: usize) -> DateTime<Utc> {
    let span = Duration::days(365).num_seconds();
    now - Duration::seconds(span - (span * i as i64) / n.max(1) as i64)
}

fn deposit_row(merchant: i64, i: usize, at: DateTime<Utc>) -> deposit::ActiveModel {
    let status = if i.is_multiple_of(50) {
        OrderStatus::Confirming
    } else {
        OrderStatus::Complete
    };
    deposit::ActiveModel {
        merchant_id: Set(merchant),
        chain_id: Set(CHAIN),
        token_id: Set(Some(USDT)),
        deposit_address_id: Set(1),
        open_id: Set(format!("user-{}", i % 1000)),
        to_address: Set(format!("0x{:040x}", i % 1000)),
        from_address: Set(format!("0x{:040x}", 1_000_000 + i)),
        tx_hash: Set(format!("0x{merchant:08x}{i:056x}")),
        tx_index: Set(0),
        amount: Set(Stored(
            BaseUnits::from_decimal(&format!("{}.5", 1 + i % 997), 6).unwrap(),
        )),
        decimals: Set(6),
        block_number: Set(i as i64),
        block_hash: Set(format!("0x{i:064x}")),
        required_confirmations: Set(2),
        status: Set(Stored(status)),
        note: Set(String::new()),
        credited: Set(status == OrderStatus::Complete),
        order_no: Set(format!("D{merchant}B{i:09}")),
        callback_status: Set(Stored(CallbackStatus::Success)),
        callback_result: Set(String::new()),
        notify_status: Set(Stored(NotifyStatus::Success)),
        created_at: Set(at),
        confirmed_at: Set(Some(at)),
        void_at: Set(None),
        updated_at: Set(at),
        ..Default::default()
    }
}

fn withdrawal_row(merchant: i64, i: usize, at: DateTime<Utc>) -> withdrawal::ActiveModel {
    let status = match i % 40 {
        0 => OrderStatus::AwaitingReview,
        1 => OrderStatus::Rejected,
        _ => OrderStatus::Complete,
    };
    withdrawal::ActiveModel {
        merchant_id: Set(merchant),
        order_no: Set(format!("W{merchant}B{i:09}")),
        merchant_order_no: Set(Some(format!("M{merchant}B{i:09}"))),
        source: Set(Stored(WithdrawalSource::MerchantApi)),
        open_id: Set(format!("user-{}", i % 1000)),
        security_code: Set(String::new()),
        chain_id: Set(CHAIN),
        token_id: Set(Some(USDT)),
        decimals: Set(6),
        requested_from: Set(None),
        from_address: Set(format!("0x{:040x}", 7)),
        to_address: Set(format!("0x{:040x}", 2_000_000 + i)),
        amount: Set(Stored(
            BaseUnits::from_decimal(&format!("{}.25", 1 + i % 991), 6).unwrap(),
        )),
        actual_amount: Set(Stored(
            BaseUnits::from_decimal(&format!("{}.25", 1 + i % 991), 6).unwrap(),
        )),
        fee: Set(Some(Stored(BaseUnits::from_decimal("0.000021", 18).unwrap()))),
        tx_hash: Set(format!("0x{merchant:08x}{i:056x}")),
        signed_raw: Set(String::new()),
        nonce: Set(Some(i as i64)),
        block_number: Set(Some(i as i64)),
        required_confirmations: Set(2),
        status: Set(Stored(status)),
        review_required: Set(false),
        risk_reasons: Set(String::new()),
        reason: Set(String::new()),
        remark: Set(String::new()),
        created_by: Set(None),
        created_by_email: Set(String::new()),
        reviewer_email: Set(String::new()),
        reviewed_at: Set(None),
        approved_at: Set(Some(at)),
        broadcast_at: Set(Some(at)),
        completed_at: Set(Some(at)),
        next_attempt_at: Set(at),
        lease_owner: Set(String::new()),
        lease_until: Set(None),
        callback_status: Set(Stored(CallbackStatus::Success)),
        callback_result: Set(String::new()),
        notify_status: Set(Stored(NotifyStatus::Success)),
        created_at: Set(at),
        updated_at: Set(at),
        ..Default::default()
    }
}

async fn seed(
    store: &coffer_store::Store,
    merchant: i64,
    n: usize,
    now: DateTime<Utc>,
) -> anyhow::Result<()> {
    let db = store.connection();
    for start in (0..n).step_by(BATCH) {
        let end = (start + BATCH).min(n);
        deposit::Entity::insert_many((start..end).map(|i| deposit_row(merchant, i, created(now, i, n))))
            .exec(db)
            .await?;
        withdrawal::Entity::insert_many(
            (start..end).map(|i| withdrawal_row(merchant, i, created(now, i, n))),
        )
        .exec(db)
        .await?;
    }
    Ok(())
}

/// p50 and p99 of `REPEAT` answers to one call, in ms.
async fn time_call(
    client: &reqwest::Client,
    base: &str,
    token: &str,
    path: &str,
    body: &Value,
) -> anyhow::Result<(f64, f64)> {
    let mut took = Vec::with_capacity(REPEAT);
    for _ in 0..REPEAT {
        let started = Instant::now();
        let answer: Value = client
            .post(format!("{base}{path}"))
            .header("sessionCode", token)
            .json(body)
            .send()
            .await?
            .json()
            .await?;
        took.push(started.elapsed().as_secs_f64() * 1000.0);
        anyhow::ensure!(answer["code"] == json!(1), "{path}: {answer}");
    }
    took.sort_by(|a, b| a.total_cmp(b));
    Ok((took[REPEAT / 2], took[REPEAT * 99 / 100]))
}

async fn run(kind: DbKind) -> anyhow::Result<()> {
    let n = rows();
    let bench = support::start(kind, |config| {
        config.database.max_connections = 10;
    })
    .await?;
    let store = bench.app.store.clone();
    let now = Utc::now();
    let seeding = Instant::now();
    seed(&store, bench.merchant, n, now).await?;
    store
        .seed_demo("other@coffer.local", "Bench-Pass-2026")
        .await
        .map_err(anyhow::Error::msg)?;
    let other = store
        .merchant_of("other@coffer.local")
        .await
        .map_err(anyhow::Error::msg)?
        .unwrap();
    seed(&store, other, n / 10, now).await?;
    let buckets = store.rebuild_rollup().await.map_err(anyhow::Error::msg)?;
    if kind == DbKind::Postgres {
        // What autovacuum does soon after a bulk load: statistics for the planner, and the
        // visibility map that lets index-only scans skip the table.
        store.connection().execute_unprepared("VACUUM ANALYZE").await?;
    }
    println!(
        "{kind:?}: seeded {n} deposits + {n} withdrawals (+{} for a second merchant) in {:.0} s, {buckets} buckets",
        n / 10,
        seeding.elapsed().as_secs_f64()
    );

    // A session of the administrator, as sign-in would make it.
    let admin = store
        .find_by_email(&Email::parse(support::EMAIL).map_err(anyhow::Error::msg)?)
        .await
        .map_err(anyhow::Error::msg)?
        .unwrap();
    let token = format!("bench-{}", hex::encode(rand::random::<[u8; 16]>()));
    store
        .create_session(&identity::secret_digest(&token), &admin, Utc::now())
        .await
        .map_err(anyhow::Error::msg)?;

    let app = bench.app;
    let base = format!("http://{}", app.local_addr());
    tokio::spawn(app.serve(std::future::pending()));
    let client = reqwest::Client::new();

    // Whole hours, as the console's merchant-day boundaries are.
    let hour = DateTime::from_timestamp(now.timestamp() - now.timestamp().rem_euclid(3600), 0).unwrap();
    let year = json!({"start": (hour - Duration::days(365)).to_rfc3339(), "end": (hour + Duration::hours(1)).to_rfc3339()});
    let month = json!({"start": (hour - Duration::days(30)).to_rfc3339(), "end": (hour + Duration::hours(1)).to_rfc3339()});
    let with = |base: &Value, extra: Value| {
        let mut body = base.clone();
        body.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        body
    };
    let today = now.date_naive();
    let calls: Vec<(&str, &str, Value)> = vec![
        (
            "deposit list, first page",
            "/api/partner/deposit/pageTx",
            with(&year, json!({"page": 1, "pageSize": 20})),
        ),
        (
            "deposit list, 10,000 rows deep",
            "/api/partner/deposit/pageTx",
            with(&year, json!({"page": 501, "pageSize": 20})),
        ),
        (
            "deposit summary, 30 days",
            "/api/partner/deposit/summary",
            month.clone(),
        ),
        (
            "transaction list, first page",
            "/api/partner/user/pageTx",
            with(&year, json!({"pageSize": 20})),
        ),
        ("home overview", "/api/partner/home/main_v3_2", json!({})),
        (
            "daily series, 365 days",
            "/api/partner/home/queryDailyTxData",
            json!({"startDate": (today - Duration::days(364)).to_string(), "endDate": today.to_string()}),
        ),
    ];
    for (name, path, body) in &calls {
        let (p50, p99) = time_call(&client, &base, &token, path, body).await?;
        println!("{kind:?}: {name:<34} p50 {p50:>7.1} ms  p99 {p99:>7.1} ms");
    }
    export(&client, &base, &token, &year, n, kind).await
}

/// A line of /proc/self/status in kB (Linux).
fn status_kb(field: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The year's deposits exported and read to the end, chunk by chunk (nothing kept).
async fn export(
    client: &reqwest::Client,
    base: &str,
    token: &str,
    year: &Value,
    n: usize,
    kind: DbKind,
) -> anyhow::Result<()> {
    // The heap the seeding freed goes back to the system first (glibc keeps it otherwise), so
    // the resident size is what the server holds; then the peak is reset to it (Linux: "5" to
    // clear_refs).
    // SAFETY: malloc_trim only releases free pages of glibc's heap; it takes no pointer.
    unsafe {
        libc::malloc_trim(0);
    }
    let reset = std::fs::write("/proc/self/clear_refs", "5").is_ok();
    let before = status_kb("VmRSS:").unwrap_or(0);
    let started = Instant::now();
    let mut answer = client
        .post(format!("{base}/api/partner/deposit/export"))
        .header("sessionCode", token)
        .json(year)
        .send()
        .await?;
    anyhow::ensure!(answer.status().is_success(), "export: {}", answer.status());
    let mut lines = 0usize;
    while let Some(chunk) = answer.chunk().await? {
        lines += chunk.iter().filter(|b| **b == b'\n').count();
    }
    let took = started.elapsed().as_secs_f64();
    let rows = lines.saturating_sub(1);
    // Every deposit of the year but the few created in the current hour's future part.
    anyhow::ensure!(rows + n / 100 >= n, "export: {rows} rows of {n}");
    let peak = if reset { status_kb("VmHWM:") } else { None };
    let mb = |kb: u64| kb as f64 / 1024.0;
    let memory = peak.map_or("peak memory unknown".to_string(), |p| {
        format!(
            "peak memory {:.0} MB (+{:.1} MB over the {:.0} MB resident before it)",
            mb(p),
            mb(p.saturating_sub(before)),
            mb(before)
        )
    });
    println!(
        "{kind:?}: deposit export, a year               {rows} rows in {took:.1} s: {:.0} rows/s, {memory}",
        rows as f64 / took,
    );
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    support::each_database(run).await
}
