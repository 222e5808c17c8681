//! A rate: token OUT per 1 token IN, an exact decimal of up to 18 fractional digits kept as an
//! integer scaled by 10^18. Every operation rounds down, so the payer is never given more than
//! the rate allows (by less than one unit of the last digit).

use ruint::aliases::{U256, U512};
use ruint::UintTryFrom;

use crate::amount::BaseUnits;
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;

/// Fractional digits of a rate.
pub const RATE_DECIMALS: u8 = 18;
/// The largest rate, 10^18 (one over the smallest, 10^-18): so a rate's inverse is a rate too.
pub const MAX_RATE_WHOLE: u64 = 1_000_000_000_000_000_000;
/// Basis points in one (100%).
pub const FULL_BP: u32 = 10_000;
/// Longest rate text read: 19 whole digits, the point, 18 decimals, and a little slack for
/// trailing zeros; anything longer is refused before it is parsed.
const MAX_RATE_CHARS: usize = 48;

/// Token OUT per 1 token IN, above 0 and at most [`MAX_RATE_WHOLE`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rate(U256);

fn one() -> U256 {
    U256::from(10u8).pow(U256::from(RATE_DECIMALS))
}

fn pow10(exponent: u8) -> U512 {
    U512::from(10u8).pow(U512::from(exponent))
}

impl Rate {
    /// A rate from its scaled integer (rate * 10^18); None outside (0, 10^18].
    pub fn from_scaled(scaled: U256) -> Option<Rate> {
        let max = U256::from(MAX_RATE_WHOLE) * one();
        (!scaled.is_zero() && scaled <= max).then_some(Rate(scaled))
    }

    /// The rate * 10^18.
    pub fn scaled(&self) -> U256 {
        self.0
    }

    /// A rate typed by a person ("0.2912", "3"): plain decimal digits, above 0, at most 18
    /// decimals (more are refused, never cut) and at most 10^18.
    pub fn parse(text: &str) -> AppResult<Rate> {
        let invalid = || AppError::Invalid(MsgKey::ExchangeRateInvalid);
        if text.len() > MAX_RATE_CHARS {
            return Err(invalid());
        }
        let units = BaseUnits::from_decimal(text, RATE_DECIMALS).map_err(|_| invalid())?;
        Rate::from_scaled(units.0).ok_or_else(invalid)
    }

    /// A price read from a feed: like [`Rate::parse`], but digits beyond the 18th decimal are
    /// cut (rounded down) rather than refused. None for anything else.
    pub(crate) fn parse_cut(text: &str) -> Option<Rate> {
        if text.len() > MAX_RATE_CHARS * 2 {
            return None;
        }
        let cut = match text.split_once('.') {
            Some((whole, frac))
                if frac.len() > RATE_DECIMALS as usize && frac.bytes().all(|b| b.is_ascii_digit()) =>
            {
                format!("{whole}.{}", &frac[..RATE_DECIMALS as usize])
            }
            _ => text.to_string(),
        };
        Rate::parse(&cut).ok()
    }

    /// The exact decimal text, without trailing zeros ("0.2912", "3").
    pub fn text(&self) -> String {
        BaseUnits(self.0).to_decimal(RATE_DECIMALS)
    }

    /// 1 / rate, rounded down to 18 decimals. Always a rate: the bounds are each other's inverse.
    pub fn inverse(&self) -> Rate {
        let inverse = one() * one() / self.0;
        Rate::from_scaled(inverse).expect("1 / a rate in [10^-18, 10^18] is in that range")
    }

    /// The rate less `spread_bp` basis points (50 = 0.50%), rounded down; None when nothing is
    /// left (a spread of 100% or more, or a rate too small to bear it).
    pub fn less_spread(&self, spread_bp: u32) -> Option<Rate> {
        let kept = FULL_BP.checked_sub(spread_bp)?;
        Rate::from_scaled(self.0 * U256::from(kept) / U256::from(FULL_BP))
    }

    /// What `amount_in` base units of a token with `decimals_in` buy at this rate, in base units
    /// of a token with `decimals_out`: floor(amount_in * rate * 10^decimals_out / 10^decimals_in).
    /// None when the answer does not fit 256 bits.
    pub fn amount_out(&self, amount_in: BaseUnits, decimals_in: u8, decimals_out: u8) -> Option<BaseUnits> {
        let mut numerator = U512::from(amount_in.0).checked_mul(U512::from(self.0))?;
        let mut denominator = pow10(RATE_DECIMALS);
        if decimals_out >= decimals_in {
            numerator = numerator.checked_mul(pow10(decimals_out - decimals_in))?;
        } else {
            denominator = denominator.checked_mul(pow10(decimals_in - decimals_out))?;
        }
        U256::uint_try_from(numerator / denominator).ok().map(BaseUnits)
    }

    /// How far `fresh` is below this rate, in basis points of this rate, rounded up (so a
    /// tolerance is never passed by a rounding); 0 when `fresh` is not below it.
    pub fn shortfall_bp(&self, fresh: &Rate) -> u32 {
        let Some(gap) = self.0.checked_sub(fresh.0).filter(|gap| !gap.is_zero()) else {
            return 0;
        };
        let scaled = gap * U256::from(FULL_BP);
        let bp = scaled.div_ceil(self.0);
        // gap < self, so bp <= FULL_BP.
        u32::try_from(bp).unwrap_or(FULL_BP)
    }
}

#[cfg(test)]
#[path = "rate_tests.rs"]
mod tests;
