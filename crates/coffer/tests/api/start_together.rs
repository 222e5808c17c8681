//! Nodes that start together: two real `coffer serve` started at the same moment on a fresh
//! database both serve, five times out of five. They take turns to migrate and write the first
//! start's rows, so the database holds one set of each; two `coffer admin demo` at once make
//! one demo merchant with one seed; and the two devchain miners make one block per interval
//! between them, not one each.

use chrono::{DateTime, Utc};
use coffer_domain::menu::catalogue::MENUS;
use coffer_store::catalogue::PUBLIC_CONFIG;
use coffer_store::Migrator;
use coffer_testkit::{each_database, TestDb};
use sea_orm::{ConnectionTrait, Database, DatabaseConnection, Statement};
use sea_orm_migration::MigratorTrait;
use std::collections::BTreeSet;
use std::path::Path;
use std::time::{Duration, Instant};

use crate::restart::{coffer, log, serve_on, Served};

const TRIES: usize = 5;
const BLOCK_INTERVAL_MS: i64 = 200;

fn master_key() -> String {
    let key = coffer_domain::crypto::SecretBox::generate_key();
    key.iter().map(|b| format!("{b:02x}")).collect()
}

/// The address `node`, started from `dir`, says it listens on; fails with its log if it exits.
async fn listening(node: &mut Served, dir: &Path) -> String {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let out = std::fs::read_to_string(dir.join("coffer.out")).unwrap_or_default();
        if let Some(address) = out.lines().find_map(|l| l.strip_prefix("Coffer listening on ")) {
            return address.to_string();
        }
        if let Some(status) = node.try_wait().unwrap() {
            panic!("coffer exited ({status}) instead of serving:\n{}", log(dir));
        }
        assert!(Instant::now() < deadline, "coffer never served:\n{}", log(dir));
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn count(db: &DatabaseConnection, table: &str) -> i64 {
    let sql = format!("SELECT COUNT(*) AS n FROM {table}");
    let row = db
        .query_one(Statement::from_string(db.get_database_backend(), sql))
        .await
        .unwrap()
        .unwrap();
    row.try_get("", "n").unwrap()
}

async fn applied_migrations(db: &DatabaseConnection) -> Vec<String> {
    let sql = "SELECT version FROM seaql_migrations ORDER BY version";
    let rows = db
        .query_all(Statement::from_string(db.get_database_backend(), sql))
        .await
        .unwrap();
    rows.iter().map(|r| r.try_get("", "version").unwrap()).collect()
}

/// Waits until the devchain has `blocks` blocks after genesis; then, when each was made.
async fn mined_at(db: &DatabaseConnection, blocks: i64, dir: &Path) -> Vec<DateTime<Utc>> {
    let deadline = Instant::now() + Duration::from_secs(60);
    while count(db, "devchain_block").await <= blocks {
        assert!(Instant::now() < deadline, "no devchain blocks:\n{}", log(dir));
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let sql = "SELECT mined_at FROM devchain_block ORDER BY number";
    let rows = db
        .query_all(Statement::from_string(db.get_database_backend(), sql))
        .await
        .unwrap();
    rows.iter().map(|r| r.try_get("", "mined_at").unwrap()).collect()
}

/// Two `coffer admin demo` started at once: both succeed.
fn two_demo_seeds_at_once(database_url: &str, key: &str, dir: &Path) {
    let start = || {
        coffer(database_url, key, dir)
            .args(["admin", "demo"])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("coffer runs")
    };
    let children = [start(), start()];
    for child in children {
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "coffer admin demo: {out:?}");
    }
}

async fn one_try(db: TestDb) {
    let key = master_key();
    let dirs = [tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap()];
    let interval = BLOCK_INTERVAL_MS.to_string();
    let env = [("COFFER__DEVCHAIN__BLOCK_INTERVAL_MS", interval.as_str())];
    let mut nodes = dirs
        .each_ref()
        .map(|dir| serve_on(&db.url, &key, dir.path(), &env));
    let http = reqwest::Client::new();
    for (node, dir) in nodes.iter_mut().zip(&dirs) {
        let address = listening(node, dir.path()).await;
        let health = http.get(format!("{address}/healthz")).send().await.unwrap();
        assert_eq!(health.status(), 200, "{}", log(dir.path()));
    }

    let database = Database::connect(&db.url).await.unwrap();
    let listed: Vec<String> = Migrator::migrations()
        .iter()
        .map(|m| m.name().to_owned())
        .collect();
    assert_eq!(applied_migrations(&database).await, listed);
    assert_eq!(count(&database, "menu").await, MENUS.len() as i64);
    assert_eq!(
        count(&database, "public_config").await,
        PUBLIC_CONFIG.len() as i64
    );
    for table in ["key_check", "platform_key", "chain", "token"] {
        assert_eq!(count(&database, table).await, 1, "{table}");
    }
    two_demo_seeds_at_once(&db.url, &key, dirs[0].path());
    for table in ["merchant", "app_user", "merchant_seed"] {
        assert_eq!(count(&database, table).await, 1, "{table}");
    }

    // Each block was made in an interval of its own (intervals counted from the epoch).
    let made = mined_at(&database, 5, dirs[0].path()).await;
    let intervals: BTreeSet<i64> = made
        .iter()
        .map(|at| at.timestamp_millis().div_euclid(BLOCK_INTERVAL_MS))
        .collect();
    assert_eq!(intervals.len(), made.len(), "blocks made at {made:?}");
    database.close().await.unwrap();
    drop(nodes);
}

async fn nodes_started_together_on_a_fresh_database_both_serve(db: TestDb) {
    let kind = db.kind;
    one_try(db).await;
    for _ in 1..TRIES {
        one_try(TestDb::new(kind).await).await;
    }
}

each_database!(nodes_started_together_on_a_fresh_database_both_serve);
