//! The rate card's rows (`service_rate`): per merchant and service, at most one open row, and
//! rows that never overlap.

use chrono::{DateTime, Utc};

use crate::error::AppResult;
use crate::ports::MerchantId;
use crate::rates::{Rate, RateTerms, Service};

#[async_trait::async_trait]
pub trait RateRepo: Send + Sync {
    /// The merchant's rows, current and past, newest first.
    async fn rates_of(&self, merchant: MerchantId) -> AppResult<Vec<Rate>>;
    /// The merchant's row of `service` in force at `at`.
    async fn rate_at(
        &self,
        merchant: MerchantId,
        service: Service,
        at: DateTime<Utc>,
    ) -> AppResult<Option<Rate>>;
    /// In one transaction under the merchant's lock: ends the open row of `service` at `at`
    /// (or at its own start, if that is later: rows never overlap) and opens one with `terms`
    /// from there. None when there is no such merchant.
    async fn change_rate(
        &self,
        merchant: MerchantId,
        service: Service,
        terms: &RateTerms,
        at: DateTime<Utc>,
    ) -> AppResult<Option<Rate>>;
    /// Merchants with no row of `service` at all.
    async fn merchants_without_rate(&self, service: Service) -> AppResult<Vec<MerchantId>>;
    /// Opens the merchant's first row of `service` from `at`, unless it has one by now (under
    /// its lock); true when this call opened it.
    async fn open_first_rate(
        &self,
        merchant: MerchantId,
        service: Service,
        terms: &RateTerms,
        at: DateTime<Utc>,
    ) -> AppResult<bool>;
}
