//! Pricing one transaction at a row of the rate card. Multiplication and division round down
//! (the spec); a percent is only defined for tokens pegged to the US dollar (1 token = 1
//! point): for any other token there is no price, never an invented one.

use ruint::aliases::U256;

use crate::amount::BaseUnits;
use crate::error::AppError;
use crate::messages::MsgKey;

use super::{ChargeMode, Rate, FULL_PPM, POINT_DECIMALS};

/// The tokens worth one point each, by symbol (configuration `billing.pegged_tokens`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PeggedTokens(pub Vec<String>);

impl PeggedTokens {
    pub fn holds(&self, symbol: &str) -> bool {
        self.0.iter().any(|pegged| pegged.eq_ignore_ascii_case(symbol))
    }
}

/// The amount of the work being charged: base units of a token with its decimals.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TokenAmount<'a> {
    pub units: BaseUnits,
    pub decimals: u8,
    pub symbol: &'a str,
}

/// What a transaction costs (points base units) and the row it was priced at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Charge {
    pub points: i64,
    pub rate_id: i64,
}

/// Why a transaction has no price. Not a `std::error::Error` on purpose: `?` turns it into its
/// refusal (10422), never into an internal error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PriceError {
    /// A percent of a token that is not pegged: its price in points is not known.
    NotPegged(String),
    /// The merchant has no row of the service in force.
    NoRate(super::Service),
    /// The charge does not fit the points' integer (an amount far beyond any real one).
    TooLarge,
}

impl From<PriceError> for AppError {
    fn from(err: PriceError) -> AppError {
        AppError::Invalid(match err {
            PriceError::NotPegged(_) | PriceError::NoRate(_) => MsgKey::NoPriceForToken,
            PriceError::TooLarge => MsgKey::RatePointsRange,
        })
    }
}

/// The charge of one transaction of `amount` at `rate`. Percent: the amount in points (6
/// decimals, rounded down) times the parts per million, divided by a million (rounded down),
/// then held within [min, max]. Fixed: the row's amount, whatever the transaction. Monthly:
/// nothing per transaction (the row is billed per period).
pub fn price(rate: &Rate, amount: &TokenAmount, pegged: &PeggedTokens) -> Result<Charge, PriceError> {
    let terms = &rate.terms;
    let points = match terms.mode {
        ChargeMode::Fixed => terms.fixed,
        ChargeMode::Monthly => 0,
        ChargeMode::Percent => {
            if !pegged.holds(amount.symbol) {
                return Err(PriceError::NotPegged(amount.symbol.to_string()));
            }
            let share = in_points(amount)?
                .checked_mul(U256::from(terms.percent_ppm as u64))
                .ok_or(PriceError::TooLarge)?
                / U256::from(FULL_PPM as u64);
            // Held below the maximum before it must fit the points' integer.
            let share = match terms.max {
                Some(max) if share > U256::from(max as u64) => max,
                _ => i64::try_from(share).map_err(|_| PriceError::TooLarge)?,
            };
            terms.min.map_or(share, |min| share.max(min))
        }
    };
    Ok(Charge {
        points,
        rate_id: rate.id,
    })
}

/// A pegged token's amount as points base units (6 decimals), rounded down.
pub(crate) fn in_points(amount: &TokenAmount) -> Result<U256, PriceError> {
    let ten = U256::from(10u8);
    let (decimals, points) = (amount.decimals, POINT_DECIMALS);
    if decimals >= points {
        Ok(amount.units.0 / ten.pow(U256::from(decimals - points)))
    } else {
        amount
            .units
            .0
            .checked_mul(ten.pow(U256::from(points - decimals)))
            .ok_or(PriceError::TooLarge)
    }
}

#[cfg(test)]
mod tests {
    use chrono::{TimeZone, Utc};

    use super::*;
    use crate::rates::{PayMode, RateTerms, Service};

    fn rate(terms: RateTerms) -> Rate {
        let at = Utc.with_ymd_and_hms(2026, 12, 1, 0, 0, 0).unwrap();
        Rate {
            id: 7,
            merchant_id: 1,
            service: Service::PaymentFee,
            terms,
            valid_from: at,
            valid_to: None,
            created_at: at,
        }
    }

    fn percent(ppm: i64, min: Option<i64>, max: Option<i64>) -> Rate {
        rate(RateTerms {
            mode: ChargeMode::Percent,
            percent_ppm: ppm,
            fixed: 0,
            min,
            max,
            pay: PayMode::Prepaid,
        })
    }

    fn usdt(text: &str, decimals: u8) -> TokenAmount<'static> {
        TokenAmount {
            units: BaseUnits::from_decimal(text, decimals).unwrap(),
            decimals,
            symbol: "USDT",
        }
    }

    fn pegged() -> PeggedTokens {
        PeggedTokens(vec!["USDT".into(), "USDC".into()])
    }

    fn points(rate: &Rate, amount: TokenAmount) -> i64 {
        let charge = price(rate, &amount, &pegged()).unwrap();
        assert_eq!(charge.rate_id, 7);
        charge.points
    }

    #[test]
    fn a_percent_rounds_down_at_each_step() {
        // 0.5% of 123.456789 USDT = 0.617283945 -> 0.617283 points.
        assert_eq!(points(&percent(5000, None, None), usdt("123.456789", 6)), 617_283);
        // 18 decimals: the amount is cut to 6 decimals first (1.9999999 -> 1.999999).
        assert_eq!(
            points(&percent(FULL_PPM, None, None), usdt("1.999999999", 18)),
            1_999_999
        );
        // 2 decimals are scaled up exactly.
        assert_eq!(points(&percent(10_000, None, None), usdt("12.34", 2)), 123_400);
        // Less than a base unit is nothing.
        assert_eq!(points(&percent(1, None, None), usdt("0.999999", 6)), 0);
    }

    #[test]
    fn a_percent_is_held_within_min_and_max() {
        let bounded = percent(5000, Some(100_000), Some(10_000_000));
        assert_eq!(points(&bounded, usdt("1", 6)), 100_000, "0.005 -> min 0.1");
        assert_eq!(points(&bounded, usdt("100", 6)), 500_000);
        assert_eq!(points(&bounded, usdt("1000000", 6)), 10_000_000, "5000 -> max 10");
    }

    #[test]
    fn huge_amounts_neither_overflow_nor_wrap() {
        let max = TokenAmount {
            units: BaseUnits(U256::MAX),
            decimals: 18,
            symbol: "USDC",
        };
        assert_eq!(points(&percent(5000, None, Some(10_000_000)), max), 10_000_000);
        assert_eq!(
            price(&percent(5000, None, None), &max, &pegged()),
            Err(PriceError::TooLarge)
        );
        let scaled_up = TokenAmount { decimals: 0, ..max };
        assert_eq!(
            price(&percent(1, None, Some(1)), &scaled_up, &pegged()),
            Err(PriceError::TooLarge)
        );
    }

    #[test]
    fn a_token_that_is_not_pegged_has_no_percent_price() {
        let trx = TokenAmount {
            symbol: "TRX",
            ..usdt("100", 6)
        };
        assert_eq!(
            price(&percent(5000, None, None), &trx, &pegged()),
            Err(PriceError::NotPegged("TRX".into()))
        );
        // A fixed charge needs no price of the token.
        let fixed = rate(RateTerms {
            fixed: 1_500_000,
            ..RateTerms::FREE
        });
        assert_eq!(points(&fixed, trx), 1_500_000);
        assert_eq!(
            points(
                &percent(5000, None, None),
                TokenAmount {
                    symbol: "usdc",
                    ..trx
                }
            ),
            500_000
        );
    }

    #[test]
    fn a_monthly_row_charges_nothing_per_transaction() {
        let monthly = rate(RateTerms {
            mode: ChargeMode::Monthly,
            fixed: 10_000_000,
            ..RateTerms::FREE
        });
        assert_eq!(points(&monthly, usdt("1000", 6)), 0);
    }
}
