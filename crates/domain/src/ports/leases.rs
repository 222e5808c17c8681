//! Work leases as one concern: every leased row (a chain's scan cursor, an order, a hot
//! wallet's signing turn, a collection, a callback event, a balance reading, a running export)
//! belongs to one worker of one process until `lease_until`. A live process renews its
//! workers' leases by a heartbeat, so a lease can be short (a dead process's work moves in
//! seconds) and a slow step never loses its lease; a step checks that it still holds its lease
//! before it signs, writes or sends (`holds`). The state-conditional writes stay what keeps
//! anything from happening twice: the lease only keeps two processes from working on the same
//! thing at once.

use chrono::{DateTime, Utc};

use crate::error::AppResult;

/// One leased piece of work.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lease<'a> {
    /// A chain's deposit scanning (its cursor).
    ScanCursor {
        chain_id: i64,
    },
    Withdrawal {
        id: i64,
    },
    /// A hot wallet's signing turn (one signer at a time, so nonces follow each other).
    HotWallet {
        chain_id: i64,
        address: &'a str,
    },
    Collection {
        id: i64,
    },
    CallbackEvent {
        id: i64,
    },
}

#[async_trait::async_trait]
pub trait LeaseRenewal: Send + Sync {
    /// Moves to `until` every lease one of `owners` still holds at `now` (an expired one is
    /// not revived: another process may be taking it). How many rows were renewed.
    async fn renew_leases(
        &self,
        owners: &[String],
        now: DateTime<Utc>,
        until: DateTime<Utc>,
    ) -> AppResult<u64>;
    /// Whether `owner` holds `lease` at `now`.
    async fn holds(&self, lease: Lease<'_>, owner: &str, now: DateTime<Utc>) -> AppResult<bool>;
}
