//! `order`: a merchant buys the energy of a quote. Everything is checked again now (the quote's
//! age and owner, the blacklist, the receiver's activation), then the TRX points are held under
//! the quote's id, then the order is stored with that id: a retry or a second submission finds
//! the hold and the order made before, so an order is charged once however often it is sent.
//! Refused, nothing changes.

use std::sync::Arc;

use chrono::Duration;

use super::orders::EnergyOrder;
use super::quote::EnergyQuotes;
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::points::ledger::{Fee, FeeHold, PointsService};
use crate::points::{Cause, PointAsset};
use crate::ports::{MerchantId, Work};

/// A hold outlives its order's days by this much: the order ends (and settles it) before.
const HOLD_GRACE_DAYS: i64 = 2;

pub struct EnergyOrders {
    pub quotes: Arc<EnergyQuotes>,
    pub points: PointsService,
}

impl EnergyOrders {
    pub async fn place(
        &self,
        merchant_id: MerchantId,
        user_id: Option<i64>,
        token: &str,
    ) -> AppResult<EnergyOrder> {
        let ports = &self.quotes.ports;
        let now = ports.clock.now();
        let quote = ports
            .energy_orders
            .quote(merchant_id, token.trim(), now)
            .await?
            .map_err(|_| AppError::Invalid(MsgKey::EnergyQuoteInvalid))?;
        let request = &quote.request;
        if ports
            .blacklist
            .is_blacklisted(merchant_id, request.chain_id, &request.receiver)
            .await?
        {
            return Err(AppError::Invalid(MsgKey::PayeeBlacklisted));
        }
        let (chain, _) = self.quotes.tron(request.chain_id)?;
        if !request.activate && chain.needs_activation(&request.receiver).await? {
            return Err(AppError::Invalid(MsgKey::EnergyNotActivated));
        }
        let fee = Fee {
            asset: PointAsset::Trx,
            amount: quote.total_points,
            rate_id: None,
            postpaid: false,
            volume: None,
        };
        let until = now + Duration::days(request.days + HOLD_GRACE_DAYS);
        let held = self
            .points
            .hold_fee_until(merchant_id, Cause::EnergyFee, quote.id, fee, until)
            .await?;
        if let FeeHold::Short { .. } = held {
            return Err(AppError::Invalid(MsgKey::EnergyPointsInsufficient));
        }
        let order = ports.energy_orders.place_order(&quote, user_id, now).await?;
        // Its first delivery goes out at once: the energy is usable in the next block.
        ports.wakeups.ready(Work::EnergyOrders);
        tracing::info!(
            merchant = merchant_id,
            order = order.id,
            receiver = %order.receiver,
            times = order.times,
            points = order.total_points,
            "energy order placed"
        );
        Ok(order)
    }
}
