//! Where a pair's market rate comes from, and reading it. A source is none (the pair is
//! stopped), a fixed rate the operator typed (shown as "fixed, not market") or an HTTP feed read
//! live on every call: no cache and no fallback, so a feed that fails or is older than its limit
//! stops the pair with the reason, never an old or invented rate (docs/operations.md
//! "Exchange price sources").

mod feed;
mod rate;

use chrono::{DateTime, Utc};

use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::ports::PriceFeeds;

pub use rate::{Rate, FULL_BP, MAX_RATE_WHOLE, RATE_DECIMALS};

/// Longest feed URL accepted.
pub const MAX_FEED_URL_CHARS: usize = 500;
/// The staleness limit a feed may be given, in seconds.
pub const MAX_AGE_SECS: std::ops::RangeInclusive<u32> = 1..=3600;
/// How far ahead of Coffer's clock a price's time may be (clocks differ a little).
pub const FUTURE_SLACK_MS: i64 = 5_000;

crate::stored_codes! {
    /// What kind of source a pair has (the wire's `source.kind`).
    pub enum SourceKind {
        /// No source: the pair is stopped.
        None = 0,
        /// A rate the operator typed: "fixed, not market".
        Fixed = 1,
        /// An HTTP feed read live.
        Feed = 2,
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PriceSource {
    None,
    Fixed {
        rate: Rate,
    },
    /// `invert`: the feed gives IN per OUT (a TRXUSDT ticker for a USDT -> TRX pair).
    Feed {
        url: String,
        invert: bool,
        max_age_secs: u32,
    },
}

/// What the console shows of a source: its kind, a feed's host (never its whole URL, which may
/// carry a key) and its staleness limit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceLabel {
    pub kind: SourceKind,
    pub host: Option<String>,
    pub max_age_secs: Option<u32>,
}

impl PriceSource {
    /// A fixed rate from its text.
    pub fn fixed(rate_text: &str) -> AppResult<PriceSource> {
        Ok(PriceSource::Fixed {
            rate: Rate::parse(rate_text)?,
        })
    }

    /// A feed: an http(s) URL with a host, no credentials or fragment, at most 500 characters,
    /// and a staleness limit of 1 to 3600 seconds.
    pub fn feed(url: &str, invert: bool, max_age_secs: u32) -> AppResult<PriceSource> {
        let bad_url = || AppError::Invalid(MsgKey::PriceFeedUrlInvalid);
        if url.chars().count() > MAX_FEED_URL_CHARS
            || url.chars().any(|c| c.is_whitespace() || c.is_control())
        {
            return Err(bad_url());
        }
        let parsed = url::Url::parse(url).map_err(|_| bad_url())?;
        if !crate::callbacks::targets::is_plain_http_url(&parsed, MAX_FEED_URL_CHARS) {
            return Err(bad_url());
        }
        if !MAX_AGE_SECS.contains(&max_age_secs) {
            return Err(AppError::Invalid(MsgKey::PriceMaxAgeRange));
        }
        Ok(PriceSource::Feed {
            url: parsed.to_string(),
            invert,
            max_age_secs,
        })
    }

    pub fn kind(&self) -> SourceKind {
        match self {
            PriceSource::None => SourceKind::None,
            PriceSource::Fixed { .. } => SourceKind::Fixed,
            PriceSource::Feed { .. } => SourceKind::Feed,
        }
    }

    pub fn label(&self) -> SourceLabel {
        let (host, max_age_secs) = match self {
            PriceSource::Feed {
                url, max_age_secs, ..
            } => (
                url::Url::parse(url)
                    .ok()
                    .and_then(|u| u.host_str().map(str::to_string)),
                Some(*max_age_secs),
            ),
            _ => (None, None),
        };
        SourceLabel {
            kind: self.kind(),
            host,
            max_age_secs,
        }
    }
}

/// A market rate as read: OUT per IN (a feed's price already inverted when asked), and the
/// price's time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Price {
    pub rate: Rate,
    pub at: DateTime<Utc>,
    pub source: SourceKind,
}

impl Price {
    /// How old the price is at `now`, in milliseconds (0 for a time a little ahead).
    pub fn age_ms(&self, now: DateTime<Utc>) -> i64 {
        (now - self.at).num_milliseconds().max(0)
    }
}

/// Why a pair has no price now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PriceStop {
    NoSource,
    /// The feed could not be read: no answer, a timeout, a non-2xx, a body too large.
    FeedFailed(String),
    Stale {
        age_secs: i64,
        max_secs: u32,
    },
    /// The feed answered, but not a usable price (not JSON, no price, 0, a time far ahead).
    BadPrice(String),
}

impl PriceStop {
    /// For the log and the console's reason text (not localized; the code's message is).
    pub fn reason(&self) -> String {
        match self {
            PriceStop::NoSource => "no price source".into(),
            PriceStop::FeedFailed(detail) => format!("price feed failed: {detail}"),
            PriceStop::Stale { age_secs, max_secs } => {
                format!("price is {age_secs} s old, over its limit of {max_secs} s")
            }
            PriceStop::BadPrice(detail) => format!("price feed answered no usable price: {detail}"),
        }
    }
}

impl From<PriceStop> for AppError {
    fn from(stop: PriceStop) -> AppError {
        AppError::Invalid(match stop {
            PriceStop::NoSource => MsgKey::PriceSourceMissing,
            PriceStop::FeedFailed(_) | PriceStop::BadPrice(_) => MsgKey::PriceFeedFailed,
            PriceStop::Stale { .. } => MsgKey::PriceStale,
        })
    }
}

/// The market rate of `source` now: a fixed rate as of `now`; a feed read live through `feeds`
/// (inverted when asked), refused when older than its limit or ahead of `now` by more than 5 s.
pub async fn read_price(
    source: &PriceSource,
    feeds: &dyn PriceFeeds,
    now: DateTime<Utc>,
) -> Result<Price, PriceStop> {
    match source {
        PriceSource::None => Err(PriceStop::NoSource),
        PriceSource::Fixed { rate } => Ok(Price {
            rate: *rate,
            at: now,
            source: SourceKind::Fixed,
        }),
        PriceSource::Feed {
            url,
            invert,
            max_age_secs,
        } => {
            let body = feeds.fetch(url).await.map_err(PriceStop::FeedFailed)?;
            let quote = feed::parse_body(&body).map_err(PriceStop::BadPrice)?;
            let at = quote.at.unwrap_or(now);
            let age_ms = (now - at).num_milliseconds();
            if age_ms < -FUTURE_SLACK_MS {
                return Err(PriceStop::BadPrice(format!(
                    "the price's time is {} ms ahead of Coffer's clock",
                    -age_ms
                )));
            }
            if age_ms > i64::from(*max_age_secs) * 1000 {
                return Err(PriceStop::Stale {
                    // Rounded up: a price 60.2 s old is not "60 s old" against a limit of 60.
                    age_secs: (age_ms + 999) / 1000,
                    max_secs: *max_age_secs,
                });
            }
            let rate = if *invert {
                quote.price.inverse()
            } else {
                quote.price
            };
            Ok(Price {
                rate,
                at,
                source: SourceKind::Feed,
            })
        }
    }
}

#[cfg(test)]
mod tests;
