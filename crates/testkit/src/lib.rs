//! Test support: a fresh database per test on SQLite or PostgreSQL, and a macro that runs one
//! story test on every database.
//!
//! PostgreSQL tests need `COFFER_TEST_PG_URL`, the URL of a server where the test may create
//! databases (`make test` starts a throwaway cluster and sets it). Without it they fail with
//! a message saying so: a skipped database test would hide a broken dialect. Each test's
//! database is dropped when its `TestDb` is, also when the test fails.

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

/// A database that exists only for one test: a file in a temporary folder, or a PostgreSQL
/// database that is dropped with this value.
pub struct TestDb {
    pub kind: DbKind,
    pub url: String,
    _dir: Option<tempfile::TempDir>,
    _pg: Option<PgDatabase>,
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
                    _pg: None,
                }
            }
            DbKind::Postgres => {
                let admin_url = std::env::var(PG_URL_VAR).unwrap_or_else(|_| {
                    panic!("{PG_URL_VAR} is not set: run the tests with `make test`, which starts a throwaway PostgreSQL")
                });
                let database = PgDatabase::create(admin_url).await;
                TestDb {
                    kind,
                    url: database.url(),
                    _dir: None,
                    _pg: Some(database),
                }
            }
        }
    }
}

/// A database created in the test cluster, dropped on `Drop`.
struct PgDatabase {
    admin_url: String,
    name: String,
}

impl PgDatabase {
    async fn create(admin_url: String) -> PgDatabase {
        // The process id keeps parallel test processes apart; the random part, tests in one.
        let random: String = rand::thread_rng()
            .sample_iter(&Alphanumeric)
            .take(12)
            .map(char::from)
            .collect();
        let name = format!(
            "coffer_test_{}_{}",
            std::process::id(),
            random.to_ascii_lowercase()
        );
        let admin = Database::connect(&admin_url)
            .await
            .expect("connecting to the test PostgreSQL");
        admin
            .execute_unprepared(&format!("CREATE DATABASE {name}"))
            .await
            .expect("creating a test database");
        admin.close().await.ok();
        PgDatabase { admin_url, name }
    }

    fn url(&self) -> String {
        let base = self
            .admin_url
            .rsplit_once('/')
            .map(|(b, _)| b)
            .expect("a URL with a database name");
        format!("{base}/{}", self.name)
    }

    async fn drop_database(admin_url: &str, name: &str) -> Result<(), sea_orm::DbErr> {
        let admin = Database::connect(admin_url).await?;
        // FORCE ends the connections the test's app still holds (its server task outlives
        // the test body).
        let dropped = admin
            .execute_unprepared(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
            .await;
        admin.close().await.ok();
        dropped.map(|_| ())
    }
}

impl Drop for PgDatabase {
    fn drop(&mut self) {
        // `Drop` cannot await, and it may run on a runtime thread (where blocking on that
        // runtime panics) or while a failed test unwinds: drop on a thread of its own.
        let (admin_url, name) = (self.admin_url.clone(), std::mem::take(&mut self.name));
        let dropped = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("a runtime for dropping the test database");
            runtime.block_on(PgDatabase::drop_database(&admin_url, &name))
        })
        .join();
        if let Ok(Err(e)) = dropped {
            eprintln!("could not drop the test database: {e}");
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
