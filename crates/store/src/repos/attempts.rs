//! Counters of failed guesses. Each step is one conditional statement, so concurrent attempts
//! from several processes cannot count past a limit.

use chrono::{DateTime, Utc};
use coffer_domain::error::AppResult;
use coffer_domain::ports::{AttemptKey, AttemptRepo, AttemptRule};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{ColumnTrait, Condition, EntityTrait, QueryFilter, Set, UpdateMany};

use crate::entities::auth_attempt::{self, Column};
use crate::Store;

fn of_key(query: UpdateMany<auth_attempt::Entity>, key: AttemptKey<'_>) -> UpdateMany<auth_attempt::Entity> {
    query
        .filter(Column::Subject.eq(key.subject))
        .filter(Column::Source.eq(key.source))
}

/// No lock holds at `now`.
fn unlocked(now: DateTime<Utc>) -> Condition {
    Condition::any()
        .add(Column::LockedUntil.is_null())
        .add(Column::LockedUntil.lte(now))
}

#[async_trait::async_trait]
impl AttemptRepo for Store {
    async fn reserve_attempt(
        &self,
        key: AttemptKey<'_>,
        rule: AttemptRule,
        now: DateTime<Utc>,
    ) -> AppResult<Result<(), DateTime<Utc>>> {
        let db = self.connection();
        auth_attempt::Entity::insert(auth_attempt::ActiveModel {
            subject: Set(key.subject.to_string()),
            source: Set(key.source.to_string()),
            failures: Set(0),
            window_start: Set(None),
            locked_until: Set(None),
            ..Default::default()
        })
        .on_conflict(
            OnConflict::columns([Column::Subject, Column::Source])
                .do_nothing()
                .to_owned(),
        )
        .do_nothing()
        .exec(db)
        .await?;
        let cutoff = now - rule.window;
        // A new window when the last one is over or its lock has ended.
        let fresh = of_key(auth_attempt::Entity::update_many(), key)
            .col_expr(Column::Failures, Expr::value(1))
            .col_expr(Column::WindowStart, Expr::value(now))
            .col_expr(Column::LockedUntil, Expr::value(Option::<DateTime<Utc>>::None))
            .filter(
                Condition::any()
                    .add(Column::WindowStart.is_null())
                    .add(Column::WindowStart.lte(cutoff))
                    .add(Column::LockedUntil.lte(now)),
            )
            .filter(unlocked(now))
            .exec(db)
            .await?;
        if fresh.rows_affected == 1 {
            return Ok(Ok(()));
        }
        // Within the window: counted only while it holds fewer than the limit.
        let counted = of_key(auth_attempt::Entity::update_many(), key)
            .col_expr(Column::Failures, Expr::col(Column::Failures).add(1))
            .filter(Column::WindowStart.gt(cutoff))
            .filter(Column::Failures.lt(rule.limit))
            .filter(unlocked(now))
            .exec(db)
            .await?;
        if counted.rows_affected == 1 {
            return Ok(Ok(()));
        }
        let row = auth_attempt::Entity::find()
            .filter(Column::Subject.eq(key.subject))
            .filter(Column::Source.eq(key.source))
            .one(db)
            .await?;
        let Some(row) = row else {
            // Pruned between the statements (its window was long over): nothing to count against.
            return Ok(Ok(()));
        };
        let window_end = row.window_start.map(|start| start + rule.window);
        let until = row
            .locked_until
            .filter(|until| *until > now)
            .or(window_end)
            .filter(|until| *until > now)
            // Another process moved the row on its own clock: refuse this once, briefly.
            .unwrap_or(now);
        Ok(Err(until))
    }

    async fn release_attempt(&self, key: AttemptKey<'_>) -> AppResult<()> {
        of_key(auth_attempt::Entity::update_many(), key)
            .col_expr(Column::Failures, Expr::col(Column::Failures).sub(1))
            .filter(Column::Failures.gt(0))
            .exec(self.connection())
            .await?;
        Ok(())
    }

    async fn settle_failure(
        &self,
        key: AttemptKey<'_>,
        rule: AttemptRule,
        now: DateTime<Utc>,
    ) -> AppResult<bool> {
        let locked = of_key(auth_attempt::Entity::update_many(), key)
            .col_expr(Column::LockedUntil, Expr::value(now + rule.lock))
            .filter(Column::Failures.gte(rule.limit))
            .filter(unlocked(now))
            .exec(self.connection())
            .await?;
        Ok(locked.rows_affected == 1)
    }

    async fn clear_attempts(&self, subject: &str) -> AppResult<()> {
        auth_attempt::Entity::delete_many()
            .filter(Column::Subject.eq(subject))
            .exec(self.connection())
            .await?;
        Ok(())
    }
}
