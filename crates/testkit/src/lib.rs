//! Test support: a fresh database per test on SQLite or PostgreSQL, and a macro that runs one
//! story test on every database.
//!
//! PostgreSQL tests need `COFFER_TEST_PG_URL`, the URL of a server where the test may create
//! databases (`make test` starts a throwaway cluster and sets it). Without it they fail with
//! a message saying so: a skipped database test would hide a broken dialect.

pub mod anvil;
pub mod schema;
mod smtp;
pub mod tron_node;

pub use anvil::AnvilPeer;
pub use smtp::SmtpPeer;
pub use tron_node::TronNode;

use rand::distributions::Alphanumeric;
use rand::Rng;
use sea_orm::{ConnectionTrait, Database};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DbKind {
    Sqlite,
    Postgres,
}

/// A database that exists only for one test.
pub struct TestDb {
    pub kind: DbKind,
    pub url: String,
    _dir: Option<tempfile::TempDir>,
}

pub const PG_URL_VAR: &str = "COFFER_TEST_PG_URL";

impl TestDb {
    pub async fn new(kind: DbKind) -> TestDb {
        match kind {
            DbKind::Sqlite => {
                let dir = tempfile::tempdir().expect("temporary directory");
                let url = format!("sqlite://{}/coffer.db?mode=rwc", dir.path().display());
                TestDb {
                    kind,
                    url,
                    _dir: Some(dir),
                }
            }
            DbKind::Postgres => {
                let admin_url = std::env::var(PG_URL_VAR).unwrap_or_else(|_| {
                    panic!("{PG_URL_VAR} is not set: run the tests with `make test`, which starts a throwaway PostgreSQL")
                });
                let name: String = rand::thread_rng()
                    .sample_iter(&Alphanumeric)
                    .take(12)
                    .map(char::from)
                    .collect();
                let name = format!("coffer_test_{}", name.to_ascii_lowercase());
                let admin = Database::connect(&admin_url)
                    .await
                    .expect("connecting to the test PostgreSQL");
                admin
                    .execute_unprepared(&format!("CREATE DATABASE {name}"))
                    .await
                    .expect("creating a test database");
                admin.close().await.ok();
                let base = admin_url
                    .rsplit_once('/')
                    .map(|(b, _)| b)
                    .expect("a URL with a database name");
                TestDb {
                    kind,
                    url: format!("{base}/{name}"),
                    _dir: None,
                }
            }
        }
    }
}

/// Runs each named `async fn name(db: TestDb)` once on SQLite and once on PostgreSQL, as
/// `sqlite::name` and `postgres::name`.
#[macro_export]
macro_rules! each_database {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    super::$name($crate::TestDb::new($crate::DbKind::Sqlite).await).await
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $name() {
                    super::$name($crate::TestDb::new($crate::DbKind::Postgres).await).await
                }
            )*
        }
    };
}
