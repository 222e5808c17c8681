//! The schema a database holds, as text to compare with a recorded snapshot: a migration
//! already applied in the field must keep producing the same tables, columns, defaults, keys
//! and indexes. A change meant to alter the schema rewrites the snapshot when the test runs with
//! COFFER_BLESS=1; the diff is then reviewed like code.

use sea_orm::{ConnectionTrait, DatabaseBackend, DatabaseConnection, Statement};
use std::path::Path;

/// Every object of the tables whose name is LIKE `tables`, one per line in a stable order;
/// the migration history tables are left out.
pub async fn schema_of(db: &DatabaseConnection, tables: &str) -> String {
    let backend = db.get_database_backend();
    let queries: Vec<String> = match backend {
        DatabaseBackend::Sqlite => vec![format!(
            "SELECT type || ' ' || name || ': ' || sql FROM sqlite_master \
             WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' AND tbl_name LIKE '{tables}' AND tbl_name NOT LIKE '%migrations' \
             ORDER BY type, name"
        )],
        _ => vec![
            format!(
                "SELECT table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable \
                 || COALESCE(' DEFAULT ' || column_default, '') FROM information_schema.columns \
                 WHERE table_schema = 'public' AND table_name LIKE '{tables}' \
                 AND table_name NOT LIKE '%migrations' ORDER BY table_name, column_name"
            ),
            format!(
                "SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' \
                 AND tablename LIKE '{tables}' AND tablename NOT LIKE '%migrations' \
                 ORDER BY indexname"
            ),
            format!(
                "SELECT c.conrelid::regclass::text || ' ' || c.conname || ': ' \
                 || pg_get_constraintdef(c.oid) FROM pg_constraint c \
                 WHERE c.connamespace = 'public'::regnamespace \
                 AND c.conrelid::regclass::text LIKE '{tables}' \
                 AND c.conrelid::regclass::text NOT LIKE '%migrations' ORDER BY 1"
            ),
        ],
    };
    let mut text = String::new();
    for sql in queries {
        for row in db
            .query_all(Statement::from_string(backend, sql))
            .await
            .expect("reading the schema")
        {
            text.push_str(&row.try_get_by_index::<String>(0).expect("a text column"));
            text.push('\n');
        }
    }
    text
}

/// Fails unless `actual` is the snapshot at `path` (written first under COFFER_BLESS=1).
pub fn assert_snapshot(path: &Path, actual: &str) {
    if std::env::var_os("COFFER_BLESS").is_some() {
        std::fs::write(path, actual).expect("writing the snapshot");
    }
    let recorded = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        recorded == actual,
        "the schema differs from {}; if the change means it to, rerun with COFFER_BLESS=1 \
         and review the diff\n{actual}",
        path.display()
    );
}
