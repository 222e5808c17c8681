//! A feed's answer: a JSON object with `price` (a decimal string or number above 0) and
//! optionally the price's time as `time`, `closeTime` or `timestamp` (ms since the epoch). The
//! common exchange ticker (`{"symbol":"TRXUSDT","price":"0.29120000"}`) reads as is.

use chrono::{DateTime, Utc};
use serde_json::Value;

use super::Rate;

/// The fields that may carry the price's time, in the order they are looked for.
const TIME_FIELDS: [&str; 3] = ["time", "closeTime", "timestamp"];

#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct FeedQuote {
    /// As the feed gives it, before any inverting.
    pub price: Rate,
    pub at: Option<DateTime<Utc>>,
}

/// The price and time of a feed's body, or why there is none.
pub(super) fn parse_body(body: &str) -> Result<FeedQuote, String> {
    let value: Value = serde_json::from_str(body).map_err(|_| "the body is not JSON".to_string())?;
    let object = value
        .as_object()
        .ok_or_else(|| "the body is not a JSON object".to_string())?;
    let price = object
        .get("price")
        .ok_or_else(|| "the body has no \"price\"".to_string())?;
    let price = price_text(price)
        .as_deref()
        .and_then(Rate::parse_cut)
        .ok_or_else(|| {
            format!(
                "\"price\" is not a decimal above 0 and at most 10^18: {}",
                excerpt(price)
            )
        })?;
    let at = match TIME_FIELDS
        .iter()
        .find_map(|name| object.get(*name).map(|v| (name, v)))
    {
        None => None,
        Some((name, value)) => Some(
            millis(value)
                .and_then(DateTime::from_timestamp_millis)
                .ok_or_else(|| {
                    format!(
                        "\"{name}\" is not milliseconds since the epoch: {}",
                        excerpt(value)
                    )
                })?,
        ),
    };
    Ok(FeedQuote { price, at })
}

/// A price's decimal text: a string as written, a number in plain decimals (JSON numbers with
/// a fraction are read as JSON readers do, to about 15 significant digits: send a string for
/// more).
fn price_text(value: &Value) -> Option<String> {
    match value {
        Value::String(text) => Some(text.clone()),
        Value::Number(number) => match number.as_u64() {
            Some(whole) => Some(whole.to_string()),
            // Rust writes a float in plain decimals, never with an exponent.
            None => number.as_f64().map(|float| float.to_string()),
        },
        _ => None,
    }
}

/// Milliseconds as a JSON integer or a string of digits.
fn millis(value: &Value) -> Option<i64> {
    match value {
        Value::Number(number) => number.as_i64(),
        Value::String(text) if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) => {
            text.parse().ok()
        }
        _ => None,
    }
}

/// A value as JSON, cut to a length a log line can hold.
fn excerpt(value: &Value) -> String {
    const MAX_CHARS: usize = 40;
    let text = value.to_string();
    match text.char_indices().nth(MAX_CHARS) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text,
    }
}
