//! The devchain's tables come from the service's migrations (m20261130_000001_devchain_tables;
//! their schema is in the store's snapshot). A database of either earlier release has them
//! already: made by the service's migration m20261122_000006_devchain (the release before the
//! devchain owned them), or by the devchain itself, with its history in `devchain_migrations`
//! (the release after). Both end with a fresh database's tables, keep their blocks, and their
//! chain goes on.

use chrono::{DateTime, Utc};
use coffer_chain::devchain::{Devchain, USDT_CONTRACT};
use coffer_domain::amount::BaseUnits;
use coffer_domain::clock::ManualClock;
use coffer_domain::ports::chain::{Asset, BlockRef, ChainAdapter};
use coffer_store::{Migrator, PoolSettings, Store};
use coffer_testkit::schema::schema_of;
use coffer_testkit::{each_database, DbKind, TestDb};
use sea_orm::{ConnectionTrait, Database};
use sea_orm_migration::{MigratorTrait, SchemaManager};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

const ALICE: &str = "0x22310Bf73bC88ae2D2c9a29Bd87bC38FBAc9e6b0";
const TABLES_MIGRATION: &str = "m20261130_000001_devchain_tables";
/// The blocks the earlier release had made.
const EARLIER_BLOCKS: &str = "INSERT INTO devchain_block (number, hash, parent_hash, timestamp, salt) \
     VALUES (0, '0xa0', NULL, 1800000000, 's0'), (1, '0xa1', '0xa0', 1800000002, 's1')";
/// The devchain's own migration history, as the release where it owned its tables left it.
const DEVCHAIN_HISTORY: &str = "CREATE TABLE devchain_migrations \
     (version varchar NOT NULL PRIMARY KEY, applied_at bigint NOT NULL); \
     INSERT INTO devchain_migrations VALUES ('m20261122_000001_devchain_tables', 1795900000)";

/// The devchain's tables as the service's migration m20261122_000006_devchain made them.
fn earlier_tables(db: &TestDb) -> String {
    let kind = match db.kind {
        DbKind::Sqlite => "sqlite",
        DbKind::Postgres => "postgres",
    };
    let file = format!("tests/fixtures/previous_release_devchain.{kind}.sql");
    std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(file)).unwrap()
}

/// The service's migrations (under the startup lock, as `coffer serve` runs them).
async fn migrated(db: &TestDb) -> Store {
    let settings = PoolSettings {
        max_connections: 4,
        connect_timeout: Duration::from_secs(10),
    };
    let store = Store::connect(&db.url, settings).await.unwrap();
    store.migrate().await.unwrap();
    store
}

async fn devchain_schema(store: &Store) -> String {
    schema_of(store.connection(), "devchain%").await
}

/// A database as an earlier release left it: its service migrations (the first `migrations`),
/// the devchain's tables with two blocks, and the `setup` of that release.
async fn earlier_release(db: &TestDb, migrations: usize, setup: &str) {
    let loader = Database::connect(&db.url).await.unwrap();
    Migrator::up(&loader, Some(migrations as u32)).await.unwrap();
    loader.execute_unprepared(&earlier_tables(db)).await.unwrap();
    loader.execute_unprepared(EARLIER_BLOCKS).await.unwrap();
    if !setup.is_empty() {
        loader.execute_unprepared(setup).await.unwrap();
    }
    loader.close().await.unwrap();
}

/// Migrates `db`, then checks its devchain tables against a fresh database's and goes on with
/// its chain: the earlier blocks stay, the next one links to them.
async fn migrates_and_goes_on(db: TestDb) {
    let store = migrated(&db).await;
    let fresh_db = TestDb::new(db.kind).await;
    let fresh = migrated(&fresh_db).await;
    assert_eq!(devchain_schema(&store).await, devchain_schema(&fresh).await);
    let history = SchemaManager::new(store.connection())
        .has_table("devchain_migrations")
        .await
        .unwrap();
    assert!(!history, "the devchain's own migration history is gone");

    let clock = Arc::new(ManualClock::new(
        DateTime::<Utc>::from_timestamp(1_800_000_010, 0).unwrap(),
    ));
    let chain = Devchain::open(store.connection().clone(), 1337, clock)
        .await
        .unwrap();
    let kept = BlockRef {
        number: 1,
        hash: "0xa1".into(),
    };
    assert_eq!(chain.head().await.unwrap(), kept);
    let usdt = Asset::Token {
        contract: USDT_CONTRACT.into(),
    };
    let amount = BaseUnits::from_decimal("25.5", 6).unwrap();
    chain.fund(ALICE, &usdt, amount).await.unwrap();
    let next = chain.mine().await.unwrap();
    assert_eq!(next.number, 2);
    assert_eq!(chain.block(2, &[]).await.unwrap().unwrap().parent_hash, "0xa1");
    assert_eq!(chain.balance(ALICE, &usdt).await.unwrap(), amount);
}

async fn database_from_before_the_devchain_owned_its_tables_migrates(db: TestDb) {
    // That release had 12 migrations, 000006 among them (a no-op now, recorded as applied).
    earlier_release(&db, 12, "").await;
    migrates_and_goes_on(db).await;
}

async fn database_where_the_devchain_owned_its_tables_migrates(db: TestDb) {
    let released = Migrator::migrations()
        .iter()
        .position(|m| m.name() == TABLES_MIGRATION)
        .expect("the migration is listed");
    earlier_release(&db, released, DEVCHAIN_HISTORY).await;
    migrates_and_goes_on(db).await;
}

each_database!(
    database_from_before_the_devchain_owned_its_tables_migrates,
    database_where_the_devchain_owned_its_tables_migrates,
);
