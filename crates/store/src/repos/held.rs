//! Rows a worker holds: the work tables whose rows carry a shown `reason` and the time they are
//! tried again (`next_attempt_at`), and the two things every such worker does with them.

use chrono::{DateTime, Utc};
use coffer_domain::error::AppResult;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, DatabaseConnection, DbErr, QueryFilter};

use super::query::{release_lease, Leased};
use crate::entities::{collection, withdrawal};

/// How long a row whose stored values cannot be read waits before it is claimed again.
const UNREADABLE_HOLD: chrono::Duration = chrono::Duration::hours(1);

/// A leased table whose rows a worker holds with a reason.
pub(crate) trait Held: Leased {
    /// What a row is, in the log line of one that cannot be read.
    const NOUN: &'static str;
    /// The reason shown on row `id` when its stored values cannot be read.
    fn unreadable(id: i64) -> String;
    fn id() -> Self::Column;
    fn reason() -> Self::Column;
    fn next_attempt_at() -> Self::Column;
}

impl Held for collection::Entity {
    const NOUN: &'static str = "collection";
    fn unreadable(_: i64) -> String {
        "Held: the stored collection cannot be read; see the service log".into()
    }
    fn id() -> Self::Column {
        collection::Column::Id
    }
    fn reason() -> Self::Column {
        collection::Column::Reason
    }
    fn next_attempt_at() -> Self::Column {
        collection::Column::NextAttemptAt
    }
}

impl Held for withdrawal::Entity {
    const NOUN: &'static str = "withdrawal";
    fn unreadable(id: i64) -> String {
        format!("Held: the stored order (withdrawal {id}) cannot be read; see the service log")
    }
    fn id() -> Self::Column {
        withdrawal::Column::Id
    }
    fn reason() -> Self::Column {
        withdrawal::Column::Reason
    }
    fn next_attempt_at() -> Self::Column {
        withdrawal::Column::NextAttemptAt
    }
}

/// Shows `reason` (its first 500 characters, the column's size) on row `id` and leaves it until
/// `until`.
pub(crate) async fn hold<E: Held>(
    db: &DatabaseConnection,
    id: i64,
    reason: &str,
    until: DateTime<Utc>,
) -> AppResult<()> {
    E::update_many()
        .col_expr(
            E::reason(),
            Expr::value(reason.chars().take(500).collect::<String>()),
        )
        .col_expr(E::next_attempt_at(), Expr::value(until))
        .filter(E::id().eq(id))
        .exec(db)
        .await?;
    Ok(())
}

/// The rows `owner` won, read. A row whose stored values cannot be read (a type error) is held
/// for an hour and its lease given up, so that it does not stop the others' round; any other
/// error is the database's.
pub(crate) async fn read_claimed<E: Held>(
    db: &DatabaseConnection,
    won: Vec<i64>,
    owner: &str,
    now: DateTime<Utc>,
) -> AppResult<Vec<E::Model>> {
    let mut claimed = Vec::new();
    for id in won {
        match E::find().filter(E::id().eq(id)).one(db).await {
            Err(DbErr::Type(err)) => {
                tracing::error!(table = E::NOUN, id, error = %err, "stored row unreadable; held");
                hold::<E>(db, id, &E::unreadable(id), now + UNREADABLE_HOLD).await?;
                release_lease::<E>(owner).filter(E::id().eq(id)).exec(db).await?;
            }
            read => claimed.extend(read?),
        }
    }
    Ok(claimed)
}
