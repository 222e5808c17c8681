//! Callbacks: what an order's change announces, the outbox the worker delivers from, and the
//! record of what was sent. One event type serves every kind of order: a kind is a variant of
//! [`OrderRef`] and [`CallbackEvent`].

use chrono::{DateTime, Utc};

use super::{CallbackStatus, DepositRecord, MerchantId, OrderStatus, PageRequest, Paged, WithdrawalRecord};
use crate::codes::CodeFilter;
use crate::error::AppResult;
use crate::exchange::orders::ExchangeOrderRecord;

/// Which order an event belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrderRef {
    Deposit(i64),
    Withdrawal(i64),
    Exchange(i64),
}

/// What a deposit event tells the merchant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DepositEvent {
    Seen,
    Confirmed,
    Void,
}

/// What a withdrawal event tells the merchant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WithdrawalEvent {
    /// Waits for a person (or passed review and goes on).
    Review,
    Rejected,
    Broadcast,
    Confirmed,
    Failed,
}

/// What an exchange event tells the merchant: the state the exchange entered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExchangeEvent {
    /// Its payment is seen, waiting for its confirmations.
    Confirming,
    /// Decided: its payout is on its way.
    Paying,
    Completed,
    /// Held for a person, with the reason.
    Review,
    Refunding,
    Refunded,
    Expired,
    Failed,
}

impl ExchangeEvent {
    /// The event of entering `status`; None for a state no event announces.
    pub fn entering(status: OrderStatus) -> Option<ExchangeEvent> {
        Some(match status {
            OrderStatus::Confirming => ExchangeEvent::Confirming,
            OrderStatus::Passed => ExchangeEvent::Paying,
            OrderStatus::Complete => ExchangeEvent::Completed,
            OrderStatus::AwaitingReview => ExchangeEvent::Review,
            OrderStatus::Refunding => ExchangeEvent::Refunding,
            OrderStatus::Refunded => ExchangeEvent::Refunded,
            OrderStatus::Expired => ExchangeEvent::Expired,
            OrderStatus::Failed => ExchangeEvent::Failed,
            _ => return None,
        })
    }
}

/// An order's change, with the order as it is after the change.
#[derive(Debug, Clone, Copy)]
pub enum CallbackEvent<'a> {
    Deposit(&'a DepositRecord, DepositEvent),
    Withdrawal(&'a WithdrawalRecord, WithdrawalEvent),
    Exchange(&'a ExchangeOrderRecord, ExchangeEvent),
}

impl<'a> CallbackEvent<'a> {
    /// The event name merchants see (stable).
    pub fn name(self) -> &'static str {
        match self {
            CallbackEvent::Deposit(_, change) => match change {
                DepositEvent::Seen => "deposit.confirming",
                DepositEvent::Confirmed => "deposit.confirmed",
                DepositEvent::Void => "deposit.void",
            },
            CallbackEvent::Withdrawal(_, change) => match change {
                WithdrawalEvent::Review => "withdraw.review",
                WithdrawalEvent::Rejected => "withdraw.rejected",
                WithdrawalEvent::Broadcast => "withdraw.broadcast",
                WithdrawalEvent::Confirmed => "withdraw.confirmed",
                WithdrawalEvent::Failed => "withdraw.failed",
            },
            CallbackEvent::Exchange(_, change) => match change {
                ExchangeEvent::Confirming => "exchange.confirming",
                ExchangeEvent::Paying => "exchange.paying",
                ExchangeEvent::Completed => "exchange.completed",
                ExchangeEvent::Review => "exchange.review",
                ExchangeEvent::Refunding => "exchange.refunding",
                ExchangeEvent::Refunded => "exchange.refunded",
                ExchangeEvent::Expired => "exchange.expired",
                ExchangeEvent::Failed => "exchange.failed",
            },
        }
    }

    pub fn order(self) -> OrderRef {
        match self {
            CallbackEvent::Deposit(d, _) => OrderRef::Deposit(d.id),
            CallbackEvent::Withdrawal(w, _) => OrderRef::Withdrawal(w.id),
            CallbackEvent::Exchange(x, _) => OrderRef::Exchange(x.id),
        }
    }

    pub fn merchant_id(self) -> MerchantId {
        match self {
            CallbackEvent::Deposit(d, _) => d.merchant_id,
            CallbackEvent::Withdrawal(w, _) => w.merchant_id,
            CallbackEvent::Exchange(x, _) => x.order.merchant_id,
        }
    }

    pub fn order_no(self) -> &'a str {
        match self {
            CallbackEvent::Deposit(d, _) => &d.order_no,
            CallbackEvent::Withdrawal(w, _) => &w.order_no,
            CallbackEvent::Exchange(x, _) => &x.order_no,
        }
    }
}

/// Builds the event of an order's change (the repository calls it inside the transaction that
/// makes the change). None: the merchant needs no notice.
pub trait EventBuilder: Send + Sync {
    fn build(&self, event: CallbackEvent<'_>) -> Option<NewCallbackEvent>;
}

#[derive(Debug, Clone)]
pub struct NewCallbackEvent {
    pub event_id: String,
    pub merchant_id: MerchantId,
    pub order: OrderRef,
    pub order_no: String,
    pub event: String,
    pub body: String,
    pub next_attempt_at: DateTime<Utc>,
}

impl NewCallbackEvent {
    /// The body as sent: the builder's JSON object with the event's place in its order's
    /// events, which is only known when it is written.
    pub fn body_with_seq(&self, seq: i64) -> String {
        match serde_json::from_str::<serde_json::Value>(&self.body) {
            Ok(serde_json::Value::Object(mut fields)) => {
                fields.insert("seq".into(), serde_json::json!(seq));
                serde_json::Value::Object(fields).to_string()
            }
            _ => self.body.clone(),
        }
    }
}

#[derive(Debug, Clone)]
pub struct CallbackEventRecord {
    pub id: i64,
    pub event_id: String,
    pub merchant_id: MerchantId,
    /// None only for a row that names no order (never written so).
    pub order: Option<OrderRef>,
    pub order_no: String,
    pub event: String,
    pub body: String,
    pub status: CallbackStatus,
    pub attempts: i32,
    pub next_attempt_at: DateTime<Utc>,
    pub last_http_status: Option<i32>,
    pub created_at: DateTime<Utc>,
    pub delivered_at: Option<DateTime<Utc>>,
    /// 1, 2, 3... in the order of the order's events.
    pub seq: i64,
}

#[derive(Debug, Clone)]
pub struct CallbackAttemptRecord {
    pub id: i64,
    pub event_id: String,
    pub merchant_id: MerchantId,
    pub url: String,
    pub http_status: Option<i32>,
    pub latency_ms: i64,
    pub response: String,
    pub error: String,
    pub success: bool,
    pub created_at: DateTime<Utc>,
    /// A stable failure code (callbacks::reason), "" on success.
    pub reason: String,
}

/// What a manual push found.
#[derive(Debug, Clone)]
pub enum PushOutcome {
    Missing,
    /// A newer event of the order exists: push that one.
    NotLatest,
    Queued(Box<CallbackEventRecord>),
}

/// What became of an attempt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AttemptOutcome {
    Delivered,
    Retry { at: DateTime<Utc> },
    Failed,
}

#[derive(Debug, Clone, Default)]
pub struct EventFilter {
    pub order_no: Option<String>,
    pub status: Option<CodeFilter<CallbackStatus>>,
    /// Created at or after `start`, before `end`.
    pub start: Option<DateTime<Utc>>,
    pub end: Option<DateTime<Utc>>,
}

/// The queue the callback worker delivers from (events are written by the order repositories,
/// with the change they announce).
#[async_trait::async_trait]
pub trait CallbackOutbox: Send + Sync {
    async fn claim_due_events(
        &self,
        owner: &str,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: u64,
    ) -> AppResult<Vec<CallbackEventRecord>>;
    /// Claims one due event for an immediate attempt (a manual push): None while it or an older
    /// event of its order is in flight.
    async fn claim_event(
        &self,
        id: i64,
        owner: &str,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
    ) -> AppResult<Option<CallbackEventRecord>>;
    /// Records an attempt and its outcome (event and order statuses) in one transaction.
    async fn finish_attempt(
        &self,
        event: &CallbackEventRecord,
        attempt: &CallbackAttemptRecord,
        outcome: &AttemptOutcome,
    ) -> AppResult<()>;
    /// Returns an event to the queue without an attempt (no callback address yet).
    async fn postpone_event(&self, id: i64, at: DateTime<Utc>) -> AppResult<()>;
    /// Queues an event again (manual push), due for the workers at `due` (the pusher claims and
    /// sends it before that). Only an order's newest event may go again: an older one would tell
    /// the merchant a state the order has left.
    async fn push_event(
        &self,
        merchant_id: MerchantId,
        event_id: &str,
        due: DateTime<Utc>,
    ) -> AppResult<PushOutcome>;
    /// Makes the merchant's queued events due now (its callback address was set or changed).
    async fn wake_events(&self, merchant_id: MerchantId, now: DateTime<Utc>) -> AppResult<u64>;
}

/// What was sent: events and their attempts, for the console.
#[async_trait::async_trait]
pub trait CallbackLog: Send + Sync {
    async fn page_events(
        &self,
        merchant_id: MerchantId,
        filter: &EventFilter,
        page: PageRequest,
    ) -> AppResult<Paged<CallbackEventRecord>>;
    async fn attempts(
        &self,
        merchant_id: MerchantId,
        event_id: &str,
    ) -> AppResult<Vec<CallbackAttemptRecord>>;
    /// The newest event of an order (a manual re-push).
    async fn latest_event(&self, order: OrderRef) -> AppResult<Option<CallbackEventRecord>>;
    /// How many of the merchant's events are failing: given up, or still queued after at
    /// least one failed attempt.
    async fn failing_events(&self, merchant_id: MerchantId) -> AppResult<u64>;
}

/// Where a merchant's callbacks go. Kept apart from the delivery outbox: the merchant API
/// settings own the address, the callback worker only reads it.
#[async_trait::async_trait]
pub trait CallbackDirectory: Send + Sync {
    /// The merchant's callback URL, None when it has not set one (nothing is delivered then;
    /// events wait and go out once an address is set).
    async fn callback_url(&self, merchant_id: MerchantId) -> AppResult<Option<String>>;
}
