//! Risk control before a withdrawal is released: the merchant's limits per token (minimum
//! review amount, daily count, daily total; the day in the merchant's time zone), then the
//! merchant's risk-control address, asked with a signed POST like a callback. Only a JSON reply
//! with code 0 lets an order pass on its own; anything else holds it for a person, with why.

use chrono::{DateTime, Utc};
use std::sync::Arc;

use crate::amount::BaseUnits;
use crate::callbacks::keys::PlatformKeys;
use crate::callbacks::{acknowledged, CallbackRequest, CallbackTransport};
use crate::error::AppResult;
use crate::ports::RiskLimits;

/// Why an order waits for a person (stored, shown, sent in callbacks).
pub mod reason {
    pub const OVER_REVIEW_MINIMUM: &str = "amount_over_review_minimum";
    pub const DAILY_COUNT: &str = "daily_count_exceeded";
    pub const DAILY_LIMIT: &str = "daily_limit_exceeded";
    pub const MANUAL: &str = "manual_withdrawal";
    /// The native coin has no per-token limits: a person always looks.
    pub const NATIVE_COIN: &str = "native_coin";
    pub const RISK_REFUSED: &str = "risk_control_refused";
    pub const RISK_UNREACHABLE: &str = "risk_control_unreachable";
    /// Stored before amounts were bounded at the door: a person decides.
    pub const OVER_ORDER_BOUND: &str = "amount_over_order_bound";
    /// The checks themselves failed on this order (logged with its id): a person decides.
    pub const SCREENING_FAILED: &str = "screening_failed";
}

pub use crate::reports::days::day_start;

/// A limit of "" or "0" is no limit; otherwise an amount in the token's units.
fn limit(text: &str, decimals: u8) -> Option<BaseUnits> {
    BaseUnits::from_decimal(text.trim(), decimals)
        .ok()
        .filter(|v| !v.is_zero())
}

/// The limits an order breaks, given today's count and total including this order.
pub fn over_limits(
    limits: &RiskLimits,
    decimals: u8,
    amount: BaseUnits,
    count_today: u64,
    total_today: BaseUnits,
) -> Vec<String> {
    let mut reasons = Vec::new();
    if limit(&limits.min_review_amount, decimals).is_some_and(|min| amount >= min) {
        reasons.push(reason::OVER_REVIEW_MINIMUM.to_string());
    }
    if limits.max_daily_count > 0 && count_today > limits.max_daily_count as u64 {
        reasons.push(reason::DAILY_COUNT.to_string());
    }
    if limit(&limits.daily_limit, decimals).is_some_and(|max| total_today > max) {
        reasons.push(reason::DAILY_LIMIT.to_string());
    }
    reasons
}

/// Asks the merchant's risk-control address.
pub struct RiskControl {
    pub transport: Arc<dyn CallbackTransport>,
    pub keys: Arc<PlatformKeys>,
    pub timeout: std::time::Duration,
}

/// Longest excerpt of the merchant's answer kept in the reason.
const ANSWER_CHARS: usize = 200;

impl RiskControl {
    /// None: it may pass; Some(reason): hold it for review.
    pub async fn ask(
        &self,
        url: &str,
        event_id: &str,
        body: &str,
        now: DateTime<Utc>,
    ) -> AppResult<Option<String>> {
        let request = CallbackRequest::signed(&self.keys, url, event_id, body, now, self.timeout).await?;
        Ok(match self.transport.post(&request).await {
            Ok(reply) if acknowledged(&reply) => None,
            Ok(reply) => {
                let said: String = serde_json::from_str::<serde_json::Value>(&reply.body)
                    .ok()
                    .and_then(|v| v.get("msg").and_then(|m| m.as_str()).map(str::to_string))
                    .unwrap_or_else(|| format!("HTTP {} {}", reply.status, reply.body))
                    .chars()
                    .take(ANSWER_CHARS)
                    .collect();
                Some(format!("{}: {said}", reason::RISK_REFUSED))
            }
            Err(error) => Some(format!(
                "{}: {}",
                reason::RISK_UNREACHABLE,
                error.detail.chars().take(ANSWER_CHARS).collect::<String>()
            )),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn limits(min: &str, count: i64, daily: &str) -> RiskLimits {
        RiskLimits {
            min_review_amount: min.into(),
            max_daily_count: count,
            daily_limit: daily.into(),
        }
    }

    fn usd(text: &str) -> BaseUnits {
        BaseUnits::from_decimal(text, 6).unwrap()
    }

    #[test]
    fn each_limit_is_checked_and_zero_means_none() {
        let l = limits("1000", 3, "5000");
        assert!(over_limits(&l, 6, usd("999.999999"), 1, usd("999.999999")).is_empty());
        assert_eq!(
            over_limits(&l, 6, usd("1000"), 1, usd("1000")),
            vec![reason::OVER_REVIEW_MINIMUM]
        );
        assert_eq!(
            over_limits(&l, 6, usd("1"), 4, usd("10")),
            vec![reason::DAILY_COUNT]
        );
        assert!(over_limits(&l, 6, usd("1"), 3, usd("5000")).is_empty());
        assert_eq!(
            over_limits(&l, 6, usd("1"), 3, usd("5000.000001")),
            vec![reason::DAILY_LIMIT]
        );
        assert!(over_limits(&limits("0", 0, ""), 6, usd("1000000"), 99, usd("3000000")).is_empty());
    }

    #[test]
    fn the_day_follows_the_merchants_time_zone() {
        let now = Utc.with_ymd_and_hms(2026, 11, 22, 2, 30, 0).unwrap();
        assert_eq!(
            day_start(now, 0),
            Utc.with_ymd_and_hms(2026, 11, 22, 0, 0, 0).unwrap()
        );
        // 10:30 in UTC+8: the day began at 16:00 UTC the day before.
        assert_eq!(
            day_start(now, 8),
            Utc.with_ymd_and_hms(2026, 11, 21, 16, 0, 0).unwrap()
        );
        // 14:30 the day before in UTC-11 (ends at 11:00 UTC).
        assert_eq!(
            day_start(now, -11),
            Utc.with_ymd_and_hms(2026, 11, 21, 11, 0, 0).unwrap()
        );
    }
}
