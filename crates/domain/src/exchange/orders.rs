//! An exchange order as stored: the end user's payment in (token in, to their exchange address)
//! and the payout (token out, from the pair's payout wallet), the price it was made at, and the
//! withdrawals that pay it out or refund it.

use chrono::{DateTime, Duration, Utc};

use super::price::SourceKind;
use crate::amount::BaseUnits;
use crate::ports::{CallbackStatus, MerchantId, NotifyStatus, OrderStatus};

/// How long an API order waits for its payment.
pub const PAYMENT_WINDOW: Duration = Duration::minutes(30);

/// The open id prefix of an end user's exchange address: a deposit address of the merchant kept
/// for exchanges, so a payment there is never credited as a deposit.
pub const EXCHANGE_OPEN_ID_PREFIX: &str = "exchange:";

/// The exchange address's open id for the end user `open_id`.
pub fn exchange_open_id(open_id: &str) -> String {
    format!("{EXCHANGE_OPEN_ID_PREFIX}{open_id}")
}

/// The end user of an exchange address's open id; None for any other address.
pub fn end_user_of(address_open_id: &str) -> Option<&str> {
    address_open_id
        .strip_prefix(EXCHANGE_OPEN_ID_PREFIX)
        .filter(|user| !user.is_empty())
}

crate::stored_codes! {
    /// How an exchange was asked for.
    pub enum Origin {
        /// A quote, then an order through the merchant API.
        MerchantApi = 1,
        /// A payment to the end user's exchange address, priced when it is confirmed.
        Address = 2,
    }
}

/// `X`, the UTC day it was made and the id in ten digits: `X202611240000000042`.
pub fn order_no(created_at: DateTime<Utc>, id: i64) -> String {
    format!("X{}{:010}", created_at.format("%Y%m%d"), id)
}

/// The price an order was made at (from its quote, or read when its payment was confirmed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderPrice {
    /// OUT per IN after the spread.
    pub rate: String,
    pub market_rate: String,
    pub spread_bp: u32,
    pub source_kind: SourceKind,
    pub source_label: String,
    pub price_at: Option<DateTime<Utc>>,
    /// A payment after its quote expired took a fresh rate within the pair's tolerance.
    pub repriced: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewExchangeOrder {
    pub merchant_id: MerchantId,
    pub merchant_order_no: Option<String>,
    pub origin: Origin,
    pub pair_id: i64,
    pub chain_id: i64,
    pub token_in: Option<i64>,
    pub decimals_in: i32,
    pub token_out: Option<i64>,
    pub decimals_out: i32,
    pub open_id: String,
    /// The end user's exchange address.
    pub pay_address: String,
    pub payout_address: String,
    /// The quote's row (API orders).
    pub quote_id: Option<i64>,
    /// What the quote was for (API orders); zero for address orders.
    pub amount_in: BaseUnits,
    pub min_out: BaseUnits,
    pub amount_out: BaseUnits,
    pub price: OrderPrice,
    pub status: OrderStatus,
    pub pay_by: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExchangeOrderRecord {
    pub id: i64,
    pub order_no: String,
    pub order: NewExchangeOrder,
    /// What arrived (zero until the payment is seen) and from whom.
    pub paid_in: BaseUnits,
    pub payer: String,
    pub deposit_id: Option<i64>,
    pub in_hash: String,
    pub withdrawal_id: Option<i64>,
    pub refund_id: Option<i64>,
    pub out_hash: String,
    pub fee_points: i64,
    /// Why it waits for a person, was refunded or failed ("" otherwise).
    pub reason: String,
    pub callback_status: CallbackStatus,
    pub callback_result: String,
    pub notify_status: NotifyStatus,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub completed_at: Option<DateTime<Utc>>,
}

/// An order as the merchant API answers it, with its tokens named.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiOrder {
    pub order: ExchangeOrderRecord,
    pub sides: super::sides::PairSides,
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn an_exchange_address_is_known_by_its_open_id() {
        assert_eq!(end_user_of(&exchange_open_id("user-7")), Some("user-7"));
        assert_eq!(end_user_of("user-7"), None);
        assert_eq!(end_user_of("exchange:"), None);
        assert_eq!(end_user_of("points:3"), None);
    }

    #[test]
    fn order_numbers_carry_the_day_and_ten_digits_of_the_id() {
        let at = Utc.with_ymd_and_hms(2026, 11, 24, 23, 59, 59).unwrap();
        assert_eq!(order_no(at, 42), "X202611240000000042");
    }
}
