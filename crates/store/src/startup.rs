//! Migrating and first-start seeding, one process at a time. Several `coffer serve` may start
//! together on one database (a fresh one too): each takes the startup lock, migrates and seeds,
//! and lets the next one in, which then finds nothing left to do.
//!
//! - PostgreSQL: a session advisory lock ([`PG_LOCK_KEY`]) on a connection of its own, outside
//!   the pool, so the work holding it can use the whole pool. Closing that connection releases
//!   the lock, and so does the server when the process dies.
//! - SQLite: an exclusive lock on a file beside the database (`<database>-startup.lock`, left
//!   in place), released when the process closes it or dies. Not on the database file itself:
//!   closing another handle to it would drop SQLite's own locks.

use sea_orm::sqlx::{self, Connection};
use sea_orm::{ConnectionTrait, DatabaseBackend, DbErr, RuntimeErr};
use sea_orm_migration::MigratorTrait;
use std::future::Future;
use std::path::Path;

use crate::{catalogue, Migrator, Store, StoreError};

/// The advisory lock's key: "coffer" in ASCII.
const PG_LOCK_KEY: i64 = 0x636f_6666_6572;

/// What holds the startup lock until dropped or released.
enum Held {
    Postgres(sqlx::PgConnection),
    SqliteFile(std::fs::File),
    /// A database in memory belongs to this process alone.
    Nothing,
}

impl Store {
    /// Creates or updates the schema and syncs the catalogue, under the startup lock.
    pub async fn migrate(&self) -> Result<(), StoreError> {
        self.migrate_then(async {}).await
    }

    /// Migrates, then runs `seed` (first-start work: the rows every process needs and only one
    /// may write, such as the master key check and the platform key), both under the startup
    /// lock, so that processes starting together take turns. `seed` must not migrate: the lock
    /// is not re-entrant.
    pub async fn migrate_then<T>(&self, seed: impl Future<Output = T>) -> Result<T, StoreError> {
        self.exclusively(async {
            self.migrate_unlocked().await?;
            Ok(seed.await)
        })
        .await?
    }

    /// Runs `work` under the startup lock. A panic in `work` drops the lock's holder, which
    /// releases it too.
    pub(crate) async fn exclusively<T>(&self, work: impl Future<Output = T>) -> Result<T, StoreError> {
        let held = self.take_startup_lock().await?;
        let done = work.await;
        held.release().await;
        Ok(done)
    }

    async fn migrate_unlocked(&self) -> Result<(), StoreError> {
        Migrator::up(&self.db, None).await?;
        catalogue::sync(&self.db).await?;
        self.fill_rollup_if_empty()
            .await
            .map_err(|e| StoreError::Rollup(e.to_string()))?;
        self.fill_collectable_if_empty()
            .await
            .map_err(|e| StoreError::Collectable(e.to_string()))?;
        Ok(())
    }

    async fn take_startup_lock(&self) -> Result<Held, StoreError> {
        match (self.db.get_database_backend(), &self.sqlite_file) {
            (DatabaseBackend::Postgres, _) => {
                let options = self.db.get_postgres_connection_pool().connect_options();
                let mut connection = sqlx::PgConnection::connect_with(&options)
                    .await
                    .map_err(|e| DbErr::Conn(RuntimeErr::SqlxError(e)))?;
                let taken: bool = sqlx::query_scalar("SELECT pg_try_advisory_lock($1)")
                    .bind(PG_LOCK_KEY)
                    .fetch_one(&mut connection)
                    .await
                    .map_err(exec_err)?;
                if !taken {
                    waiting();
                    sqlx::query("SELECT pg_advisory_lock($1)")
                        .bind(PG_LOCK_KEY)
                        .execute(&mut connection)
                        .await
                        .map_err(exec_err)?;
                }
                Ok(Held::Postgres(connection))
            }
            (_, Some(database)) => {
                let path = format!("{}-startup.lock", database.display());
                let file = tokio::task::spawn_blocking({
                    let path = path.clone();
                    move || lock_file(Path::new(&path))
                })
                .await
                .map_err(|e| std::io::Error::other(e.to_string()))
                .and_then(|locked| locked)
                .map_err(|source| StoreError::StartupLock { path, source })?;
                Ok(Held::SqliteFile(file))
            }
            _ => Ok(Held::Nothing),
        }
    }
}

impl Held {
    async fn release(self) {
        match self {
            Held::Postgres(connection) => {
                // Ending the session releases its advisory locks (also if closing fails).
                if let Err(err) = connection.close().await {
                    tracing::warn!(error = %err, "closing the startup lock's connection");
                }
            }
            Held::SqliteFile(file) => drop(file),
            Held::Nothing => {}
        }
    }
}

/// Opens (creating it owner-only) and locks `path`, waiting while another process holds it.
fn lock_file(path: &Path) -> std::io::Result<std::fs::File> {
    let file = crate::open_owner_only(path)?;
    match file.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            waiting();
            file.lock()?;
        }
        Err(std::fs::TryLockError::Error(err)) => return Err(err),
    }
    Ok(file)
}

fn waiting() {
    tracing::info!("another process is migrating this database; waiting for it to finish");
}

fn exec_err(err: sqlx::Error) -> DbErr {
    DbErr::Exec(RuntimeErr::SqlxError(err))
}
