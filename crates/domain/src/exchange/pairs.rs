//! A pair: per merchant and chain, token in -> token out, the merchant's terms and the
//! operator's price source. What a pair may hold is checked here, before anything is stored.

use chrono::{DateTime, Utc};

use super::price::PriceSource;
pub use super::price::SourceKind;
use crate::amount::BaseUnits;
use crate::error::AppResult;
use crate::ports::MerchantId;

/// At most this many pairs per merchant (every pair's price is read live on Token > Trade).
pub const MAX_PAIRS: u64 = 20;
/// A spread of at most 50%.
pub const MAX_SPREAD_BP: u32 = 5_000;
/// A late payment's fresh rate at most 10% below its quote.
pub const MAX_TOLERANCE_BP: u32 = 1_000;

crate::stored_codes! {
    /// What a payment outside the pair's rules becomes.
    pub enum OutsideRule {
        Refund = 1,
        Review = 2,
    }
}

/// The price source as stored: the fields of its kind are set, the others empty.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredSource {
    pub kind: SourceKind,
    /// Fixed: the rate as decimal text (OUT per IN).
    pub fixed_rate: String,
    pub feed_url: String,
    /// The feed gives IN per OUT: its price is inverted.
    pub feed_invert: bool,
    pub feed_max_age_secs: u32,
}

impl StoredSource {
    /// What a price shows as its source: "fixed", a feed's host, "" when none.
    pub fn label(&self) -> String {
        match self.kind {
            SourceKind::None => String::new(),
            SourceKind::Fixed => "fixed".into(),
            SourceKind::Feed => self
                .price_source()
                .ok()
                .and_then(|source| source.label().host)
                .unwrap_or_default(),
        }
    }

    /// The source as it is read (checked as when it was set).
    pub fn price_source(&self) -> AppResult<PriceSource> {
        match self.kind {
            SourceKind::None => Ok(PriceSource::None),
            SourceKind::Fixed => PriceSource::fixed(&self.fixed_rate),
            SourceKind::Feed => PriceSource::feed(&self.feed_url, self.feed_invert, self.feed_max_age_secs),
        }
    }

    pub fn unset() -> StoredSource {
        StoredSource {
            kind: SourceKind::None,
            fixed_rate: String::new(),
            feed_url: String::new(),
            feed_invert: false,
            feed_max_age_secs: 0,
        }
    }
}

/// What the merchant sets on a pair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairTerms {
    pub enabled: bool,
    pub spread_bp: u32,
    pub tolerance_bp: u32,
    /// Base units of token in.
    pub min_in: BaseUnits,
    pub max_in: BaseUnits,
    /// Token in exchanged per merchant day at most; zero: no daily limit.
    pub daily_limit: BaseUnits,
    /// The merchant's hot wallet that pays out.
    pub payout_wallet: String,
    pub outside_rule: OutsideRule,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairRecord {
    pub id: i64,
    pub merchant_id: MerchantId,
    pub chain_id: i64,
    /// None: the chain's native coin.
    pub token_in: Option<i64>,
    pub token_out: Option<i64>,
    pub terms: PairTerms,
    pub source: StoredSource,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewPair {
    pub merchant_id: MerchantId,
    pub chain_id: i64,
    pub token_in: Option<i64>,
    pub token_out: Option<i64>,
    pub terms: PairTerms,
}

impl NewPair {
    /// One pair per (chain, in, out) and merchant: the stored key.
    pub fn key(&self) -> String {
        pair_key(self.chain_id, self.token_in, self.token_out)
    }
}

pub fn pair_key(chain_id: i64, token_in: Option<i64>, token_out: Option<i64>) -> String {
    let side = |token: Option<i64>| token.map_or_else(|| "native".to_string(), |id| id.to_string());
    format!("{chain_id}:{}:{}", side(token_in), side(token_out))
}

/// What became of a new pair.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PairInsert {
    /// The new pair's id.
    Inserted(i64),
    /// The merchant has this pair already.
    Exists,
    /// The merchant has [`MAX_PAIRS`] pairs.
    TooMany,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pair_is_keyed_by_chain_and_both_sides_with_the_coin_named() {
        assert_eq!(pair_key(3, Some(7), None), "3:7:native");
        assert_eq!(pair_key(3, None, Some(7)), "3:native:7");
        assert_ne!(pair_key(3, Some(7), None), pair_key(3, None, Some(7)));
    }
}
