//! Placeholder until the price module lands (helper branch `price`): the shapes the service uses.

use chrono::{DateTime, Utc};
use ruint::aliases::U256;

use super::pairs::SourceKind;
use crate::amount::BaseUnits;
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::ports::PriceFeeds;

const SCALE: u64 = 1_000_000_000_000_000_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Rate(U256);

impl Rate {
    pub fn parse(text: &str) -> Result<Rate, ()> {
        let units = BaseUnits::from_decimal(text, 18).map_err(|_| ())?;
        if units.is_zero() {
            return Err(());
        }
        Ok(Rate(units.0))
    }
    pub fn text(&self) -> String {
        BaseUnits(self.0).to_decimal(18)
    }
    pub fn less_spread(&self, spread_bp: u32) -> Rate {
        Rate(self.0 * U256::from(10_000 - spread_bp) / U256::from(10_000u32))
    }
    pub fn amount_out(&self, amount_in: BaseUnits, decimals_in: u8, decimals_out: u8) -> Option<BaseUnits> {
        let ten = U256::from(10u8);
        let num = amount_in
            .0
            .checked_mul(self.0)?
            .checked_mul(ten.pow(U256::from(decimals_out)))?;
        Some(BaseUnits(
            num / (U256::from(SCALE) * ten.pow(U256::from(decimals_in))),
        ))
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PriceSource {
    None,
    Fixed {
        rate: Rate,
    },
    Feed {
        url: String,
        invert: bool,
        max_age_secs: u32,
    },
}

impl PriceSource {
    pub fn feed(url: &str, invert: bool, max_age_secs: u32) -> AppResult<PriceSource> {
        if !(url.starts_with("http://") || url.starts_with("https://")) || !(1..=3600).contains(&max_age_secs)
        {
            return Err(AppError::Invalid(MsgKey::InvalidInput));
        }
        Ok(PriceSource::Feed {
            url: url.into(),
            invert,
            max_age_secs,
        })
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Price {
    pub rate: Rate,
    pub at: DateTime<Utc>,
    pub source: SourceKind,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PriceStop {
    NoSource,
    FeedFailed(String),
    Stale { age_secs: i64, max_secs: u32 },
    BadPrice(String),
}

impl From<PriceStop> for AppError {
    fn from(_: PriceStop) -> AppError {
        AppError::Invalid(MsgKey::ExchangePairUnavailable)
    }
}

pub async fn read_price(
    source: &PriceSource,
    _feeds: &dyn PriceFeeds,
    now: DateTime<Utc>,
) -> Result<Price, PriceStop> {
    match source {
        PriceSource::None => Err(PriceStop::NoSource),
        PriceSource::Fixed { rate } => Ok(Price {
            rate: *rate,
            at: now,
            source: SourceKind::Fixed,
        }),
        PriceSource::Feed { .. } => Err(PriceStop::FeedFailed("not yet".into())),
    }
}
