//! The rules of assets and cold addresses, as pure functions: ratios, amounts, schedules.

use crate::amount::BaseUnits;
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::ports::chain::ChainAdapter;
use crate::ports::{ColdAddress, CollectSettings, RiskLimits};

/// Spec: up to 5 collection addresses and 5 generated payment addresses per merchant.
pub const MAX_COLD_ADDRESSES: usize = 5;
pub const MAX_HOT_WALLETS: u64 = 5;
/// Ratios have at most this many decimals, so they sum exactly in integers.
pub const RATIO_DECIMALS: u32 = 4;
pub(crate) const RATIO_ONE: u64 = 10u64.pow(RATIO_DECIMALS);
pub const MAX_REMARK_CHARS: usize = 100;

fn invalid(key: MsgKey) -> AppError {
    AppError::Invalid(key)
}

/// A ratio in ten-thousandths: "0.6" -> 6000. Greater than 0, at most 1.
pub fn parse_ratio(text: &str) -> Option<u64> {
    let units = BaseUnits::from_decimal(text, RATIO_DECIMALS as u8).ok()?;
    let value: u64 = units.0.try_into().ok()?;
    (value > 0 && value <= RATIO_ONE).then_some(value)
}

/// Canonical cold addresses of a request: 1 to 5, valid for the chain, distinct, ratios summing
/// to exactly 1.
pub fn check_cold_addresses(
    chain: &dyn ChainAdapter,
    entries: &[ColdAddress],
) -> AppResult<Vec<ColdAddress>> {
    if entries.len() > MAX_COLD_ADDRESSES {
        return Err(invalid(MsgKey::ColdAddressLimit));
    }
    if entries.is_empty() {
        return Err(invalid(MsgKey::ColdAddressInvalid));
    }
    let mut canonical: Vec<ColdAddress> = Vec::with_capacity(entries.len());
    let mut total = 0u64;
    for entry in entries {
        let address = chain
            .parse_address(entry.address.trim())
            .map_err(|_| invalid(MsgKey::ColdAddressInvalid))?;
        if canonical.iter().any(|c| c.address == address) {
            return Err(invalid(MsgKey::ColdAddressInvalid));
        }
        let ratio = parse_ratio(&entry.ratio).ok_or(invalid(MsgKey::RatioFormat))?;
        total += ratio;
        canonical.push(ColdAddress {
            address,
            ratio: BaseUnits::from_u128(ratio as u128).to_decimal(RATIO_DECIMALS as u8),
        });
    }
    if total != RATIO_ONE {
        return Err(invalid(MsgKey::RatioTotal));
    }
    Ok(canonical)
}

/// An amount setting in the token's units, returned in canonical form ("1.50" -> "1.5").
pub fn check_amount(text: &str, decimals: i32) -> AppResult<String> {
    let decimals = u8::try_from(decimals).map_err(|_| AppError::internal("token decimals"))?;
    BaseUnits::from_decimal(text, decimals)
        .map(|v| v.to_decimal(decimals))
        .map_err(|_| invalid(MsgKey::InvalidAmount))
}

fn check_time_of_day(text: &str) -> bool {
    let Some((h, m)) = text.split_once(':') else {
        return false;
    };
    let two_digits = |s: &str| s.len() == 2 && s.bytes().all(|b| b.is_ascii_digit());
    two_digits(h) && two_digits(m) && h < "24" && m < "60"
}

pub fn check_collect(settings: &CollectSettings, decimals: i32) -> AppResult<CollectSettings> {
    if !(1..=3).contains(&settings.collect_type)
        || !(1..=168).contains(&settings.interval_hours)
        || !check_time_of_day(&settings.start_time)
    {
        return Err(invalid(MsgKey::InvalidCollectSettings));
    }
    Ok(CollectSettings {
        min_collect_amount: check_amount(&settings.min_collect_amount, decimals)?,
        min_split_amount: check_amount(&settings.min_split_amount, decimals)?,
        ..settings.clone()
    })
}

pub fn check_risk(limits: &RiskLimits, decimals: i32) -> AppResult<RiskLimits> {
    if !(0..=1_000_000).contains(&limits.max_daily_count) {
        return Err(invalid(MsgKey::InvalidAmount));
    }
    Ok(RiskLimits {
        min_review_amount: check_amount(&limits.min_review_amount, decimals)?,
        max_daily_count: limits.max_daily_count,
        daily_limit: check_amount(&limits.daily_limit, decimals)?,
    })
}

pub fn default_collect() -> CollectSettings {
    CollectSettings {
        // Spec: automatic collection is off by default; when on, daily at 00:00.
        auto_collect: false,
        collect_type: 1,
        start_time: "00:00".into(),
        interval_hours: 24,
        min_collect_amount: "0".into(),
        min_split_amount: "0".into(),
    }
}

pub fn default_risk() -> RiskLimits {
    RiskLimits {
        min_review_amount: "1000".into(),
        max_daily_count: 100,
        daily_limit: "100000".into(),
    }
}

pub fn check_remark(remark: &str) -> AppResult<String> {
    let remark = remark.trim();
    if remark.chars().count() > MAX_REMARK_CHARS {
        return Err(invalid(MsgKey::RemarkTooLong));
    }
    Ok(remark.to_string())
}

/// An end user's id at the merchant: 1 to 64 visible characters.
pub fn check_open_id(open_id: &str) -> AppResult<String> {
    let open_id = open_id.trim();
    let ok = !open_id.is_empty() && open_id.chars().count() <= 64 && !open_id.chars().any(char::is_control);
    ok.then(|| open_id.to_string())
        .ok_or(invalid(MsgKey::InvalidOpenId))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratios_are_exact_ten_thousandths() {
        assert_eq!(parse_ratio("0.6"), Some(6000));
        assert_eq!(parse_ratio("1"), Some(10000));
        assert_eq!(parse_ratio("0.0001"), Some(1));
        for bad in ["0", "0.00001", "1.0001", "-0.5", "abc", "", "0.5.5"] {
            assert_eq!(parse_ratio(bad), None, "{bad}");
        }
    }

    #[test]
    fn amounts_respect_token_decimals() {
        assert_eq!(check_amount("1.50", 6).unwrap(), "1.5");
        assert!(check_amount("0.0000001", 6).is_err());
        assert!(check_amount("-1", 6).is_err());
    }

    #[test]
    fn schedules_are_checked() {
        let mut s = default_collect();
        assert!(check_collect(&s, 6).is_ok());
        for (t, ok) in [
            ("23:59", true),
            ("24:00", false),
            ("7:00", false),
            ("12:60", false),
        ] {
            s.start_time = t.into();
            assert_eq!(check_collect(&s, 6).is_ok(), ok, "{t}");
        }
        s = default_collect();
        s.interval_hours = 0;
        assert!(check_collect(&s, 6).is_err());
        s = default_collect();
        s.collect_type = 4;
        assert!(check_collect(&s, 6).is_err());
    }

    #[test]
    fn open_ids_are_bounded() {
        assert_eq!(check_open_id(" user-1 ").unwrap(), "user-1");
        assert!(check_open_id("").is_err());
        assert!(check_open_id(&"x".repeat(65)).is_err());
        assert!(check_open_id("a\nb").is_err());
    }
}
