//! The devchain owns its tables: a fresh database gets them from `Devchain::open`, and a
//! database the release before left behind (the service's migration m20261122_000006_devchain
//! made them then, and is recorded as applied) still migrates and its chain goes on.

use chrono::{DateTime, Utc};
use coffer_chain::devchain::{Devchain, USDT_CONTRACT};
use coffer_domain::amount::BaseUnits;
use coffer_domain::clock::ManualClock;
use coffer_domain::ports::chain::{Asset, ChainAdapter};
use coffer_store::{Migrator, PoolSettings, Store};
use coffer_testkit::schema::{assert_snapshot, schema_of};
use coffer_testkit::{each_database, DbKind, TestDb};
use sea_orm::{ConnectionTrait, Database};
use sea_orm_migration::MigratorTrait;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

const ALICE: &str = "0x22310Bf73bC88ae2D2c9a29Bd87bC38FBAc9e6b0";

fn crate_file(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(path)
}

fn file_for(db: &TestDb, stem: &str, ext: &str) -> PathBuf {
    let kind = match db.kind {
        DbKind::Sqlite => "sqlite",
        DbKind::Postgres => "postgres",
    };
    crate_file(&format!("{stem}.{kind}.{ext}"))
}

/// The service's migrations, then the devchain opened on the same database.
async fn open(db: &TestDb) -> (Store, Devchain) {
    let settings = PoolSettings {
        max_connections: 4,
        connect_timeout: Duration::from_secs(10),
    };
    let store = Store::connect(&db.url, settings).await.unwrap();
    store.migrate().await.unwrap();
    let clock = Arc::new(ManualClock::new(
        DateTime::<Utc>::from_timestamp(1_800_000_000, 0).unwrap(),
    ));
    let chain = Devchain::open(store.connection().clone(), 1337, clock)
        .await
        .unwrap();
    (store, chain)
}

async fn assert_devchain_schema(db: &TestDb, store: &Store) {
    let snapshot = file_for(db, "tests/snapshots/devchain_schema", "txt");
    assert_snapshot(&snapshot, &schema_of(store.connection(), "devchain%").await);
}

async fn fresh_database_gets_the_tables_from_the_devchain(db: TestDb) {
    let (store, chain) = open(&db).await;
    assert_devchain_schema(&db, &store).await;
    Devchain::open(
        store.connection().clone(),
        1337,
        Arc::new(ManualClock::new(Utc::now())),
    )
    .await
    .expect("opening again is a no-op");
    assert_eq!(chain.head().await.unwrap().number, 0);
}

async fn previous_release_database_still_migrates(db: TestDb) {
    // The previous release: its 12 migrations (000006 among them, a no-op now, recorded as
    // applied) and the devchain's tables as its 000006 created them.
    let tables = file_for(&db, "tests/fixtures/previous_release_devchain", "sql");
    let tables = std::fs::read_to_string(tables).unwrap();
    let loader = Database::connect(&db.url).await.unwrap();
    Migrator::up(&loader, Some(12)).await.unwrap();
    loader.execute_unprepared(&tables).await.unwrap();
    loader.close().await.unwrap();

    let (store, chain) = open(&db).await;
    assert_devchain_schema(&db, &store).await;
    let usdt = Asset::Token {
        contract: USDT_CONTRACT.into(),
    };
    let amount = BaseUnits::from_decimal("25.5", 6).unwrap();
    chain.fund(ALICE, &usdt, amount).await.unwrap();
    chain.mine().await.unwrap();
    assert_eq!(chain.balance(ALICE, &usdt).await.unwrap(), amount);
}

each_database!(
    fresh_database_gets_the_tables_from_the_devchain,
    previous_release_database_still_migrates,
);
