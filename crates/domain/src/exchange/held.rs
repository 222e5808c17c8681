//! A person decides an exchange held for review (Token > Trade, with the Google code): pay it
//! out at the pair's price read now (never an old one: a stopped pair refuses with its reason),
//! or send the payment back to its payer. The order is leased while it is decided, moved only
//! from awaiting review, and its withdrawal is written with the move, as the round does.

use super::orders::ExchangeOrderRecord;
use super::round::ExchangeRound;
use crate::auth::AuthContext;
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::points::charges::FeeStart;
use crate::ports::{ExchangeChange, ExchangeLeg, OrderStatus, WithdrawalSource};

crate::stored_codes! {
    /// What a person decides of a held exchange.
    pub enum HeldDecision {
        /// Paid out at the price read now.
        PayOut = 1,
        /// The payment sent back to its payer.
        Refund = 2,
    }
}

impl ExchangeRound {
    pub async fn decide_held(
        &self,
        ctx: &AuthContext,
        id: i64,
        decision: HeldDecision,
        google_code: &str,
    ) -> AppResult<ExchangeOrderRecord> {
        self.exchange.auth.require_google(ctx, google_code).await?;
        let ports = &self.exchange.ports;
        let order = ports
            .exchange_orders
            .exchange_order(ctx.merchant_id, id)
            .await?
            .ok_or(AppError::Invalid(MsgKey::NoSuchRecord))?;
        if order.order.status != OrderStatus::AwaitingReview {
            return Err(AppError::Invalid(MsgKey::NotAwaitingReview));
        }
        let now = ports.clock.now();
        if !ports
            .exchange_work
            .lease_exchange_order(id, &self.owner, now, now + self.settings.lease)
            .await?
        {
            return Err(AppError::Invalid(MsgKey::NotAwaitingReview)); // the round has it
        }
        let decided = match decision {
            HeldDecision::PayOut => self.pay_out_held(&order).await,
            HeldDecision::Refund => self.refund_held(&order).await,
        };
        ports
            .exchange_work
            .release_exchange_order(id, &self.owner)
            .await?;
        match decided? {
            true => ports
                .exchange_orders
                .exchange_order(ctx.merchant_id, id)
                .await?
                .ok_or(AppError::Invalid(MsgKey::NoSuchRecord)),
            false => Err(AppError::Invalid(MsgKey::NotAwaitingReview)),
        }
    }

    async fn pay_out_held(&self, order: &ExchangeOrderRecord) -> AppResult<bool> {
        let o = &order.order;
        let pair = self.exchange.found(o.merchant_id, o.pair_id).await?;
        let live = self.exchange.live_price(&pair).await?;
        let decimals = |d: i32| u8::try_from(d).unwrap_or(0);
        let amount_out = live
            .quote_rate
            .amount_out(order.paid_in, decimals(o.decimals_in), decimals(o.decimals_out))
            .filter(|out| !out.is_zero())
            .ok_or(AppError::Invalid(MsgKey::ExchangeAmountOutside))?;
        if self.exchange.payout_available(&pair, amount_out).await? < amount_out {
            return Err(AppError::Invalid(MsgKey::ExchangeInventoryShort));
        }
        if self.payee_refusal(order, &o.payout_address).await?.is_some() {
            return Err(AppError::Invalid(MsgKey::ExchangePayeeRefused));
        }
        if let FeeStart::Wait(_) = self.fee_held(order).await? {
            return Err(AppError::Invalid(MsgKey::PointsInsufficient));
        }
        let price = super::orders::OrderPrice {
            rate: live.quote_rate.text(),
            market_rate: live.market.rate.text(),
            spread_bp: pair.terms.spread_bp,
            source_kind: live.market.source,
            source_label: pair.source.label(),
            price_at: Some(live.market.at),
            repriced: true,
        };
        let payout = self.withdrawal(
            order,
            WithdrawalSource::Exchange,
            &pair.terms.payout_wallet,
            amount_out,
        );
        let change = ExchangeChange {
            from: vec![OrderStatus::AwaitingReview],
            to: OrderStatus::Passed,
            reason: Some(String::new()),
            amount_out: Some(amount_out),
            price: Some(price),
            withdrawal: Some((ExchangeLeg::Payout, payout)),
            ..ExchangeChange::default()
        };
        self.apply(order, &change).await
    }

    async fn refund_held(&self, order: &ExchangeOrderRecord) -> AppResult<bool> {
        if self.payee_refusal(order, &order.payer).await?.is_some() {
            return Err(AppError::Invalid(MsgKey::ExchangePayeeRefused));
        }
        let reason = format!("{}; refunded by a person", order.reason);
        self.refund(order, vec![OrderStatus::AwaitingReview], reason)
            .await
    }
}
