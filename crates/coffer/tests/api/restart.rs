//! A real `coffer serve` process killed (SIGKILL) while its callbacks are in flight, then
//! started again: every callback reaches the merchant under its one event id, none is lost and
//! none turns into a new event. The killed process's claims run out (`workers.lease_secs`, no
//! heartbeat renews them any more) and the new process delivers them. A process stopped gracefully gives up its
//! scanning leases, so the next one scans at once.

use coffer_testkit::{each_database, TestDb};
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::console::paging;
use crate::deposits::merchant_ready;
use crate::helpers::{spawn_app, TestApp};
use crate::receiver::{Receiver, Reply};
use crate::wallets::demo_merchant;

const DEV: i64 = 1337;
const DEPOSITS: usize = 6;

/// `coffer serve` on the test's database with the workers on, delivering quickly.
fn serve(app: &TestApp, dir: &std::path::Path) -> Served {
    serve_with(app, dir, &[])
}

/// A `coffer serve` child that is killed when dropped, so a failing test leaves none behind.
pub struct Served(pub Child);

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Served {
    /// Kills the process (SIGKILL) and reaps it, now.
    pub fn kill(mut self) {
        self.0.kill().unwrap();
        self.0.wait().unwrap();
    }
}

impl std::ops::Deref for Served {
    type Target = Child;
    fn deref(&self) -> &Child {
        &self.0
    }
}

impl std::ops::DerefMut for Served {
    fn deref_mut(&mut self) -> &mut Child {
        &mut self.0
    }
}

/// The same, with more `COFFER__` settings (they win over the ones set here).
pub fn serve_with(app: &TestApp, dir: &std::path::Path, env: &[(&str, &str)]) -> Served {
    let database = app.config.database.url.expose();
    serve_on(database, app.config.security.master_key.expose(), dir, env)
}

/// `coffer serve` on any database, from `dir` (its log `coffer.log`, its stdout `coffer.out`);
/// the `COFFER__` settings in `env` win over the test settings here.
pub fn serve_on(database_url: &str, master_key: &str, dir: &std::path::Path, env: &[(&str, &str)]) -> Served {
    let child = coffer(database_url, master_key, dir)
        .arg("serve")
        .env("COFFER__SERVER__BIND", "127.0.0.1:0")
        .env("COFFER__WORKERS__ENABLED", "true")
        .env("COFFER__WORKERS__CALLBACK_POLL_MS", "100")
        .env("COFFER__WORKERS__SCAN_INTERVAL_MS", "100")
        .env("COFFER__DEVCHAIN__BLOCK_INTERVAL_MS", "0")
        .env("COFFER__CALLBACKS__TIMEOUT_SECS", "2")
        .env("COFFER__WORKERS__LEASE_SECS", "2")
        .env("COFFER__CALLBACKS__RETRY_INTERVAL_SECS", "1")
        .env("COFFER__CALLBACKS__ALLOW_PRIVATE_TARGETS", "true")
        // The tests' sessions are made on their manual clock (2026-11-22); a child runs on the
        // wall clock, and its housekeeping would delete them once the wall clock passes their
        // expiry plus the grace days. Sessions that last a century keep the suite independent
        // of the day it runs on.
        .env("COFFER__AUTH__SESSION_IDLE_MINUTES", "52560000")
        .env("COFFER__AUTH__SESSION_ABSOLUTE_HOURS", "876000")
        .envs(env.iter().copied())
        .stdout(
            std::fs::File::create(dir.join("coffer.out"))
                .map(Stdio::from)
                .unwrap_or(Stdio::null()),
        )
        .stderr(
            std::fs::File::create(dir.join("coffer.log"))
                .map(Stdio::from)
                .unwrap_or(Stdio::null()),
        )
        .spawn()
        .expect("coffer starts");
    Served(child)
}

/// The `coffer` binary on a database, run from `dir` (no stray `coffer.toml` applies).
pub fn coffer(database_url: &str, master_key: &str, dir: &std::path::Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_coffer"));
    command
        .current_dir(dir)
        .env("COFFER__DATABASE__URL", database_url)
        .env("COFFER__SECURITY__MASTER_KEY", master_key);
    command
}

/// The end of the log of the children started from `dir`, to say why one did not do what was
/// expected.
pub fn log(dir: &std::path::Path) -> String {
    let text = std::fs::read_to_string(dir.join("coffer.log")).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(30)..].join("\n")
}

async fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !done() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn a_killed_service_loses_no_callback(db: TestDb) {
    let receiver = Receiver::start().await;
    let app = spawn_app(db).await;
    let token = merchant_ready(&app, &receiver).await;
    let merchant = demo_merchant(&app).await;
    for i in 0..DEPOSITS {
        let address = app
            .wallets
            .deposit_address(merchant, DEV, &format!("user-{i}"))
            .await
            .unwrap()
            .address;
        app.send_usdt(&address, "2").await;
    }
    app.devchain.mine().await.unwrap();
    assert_eq!(
        app.scanner.scan_chain(DEV).await.unwrap().deposits,
        DEPOSITS as u64
    );

    // The merchant's server is slow: the first process dies with every callback in flight.
    receiver.reply(Reply::Slow);
    let dir = tempfile::tempdir().unwrap();
    let first = serve(&app, dir.path());
    wait_until("callbacks in flight", || {
        receiver.received.lock().unwrap().len() >= DEPOSITS
    })
    .await;
    first.kill();
    let in_flight = receiver.received.lock().unwrap().len();

    receiver.reply(Reply::Ok);
    let second = serve(&app, dir.path());
    let delivered = || async {
        let page = app
            .callbacks(&token)
            .page(json!({"page": 1, "pageSize": 100, "status": 1}))
            .await;
        page.data()["total"].as_u64().unwrap_or(0)
    };
    let deadline = Instant::now() + Duration::from_secs(60);
    while delivered().await < DEPOSITS as u64 {
        assert!(Instant::now() < deadline, "not every callback was delivered");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    second.kill();

    let events: Vec<Value> = receiver.events();
    assert!(events.len() > in_flight, "the second process delivered again");
    let ids: BTreeSet<&str> = events.iter().map(|e| e["eventId"].as_str().unwrap()).collect();
    assert_eq!(
        ids.len(),
        DEPOSITS,
        "one event id per deposit, retried under the same id"
    );
    let orders: BTreeSet<&str> = events.iter().map(|e| e["orderNo"].as_str().unwrap()).collect();
    assert_eq!(orders.len(), DEPOSITS);
    let all = app.callbacks(&token).page(paging(1, 100)).await;
    assert_eq!(all.data()["total"], DEPOSITS, "no event was made twice");
}

/// The devchain's scanning lease: its owner, empty when free.
async fn scan_owner(app: &TestApp) -> Option<String> {
    use coffer_store::entities::scan_cursor;
    use sea_orm::EntityTrait;
    let cursor = scan_cursor::Entity::find_by_id(DEV)
        .one(app.store.connection())
        .await
        .unwrap();
    cursor.map(|c| c.lease_owner)
}

async fn a_stopped_service_hands_its_scanning_over_at_once(db: TestDb) {
    let app = spawn_app(db).await;
    let dir = tempfile::tempdir().unwrap();
    let served = serve(&app, dir.path());
    let deadline = Instant::now() + Duration::from_secs(60);
    while scan_owner(&app).await.unwrap_or_default().is_empty() {
        assert!(Instant::now() < deadline, "the service never scanned");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(
        app.scanner.scan_chain(DEV).await.unwrap().busy,
        "the running service holds the lease"
    );

    // SIGTERM, as a service manager stops it: it exits cleanly and gives the lease up.
    let stopped = Command::new("kill")
        .args(["-TERM", &served.id().to_string()])
        .status()
        .unwrap();
    assert!(stopped.success());
    let mut served = served;
    let deadline = Instant::now() + Duration::from_secs(30);
    let status = loop {
        if let Some(status) = served.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "coffer did not stop on SIGTERM");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(status.success(), "{status:?}");
    assert_eq!(scan_owner(&app).await.as_deref(), Some(""));
    assert!(
        !app.scanner.scan_chain(DEV).await.unwrap().busy,
        "scanned at once"
    );
}

each_database!(
    a_killed_service_loses_no_callback,
    a_stopped_service_hands_its_scanning_over_at_once,
);
