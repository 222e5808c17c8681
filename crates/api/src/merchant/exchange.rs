//! `POST /merchant/v1/exchange/quote`: the price an exchange of `amountIn` would be made at,
//! read live from the pair's source, valid 30 seconds; `POST /merchant/v1/exchange/order`: the
//! exchange at that quote, answered with the address the end user pays into
//! (docs/merchant-api.md "Exchange").

use axum::extract::State;
use chrono::{DateTime, Utc};
use coffer_domain::codes::StoredCode;
use coffer_domain::exchange::order::OrderRequest;
use coffer_domain::exchange::orders::ApiOrder;
use coffer_domain::exchange::quote::QuoteRequest;
use serde::{Deserialize, Serialize};

use super::MerchantCall;
use crate::envelope::{ok, ApiResult};
use crate::AppState;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct QuoteBody {
    chain_id: i64,
    /// None: the chain's native coin.
    token_in: Option<i64>,
    token_out: Option<i64>,
    amount_in: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct QuoteView {
    quote_id: String,
    chain_id: i64,
    token_in: Option<i64>,
    token_out: Option<i64>,
    amount_in: String,
    amount_out: String,
    /// OUT per 1 IN after the spread.
    rate: String,
    /// OUT per 1 IN as the source gave it.
    market_rate: String,
    spread_bp: u32,
    /// 1 fixed (not market), 2 a price feed.
    source_kind: i32,
    /// "fixed", or the feed's host.
    source: String,
    price_at: DateTime<Utc>,
    price_age_ms: i64,
    expires_at: DateTime<Utc>,
}

/// The longest amount text read.
const MAX_AMOUNT_TEXT: usize = 80;

pub async fn quote(State(state): State<AppState>, call: MerchantCall) -> ApiResult<QuoteView> {
    let b: QuoteBody = call.json()?;
    if b.amount_in.len() > MAX_AMOUNT_TEXT {
        return Err(coffer_domain::AppError::Invalid(coffer_domain::messages::MsgKey::InvalidAmount).into());
    }
    let request = QuoteRequest {
        chain_id: b.chain_id,
        token_in: b.token_in,
        token_out: b.token_out,
        amount_in: b.amount_in,
    };
    let record = state.exchange.quote(call.merchant_id, &request).await?;
    let (pair, sides) = state
        .exchange
        .pair(call.merchant_id, record.quote.pair_id)
        .await?;
    let q = &record.quote;
    ok(QuoteView {
        quote_id: q.token.clone(),
        chain_id: pair.chain_id,
        token_in: pair.token_in,
        token_out: pair.token_out,
        amount_in: q.amount_in.to_decimal(sides.token_in.decimals),
        amount_out: q.amount_out.to_decimal(sides.token_out.decimals),
        rate: q.rate.clone(),
        market_rate: q.market_rate.clone(),
        spread_bp: q.spread_bp,
        source_kind: q.source_kind.code(),
        source: q.source_label.clone(),
        price_at: q.price_at,
        price_age_ms: record.price_age_ms(),
        expires_at: q.expires_at,
    })
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct OrderBody {
    merchant_order_no: String,
    quote_id: String,
    open_id: String,
    amount_in: String,
    min_amount_out: String,
    payout_address: String,
}

/// An exchange order as the merchant API answers it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ExchangeOrderView {
    id: i64,
    order_no: String,
    merchant_order_no: String,
    chain_id: i64,
    token_in: Option<i64>,
    token_out: Option<i64>,
    open_id: String,
    /// Where the end user pays token in.
    pay_address: String,
    pay_by: DateTime<Utc>,
    payout_address: String,
    amount_in: String,
    /// What arrived ("0" until the payment is seen) and from whom.
    paid_in: String,
    from_address: String,
    in_hash: String,
    /// The payout's hash, or the refund's.
    out_hash: String,
    min_amount_out: String,
    amount_out: String,
    rate: String,
    /// A payment after its quote expired took the price then (within the pair's tolerance).
    repriced: bool,
    market_rate: String,
    source_kind: i32,
    source: String,
    status: i32,
    reason: String,
    createtime: DateTime<Utc>,
}

impl From<ApiOrder> for ExchangeOrderView {
    fn from(ApiOrder { order: o, sides }: ApiOrder) -> ExchangeOrderView {
        let n = &o.order;
        ExchangeOrderView {
            id: o.id,
            order_no: o.order_no.clone(),
            merchant_order_no: n.merchant_order_no.clone().unwrap_or_default(),
            chain_id: n.chain_id,
            token_in: n.token_in,
            token_out: n.token_out,
            open_id: n.open_id.clone(),
            pay_address: n.pay_address.clone(),
            pay_by: n.pay_by,
            payout_address: n.payout_address.clone(),
            amount_in: n.amount_in.to_decimal(sides.token_in.decimals),
            paid_in: o.paid_in.to_decimal(sides.token_in.decimals),
            from_address: o.payer.clone(),
            in_hash: o.in_hash.clone(),
            out_hash: o.out_hash.clone(),
            min_amount_out: n.min_out.to_decimal(sides.token_out.decimals),
            amount_out: n.amount_out.to_decimal(sides.token_out.decimals),
            rate: n.price.rate.clone(),
            market_rate: n.price.market_rate.clone(),
            repriced: n.price.repriced,
            source_kind: n.price.source_kind.code(),
            source: n.price.source_label.clone(),
            status: n.status.code(),
            reason: o.reason.clone(),
            createtime: o.created_at,
        }
    }
}

/// The longest text read of an order's fields.
const MAX_FIELD_TEXT: usize = 128;

pub async fn order(State(state): State<AppState>, call: MerchantCall) -> ApiResult<ExchangeOrderView> {
    let b: OrderBody = call.json()?;
    let texts = [
        &b.merchant_order_no,
        &b.quote_id,
        &b.open_id,
        &b.amount_in,
        &b.min_amount_out,
        &b.payout_address,
    ];
    if texts.iter().any(|t| t.len() > MAX_FIELD_TEXT) {
        return Err(coffer_domain::AppError::Invalid(coffer_domain::messages::MsgKey::InvalidInput).into());
    }
    let request = OrderRequest {
        merchant_order_no: b.merchant_order_no,
        quote_id: b.quote_id,
        open_id: b.open_id,
        amount_in: b.amount_in,
        min_amount_out: b.min_amount_out,
        payout_address: b.payout_address,
    };
    ok(state.exchange.order(call.merchant_id, &request).await?.into())
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct OrderQueryBody {
    merchant_order_no: String,
}

/// `POST /merchant/v1/exchange/orders`: the exchange under a merchant order number, as it is now.
pub async fn order_query(State(state): State<AppState>, call: MerchantCall) -> ApiResult<ExchangeOrderView> {
    let b: OrderQueryBody = call.json()?;
    if b.merchant_order_no.len() > MAX_FIELD_TEXT {
        return Err(coffer_domain::AppError::Invalid(
            coffer_domain::messages::MsgKey::MerchantOrderNoInvalid,
        )
        .into());
    }
    ok(state
        .exchange
        .order_by_no(call.merchant_id, &b.merchant_order_no)
        .await?
        .into())
}
