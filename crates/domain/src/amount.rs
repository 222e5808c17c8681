//! Money without floats. On chain an amount is an unsigned integer of base units (wei, sun,
//! token units), at most 2^256 - 1 (78 digits). People read and type decimal strings; the
//! conversion needs the asset's decimals and never rounds up.

use ruint::aliases::U256;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// An amount in an asset's smallest unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct BaseUnits(pub U256);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AmountError {
    #[error("not a decimal number")]
    Malformed,
    #[error("more than {0} decimal places")]
    TooPrecise(u8),
    #[error("too large")]
    Overflow,
}

/// Whole units one order may name at most: 10^15 - 1 (a quadrillion less one). Together with
/// [`MAX_ORDER_BASE_UNITS`] it keeps any sum of orders far below 2^256, so a total of a day's
/// withdrawals can never overflow, whoever sends what.
pub const MAX_ORDER_WHOLE_DIGITS: usize = 15;
/// Base units one order may name at most (2^128 - 1): a bound for tokens with many decimals.
pub const MAX_ORDER_BASE_UNITS: u128 = u128::MAX;

impl BaseUnits {
    pub const ZERO: BaseUnits = BaseUnits(U256::ZERO);

    pub fn from_u128(v: u128) -> BaseUnits {
        BaseUnits(U256::from(v))
    }

    pub fn is_zero(&self) -> bool {
        self.0.is_zero()
    }

    pub fn checked_add(self, other: BaseUnits) -> Option<BaseUnits> {
        self.0.checked_add(other.0).map(BaseUnits)
    }

    pub fn checked_sub(self, other: BaseUnits) -> Option<BaseUnits> {
        self.0.checked_sub(other.0).map(BaseUnits)
    }

    /// For totals: stops at 2^256 - 1 instead of failing. Orders are bounded (see
    /// [`BaseUnits::order_amount`]), so only amounts seen on chain could ever get there, and a
    /// total that cannot be computed must not stop anyone's work.
    pub fn saturating_add(self, other: BaseUnits) -> BaseUnits {
        BaseUnits(self.0.saturating_add(other.0))
    }

    /// An amount a person or a merchant asks to move: positive, exact to the asset's decimals,
    /// at most [`MAX_ORDER_WHOLE_DIGITS`] whole digits and [`MAX_ORDER_BASE_UNITS`] base units.
    pub fn order_amount(text: &str, decimals: u8) -> Result<BaseUnits, AmountError> {
        let amount = BaseUnits::from_decimal(text, decimals)?;
        if amount.is_zero() {
            return Err(AmountError::Malformed);
        }
        if !amount.within_order_bound(decimals) {
            return Err(AmountError::Overflow);
        }
        Ok(amount)
    }

    /// At most [`MAX_ORDER_WHOLE_DIGITS`] whole digits and [`MAX_ORDER_BASE_UNITS`] base units.
    pub fn within_order_bound(&self, decimals: u8) -> bool {
        let whole_units = self.0 / U256::from(10u8).pow(U256::from(decimals));
        self.0 <= U256::from(MAX_ORDER_BASE_UNITS)
            && whole_units < U256::from(10u8).pow(U256::from(MAX_ORDER_WHOLE_DIGITS))
    }

    /// Parses a human decimal ("12.5") of an asset with `decimals`; more precision than the
    /// asset has is an error, never silently cut, and so is any white space (" 5" is refused,
    /// not trimmed: what was signed must be what is paid).
    pub fn from_decimal(text: &str, decimals: u8) -> Result<BaseUnits, AmountError> {
        let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
        let digits_only = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if whole.is_empty() && frac.is_empty() || !digits_only(whole) || !digits_only(frac) {
            return Err(AmountError::Malformed);
        }
        if text.ends_with('.') || text.starts_with('.') {
            return Err(AmountError::Malformed);
        }
        let frac = frac.trim_end_matches('0');
        if frac.len() > decimals as usize {
            return Err(AmountError::TooPrecise(decimals));
        }
        let padded = format!("{whole}{frac:0<width$}", width = decimals as usize);
        U256::from_str_radix(&padded, 10)
            .map(BaseUnits)
            .map_err(|_| AmountError::Overflow)
    }

    /// The exact decimal form ("12.5", "0", "0.000001").
    pub fn to_decimal(&self, decimals: u8) -> String {
        let digits = self.0.to_string();
        let d = decimals as usize;
        if d == 0 {
            return digits;
        }
        let padded = format!("{digits:0>width$}", width = d + 1);
        let (whole, frac) = padded.split_at(padded.len() - d);
        let frac = frac.trim_end_matches('0');
        if frac.is_empty() {
            whole.to_string()
        } else {
            format!("{whole}.{frac}")
        }
    }

    /// For display: at most `places` decimals, rounded down, never up.
    pub fn to_display(&self, decimals: u8, places: u8) -> String {
        let exact = self.to_decimal(decimals);
        match exact.split_once('.') {
            Some((whole, frac)) if frac.len() > places as usize => {
                let cut = frac[..places as usize].trim_end_matches('0');
                if cut.is_empty() {
                    whole.to_string()
                } else {
                    format!("{whole}.{cut}")
                }
            }
            _ => exact,
        }
    }
}

impl fmt::Display for BaseUnits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for BaseUnits {
    type Err = AmountError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(AmountError::Malformed);
        }
        U256::from_str_radix(s, 10)
            .map(BaseUnits)
            .map_err(|_| AmountError::Overflow)
    }
}

/// Serialized as a decimal string of base units: JSON numbers lose precision past 2^53.
impl Serialize for BaseUnits {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for BaseUnits {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_round_trip_is_exact() {
        let v = BaseUnits::from_decimal("12.5", 6).unwrap();
        assert_eq!(v.to_string(), "12500000");
        assert_eq!(v.to_decimal(6), "12.5");
        assert_eq!(BaseUnits::from_decimal("0.000001", 6).unwrap().to_string(), "1");
        assert_eq!(BaseUnits::ZERO.to_decimal(18), "0");
        assert_eq!(BaseUnits::from_decimal("7", 0).unwrap().to_decimal(0), "7");
    }

    #[test]
    fn seventy_eight_digits_fit_and_seventy_nine_do_not() {
        let max = "115792089237316195423570985008687907853269984665640564039457584007913129639935";
        assert_eq!(max.parse::<BaseUnits>().unwrap().to_string(), max);
        assert_eq!(format!("{max}0").parse::<BaseUnits>(), Err(AmountError::Overflow));
    }

    #[test]
    fn bad_input_is_refused_not_rounded() {
        assert_eq!(
            BaseUnits::from_decimal("1.0000001", 6),
            Err(AmountError::TooPrecise(6))
        );
        for bad in ["", ".", "1.", ".5", "-1", "1e5", "1,5", " ", "0x10", "1.2.3"] {
            assert!(BaseUnits::from_decimal(bad, 6).is_err(), "{bad:?} accepted");
        }
        assert!("-1".parse::<BaseUnits>().is_err());
    }

    #[test]
    fn white_space_is_refused_not_trimmed() {
        for bad in [" 5", "5 ", "5\t", "\n5", "1 000", "5\u{a0}", "\u{3000}5"] {
            assert_eq!(
                BaseUnits::from_decimal(bad, 6),
                Err(AmountError::Malformed),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn an_order_amount_is_positive_and_bounded() {
        assert_eq!(
            BaseUnits::order_amount("999999999999999.999999", 6)
                .unwrap()
                .to_decimal(6),
            "999999999999999.999999"
        );
        assert_eq!(
            BaseUnits::order_amount("0001000000000000", 6)
                .unwrap()
                .to_decimal(6),
            "1000000000000"
        );
        assert_eq!(
            BaseUnits::order_amount("1000000000000000", 6),
            Err(AmountError::Overflow)
        );
        assert_eq!(BaseUnits::order_amount("0", 6), Err(AmountError::Malformed));
        assert_eq!(BaseUnits::order_amount("0.000", 6), Err(AmountError::Malformed));
        // 30 decimals: 10^14 whole units are more than 2^128 - 1 base units.
        assert_eq!(
            BaseUnits::order_amount("100000000000000", 30),
            Err(AmountError::Overflow)
        );
        assert!(BaseUnits::order_amount("1", 30).is_ok());
        // Any two bounded orders, or 2^100 of them, sum without reaching 2^256.
        let max = BaseUnits(U256::from(MAX_ORDER_BASE_UNITS));
        let many = BaseUnits(max.0 * U256::from(1u128 << 100));
        assert!(many.checked_add(max).is_some());
    }

    #[test]
    fn totals_saturate_instead_of_failing() {
        let max = BaseUnits(U256::MAX);
        assert_eq!(max.saturating_add(BaseUnits::from_u128(1)), max);
        assert_eq!(
            BaseUnits::from_u128(2).saturating_add(BaseUnits::from_u128(3)),
            BaseUnits::from_u128(5)
        );
    }

    #[test]
    fn display_rounds_down() {
        let v = BaseUnits::from_decimal("1.99999999", 8).unwrap();
        assert_eq!(v.to_display(8, 4), "1.9999");
        assert_eq!(
            BaseUnits::from_decimal("2.00009", 6).unwrap().to_display(6, 4),
            "2"
        );
        assert_eq!(BaseUnits::from_decimal("3.5", 6).unwrap().to_display(6, 6), "3.5");
    }
}
