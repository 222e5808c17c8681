//! A row's terms and their rules, and the decimal texts people type and read (percent with at
//! most 4 decimals = whole parts per million; points with at most 6 decimals = base units).

use crate::amount::BaseUnits;
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;

use super::{ChargeMode, PayMode, Service, FULL_PPM};

/// Points one row may name at most, in base units: a billion points.
pub const MAX_RATE_POINTS: i64 = 1_000_000_000 * 1_000_000;
/// Decimals of a percent: 0.0001% is one part per million.
const PERCENT_DECIMALS: u8 = 4;

/// What a row charges and how it is paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateTerms {
    pub mode: ChargeMode,
    /// Percent mode: parts per million of the amount (0.5% = 5000).
    pub percent_ppm: i64,
    /// Fixed mode: per transaction; monthly mode: per month (points base units).
    pub fixed: i64,
    /// Percent mode only: the charge is at least this and at most `max` (points base units).
    pub min: Option<i64>,
    pub max: Option<i64>,
    pub pay: PayMode,
}

impl RateTerms {
    /// Charges nothing: the built-in default of every service.
    pub const FREE: RateTerms = RateTerms {
        mode: ChargeMode::Fixed,
        percent_ppm: 0,
        fixed: 0,
        min: None,
        max: None,
        pay: PayMode::Prepaid,
    };

    /// The rules of a row for `service`: each mode names only its own fields, every amount is
    /// within bounds, min is not above max; the monthly fee is charged monthly, and energy per
    /// use (a percent is of a token amount, which energy has not).
    pub fn check(&self, service: Service) -> AppResult<()> {
        let invalid = |key| Err(AppError::Invalid(key));
        let mode_fits = match service {
            Service::Monthly => self.mode == ChargeMode::Monthly,
            Service::Energy => self.mode != ChargeMode::Percent,
            Service::CollectionFee | Service::PaymentFee | Service::ExchangeFee => true,
        };
        if !mode_fits {
            return invalid(MsgKey::RateModeNotForService);
        }
        // Bills are paid in USDT; energy is paid in TRX points, so only from points.
        if service == Service::Energy && self.pay == PayMode::Postpaid {
            return invalid(MsgKey::RateEnergyPrepaid);
        }
        let percent_mode = self.mode == ChargeMode::Percent;
        let fields_fit = if percent_mode {
            self.fixed == 0
        } else {
            self.percent_ppm == 0 && self.min.is_none() && self.max.is_none()
        };
        if !fields_fit {
            return invalid(MsgKey::RateFieldsNotForMode);
        }
        if !(0..=FULL_PPM).contains(&self.percent_ppm) {
            return invalid(MsgKey::RatePercentRange);
        }
        let amounts = [Some(self.fixed), self.min, self.max];
        if amounts
            .into_iter()
            .flatten()
            .any(|a| !(0..=MAX_RATE_POINTS).contains(&a))
        {
            return invalid(MsgKey::RatePointsRange);
        }
        if let (Some(min), Some(max)) = (self.min, self.max) {
            if min > max {
                return invalid(MsgKey::RateMinAboveMax);
            }
        }
        Ok(())
    }
}

/// "0.5" (percent) -> 5000 parts per million; at most 4 decimals and 100%, never rounded.
pub fn parse_percent(text: &str) -> AppResult<i64> {
    let units = BaseUnits::from_decimal(text, PERCENT_DECIMALS)
        .map_err(|_| AppError::Invalid(MsgKey::RatePercentRange))?;
    match i64::try_from(units.0) {
        Ok(ppm) if ppm <= FULL_PPM => Ok(ppm),
        _ => Err(AppError::Invalid(MsgKey::RatePercentRange)),
    }
}

/// "1.5" (points) -> 1_500_000 base units; at most 6 decimals and a billion points.
pub fn parse_points(text: &str) -> AppResult<i64> {
    crate::points::parse_points(text)
        .filter(|points| *points <= MAX_RATE_POINTS)
        .ok_or(AppError::Invalid(MsgKey::RatePointsRange))
}

/// 5000 parts per million -> "0.5" (percent), exact.
pub fn percent_text(ppm: i64) -> String {
    BaseUnits::from_u128(ppm.max(0) as u128).to_decimal(PERCENT_DECIMALS)
}

pub use crate::points::points_text;

impl RateTerms {
    /// The terms in words, as the operator's list and the bill's lines show them:
    /// "percent 0.5% min 1 max 10", "fixed 2 per transaction", "monthly 30 per month".
    pub fn text(&self) -> String {
        match self.mode {
            ChargeMode::Percent => {
                let bound = |name, v: Option<i64>| {
                    v.map(|v| format!(" {name} {}", points_text(v)))
                        .unwrap_or_default()
                };
                format!(
                    "percent {}%{}{}",
                    percent_text(self.percent_ppm),
                    bound("min", self.min),
                    bound("max", self.max)
                )
            }
            ChargeMode::Fixed => format!("fixed {} per transaction", points_text(self.fixed)),
            ChargeMode::Monthly => format!("monthly {} per month", points_text(self.fixed)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn percent(ppm: i64, min: Option<i64>, max: Option<i64>) -> RateTerms {
        RateTerms {
            mode: ChargeMode::Percent,
            percent_ppm: ppm,
            min,
            max,
            ..RateTerms::FREE
        }
    }

    fn refusal(terms: RateTerms, service: Service) -> MsgKey {
        match terms.check(service) {
            Err(AppError::Invalid(key)) => key,
            other => panic!("{terms:?} for {service:?}: {other:?}"),
        }
    }

    #[test]
    fn texts_are_exact_both_ways() {
        assert_eq!(parse_percent("0.5").unwrap(), 5000);
        assert_eq!(parse_percent("100").unwrap(), FULL_PPM);
        assert_eq!(parse_percent("0.0001").unwrap(), 1);
        assert_eq!(percent_text(5000), "0.5");
        assert_eq!(parse_points("1.5").unwrap(), 1_500_000);
        assert_eq!(points_text(1_500_000), "1.5");
        assert_eq!(points_text(0), "0");
        for bad in ["100.0001", "0.00001", "-1", "1e2", "", " 1", "0.5%"] {
            assert!(parse_percent(bad).is_err(), "{bad}");
        }
        for bad in ["0.0000001", "1000000000.000001", "-1", "1,5", "NaN"] {
            assert!(parse_points(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn each_mode_names_only_its_own_fields() {
        assert!(percent(5000, Some(100_000), Some(10_000_000))
            .check(Service::PaymentFee)
            .is_ok());
        assert!(RateTerms::FREE.check(Service::Energy).is_ok());
        let monthly = RateTerms {
            mode: ChargeMode::Monthly,
            fixed: 10_000_000,
            ..RateTerms::FREE
        };
        assert!(monthly.check(Service::Monthly).is_ok());
        assert_eq!(
            refusal(RateTerms::FREE, Service::Monthly),
            MsgKey::RateModeNotForService
        );
        assert_eq!(
            refusal(percent(5000, None, None), Service::Energy),
            MsgKey::RateModeNotForService
        );
        let energy_postpaid = RateTerms {
            pay: PayMode::Postpaid,
            ..RateTerms::FREE
        };
        assert_eq!(
            refusal(energy_postpaid, Service::Energy),
            MsgKey::RateEnergyPrepaid
        );
        assert!(energy_postpaid.check(Service::PaymentFee).is_ok());
        let fixed_with_min = RateTerms {
            min: Some(1),
            ..RateTerms::FREE
        };
        assert_eq!(
            refusal(fixed_with_min, Service::CollectionFee),
            MsgKey::RateFieldsNotForMode
        );
        let percent_with_fixed = RateTerms {
            fixed: 1,
            ..percent(1, None, None)
        };
        assert_eq!(
            refusal(percent_with_fixed, Service::CollectionFee),
            MsgKey::RateFieldsNotForMode
        );
    }

    #[test]
    fn amounts_are_bounded_and_min_is_not_above_max() {
        assert_eq!(
            refusal(percent(FULL_PPM + 1, None, None), Service::PaymentFee),
            MsgKey::RatePercentRange
        );
        assert_eq!(
            refusal(percent(-1, None, None), Service::PaymentFee),
            MsgKey::RatePercentRange
        );
        assert_eq!(
            refusal(percent(1, Some(-1), None), Service::PaymentFee),
            MsgKey::RatePointsRange
        );
        assert_eq!(
            refusal(percent(1, None, Some(MAX_RATE_POINTS + 1)), Service::PaymentFee),
            MsgKey::RatePointsRange
        );
        assert_eq!(
            refusal(percent(1, Some(2), Some(1)), Service::PaymentFee),
            MsgKey::RateMinAboveMax
        );
        assert!(percent(1, Some(2), Some(2)).check(Service::PaymentFee).is_ok());
    }
}
