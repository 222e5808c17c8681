//! What work costs the merchant in points, at the rate card's prices: the fee held before the
//! work starts (a collection before its first transaction, a withdrawal before it is signed),
//! and the door's check before a withdrawal request is stored. Settling the hold when the work
//! ends is the settlement round's (`settle.rs`), whichever way and whenever it ends.

use chrono::{DateTime, Utc};

use super::ledger::{Fee, FeeHold, PointsService};
use super::{points_text, Cause, Volume};
use crate::amount::BaseUnits;
use crate::config::ChainNode;
use crate::error::AppResult;
use crate::ports::MerchantId;
use crate::rates::{Charge, PayMode, PriceError, RateCard, Service, TokenAmount};

/// The work whose fee is held: its service, the cause its ledger key names, its id, and what it
/// moves.
#[derive(Debug, Clone, Copy)]
pub struct Work<'a> {
    pub merchant_id: MerchantId,
    pub service: Service,
    pub cause: Cause,
    pub id: i64,
    pub amount: TokenAmount<'a>,
}

/// Whether the work may go on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FeeStart {
    /// Held (on the points, or on the month's bill when postpaid), or nothing to hold.
    Go,
    /// It waits, with the reason shown on it ("points insufficient: …"); it goes on by itself
    /// once the merchant's points cover the fee.
    Wait(String),
}

#[derive(Clone)]
pub struct WorkFees {
    pub points: PointsService,
    pub rates: RateCard,
}

impl WorkFees {
    /// Holds the work's fee, once (a retry finds its hold): a prepaid fee on the merchant's
    /// points, a postpaid one on its billed account, posted or voided the same way, so the
    /// month's bill holds exactly the fees of work that completed.
    pub async fn start(&self, work: &Work<'_>) -> AppResult<FeeStart> {
        let Some(priced) = self.priced(work, self.points.now()).await? else {
            return Ok(FeeStart::Go);
        };
        let (charge, pay) = match priced {
            Ok(priced) => priced,
            Err(why) => return Ok(FeeStart::Wait(why)),
        };
        let fee = Fee {
            asset: work.service.paid_in(),
            amount: charge.points,
            rate_id: Some(charge.rate_id),
            postpaid: pay == PayMode::Postpaid,
            volume: Some(Volume {
                amount: work.amount.units.to_decimal(work.amount.decimals),
                symbol: work.amount.symbol.to_string(),
            }),
        };
        Ok(
            match self
                .points
                .hold_fee(work.merchant_id, work.cause, work.id, fee)
                .await?
            {
                FeeHold::Free | FeeHold::Held => FeeStart::Go,
                FeeHold::Short { needed, spendable } => FeeStart::Wait(short(needed, spendable)),
            },
        )
    }

    /// The door: whether the merchant's points cover the prepaid fee of work about to be asked
    /// for (a withdrawal request), so an integrator learns at once, not when it is paid.
    pub async fn covers(&self, work: &Work<'_>) -> AppResult<bool> {
        match self.priced(work, self.points.now()).await? {
            Some(Ok((charge, PayMode::Prepaid))) => {
                self.points
                    .covers(work.merchant_id, work.service.paid_in(), charge.points)
                    .await
            }
            // Postpaid: the bill takes it. No price: the work will wait with that reason; the
            // door does not refuse it.
            Some(Ok((_, PayMode::Postpaid))) | Some(Err(_)) | None => Ok(true),
        }
    }

    /// The work's charge at `at` and how it is paid: None when nothing is held (no row, a
    /// free or monthly row), Err(reason) when it has no price.
    async fn priced(
        &self,
        work: &Work<'_>,
        at: DateTime<Utc>,
    ) -> AppResult<Option<Result<(Charge, PayMode), String>>> {
        let Some(rate) = self.rates.in_force(work.merchant_id, work.service, at).await? else {
            return Ok(None);
        };
        let pay = rate.terms.pay;
        Ok(match crate::rates::price(&rate, &work.amount, &self.rates.pegged) {
            Ok(charge) if charge.points == 0 => None,
            Ok(charge) => Some(Ok((charge, pay))),
            Err(PriceError::NotPegged(symbol)) => Some(Err(format!(
                "no price in points for {symbol}: the {} is a percent of the amount, which needs a token worth 1 point",
                service_name(work.service)
            ))),
            Err(PriceError::NoRate(_)) => None,
            Err(PriceError::TooLarge) => Some(Err("the fee does not fit the points' range".into())),
        })
    }
}

/// The reason a work waits for points.
pub fn short(needed: i64, spendable: i64) -> String {
    format!(
        "points insufficient: the fee is {} points, {} available; it goes on once points are recharged",
        points_text(needed),
        points_text(spendable.max(0))
    )
}

fn service_name(service: Service) -> &'static str {
    match service {
        Service::CollectionFee => "collection fee",
        Service::PaymentFee => "payment fee",
        Service::Energy => "energy fee",
        Service::Monthly => "monthly fee",
        Service::ExchangeFee => "exchange fee",
    }
}

/// The symbol of a chain's token (or its native coin) and its decimals, as configured.
pub fn asset_named(nodes: &[ChainNode], chain_id: i64, token_id: Option<i64>) -> Option<(String, u8)> {
    let chain = nodes.iter().find(|c| c.chainid == chain_id)?;
    let (symbol, decimals) = match token_id {
        None => (chain.symbol.clone(), chain.decimals),
        Some(id) => chain
            .tokens
            .iter()
            .find(|t| t.tokenid == id)
            .map(|t| (t.symbol.clone(), t.decimals))?,
    };
    Some((symbol, u8::try_from(decimals).ok()?))
}

/// A token amount for pricing.
pub fn token_amount(units: BaseUnits, symbol: &str, decimals: u8) -> TokenAmount<'_> {
    TokenAmount {
        units,
        decimals,
        symbol,
    }
}
