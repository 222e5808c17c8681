//! Exchange storage: the merchants' pairs and the quotes given (`repos/exchange_pairs.rs`), the
//! orders (`repos/exchange_orders.rs`).

use chrono::{DateTime, Utc};

use super::MerchantId;
use crate::error::AppResult;
use crate::exchange::orders::{ExchangeOrderRecord, NewExchangeOrder};
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
