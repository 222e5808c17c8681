//! [`RateCard`]: the operator sets rates, merchants read them, the ledger prices work at them.

use chrono::{DateTime, Utc};

use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::ports::{MerchantId, Ports};

use super::{price, Charge, ChargeMode, PeggedTokens, PriceError, Rate, RateTerms, Service, TokenAmount};

/// The row each service starts with for a merchant that has none (configuration `[billing]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DefaultRates(pub Vec<(Service, RateTerms)>);

impl Default for DefaultRates {
    /// Nothing is charged until the operator says so: every service free, prepaid.
    fn default() -> Self {
        let free = |service| match service {
            Service::Monthly => RateTerms {
                mode: ChargeMode::Monthly,
                ..RateTerms::FREE
            },
            _ => RateTerms::FREE,
        };
        DefaultRates(Service::ALL.iter().map(|&s| (s, free(s))).collect())
    }
}

#[derive(Clone)]
pub struct RateCard {
    pub ports: Ports,
    pub defaults: DefaultRates,
    pub pegged: PeggedTokens,
}

impl RateCard {
    /// The merchant's rows, current and past, newest first.
    pub async fn rates(&self, merchant: MerchantId) -> AppResult<Vec<Rate>> {
        self.ports.rates.rates_of(merchant).await
    }

    /// The row of `service` in force at `at`, if the merchant has one.
    pub async fn in_force(
        &self,
        merchant: MerchantId,
        service: Service,
        at: DateTime<Utc>,
    ) -> AppResult<Option<Rate>> {
        self.ports.rates.rate_at(merchant, service, at).await
    }

    /// New terms for the service from `at` on: the row in force ends at `at`, the new one
    /// starts there. Refused when the terms break a rule or the merchant does not exist.
    pub async fn set(
        &self,
        merchant: MerchantId,
        service: Service,
        terms: RateTerms,
        at: DateTime<Utc>,
    ) -> AppResult<Rate> {
        terms.check(service)?;
        let rate = self
            .ports
            .rates
            .change_rate(merchant, service, &terms, at)
            .await?;
        let rate = rate.ok_or(AppError::Invalid(MsgKey::UnknownMerchant))?;
        tracing::info!(merchant, service = ?service, rate = rate.id, "rate changed");
        Ok(rate)
    }

    /// Gives every merchant lacking a row of a service the default row, from `at`: at start
    /// and when a merchant is created or activated. The number of rows added.
    pub async fn ensure_defaults(&self, defaults: &DefaultRates, at: DateTime<Utc>) -> AppResult<u64> {
        let mut added = 0;
        for (service, terms) in &defaults.0 {
            terms.check(*service)?;
            for merchant in self.ports.rates.merchants_without_rate(*service).await? {
                if self
                    .ports
                    .rates
                    .open_first_rate(merchant, *service, terms, at)
                    .await?
                {
                    added += 1;
                }
            }
        }
        Ok(added)
    }

    /// What one transaction of `amount` for `service` costs the merchant at `at`, and the row
    /// it is charged at; a typed refusal when the merchant has no row or the token no price.
    pub async fn charge(
        &self,
        merchant: MerchantId,
        service: Service,
        amount: &TokenAmount<'_>,
        at: DateTime<Utc>,
    ) -> AppResult<Result<Charge, PriceError>> {
        let Some(rate) = self.in_force(merchant, service, at).await? else {
            return Ok(Err(PriceError::NoRate(service)));
        };
        Ok(price(&rate, amount, &self.pegged))
    }
}
