//! The schema the migrations build, compared with a recorded snapshot per database: a
//! migration already applied in the field must keep producing the same tables, columns,
//! defaults, keys and indexes. A new migration changes the snapshot on purpose: rerun with
//! COFFER_BLESS=1 and review the diff of tests/snapshots/schema.*.txt.

use coffer_store::{PoolSettings, Store};
use coffer_testkit::{each_database, DbKind, TestDb};
use sea_orm::{ConnectionTrait, DatabaseConnection, Statement};
use std::path::PathBuf;

const SQLITE: &str = "SELECT type || ' ' || name || ': ' || sql FROM sqlite_master \
     WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' AND name <> 'seaql_migrations' \
     ORDER BY type, name";

const POSTGRES: [&str; 3] = [
    "SELECT table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable \
     || COALESCE(' DEFAULT ' || column_default, '') FROM information_schema.columns \
     WHERE table_schema = 'public' AND table_name <> 'seaql_migrations' \
     ORDER BY table_name, column_name",
    "SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' \
     AND tablename <> 'seaql_migrations' ORDER BY indexname",
    "SELECT c.conrelid::regclass::text || ' ' || c.conname || ': ' || pg_get_constraintdef(c.oid) \
     FROM pg_constraint c WHERE c.connamespace = 'public'::regnamespace \
     AND c.conrelid::regclass::text <> 'seaql_migrations' ORDER BY 1",
];

async fn lines(db: &DatabaseConnection, sql: &str) -> Vec<String> {
    let backend = db.get_database_backend();
    db.query_all(Statement::from_string(backend, sql))
        .await
        .unwrap()
        .iter()
        .map(|row| row.try_get_by_index::<String>(0).unwrap())
        .collect()
}

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
    let (file, queries) = match db.kind {
        DbKind::Sqlite => ("schema.sqlite.txt", vec![SQLITE]),
        DbKind::Postgres => ("schema.postgres.txt", POSTGRES.to_vec()),
    };
    let mut actual = String::new();
    for sql in queries {
        for line in lines(store.connection(), sql).await {
            actual.push_str(&line);
            actual.push('\n');
        }
    }
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(file);
    if std::env::var_os("COFFER_BLESS").is_some() {
        std::fs::write(&path, &actual).unwrap();
    }
    let recorded = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        recorded == actual,
        "the migrated schema differs from {}; if a new migration means it to, rerun with \
         COFFER_BLESS=1 and review the diff\n{actual}",
        path.display()
    );
}

each_database!(migrated_schema);
