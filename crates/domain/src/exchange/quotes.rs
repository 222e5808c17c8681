//! A quote: the price an exchange would be made at, valid [`QUOTE_LIFE_SECS`] seconds, kept
//! with what it was computed from (the market rate, its source and the price's time) so an
//! order made with it can say so.

use chrono::{DateTime, Utc};

use super::pairs::SourceKind;
use crate::amount::BaseUnits;
use crate::ports::MerchantId;

/// How long a quote holds.
pub const QUOTE_LIFE_SECS: i64 = 30;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewQuote {
    pub merchant_id: MerchantId,
    /// The quote id the merchant is given.
    pub token: String,
    pub pair_id: i64,
    pub amount_in: BaseUnits,
    pub amount_out: BaseUnits,
    /// OUT per IN after the spread, as decimal text.
    pub rate: String,
    /// OUT per IN as the source gave it.
    pub market_rate: String,
    pub spread_bp: u32,
    pub source_kind: SourceKind,
    /// "fixed", or the feed's host.
    pub source_label: String,
    /// When the price was made (a feed's own time, else when it was read).
    pub price_at: DateTime<Utc>,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuoteRecord {
    pub id: i64,
    pub quote: NewQuote,
    /// The order that used it.
    pub order_id: Option<i64>,
}

impl QuoteRecord {
    /// The price's age when the quote was made, in milliseconds.
    pub fn price_age_ms(&self) -> i64 {
        (self.quote.created_at - self.quote.price_at)
            .num_milliseconds()
            .max(0)
    }

    pub fn is_live(&self, now: DateTime<Utc>) -> bool {
        now < self.quote.expires_at
    }
}
