//! An exchange order through the merchant API: a live quote of the merchant's, used once, for
//! the amount it was given for, paying out at least the end user's minimum to an address that is
//! valid, not blacklisted and not the merchant's own. The answer names the end user's exchange
//! address, where they pay. Idempotent on the merchant order number.

use super::orders::{ApiOrder, ExchangeOrderRecord, NewExchangeOrder, OrderPrice, Origin, PAYMENT_WINDOW};
use super::service::ExchangeService;
use crate::amount::BaseUnits;
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::ports::{ApiOrderInsert, MerchantId, OrderStatus};
use crate::withdrawals::request::check_merchant_order_no;

/// The longest end user id of an exchange (its address's open id carries a prefix).
pub const MAX_EXCHANGE_OPEN_ID: usize = 55;

#[derive(Debug, Clone, Default)]
pub struct OrderRequest {
    pub merchant_order_no: String,
    pub quote_id: String,
    pub open_id: String,
    /// Decimal text in token in: the quote's amount.
    pub amount_in: String,
    /// Decimal text in token out.
    pub min_amount_out: String,
    pub payout_address: String,
}

/// The same request again (a retry) or another one under a used order number.
fn same_request(stored: &NewExchangeOrder, new: &NewExchangeOrder) -> bool {
    stored.quote_id == new.quote_id
        && stored.open_id == new.open_id
        && stored.amount_in == new.amount_in
        && stored.min_out == new.min_out
        && stored.payout_address == new.payout_address
}

impl ExchangeService {
    pub async fn order(&self, merchant_id: MerchantId, req: &OrderRequest) -> AppResult<ApiOrder> {
        let merchant_order_no = check_merchant_order_no(&Some(req.merchant_order_no.clone()))?
            .ok_or(AppError::Invalid(MsgKey::MerchantOrderNoInvalid))?;
        let open_id = req.open_id.trim();
        if open_id.is_empty() || open_id.chars().count() > MAX_EXCHANGE_OPEN_ID {
            return Err(AppError::Invalid(MsgKey::InvalidOpenId));
        }
        let quote = self
            .ports
            .exchange_quotes
            .quote(merchant_id, req.quote_id.trim())
            .await?
            .ok_or(AppError::Invalid(MsgKey::ExchangeQuoteExpired))?;
        let (pair, sides) = self.pair(merchant_id, quote.quote.pair_id).await?;
        let amount_in = super::service::amount(&req.amount_in, sides.token_in.decimals)?;
        let min_out = match req.min_amount_out.trim() {
            "0" => BaseUnits::ZERO,
            text => super::service::amount(text, sides.token_out.decimals)?,
        };
        let chain = self.chains.require(pair.chain_id)?;
        let payout_address = chain
            .parse_address(req.payout_address.trim())
            .map_err(|_| AppError::Invalid(MsgKey::InvalidAddress))?;
        let now = self.ports.clock.now();
        let new = NewExchangeOrder {
            merchant_id,
            merchant_order_no: Some(merchant_order_no.clone()),
            origin: Origin::MerchantApi,
            pair_id: pair.id,
            chain_id: pair.chain_id,
            token_in: pair.token_in,
            decimals_in: i32::from(sides.token_in.decimals),
            token_out: pair.token_out,
            decimals_out: i32::from(sides.token_out.decimals),
            open_id: open_id.to_string(),
            pay_address: String::new(),
            payout_address,
            quote_id: Some(quote.id),
            amount_in,
            min_out,
            amount_out: quote.quote.amount_out,
            price: OrderPrice {
                rate: quote.quote.rate.clone(),
                market_rate: quote.quote.market_rate.clone(),
                spread_bp: quote.quote.spread_bp,
                source_kind: quote.quote.source_kind,
                source_label: quote.quote.source_label.clone(),
                price_at: Some(quote.quote.price_at),
                repriced: false,
            },
            status: OrderStatus::New,
            pay_by: now + PAYMENT_WINDOW,
        };
        // A retry of a stored order is answered with it, whatever happened to its quote since.
        if let Some(stored) = self
            .ports
            .exchange_orders
            .exchange_order_by_no(merchant_id, &merchant_order_no)
            .await?
        {
            return self.answer_existing(stored, &new).await;
        }
        if !quote.is_live(now) || quote.order_id.is_some() {
            return Err(AppError::Invalid(MsgKey::ExchangeQuoteExpired));
        }
        if !pair.terms.enabled {
            return Err(AppError::Invalid(MsgKey::ExchangePairUnavailable));
        }
        if amount_in != quote.quote.amount_in {
            return Err(AppError::Invalid(MsgKey::ExchangeAmountNotQuoted));
        }
        if quote.quote.amount_out < min_out {
            return Err(AppError::Invalid(MsgKey::ExchangeBelowMinimum));
        }
        self.check_payee(merchant_id, pair.chain_id, &new.payout_address)
            .await?;
        let address = self
            .wallets
            .exchange_address(merchant_id, pair.chain_id, open_id)
            .await?;
        let new = NewExchangeOrder {
            pay_address: address.address,
            ..new
        };
        match self.ports.exchange_orders.insert_api_order(&new, now).await? {
            ApiOrderInsert::Inserted(order) => Ok(ApiOrder { order: *order, sides }),
            ApiOrderInsert::Existing(stored) => self.answer_existing(*stored, &new).await,
            ApiOrderInsert::QuoteTaken => Err(AppError::Invalid(MsgKey::ExchangeQuoteExpired)),
        }
    }

    /// The merchant's exchange under its order number (another merchant's: none).
    pub async fn order_by_no(&self, merchant_id: MerchantId, merchant_order_no: &str) -> AppResult<ApiOrder> {
        let stored = self
            .ports
            .exchange_orders
            .exchange_order_by_no(merchant_id, merchant_order_no.trim())
            .await?
            .ok_or(AppError::Invalid(MsgKey::NoSuchRecord))?;
        let (_, sides) = self.pair(merchant_id, stored.order.pair_id).await?;
        Ok(ApiOrder { order: stored, sides })
    }

    async fn answer_existing(
        &self,
        stored: ExchangeOrderRecord,
        new: &NewExchangeOrder,
    ) -> AppResult<ApiOrder> {
        if !same_request(&stored.order, new) {
            return Err(AppError::Invalid(MsgKey::ExchangeOrderNoReused));
        }
        let (_, sides) = self.pair(stored.order.merchant_id, stored.order.pair_id).await?;
        Ok(ApiOrder { order: stored, sides })
    }

    /// Where a payout may go: a valid address that is neither blacklisted nor the merchant's own.
    async fn check_payee(&self, merchant_id: MerchantId, chain_id: i64, address: &str) -> AppResult<()> {
        if self
            .ports
            .blacklist
            .is_blacklisted(merchant_id, chain_id, address)
            .await?
        {
            return Err(AppError::Invalid(MsgKey::PayeeBlacklisted));
        }
        if crate::wallets::known::is_own_address(&self.ports, merchant_id, chain_id, address).await? {
            return Err(AppError::Invalid(MsgKey::PayeeIsOwnAddress));
        }
        Ok(())
    }
}
