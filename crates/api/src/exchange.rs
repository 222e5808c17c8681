//! Token > Trade (menu 204): the merchant's exchange pairs with their live prices and payout
//! balances, and a pair's terms saved (button 20401 and the Google code). Amounts are exact
//! decimal texts in the side's token; rates are decimal texts, OUT per 1 IN.

use axum::extract::State;
use axum::http::HeaderMap;
use chrono::{DateTime, Utc};
use coffer_domain::codes::StoredCode;
use coffer_domain::exchange::pairs::{PairRecord, SourceKind};
use coffer_domain::exchange::service::{PairRequest, PairStatus};
use coffer_domain::exchange::sides::{PairSides, Side};
use coffer_domain::menu::catalogue::{TRADE, TRADE_PAIR_EDIT};
use coffer_domain::{AppError, Locale};
use serde::{Deserialize, Serialize};

use crate::audit::{audited_on, Audited};
use crate::envelope::{ok, ApiJson, ApiResult};
use crate::session::Allowed;
use crate::AppState;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SideView {
    token_id: Option<i64>,
    symbol: String,
    decimals: u8,
}

impl From<&Side> for SideView {
    fn from(side: &Side) -> SideView {
        SideView {
            token_id: side.token_id,
            symbol: side.symbol.clone(),
            decimals: side.decimals,
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SourceView {
    /// 0 none, 1 fixed ("fixed, not market"), 2 an HTTP feed.
    kind: i32,
    /// "fixed", the feed's host, "" when none.
    label: String,
    max_age_secs: Option<u32>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StopView {
    code: i32,
    msg: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PriceView {
    rate: Option<String>,
    quote_rate: Option<String>,
    at: Option<DateTime<Utc>>,
    age_secs: Option<i64>,
    stopped: Option<StopView>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PairView {
    id: i64,
    chain_id: i64,
    chainname: String,
    token_in: SideView,
    token_out: SideView,
    enabled: bool,
    spread_bp: u32,
    tolerance_bp: u32,
    min_in: String,
    max_in: String,
    daily_limit: String,
    used_today: String,
    payout_wallet: String,
    payout_balance: Option<String>,
    payout_balance_at: Option<DateTime<Utc>>,
    outside_rule: i32,
    source: SourceView,
    price: PriceView,
    updatetime: DateTime<Utc>,
}

fn pair_view(status: PairStatus, locale: Locale) -> PairView {
    let PairStatus {
        pair,
        sides,
        price,
        payout_balance,
    } = status;
    let (dec_in, dec_out) = (sides.token_in.decimals, sides.token_out.decimals);
    let price = match price {
        Ok(live) => PriceView {
            rate: Some(live.market.rate.text()),
            quote_rate: Some(live.quote_rate.text()),
            at: Some(live.market.at),
            age_secs: Some(live.age_secs),
            stopped: None,
        },
        Err(stop) => {
            let err = AppError::from(stop);
            PriceView {
                rate: None,
                quote_rate: None,
                at: None,
                age_secs: None,
                stopped: Some(StopView {
                    code: err.code().value(),
                    msg: err.msg_key().text(locale).to_string(),
                }),
            }
        }
    };
    PairView {
        id: pair.id,
        chain_id: pair.chain_id,
        chainname: sides.chain_name.clone(),
        token_in: (&sides.token_in).into(),
        token_out: (&sides.token_out).into(),
        enabled: pair.terms.enabled,
        spread_bp: pair.terms.spread_bp,
        tolerance_bp: pair.terms.tolerance_bp,
        min_in: pair.terms.min_in.to_decimal(dec_in),
        max_in: pair.terms.max_in.to_decimal(dec_in),
        daily_limit: pair.terms.daily_limit.to_decimal(dec_in),
        // Orders come with the next part of the exchange: nothing is exchanged yet.
        used_today: "0".into(),
        payout_wallet: pair.terms.payout_wallet.clone(),
        payout_balance: payout_balance.map(|(amount, _)| amount.to_decimal(dec_out)),
        payout_balance_at: payout_balance.map(|(_, at)| at),
        outside_rule: pair.terms.outside_rule.code(),
        source: SourceView {
            kind: pair.source.kind.code(),
            label: pair.source.label(),
            max_age_secs: (pair.source.kind == SourceKind::Feed).then_some(pair.source.feed_max_age_secs),
        },
        price,
        updatetime: pair.updated_at,
    }
}

/// The merchant's pairs, each price read live.
pub async fn pairs(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<TRADE>,
    headers: HeaderMap,
) -> ApiResult<Vec<PairView>> {
    let locale = Locale::negotiate(headers.get("accept-language").and_then(|v| v.to_str().ok()));
    let found = state.exchange.pairs(ctx.merchant_id).await?;
    ok(found.into_iter().map(|p| pair_view(p, locale)).collect())
}

/// Longest decimal text read for an amount.
const MAX_AMOUNT_TEXT: usize = 80;
const MAX_ADDRESS: usize = 128;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SaveBody {
    id: Option<i64>,
    #[serde(default)]
    chain_id: i64,
    token_in: Option<i64>,
    token_out: Option<i64>,
    enabled: bool,
    spread_bp: i64,
    tolerance_bp: i64,
    min_in: String,
    max_in: String,
    #[serde(default)]
    daily_limit: String,
    payout_wallet: String,
    outside_rule: i32,
    #[serde(default)]
    google_code: String,
}

/// A pair's terms as the operation log keeps them (the state before an edit).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TermsView {
    pair: String,
    enabled: bool,
    spread_bp: u32,
    tolerance_bp: u32,
    min_in: String,
    max_in: String,
    daily_limit: String,
    payout_wallet: String,
    outside_rule: i32,
}

impl TermsView {
    fn of((pair, sides): (PairRecord, PairSides)) -> TermsView {
        let decimals = sides.token_in.decimals;
        let terms = pair.terms;
        TermsView {
            pair: format!(
                "{} {} -> {}",
                sides.chain_name, sides.token_in.symbol, sides.token_out.symbol
            ),
            enabled: terms.enabled,
            spread_bp: terms.spread_bp,
            tolerance_bp: terms.tolerance_bp,
            min_in: terms.min_in.to_decimal(decimals),
            max_in: terms.max_in.to_decimal(decimals),
            daily_limit: terms.daily_limit.to_decimal(decimals),
            payout_wallet: terms.payout_wallet,
            outside_rule: terms.outside_rule.code(),
        }
    }
}

#[derive(Serialize)]
pub struct SavedView {
    id: i64,
}

/// Adds a pair or changes its terms; the operation log keeps the pair as it was.
pub async fn save_pair(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<TRADE_PAIR_EDIT>,
    ApiJson(body): ApiJson<SaveBody>,
) -> Audited<SavedView> {
    let too_long = [&body.min_in, &body.max_in, &body.daily_limit]
        .iter()
        .any(|t| t.len() > MAX_AMOUNT_TEXT);
    if too_long {
        return Err(AppError::Invalid(coffer_domain::messages::MsgKey::InvalidAmount).into());
    }
    if body.payout_wallet.len() > MAX_ADDRESS {
        return Err(AppError::Invalid(coffer_domain::messages::MsgKey::NotOwnHotWallet).into());
    }
    let before = match body.id {
        Some(id) => Some(TermsView::of(state.exchange.pair(ctx.merchant_id, id).await?)),
        None => None,
    };
    let request = PairRequest {
        id: body.id,
        chain_id: body.chain_id,
        token_in: body.token_in,
        token_out: body.token_out,
        enabled: body.enabled,
        spread_bp: body.spread_bp,
        tolerance_bp: body.tolerance_bp,
        min_in: body.min_in,
        max_in: body.max_in,
        daily_limit: body.daily_limit,
        payout_wallet: body.payout_wallet,
        outside_rule: body.outside_rule,
    };
    let id = state
        .exchange
        .save_pair(&ctx, &request, &body.google_code)
        .await?;
    // The operation log names the pair as a reader does: "USDT → DEV (Devchain)".
    let (pair, _) = state.exchange.pair(ctx.merchant_id, id).await?;
    let sides = [pair.token_in.unwrap_or(0), pair.token_out.unwrap_or(0)];
    let target = state
        .config
        .chain_label(pair.chain_id, &sides)
        .await?
        .unwrap_or_else(|| format!("#{id}"));
    audited_on(target, &before, SavedView { id })
}
