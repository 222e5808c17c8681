//! The schema the store's migrations build, compared with the snapshot per database in
//! tests/snapshots (a new migration updates it on purpose: see coffer_testkit::schema).

use coffer_store::{PoolSettings, Store};
use coffer_testkit::schema::{assert_snapshot, schema_of};
use coffer_testkit::{each_database, DbKind, TestDb};
use std::path::PathBuf;

async fn migrated_schema(db: TestDb) {
    let store = Store::connect(
        &db.url,
        PoolSettings {
            max_connections: 2,
            connect_timeout: std::time::Duration::from_secs(10),
        },
    )
    .await
    .unwrap();
    store.migrate().await.unwrap();
    let file = match db.kind {
        DbKind::Sqlite => "schema.sqlite.txt",
        DbKind::Postgres => "schema.postgres.txt",
    };
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(file);
    assert_snapshot(&path, &schema_of(store.connection(), "%").await);
}

each_database!(migrated_schema);
