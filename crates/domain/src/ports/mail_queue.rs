//! Mail a background round sends (`mail_sender.rs`): queued in the transaction of the change
//! that calls for it, delivered by whichever process leases it first, marked sent once.

use chrono::{DateTime, Utc};

use crate::error::AppResult;
use crate::mail::Mail;

/// A queued mail as its sender leased it.
#[derive(Debug, Clone)]
pub struct QueuedMail {
    pub id: i64,
    pub mail: Mail,
    /// Deliveries tried before this one.
    pub attempts: i32,
}

#[async_trait::async_trait]
pub trait MailQueue: Send + Sync {
    /// Leases to `owner` until `until` at most `limit` unsent mails due at `now`, oldest first;
    /// of several senders exactly one wins each.
    async fn claim_mails(
        &self,
        owner: &str,
        now: DateTime<Utc>,
        until: DateTime<Utc>,
        limit: u64,
    ) -> AppResult<Vec<QueuedMail>>;
    /// Marks a mail `owner` leased as sent and gives up its lease.
    async fn mail_sent(&self, id: i64, owner: &str, at: DateTime<Utc>) -> AppResult<()>;
    /// A delivery that failed: due again at `retry_at`, with the reason, its lease given up.
    async fn mail_failed(&self, id: i64, owner: &str, retry_at: DateTime<Utc>, error: &str) -> AppResult<()>;
}
