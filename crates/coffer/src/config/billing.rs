//! `[billing]`: which tokens are worth one point each, and the rate every merchant starts with
//! for each service (built in: nothing is charged).

use coffer_domain::rates::{DefaultRates, PeggedTokens, Service};
use serde::{Deserialize, Serialize};

use super::ConfigError;
use crate::rates::{refusal_text, RateText};

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BillingConfig {
    /// Token symbols worth one point each: a percent rate is only defined for them.
    pub pegged_tokens: Vec<String>,
    /// The billing zone: whole hours east of UTC; a month's bill runs midnight to midnight here.
    pub time_zone: i32,
    /// The rows a merchant without one starts with, per service.
    pub collection: RateText,
    pub payment: RateText,
    pub energy: RateText,
    pub monthly: RateText,
    pub exchange: RateText,
}

impl BillingConfig {
    fn rows(&self) -> [(&'static str, Service, &RateText); 5] {
        [
            ("billing.collection", Service::CollectionFee, &self.collection),
            ("billing.payment", Service::PaymentFee, &self.payment),
            ("billing.energy", Service::Energy, &self.energy),
            ("billing.monthly", Service::Monthly, &self.monthly),
            ("billing.exchange", Service::ExchangeFee, &self.exchange),
        ]
    }

    pub fn pegged(&self) -> PeggedTokens {
        PeggedTokens(self.pegged_tokens.clone())
    }

    /// The default rows (valid: checked at start).
    pub fn defaults(&self) -> DefaultRates {
        DefaultRates(
            self.rows()
                .into_iter()
                .filter_map(|(_, service, text)| Some((service, text.terms(service).ok()?)))
                .collect(),
        )
    }

    pub(super) fn validate(&self) -> Result<(), ConfigError> {
        for (key, service, text) in self.rows() {
            if let Err(err) = text.terms(service) {
                return Err(ConfigError::Invalid {
                    key,
                    problem: refusal_text(&err),
                });
            }
        }
        if !(-11..=13).contains(&self.time_zone) {
            return Err(ConfigError::Invalid {
                key: "billing.time_zone",
                problem: "must be whole hours east of UTC, from -11 to 13".into(),
            });
        }
        let symbol_ok =
            |s: &String| !s.is_empty() && s.len() <= 32 && s.chars().all(|c| c.is_ascii_alphanumeric());
        if !self.pegged_tokens.iter().all(symbol_ok) {
            return Err(ConfigError::Invalid {
                key: "billing.pegged_tokens",
                problem: "each must be a token symbol of 1 to 32 letters and digits".into(),
            });
        }
        Ok(())
    }
}
