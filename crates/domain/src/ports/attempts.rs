//! Counters of failed guesses (sign-in passwords, authenticator codes), kept in the database so
//! that every process sharing it counts together.

use chrono::{DateTime, Duration, Utc};

use crate::error::AppResult;

/// What is counted: a subject (an account, a user's authenticator) and, for counters per
/// client address, the address (`""` for the subject as a whole).
#[derive(Debug, Clone, Copy)]
pub struct AttemptKey<'a> {
    pub subject: &'a str,
    pub source: &'a str,
}

/// `limit` failures within `window` lock the key for `lock`.
#[derive(Debug, Clone, Copy)]
pub struct AttemptRule {
    pub limit: i32,
    pub window: Duration,
    pub lock: Duration,
}

#[async_trait::async_trait]
pub trait AttemptRepo: Send + Sync {
    /// Counts an attempt before its secret is checked, in one conditional statement, so
    /// concurrent guesses can never count past the limit. Refused with the time the key frees
    /// up while it is locked or its window already holds `limit` attempts.
    async fn reserve_attempt(
        &self,
        key: AttemptKey<'_>,
        rule: AttemptRule,
        now: DateTime<Utc>,
    ) -> AppResult<Result<(), DateTime<Utc>>>;
    /// The reserved attempt was right: it stops counting.
    async fn release_attempt(&self, key: AttemptKey<'_>) -> AppResult<()>;
    /// The reserved attempt was wrong and stays counted; when it filled the window the key is
    /// locked from now for `rule.lock`. True if this call locked it.
    async fn settle_failure(
        &self,
        key: AttemptKey<'_>,
        rule: AttemptRule,
        now: DateTime<Utc>,
    ) -> AppResult<bool>;
    /// Forgets every counter of the subject (a password reset by e-mail ends a sign-in lock).
    async fn clear_attempts(&self, subject: &str) -> AppResult<()>;
}
