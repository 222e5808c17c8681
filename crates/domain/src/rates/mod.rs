//! The rate card: what each service costs a merchant, over time. One row per (merchant,
//! service) is in force at any moment; a change closes it and opens the next, so the history
//! stays and every charge can name the row it was charged at. Amounts are points in base
//! units (6 decimals, 1 point = 1 USDT or 1 TRX); a percent is in parts per million.

mod card;
pub(crate) mod price;
mod terms;

pub use card::{DefaultRates, RateCard};
pub use price::{price, Charge, PeggedTokens, PriceError, TokenAmount};
pub use terms::{parse_percent, parse_points, percent_text, points_text, RateTerms};

use chrono::{DateTime, Utc};

use crate::ports::MerchantId;
use crate::stored_codes;

/// Decimals of points (both kinds): base units per point are 10^6.
pub const POINT_DECIMALS: u8 = 6;
/// Parts per million: 100% of an amount.
pub const FULL_PPM: i64 = 1_000_000;

stored_codes! {
    /// What the operator charges for.
    pub enum Service {
        /// Per collection (sweep).
        CollectionFee = 1,
        /// Per completed withdrawal.
        PaymentFee = 2,
        /// Per use of energy (TRON).
        Energy = 3,
        /// A fee per month.
        Monthly = 4,
        /// Per exchange paid out (Token > Trade), on the amount paid in.
        ExchangeFee = 5,
    }

    /// How a row's charge is computed.
    pub enum ChargeMode {
        /// A part of the transaction's amount, optionally at least `min` and at most `max`.
        Percent = 1,
        /// The same amount per transaction.
        Fixed = 2,
        /// An amount per month, nothing per transaction.
        Monthly = 3,
    }

    /// When the merchant pays.
    pub enum PayMode {
        /// Taken from the merchant's points when charged.
        Prepaid = 1,
        /// Added to the monthly bill.
        Postpaid = 2,
    }

    /// A row as seen at a moment (derived from its validity, not stored).
    pub enum RateStatus {
        Effective = 1,
        Expired = 2,
    }
}

impl Service {
    pub const ALL: [Service; 5] = [
        Service::CollectionFee,
        Service::PaymentFee,
        Service::Energy,
        Service::Monthly,
        Service::ExchangeFee,
    ];

    /// Energy is bought with TRX, so it is paid in TRX points; the rest in USDT points.
    pub fn paid_in(self) -> crate::points::PointAsset {
        match self {
            Service::Energy => crate::points::PointAsset::Trx,
            _ => crate::points::PointAsset::Usdt,
        }
    }
}

/// One row of the rate card: its terms, valid from `valid_from` until `valid_to` (None: open).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rate {
    pub id: i64,
    pub merchant_id: MerchantId,
    pub service: Service,
    pub terms: RateTerms,
    pub valid_from: DateTime<Utc>,
    pub valid_to: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

impl Rate {
    /// Changes take effect when made, so a row is in force from its start until it is closed.
    pub fn in_force_at(&self, at: DateTime<Utc>) -> bool {
        self.valid_from <= at && self.valid_to.is_none_or(|to| at < to)
    }

    pub fn status(&self, now: DateTime<Utc>) -> RateStatus {
        if self.in_force_at(now) {
            RateStatus::Effective
        } else {
            RateStatus::Expired
        }
    }
}
