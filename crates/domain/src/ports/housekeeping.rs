//! Rows that only matter for a while: sessions past their lifetime, e-mail codes past their
//! expiry, merchant API nonces past the timestamp window, prices quoted (exchange, energy) that
//! expired unused. A worker deletes them so the tables
//! stay the size of what is live.

use chrono::{DateTime, Duration, Utc};

use crate::error::AppResult;

/// Deleted: sessions idle since before `sessions_seen_before` or created before
/// `sessions_created_before`, codes that expired before `codes_expired_before`, nonces that
/// expired before `nonces_expired_before`, quotes no order used that expired before
/// `quotes_expired_before`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cutoffs {
    pub sessions_seen_before: DateTime<Utc>,
    pub sessions_created_before: DateTime<Utc>,
    pub codes_expired_before: DateTime<Utc>,
    pub nonces_expired_before: DateTime<Utc>,
    pub quotes_expired_before: DateTime<Utc>,
}

/// An expired session is kept a while so its token still answers 'Login authorization
/// expired' (10512) rather than 'unknown session' to a console left open over a weekend.
pub const EXPIRED_SESSION_GRACE_DAYS: i64 = 7;
/// Expired codes are kept a day for the resend limit and for support questions.
pub const EXPIRED_CODE_GRACE_HOURS: i64 = 24;
/// Unused quotes (each merchant API quote and energy price is a row) are kept a day for support
/// questions ("which rate was I quoted?").
pub const EXPIRED_QUOTE_GRACE_HOURS: i64 = 24;

impl Cutoffs {
    pub fn at(now: DateTime<Utc>, session_idle: Duration, session_absolute: Duration) -> Cutoffs {
        let grace = Duration::days(EXPIRED_SESSION_GRACE_DAYS);
        Cutoffs {
            sessions_seen_before: now - session_idle - grace,
            sessions_created_before: now - session_absolute - grace,
            codes_expired_before: now - Duration::hours(EXPIRED_CODE_GRACE_HOURS),
            // A nonce outlives the timestamp window it guards: a replay after this is refused
            // for its stale timestamp.
            nonces_expired_before: now,
            quotes_expired_before: now - Duration::hours(EXPIRED_QUOTE_GRACE_HOURS),
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Pruned {
    pub sessions: u64,
    pub codes: u64,
    pub nonces: u64,
    pub quotes: u64,
}

#[async_trait::async_trait]
pub trait Housekeeping: Send + Sync {
    async fn prune(&self, cutoffs: &Cutoffs) -> AppResult<Pruned>;
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn cutoffs_keep_a_grace_after_expiry() {
        let now = Utc.with_ymd_and_hms(2026, 11, 22, 12, 0, 0).unwrap();
        let c = Cutoffs::at(now, Duration::minutes(30), Duration::hours(24));
        assert_eq!(
            c.sessions_seen_before,
            now - Duration::minutes(30) - Duration::days(7)
        );
        assert_eq!(
            c.sessions_created_before,
            now - Duration::hours(24) - Duration::days(7)
        );
        assert_eq!(c.codes_expired_before, now - Duration::hours(24));
        assert_eq!(c.nonces_expired_before, now);
        assert_eq!(c.quotes_expired_before, now - Duration::hours(24));
    }
}
