//! What a confirmed payment to an exchange becomes: paid out at its price, or outside the pair's
//! rules with the reason (then refunded or held for review, as the pair says). Nothing is
//! silently re-priced: a payment after its quote expired takes the fresh rate only within the
//! pair's tolerance, and says so.

use chrono::{DateTime, Utc};

use super::orders::{NewExchangeOrder, OrderPrice, Origin};
use super::pairs::{OutsideRule, PairTerms};
use super::price::{PriceStop, Rate};
use super::service::LivePrice;
use crate::amount::BaseUnits;

/// The payment as the chain shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Payment {
    pub amount: BaseUnits,
    /// When Coffer first saw it (its price is the one of that moment).
    pub seen_at: DateTime<Utc>,
}

/// Why a payment is outside the pair's rules: the reason's stored text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outside {
    Underpaid,
    Overpaid,
    BelowPairMinimum,
    AbovePairMaximum,
    DailyLimit,
    /// The quote expired and the fresh rate is further below it than the tolerance.
    RateSlipped {
        shortfall_bp: u32,
    },
    BelowMinimumOut,
    InventoryShort,
    PairDisabled,
    /// The address to pay (the payout address, or the payer for a refund) is on the merchant's
    /// blacklist or one of its own.
    PayeeRefused,
    /// No price now: a person decides once there is one.
    PriceStopped(String),
}

impl Outside {
    pub fn reason(&self) -> String {
        match self {
            Outside::Underpaid => "underpaid".into(),
            Outside::Overpaid => "overpaid".into(),
            Outside::BelowPairMinimum => "below_pair_minimum".into(),
            Outside::AbovePairMaximum => "above_pair_maximum".into(),
            Outside::DailyLimit => "daily_limit".into(),
            Outside::RateSlipped { shortfall_bp } => format!("rate_slipped: {shortfall_bp} bp"),
            Outside::BelowMinimumOut => "below_minimum_out".into(),
            Outside::InventoryShort => "inventory_short".into(),
            Outside::PairDisabled => "pair_disabled".into(),
            Outside::PayeeRefused => "payee_refused".into(),
            Outside::PriceStopped(why) => format!("price_stopped: {why}"),
        }
    }

    /// Refunded or held, as the pair says; a missing price is always held (a person decides
    /// once the price is back, rather than a refund the payer did not ask for).
    pub fn action(&self, rule: OutsideRule) -> OutsideRule {
        match self {
            // Nor is a payee that may not be paid (a refund would go to the same kind).
            Outside::PriceStopped(_) | Outside::PayeeRefused => OutsideRule::Review,
            _ => rule,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    Pay {
        amount_out: BaseUnits,
        price: OrderPrice,
    },
    Outside(Outside),
}

/// What the decision reads besides the order and the payment.
#[derive(Debug, Clone)]
pub struct Context<'a> {
    pub terms: &'a PairTerms,
    /// When the order's quote stopped holding (API orders).
    pub quote_expires_at: Option<DateTime<Utc>>,
    /// The pair's price now, read only when the order's own price does not hold.
    pub fresh: Option<&'a Result<LivePrice, PriceStop>>,
    /// Token in exchanged today (the merchant's day) by the pair's other orders.
    pub used_today: BaseUnits,
    /// Token out the payout wallet can give now (its reading less what waits to be paid).
    pub available_out: BaseUnits,
    /// The pair's source as a price shows it ("fixed", a feed's host).
    pub source_label: &'a str,
}

/// Whether the order's own price holds for this payment: an API order paid before its quote
/// expired. Otherwise the decision needs the fresh price.
pub fn quote_holds(
    order: &NewExchangeOrder,
    payment: &Payment,
    quote_expires_at: Option<DateTime<Utc>>,
) -> bool {
    order.origin == Origin::MerchantApi && quote_expires_at.is_some_and(|until| payment.seen_at < until)
}

pub fn decide(order: &NewExchangeOrder, payment: &Payment, ctx: &Context<'_>) -> Verdict {
    match checked(order, payment, ctx) {
        Ok((amount_out, price)) => Verdict::Pay { amount_out, price },
        Err(outside) => Verdict::Outside(outside),
    }
}

fn checked(
    order: &NewExchangeOrder,
    payment: &Payment,
    ctx: &Context<'_>,
) -> Result<(BaseUnits, OrderPrice), Outside> {
    let terms = ctx.terms;
    if !terms.enabled {
        return Err(Outside::PairDisabled);
    }
    let paid = payment.amount;
    if order.origin == Origin::MerchantApi {
        if paid < order.amount_in {
            return Err(Outside::Underpaid);
        }
        if paid > order.amount_in {
            return Err(Outside::Overpaid);
        }
    }
    if paid < terms.min_in {
        return Err(Outside::BelowPairMinimum);
    }
    if paid > terms.max_in {
        return Err(Outside::AbovePairMaximum);
    }
    let over_daily = ctx
        .used_today
        .checked_add(paid)
        .is_none_or(|total| total > terms.daily_limit);
    if !terms.daily_limit.is_zero() && over_daily {
        return Err(Outside::DailyLimit);
    }
    let (amount_out, price) = if quote_holds(order, payment, ctx.quote_expires_at) {
        (order.amount_out, order.price.clone())
    } else {
        fresh_price(order, paid, ctx)?
    };
    if amount_out < order.min_out || amount_out.is_zero() {
        return Err(Outside::BelowMinimumOut);
    }
    if amount_out > ctx.available_out {
        return Err(Outside::InventoryShort);
    }
    Ok((amount_out, price))
}

/// The payment priced at the pair's price now; for an API order only within the tolerance of
/// its quote.
fn fresh_price(
    order: &NewExchangeOrder,
    paid: BaseUnits,
    ctx: &Context<'_>,
) -> Result<(BaseUnits, OrderPrice), Outside> {
    let live = match ctx.fresh {
        Some(Ok(live)) => live,
        Some(Err(stop)) => return Err(Outside::PriceStopped(stop.reason())),
        None => return Err(Outside::PriceStopped("no price read".into())),
    };
    let repriced = order.origin == Origin::MerchantApi;
    if repriced {
        let quoted = Rate::parse(&order.price.rate)
            .map_err(|_| Outside::PriceStopped("the quote's rate is unreadable".into()))?;
        let shortfall_bp = quoted.shortfall_bp(&live.quote_rate);
        if shortfall_bp > ctx.terms.tolerance_bp {
            return Err(Outside::RateSlipped { shortfall_bp });
        }
    }
    let decimals = |d: i32| u8::try_from(d).unwrap_or(0);
    let amount_out = live
        .quote_rate
        .amount_out(paid, decimals(order.decimals_in), decimals(order.decimals_out))
        .ok_or(Outside::AbovePairMaximum)?;
    let price = OrderPrice {
        rate: live.quote_rate.text(),
        market_rate: live.market.rate.text(),
        spread_bp: ctx.terms.spread_bp,
        source_kind: live.market.source,
        source_label: ctx.source_label.to_string(),
        price_at: Some(live.market.at),
        repriced,
    };
    Ok((amount_out, price))
}

#[cfg(test)]
#[path = "decide_tests.rs"]
mod tests;
