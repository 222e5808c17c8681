//! Exchange storage: the merchants' pairs and the quotes given (`repos/exchange_pairs.rs`), the
//! orders (`repos/exchange_orders.rs`) and the round's work on them (`repos/exchange_work.rs`).

use chrono::{DateTime, Utc};

use super::{DepositRecord, EventBuilder, MerchantId, NewWithdrawal, OrderStatus};
use crate::amount::BaseUnits;
use crate::error::AppResult;
use crate::exchange::orders::{ExchangeOrderRecord, NewExchangeOrder, OrderPrice};
use crate::exchange::pairs::{NewPair, PairInsert, PairRecord, PairTerms, StoredSource};
use crate::exchange::quotes::{NewQuote, QuoteRecord};

#[async_trait::async_trait]
pub trait ExchangePairs: Send + Sync {
    /// The merchant's pairs, oldest first.
    async fn pairs(&self, merchant_id: MerchantId) -> AppResult<Vec<PairRecord>>;
    async fn pair(&self, merchant_id: MerchantId, id: i64) -> AppResult<Option<PairRecord>>;
    /// Adds a pair unless the merchant has it or has [`crate::exchange::pairs::MAX_PAIRS`]
    /// (counted under the merchant's lock). A new pair has no price source.
    async fn insert_pair(&self, new: &NewPair, now: DateTime<Utc>) -> AppResult<PairInsert>;
    /// The merchant's terms; false when the merchant has no such pair.
    async fn update_terms(
        &self,
        merchant_id: MerchantId,
        id: i64,
        terms: &PairTerms,
        now: DateTime<Utc>,
    ) -> AppResult<bool>;
    /// The operator's price source; false when the merchant has no such pair.
    async fn set_source(
        &self,
        merchant_id: MerchantId,
        id: i64,
        source: &StoredSource,
        now: DateTime<Utc>,
    ) -> AppResult<bool>;
}

#[async_trait::async_trait]
pub trait ExchangeQuotes: Send + Sync {
    async fn insert_quote(&self, quote: &NewQuote) -> AppResult<QuoteRecord>;
    /// The merchant's quote by its id (another merchant's is None).
    async fn quote(&self, merchant_id: MerchantId, token: &str) -> AppResult<Option<QuoteRecord>>;
    /// The quote of the row `id` (an order's).
    async fn quote_by_row(&self, merchant_id: MerchantId, id: i64) -> AppResult<Option<QuoteRecord>>;
}

/// What became of a new API order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ApiOrderInsert {
    Inserted(Box<ExchangeOrderRecord>),
    /// The merchant order number exists already: the stored order (the caller compares).
    Existing(Box<ExchangeOrderRecord>),
    /// Another order took the quote first.
    QuoteTaken,
}

#[async_trait::async_trait]
pub trait ExchangeOrders: Send + Sync {
    /// Stores an API order and marks its quote used by it, in one transaction: a quote makes one
    /// order at most, whoever asks at the same moment.
    async fn insert_api_order(&self, new: &NewExchangeOrder, now: DateTime<Utc>)
        -> AppResult<ApiOrderInsert>;
    async fn exchange_order(
        &self,
        merchant_id: MerchantId,
        id: i64,
    ) -> AppResult<Option<ExchangeOrderRecord>>;
    async fn exchange_order_by_no(
        &self,
        merchant_id: MerchantId,
        merchant_order_no: &str,
    ) -> AppResult<Option<ExchangeOrderRecord>>;
}

/// What the exchange round changes on an order it holds: the state it leaves and the one it
/// enters, with what comes with it (None: unchanged).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExchangeChange {
    pub from: Vec<OrderStatus>,
    pub to: OrderStatus,
    pub reason: Option<String>,
    pub amount_out: Option<BaseUnits>,
    pub price: Option<OrderPrice>,
    pub out_hash: Option<String>,
    pub fee_points: Option<i64>,
    pub completed_at: Option<DateTime<Utc>>,
    /// A withdrawal written in the same transaction: the payout, or the refund.
    pub withdrawal: Option<(ExchangeLeg, NewWithdrawal)>,
}

/// Which of an order's withdrawals.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExchangeLeg {
    Payout,
    Refund,
}

/// The exchange round's storage: payments to link to orders, and orders leased while one
/// process moves them on.
#[async_trait::async_trait]
pub trait ExchangeWork: Send + Sync {
    /// Payments to exchange addresses (noted `exchange`, not void) that no order has, with ids
    /// above `after`, oldest first.
    async fn unlinked_payments(&self, after: i64, limit: u64) -> AppResult<Vec<DepositRecord>>;
    /// The oldest API order waiting for a payment of `token_in` to `pay_address` whose time to
    /// pay had not passed at `seen_at`.
    async fn waiting_order(
        &self,
        payment: &DepositRecord,
        seen_at: DateTime<Utc>,
    ) -> AppResult<Option<ExchangeOrderRecord>>;
    /// Links a payment to a waiting API order (New -> Confirming); false when the order or the
    /// payment was taken first.
    async fn link_payment(
        &self,
        order_id: i64,
        payment: &DepositRecord,
        now: DateTime<Utc>,
        events: &dyn EventBuilder,
    ) -> AppResult<bool>;
    /// An order for a payment to an exchange address no API order waited for (Confirming);
    /// false when an order has the payment already.
    async fn insert_address_order(
        &self,
        new: &NewExchangeOrder,
        payment: &DepositRecord,
        now: DateTime<Utc>,
        events: &dyn EventBuilder,
    ) -> AppResult<bool>;
    /// Orders to move on, leased to `owner` until `until`: confirming, paying out, refunding,
    /// and waiting ones whose time to pay has passed.
    async fn claim_exchange_orders(
        &self,
        owner: &str,
        now: DateTime<Utc>,
        until: DateTime<Utc>,
        limit: u64,
    ) -> AppResult<Vec<ExchangeOrderRecord>>;
    /// Applies `change` to an order `owner` holds, in one transaction with its withdrawal and
    /// the callback event of the state it enters; false when the lease or the state was lost
    /// (nothing is written).
    async fn move_exchange_order(
        &self,
        id: i64,
        owner: &str,
        change: &ExchangeChange,
        now: DateTime<Utc>,
        events: &dyn EventBuilder,
    ) -> AppResult<bool>;
    /// Leases the order to `owner` until `until` unless another holds it; whether it did.
    async fn lease_exchange_order(
        &self,
        id: i64,
        owner: &str,
        now: DateTime<Utc>,
        until: DateTime<Utc>,
    ) -> AppResult<bool>;
    /// Gives up `owner`'s lease of the order.
    async fn release_exchange_order(&self, id: i64, owner: &str) -> AppResult<()>;
    /// Token in of the pair's orders paid since `since` and not ended without an exchange
    /// (expired, refunded, failed), but for `except`.
    async fn exchanged_since(&self, pair_id: i64, since: DateTime<Utc>, except: i64) -> AppResult<BaseUnits>;
}
