//! The transaction list (402): deposits, withdrawals and exchanges in one timeline, newest first, paged
//! by keyset (the rows after the last one shown), never by OFFSET, so a page deep into the
//! list costs what the first one does.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use chrono::{DateTime, Utc};

use super::{DepositRecord, MerchantId, OrderFilter, OrderKind, WithdrawalRecord};
use crate::error::{AppError, AppResult};
use crate::exchange::orders::ExchangeOrderRecord;
use crate::messages::MsgKey;

/// Where a row sits in the timeline: created time, then kind, then id, all descending (a
/// withdrawal comes before a deposit of the same instant).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct TimelineKey {
    pub created_at: DateTime<Utc>,
    pub kind: OrderKind,
    pub id: i64,
}

/// The cursor's layout version: a cursor of another layout is refused, never misread.
const CURSOR_VERSION: &str = "v1";

impl TimelineKey {
    /// The opaque cursor a client sends back for the next page.
    pub fn cursor(&self) -> String {
        let text = format!(
            "{CURSOR_VERSION}|{}|{}|{}|{}",
            self.created_at.timestamp(),
            self.created_at.timestamp_subsec_nanos(),
            self.kind.code(),
            self.id
        );
        URL_SAFE_NO_PAD.encode(text)
    }

    /// Reads a cursor; anything this service did not write is a 10422.
    pub fn from_cursor(cursor: &str) -> AppResult<TimelineKey> {
        let invalid = || AppError::Invalid(MsgKey::CursorInvalid);
        // A cursor is about 40 characters; a longer one was not written here.
        if cursor.len() > 128 {
            return Err(invalid());
        }
        let bytes = URL_SAFE_NO_PAD.decode(cursor.trim()).map_err(|_| invalid())?;
        let text = String::from_utf8(bytes).map_err(|_| invalid())?;
        let parts: Vec<&str> = text.split('|').collect();
        let [CURSOR_VERSION, secs, nanos, kind, id] = parts[..] else {
            return Err(invalid());
        };
        let secs: i64 = secs.parse().map_err(|_| invalid())?;
        let nanos: u32 = nanos.parse().map_err(|_| invalid())?;
        let created_at = DateTime::from_timestamp(secs, nanos).ok_or_else(invalid)?;
        let kind = match kind {
            "1" => OrderKind::Deposit,
            "2" => OrderKind::Withdrawal,
            "3" => OrderKind::Exchange,
            _ => return Err(invalid()),
        };
        let id: i64 = id.parse().map_err(|_| invalid())?;
        if id < 1 || nanos >= 1_000_000_000 {
            return Err(invalid());
        }
        Ok(TimelineKey { created_at, kind, id })
    }
}

/// A row of the timeline: an order of either kind. Both variants are large records; a row is
/// built once and moved, so neither is boxed.
#[derive(Debug, Clone)]
#[allow(clippy::large_enum_variant)]
pub enum TimelineOrder {
    Deposit(DepositRecord),
    Withdrawal(WithdrawalRecord),
    Exchange(ExchangeOrderRecord),
}

impl TimelineOrder {
    pub fn key(&self) -> TimelineKey {
        match self {
            TimelineOrder::Deposit(d) => TimelineKey {
                created_at: d.created_at,
                kind: OrderKind::Deposit,
                id: d.id,
            },
            TimelineOrder::Withdrawal(w) => TimelineKey {
                created_at: w.created_at,
                kind: OrderKind::Withdrawal,
                id: w.id,
            },
            TimelineOrder::Exchange(x) => TimelineKey {
                created_at: x.created_at,
                kind: OrderKind::Exchange,
                id: x.id,
            },
        }
    }
}

/// One page of the timeline, and the key of its last row when more rows follow.
#[derive(Debug, Clone)]
pub struct TimelinePage {
    pub rows: Vec<TimelineOrder>,
    pub next: Option<TimelineKey>,
}

impl TimelinePage {
    /// The first `size` rows of `rows` (each kind's first rows after the same cursor, in any
    /// order) in timeline order; `next` when a row was left over.
    pub fn merge(mut rows: Vec<TimelineOrder>, size: usize) -> TimelinePage {
        rows.sort_by_key(|row| std::cmp::Reverse(row.key()));
        let more = rows.len() > size;
        rows.truncate(size);
        let next = if more {
            rows.last().map(TimelineOrder::key)
        } else {
            None
        };
        TimelinePage { rows, next }
    }
}

/// The timeline of one merchant's orders (store: `repos/order_keyset.rs`).
#[async_trait::async_trait]
pub trait OrderTimeline: Send + Sync {
    /// At most `size` rows of `kinds` that the filter selects, strictly after `after` (from
    /// the newest when None), in timeline order: each kind reads `size + 1` rows by index.
    async fn page_after(
        &self,
        merchant_id: MerchantId,
        filter: &OrderFilter,
        kinds: &[OrderKind],
        after: Option<TimelineKey>,
        size: u64,
    ) -> AppResult<TimelinePage>;
    /// How many rows of `kinds` the filter selects.
    async fn count(
        &self,
        merchant_id: MerchantId,
        filter: &OrderFilter,
        kinds: &[OrderKind],
    ) -> AppResult<u64>;
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn key(secs: i64, kind: OrderKind, id: i64) -> TimelineKey {
        TimelineKey {
            created_at: Utc.timestamp_opt(secs, 123_456_000).unwrap(),
            kind,
            id,
        }
    }

    #[test]
    fn a_cursor_reads_back_as_the_key_it_was_written_from() {
        let k = key(1_790_000_000, OrderKind::Withdrawal, 42);
        assert_eq!(TimelineKey::from_cursor(&k.cursor()).unwrap(), k);
    }

    #[test]
    fn a_cursor_not_written_here_is_refused() {
        let forged = |text: &str| URL_SAFE_NO_PAD.encode(text);
        for cursor in [
            "garbage!".to_string(),
            String::new(),
            forged("v1|1|2|3"),
            forged("v2|1790000000|0|1|5"),
            forged("v1|1790000000|0|4|5"),
            forged("v1|1790000000|0|1|0"),
            forged("v1|1790000000|2000000000|1|5"),
            forged("v1|99999999999999|0|1|5"),
            "A".repeat(200),
        ] {
            let refused = TimelineKey::from_cursor(&cursor).unwrap_err();
            assert!(
                matches!(refused, AppError::Invalid(MsgKey::CursorInvalid)),
                "{cursor}: {refused:?}"
            );
        }
    }

    #[test]
    fn at_the_same_instant_a_withdrawal_comes_before_a_deposit_then_the_higher_id() {
        assert!(key(10, OrderKind::Withdrawal, 1) > key(10, OrderKind::Deposit, 9));
        assert!(key(10, OrderKind::Deposit, 9) > key(10, OrderKind::Deposit, 8));
        assert!(key(11, OrderKind::Deposit, 1) > key(10, OrderKind::Withdrawal, 9));
        assert!(key(10, OrderKind::Exchange, 1) > key(10, OrderKind::Withdrawal, 9));
    }
}
