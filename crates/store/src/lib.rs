//! Storage: SeaORM entities, the migrations, and the repositories that implement the domain's
//! ports. One code path serves SQLite (the embedded default) and PostgreSQL.

pub mod admin;
pub mod catalogue;
pub mod entities;
mod migration;
mod repos;
mod startup;
pub mod work_listener;

use coffer_domain::AppError;
use sea_orm::{ConnectOptions, ConnectionTrait, Database, DatabaseConnection, DbErr};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

pub use migration::Migrator;
/// The comparable form of an amount waiting for collection (for tools that write rows directly).
pub use repos::collectable::{waiting_key, CreditDifference};

/// The database behind every repository.
#[derive(Clone)]
pub struct Store {
    db: DatabaseConnection,
    /// The SQLite database file, beside which processes take turns to migrate (`startup.rs`).
    sqlite_file: Option<Arc<Path>>,
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database URL must start with sqlite:// or postgres:// (got {0:?})")]
    UnsupportedUrl(String),
    #[error("cannot create the data directory {path}: {source}")]
    DataDir { path: String, source: std::io::Error },
    #[error(transparent)]
    Db(#[from] DbErr),
    #[error("filling the order buckets: {0}")]
    Rollup(String),
    #[error("counting credited deposits for collection: {0}")]
    Collectable(String),
    #[error("taking turns with other processes to migrate ({path}): {source}")]
    StartupLock { path: String, source: std::io::Error },
}

pub struct PoolSettings {
    pub max_connections: u32,
    pub connect_timeout: Duration,
}

impl Store {
    /// Connects to `url` (sqlite://path?mode=rwc or postgres://...). For SQLite the parent
    /// directory is created, and WAL with foreign keys is switched on.
    pub async fn connect(url: &str, pool: PoolSettings) -> Result<Store, StoreError> {
        coffer_domain::error::recognise_unavailable(database_away);
        let is_sqlite = url.starts_with("sqlite:");
        if !is_sqlite && !url.starts_with("postgres://") && !url.starts_with("postgresql://") {
            return Err(StoreError::UnsupportedUrl(redact_url(url)));
        }
        let sqlite_file = match is_sqlite {
            true => ensure_sqlite_dir(url)?,
            false => None,
        };
        let mut options = ConnectOptions::new(url.to_string());
        options
            .max_connections(pool.max_connections)
            .connect_timeout(pool.connect_timeout)
            .acquire_timeout(pool.connect_timeout)
            .sqlx_logging(false);
        let store = Store {
            db: Database::connect(options).await?,
            sqlite_file,
        };
        if is_sqlite {
            // WAL lets readers run beside the single writer; foreign keys are off by default in
            // SQLite and must be on for every connection (sqlx sets it per connection too).
            // Switching to WAL needs the database to itself and SQLite does not wait for that:
            // processes starting together take turns.
            let pragmas = "PRAGMA journal_mode=WAL; PRAGMA foreign_keys=ON;";
            store.exclusively(store.db.execute_unprepared(pragmas)).await??;
        }
        Ok(store)
    }

    pub fn connection(&self) -> &DatabaseConnection {
        &self.db
    }

    /// A transaction that holds the write lock from its first statement. SQLite cannot turn a
    /// transaction that has read into a writer once another connection committed (SQLITE_BUSY
    /// at once, the busy timeout does not apply); taking the lock first makes it wait its turn.
    /// On PostgreSQL the opening statement touches no row.
    pub(crate) async fn begin_write(&self) -> Result<sea_orm::DatabaseTransaction, AppError> {
        use sea_orm::sea_query::Expr;
        use sea_orm::{EntityTrait, QueryFilter, TransactionTrait};
        let tx = self.db.begin().await?;
        entities::public_config::Entity::update_many()
            .col_expr(
                entities::public_config::Column::Value,
                Expr::col(entities::public_config::Column::Value).into(),
            )
            .filter(Expr::val(1).eq(0))
            .exec(&tx)
            .await?;
        Ok(tx)
    }

    pub fn backend_name(&self) -> &'static str {
        match self.db.get_database_backend() {
            sea_orm::DatabaseBackend::Sqlite => "sqlite",
            sea_orm::DatabaseBackend::Postgres => "postgres",
            sea_orm::DatabaseBackend::MySql => "mysql",
        }
    }
}

/// A URL fit for a log line: the password, if any, is replaced.
pub fn redact_url(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme_end), Some(at)) if at > scheme_end => {
            let userinfo = &url[scheme_end + 3..at];
            let user = userinfo.split(':').next().unwrap_or_default();
            format!("{}{}:***{}", &url[..scheme_end + 3], user, &url[at..])
        }
        _ => url.to_string(),
    }
}

/// Creates the SQLite file's directory and the file itself (owner only); its path, or None for
/// a database in memory.
fn ensure_sqlite_dir(url: &str) -> Result<Option<Arc<Path>>, StoreError> {
    let path = url.trim_start_matches("sqlite://").trim_start_matches("sqlite:");
    let path = path.split('?').next().unwrap_or_default();
    if path.is_empty() || path == ":memory:" {
        return Ok(None);
    }
    if let Some(dir) = std::path::Path::new(path)
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
    {
        std::fs::create_dir_all(dir).map_err(|source| StoreError::DataDir {
            path: dir.display().to_string(),
            source,
        })?;
    }
    owner_only(std::path::Path::new(path)).map_err(|source| StoreError::DataDir {
        path: path.to_string(),
        source,
    })?;
    Ok(Some(Arc::from(Path::new(path))))
}

/// The database holds sealed keys, session digests and every order: readable by the service's
/// user only. Created 0600 before SQLite opens it (its -wal and -shm files take the same mode),
/// and an older, wider file is narrowed.
#[cfg(unix)]
fn owner_only(path: &std::path::Path) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    open_owner_only(path)?;
    for suffix in ["", "-wal", "-shm"] {
        let file = std::path::PathBuf::from(format!("{}{suffix}", path.display()));
        if file.exists() {
            std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600))?;
        }
    }
    Ok(())
}

#[cfg(not(unix))]
fn owner_only(_path: &std::path::Path) -> std::io::Result<()> {
    Ok(())
}

/// Opens `path` for appending, creating it readable and writable by its owner only.
fn open_owner_only(path: &std::path::Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.create(true).append(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path)
}

/// A connection that failed or could not be had from the pool: the database is away (10503),
/// not at fault (10500). Registered with the domain by [`Store::connect`].
fn database_away(err: &(dyn std::error::Error + 'static)) -> bool {
    matches!(
        err.downcast_ref::<DbErr>(),
        Some(DbErr::Conn(_) | DbErr::ConnectionAcquire(_))
    )
}

/// One page of an ordered query and the count of all its rows.
pub(crate) async fn fetch_page<E: sea_orm::EntityTrait>(
    store: &Store,
    query: sea_orm::Select<E>,
    page: coffer_domain::ports::PageRequest,
) -> Result<(Vec<E::Model>, u64), AppError>
where
    E::Model: Send + Sync,
{
    use sea_orm::{PaginatorTrait, QuerySelect};
    let total = query.clone().count(store.connection()).await?;
    let rows = query
        .offset(page.offset())
        .limit(page.size)
        .all(store.connection())
        .await?;
    Ok((rows, total))
}

/// A unique-key violation on insert means the e-mail already has an account.
pub(crate) fn email_taken_or(err: DbErr) -> AppError {
    match err.sql_err() {
        Some(sea_orm::SqlErr::UniqueConstraintViolation(_)) => AppError::EmailTaken,
        _ => AppError::from(err),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_are_redacted_for_logs() {
        assert_eq!(
            redact_url("postgres://coffer:s3cret@db:5432/coffer"),
            "postgres://coffer:***@db:5432/coffer"
        );
        assert_eq!(
            redact_url("sqlite://data/coffer.db?mode=rwc"),
            "sqlite://data/coffer.db?mode=rwc"
        );
    }
}
