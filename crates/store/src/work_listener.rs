//! Work-ready notifications from every process sharing a PostgreSQL database: the NOTIFY that
//! `repos/announce.rs` sends in the transaction of a queued callback event, received here
//! with LISTEN on a connection of the store's pool (held for as long as the listener lives).

use sea_orm::sqlx::postgres::PgListener;
use sea_orm::{ConnectionTrait, DatabaseBackend, DbErr};

use crate::repos::announce::{CALLBACKS_READY, WORK_CHANNEL};
use crate::Store;

/// What a notification says is ready.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Notified {
    Callbacks,
    /// The connection was lost and has been made again: what was sent meanwhile is not
    /// known, so every kind of work should look.
    Reconnected,
    /// A payload this version does not know (a newer process): ignored.
    Other,
}

pub struct WorkListener(PgListener);

fn db_err(err: sea_orm::sqlx::Error) -> DbErr {
    DbErr::Conn(sea_orm::RuntimeErr::SqlxError(err))
}

impl Store {
    /// Listens for other processes' work notifications; None on SQLite (one process per file:
    /// the in-process signals and polling are enough there).
    pub async fn work_listener(&self) -> Result<Option<WorkListener>, DbErr> {
        let db = self.connection();
        if db.get_database_backend() != DatabaseBackend::Postgres {
            return Ok(None);
        }
        let mut listener = PgListener::connect_with(db.get_postgres_connection_pool())
            .await
            .map_err(db_err)?;
        listener.listen(WORK_CHANNEL).await.map_err(db_err)?;
        Ok(Some(WorkListener(listener)))
    }
}

impl WorkListener {
    /// The next notification. An error means the connection could not be made again: the
    /// caller waits and calls again (the listener reconnects on each call).
    pub async fn next(&mut self) -> Result<Notified, DbErr> {
        Ok(match self.0.try_recv().await.map_err(db_err)? {
            Some(n) if n.payload() == CALLBACKS_READY => Notified::Callbacks,
            Some(_) => Notified::Other,
            None => Notified::Reconnected,
        })
    }
}
