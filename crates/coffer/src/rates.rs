//! Rates as the operator writes them, in `[billing]` and on `coffer admin rate set`: named
//! modes and decimal texts, turned into exact terms (never through a float).

use clap::{Args, ValueEnum};
use coffer_domain::error::{AppError, AppResult};
use coffer_domain::ports::Ports;
use coffer_domain::rates::{parse_percent, parse_points, ChargeMode, PayMode, RateCard, RateTerms, Service};
use coffer_domain::Locale;
use serde::{Deserialize, Serialize};

use crate::config::Config;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ServiceName {
    Collection,
    Payment,
    Energy,
    Monthly,
    Exchange,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ModeName {
    Percent,
    Fixed,
    Monthly,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PayName {
    Prepaid,
    Postpaid,
}

impl ServiceName {
    pub fn service(self) -> Service {
        match self {
            ServiceName::Collection => Service::CollectionFee,
            ServiceName::Payment => Service::PaymentFee,
            ServiceName::Energy => Service::Energy,
            ServiceName::Monthly => Service::Monthly,
            ServiceName::Exchange => Service::ExchangeFee,
        }
    }

    pub fn of(service: Service) -> ServiceName {
        match service {
            Service::CollectionFee => ServiceName::Collection,
            Service::PaymentFee => ServiceName::Payment,
            Service::Energy => ServiceName::Energy,
            Service::Monthly => ServiceName::Monthly,
            Service::ExchangeFee => ServiceName::Exchange,
        }
    }
}

/// A rate's terms as typed: the percent and the points as decimal texts ("0.5", "1.5").
#[derive(Debug, Clone, PartialEq, Eq, Args, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RateText {
    /// percent: a part of the amount; fixed: per transaction; monthly: per month.
    #[arg(long, value_enum)]
    pub mode: ModeName,
    /// Percent of the amount, at most 4 decimals (0.5 = 0.5%).
    #[arg(long)]
    #[serde(default)]
    pub percent: Option<String>,
    /// Points per transaction (fixed) or per month (monthly), at most 6 decimals.
    #[arg(long)]
    #[serde(default)]
    pub fixed: Option<String>,
    /// Percent mode: the charge is at least this many points.
    #[arg(long)]
    #[serde(default)]
    pub min: Option<String>,
    /// Percent mode: the charge is at most this many points.
    #[arg(long)]
    #[serde(default)]
    pub max: Option<String>,
    /// prepaid: taken from points when charged; postpaid: on the monthly bill.
    #[arg(long, value_enum)]
    pub pay: PayName,
}

impl RateText {
    /// The exact terms, checked against the service's rules.
    pub fn terms(&self, service: Service) -> AppResult<RateTerms> {
        let points = |text: &Option<String>| text.as_deref().map(parse_points).transpose();
        let terms = RateTerms {
            mode: match self.mode {
                ModeName::Percent => ChargeMode::Percent,
                ModeName::Fixed => ChargeMode::Fixed,
                ModeName::Monthly => ChargeMode::Monthly,
            },
            percent_ppm: self
                .percent
                .as_deref()
                .map(parse_percent)
                .transpose()?
                .unwrap_or(0),
            fixed: points(&self.fixed)?.unwrap_or(0),
            min: points(&self.min)?,
            max: points(&self.max)?,
            pay: match self.pay {
                PayName::Prepaid => PayMode::Prepaid,
                PayName::Postpaid => PayMode::Postpaid,
            },
        };
        terms.check(service)?;
        Ok(terms)
    }
}

/// A refusal as the operator reads it: the English text of its message.
pub fn refusal_text(err: &AppError) -> String {
    err.msg_key().text(Locale::EnUs).to_string()
}

/// The rate card with the configured defaults and pegged tokens.
pub fn rate_card(config: &Config, ports: Ports) -> RateCard {
    RateCard {
        ports,
        defaults: config.billing.defaults(),
        pegged: config.billing.pegged(),
    }
}
