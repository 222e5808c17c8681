//! `POST /merchant/v1/exchange/quote`: the price an exchange of `amountIn` would be made at,
//! read live from the pair's source, valid 30 seconds (docs/merchant-api.md "Exchange").

use axum::extract::State;
use chrono::{DateTime, Utc};
use coffer_domain::codes::StoredCode;
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
