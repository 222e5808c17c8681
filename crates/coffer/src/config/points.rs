//! `[points]`: how long a fee hold stands, and the low-balance thresholds (docs/operations.md,
//! "Low balance").

use coffer_domain::points::low_balance::LowBalanceThresholds;
use coffer_domain::points::parse_points;
use serde::{Deserialize, Deserializer, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PointsConfig {
    /// How long a fee hold stands before the hold-expiry round voids it.
    pub hold_hours: i64,
    /// Below this many USDT points (a decimal) Home warns and the merchant's admins are
    /// mailed once per crossing; "0" turns it off.
    #[serde(deserialize_with = "points_setting")]
    pub low_usdt: String,
    /// The same for TRX points.
    #[serde(deserialize_with = "points_setting")]
    pub low_trx: String,
}

impl PointsConfig {
    /// The thresholds in base units (valid: checked at start; an invalid one reads as off).
    pub fn low_balance(&self) -> LowBalanceThresholds {
        LowBalanceThresholds {
            usdt: parse_points(&self.low_usdt).unwrap_or(0),
            trx: parse_points(&self.low_trx).unwrap_or(0),
        }
    }
}

/// The most significant digits a number read by the environment layer keeps exactly.
const EXACT_DIGITS: usize = 15;

/// Points as decimal text. The file writes them quoted ("10.5"); the environment layer reads
/// `COFFER__POINTS__LOW_USDT=10.5` as a number, whose shortest text is what was typed while it
/// has at most 15 significant digits; more must be quoted (`='"…"'`), as they cannot be told
/// apart from a neighbour.
fn points_setting<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Typed {
        Text(String),
        Whole(u64),
        Number(f64),
    }
    match Typed::deserialize(deserializer)? {
        Typed::Text(text) => Ok(text),
        Typed::Whole(whole) => Ok(whole.to_string()),
        Typed::Number(number) => {
            let text = number.to_string();
            let digits = text
                .trim_start_matches(['-', '0', '.'])
                .chars()
                .filter(char::is_ascii_digit);
            if digits.count() > EXACT_DIGITS {
                return Err(serde::de::Error::custom(
                    "more than 15 digits: write the points as a quoted string",
                ));
            }
            Ok(text)
        }
    }
}
