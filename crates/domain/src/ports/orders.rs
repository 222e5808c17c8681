//! Order lists and totals (console and merchant API): one filter and one set of queries for
//! every kind of order, the kind being the record type asked for.

use chrono::{DateTime, Utc};

use super::{MerchantId, PageRequest, Paged};
use crate::amount::BaseUnits;
use crate::codes::CodeFilter;
use crate::error::AppResult;

/// The kinds of order the lists know (the wire's `type`: 1 deposit, 2 withdrawal, 3 exchange).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum OrderKind {
    Deposit = 1,
    Withdrawal = 2,
    Exchange = 3,
}

impl OrderKind {
    pub fn code(self) -> i32 {
        self as i32
    }
}

crate::stored_codes! {
    /// An order's state: the contract's numbering, shared by every kind (docs/api.md).
    /// Deposits use Confirming, Complete and Void; withdrawals move by `withdrawals::state`;
    /// exchanges also take Refunding, Refunded and Expired, which no other kind does.
    #[derive(Default)]
    pub enum OrderStatus {
        /// Checks (limits, risk control) still running; where every withdrawal starts.
        #[default]
        New = 0,
        AwaitingReview = 1,
        /// Passed: released to the executor.
        Passed = 2,
        Rejected = 3,
        /// No normal hot wallet holds the amount and the fee yet; retried.
        WaitingSettlement = 4,
        /// Signed and stored, being broadcast.
        WaitingConfirm = 5,
        /// Broadcast, not in a block yet.
        Processing = 6,
        Confirming = 7,
        Complete = 8,
        PartiallyComplete = 9,
        Failed = 10,
        Void = 11,
        /// An exchange's payment is being sent back to its payer (exchanges only).
        Refunding = 12,
        /// An exchange's payment went back to its payer: nothing was exchanged.
        Refunded = 13,
        /// An exchange order no payment arrived for in time.
        Expired = 14,
    }

    /// Callback status of an order or of one of its events.
    pub enum CallbackStatus {
        Pending = 0,
        Success = 1,
        Failed = 2,
        /// A newer event of the same order came before this one was delivered; it is never
        /// sent after that (events only, never an order's status).
        Superseded = 3,
        /// A deposit never credited (it has a note): nothing about it is sent to the merchant
        /// (orders only, never an event's status).
        NotAnnounced = 4,
    }

    /// Notification status of an order.
    pub enum NotifyStatus {
        NotRequired = 0,
        Notifying = 1,
        Success = 2,
        Failure = 3,
    }
}

/// What an order list or total selects. Text fields are trimmed; empty ones select all.
#[derive(Debug, Clone, Default)]
pub struct OrderFilter {
    /// Created at or after `start`, before `end`.
    pub start: Option<DateTime<Utc>>,
    pub end: Option<DateTime<Utc>>,
    pub chain_id: Option<i64>,
    /// An exchange's token in or out; every other kind's one token.
    pub token_id: Option<i64>,
    /// One exchange pair; kinds without a pair ignore it.
    pub pair_id: Option<i64>,
    pub status: Option<CodeFilter<OrderStatus>>,
    /// Some(true): only the deposits never credited, whatever their state (a note:
    /// `deposits::rules::is_credited`), the console's "Not credited"; Some(false): only the
    /// others. Every other kind is always creditable.
    pub uncredited: Option<bool>,
    /// Any part of the source or target address (an exchange's payout address too), any case.
    pub address: Option<String>,
    /// The whole transaction hash, any case (an exchange's payout or refund hash too).
    pub hash: Option<String>,
    pub order_no: Option<String>,
    /// Kinds without a merchant order number (deposits) ignore it.
    pub merchant_order_no: Option<String>,
    pub open_id: Option<String>,
}

/// How many orders, and their exact sum per chain and token (`S`: an [`OrderSum`], or one with
/// its token named).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tally<S = OrderSum> {
    pub count: u64,
    pub sums: Vec<S>,
}

impl<S> Tally<S> {
    /// The same count with each sum turned into `T`.
    pub fn map<T>(self, each: impl FnMut(S) -> T) -> Tally<T> {
        Tally {
            count: self.count,
            sums: self.sums.into_iter().map(each).collect(),
        }
    }
}

/// The orders a filter selects: in all, and per outcome (every outcome, in
/// `OrderOutcome::ALL` order, empty ones included).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OrderTotals<S = OrderSum> {
    pub all: Tally<S>,
    pub outcomes: Vec<OutcomeTotals<S>>,
}

/// The orders of one outcome among those a filter selects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutcomeTotals<S = OrderSum> {
    pub outcome: OrderOutcome,
    pub tally: Tally<S>,
}

impl<S> OrderTotals<S> {
    /// The same totals with each sum turned into `T`.
    pub fn map<T>(self, mut each: impl FnMut(S) -> T) -> OrderTotals<T> {
        OrderTotals {
            all: self.all.map(&mut each),
            outcomes: self
                .outcomes
                .into_iter()
                .map(|o| OutcomeTotals {
                    outcome: o.outcome,
                    tally: o.tally.map(&mut each),
                })
                .collect(),
        }
    }
}

/// What became of an order, as the summaries count it: money that moved apart from money
/// that may still move, was refused, failed, or arrived but never reaches the balance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum OrderOutcome {
    /// Complete (or partially complete): the money moved.
    Complete,
    /// Still on its way: new, in review, passed, waiting, broadcast, confirming.
    Pending,
    Rejected,
    /// Failed on chain, or void.
    Failed,
    /// A deposit that is never credited (dust, an unsupported token), whatever its state.
    Uncredited,
}

impl OrderOutcome {
    pub const ALL: [OrderOutcome; 5] = [
        OrderOutcome::Complete,
        OrderOutcome::Pending,
        OrderOutcome::Rejected,
        OrderOutcome::Failed,
        OrderOutcome::Uncredited,
    ];

    /// `creditable` is false for a deposit the rules never credit (`deposits::rules::is_credited`).
    pub fn of(status: OrderStatus, creditable: bool) -> OrderOutcome {
        if !creditable {
            return OrderOutcome::Uncredited;
        }
        match status {
            OrderStatus::Complete | OrderStatus::PartiallyComplete => OrderOutcome::Complete,
            OrderStatus::Rejected => OrderOutcome::Rejected,
            OrderStatus::Failed | OrderStatus::Void | OrderStatus::Refunded | OrderStatus::Expired => {
                OrderOutcome::Failed
            }
            OrderStatus::New
            | OrderStatus::AwaitingReview
            | OrderStatus::Passed
            | OrderStatus::WaitingSettlement
            | OrderStatus::WaitingConfirm
            | OrderStatus::Processing
            | OrderStatus::Confirming
            | OrderStatus::Refunding => OrderOutcome::Pending,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderSum {
    pub chain_id: i64,
    /// None: the chain's native coin.
    pub token_id: Option<i64>,
    pub decimals: i32,
    pub amount: BaseUnits,
}

/// The queries of one kind of order, `R` being its record (`DepositRecord`,
/// `WithdrawalRecord`): always scoped to one merchant.
#[async_trait::async_trait]
pub trait OrderQueries<R>: Send + Sync {
    /// Newest first.
    async fn page_orders(
        &self,
        merchant_id: MerchantId,
        filter: &OrderFilter,
        page: PageRequest,
    ) -> AppResult<Paged<R>>;
    /// Count and exact sums of what the filter selects, read row by row (not held in memory).
    async fn order_totals(&self, merchant_id: MerchantId, filter: &OrderFilter) -> AppResult<OrderTotals>;
    /// Ids of what the filter selects in `status` (both must hold), oldest first, at most
    /// `limit`, and how many there are in all.
    async fn order_ids(
        &self,
        merchant_id: MerchantId,
        filter: &OrderFilter,
        status: OrderStatus,
        limit: u64,
    ) -> AppResult<(Vec<i64>, u64)>;
    /// The merchant's orders among `ids`, in one read; unknown ids are left out.
    async fn orders_by_ids(&self, merchant_id: MerchantId, ids: &[i64]) -> AppResult<Vec<R>>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_complete_orders_count_as_money_that_moved() {
        assert_eq!(
            OrderOutcome::of(OrderStatus::Complete, true),
            OrderOutcome::Complete
        );
        assert_eq!(
            OrderOutcome::of(OrderStatus::Confirming, true),
            OrderOutcome::Pending
        );
        assert_eq!(
            OrderOutcome::of(OrderStatus::AwaitingReview, true),
            OrderOutcome::Pending
        );
        assert_eq!(
            OrderOutcome::of(OrderStatus::Rejected, true),
            OrderOutcome::Rejected
        );
        assert_eq!(OrderOutcome::of(OrderStatus::Failed, true), OrderOutcome::Failed);
        assert_eq!(OrderOutcome::of(OrderStatus::Void, true), OrderOutcome::Failed);
    }

    #[test]
    fn a_deposit_never_credited_is_uncredited_even_when_complete() {
        assert_eq!(
            OrderOutcome::of(OrderStatus::Complete, false),
            OrderOutcome::Uncredited
        );
        assert_eq!(
            OrderOutcome::of(OrderStatus::Confirming, false),
            OrderOutcome::Uncredited
        );
    }
}
