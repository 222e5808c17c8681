//! Exchange orders in the console (Token > Trade, menu 204): the list, its totals and CSV, one
//! order with both legs, its newest callback sent again (button 20403), and a held exchange
//! decided by a person (`/api/v2/exchange/check`, button 20402 and the Google code): paid out
//! at the price read now, or sent back to its payer. The operation log keeps the order as it
//! was.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use coffer_domain::codes::StoredCode;
use coffer_domain::exchange::held::HeldDecision;
use coffer_domain::exchange::orders::ExchangeOrderRecord;
use coffer_domain::menu::catalogue::{TRADE, TRADE_DECIDE, TRADE_PUSH};
use coffer_domain::messages::MsgKey;
use coffer_domain::ports::{OrderKind, Paged};
use coffer_domain::AppError;
use serde::{Deserialize, Serialize};

use crate::audit::{audited_on, Audited};
use crate::bodies::ById;
use crate::envelope::{ok, ApiError, ApiJson, ApiResult};
use crate::exchange_views::{ExchangeDetailView, ExchangeView};
use crate::export_exchange::EXCHANGE;
use crate::exports::Export;
use crate::orders::{drawer, FilterBody, PagedFilter, SummaryView};
use crate::session::Allowed;
use crate::views::callbacks::AttemptResultView;
use crate::AppState;

pub async fn page(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<TRADE>,
    ApiJson(q): ApiJson<PagedFilter>,
) -> ApiResult<Paged<ExchangeView>> {
    let found = state
        .exchange_lists
        .page(&ctx, &q.filter.filter()?, q.page.request()?)
        .await?;
    ok(found.map(ExchangeView::from))
}

pub async fn summary(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<TRADE>,
    ApiJson(f): ApiJson<FilterBody>,
) -> ApiResult<SummaryView> {
    ok(state.exchange_lists.summary(&ctx, &f.filter()?).await?.into())
}

/// The order with its legs and the callback attempts of its order number.
pub async fn detail(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<TRADE>,
    ApiJson(b): ApiJson<ById>,
) -> ApiResult<serde_json::Value> {
    let view = ExchangeDetailView::from(state.exchange_lists.detail(&ctx, b.id).await?);
    let order_no = view.order_no();
    ok(drawer(&state, &ctx, &order_no, view).await?)
}

pub async fn push(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<TRADE_PUSH>,
    ApiJson(b): ApiJson<ById>,
) -> Audited<AttemptResultView> {
    let event_id = state.exchange_lists.push(&ctx, b.id).await?;
    crate::callbacks::push_event(&state, &ctx, &event_id).await
}

pub async fn export(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<TRADE>,
    headers: HeaderMap,
    ApiJson(f): ApiJson<FilterBody>,
) -> Result<Response, ApiError> {
    let export = Export::new(&state, &ctx, &headers, &f, "exchanges", &EXCHANGE).await?;
    export.run(&state, f, vec![OrderKind::Exchange]).await
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CheckBody {
    id: i64,
    /// 1 pay out at the price now, 2 refund the payment.
    action: i32,
    google_code: String,
}

/// The order as the operation log keeps it, before the decision.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct HeldView {
    order_no: String,
    status: i32,
    reason: String,
    paid_in: String,
    payer: String,
}

impl HeldView {
    fn of(x: &ExchangeOrderRecord) -> HeldView {
        HeldView {
            order_no: x.order_no.clone(),
            status: x.order.status.code(),
            reason: x.reason.clone(),
            paid_in: x
                .paid_in
                .to_decimal(u8::try_from(x.order.decimals_in).unwrap_or(18)),
            payer: x.payer.clone(),
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DecidedView {
    id: i64,
    status: i32,
    amount_out: String,
    rate: String,
}

pub async fn check(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<TRADE_DECIDE>,
    ApiJson(body): ApiJson<CheckBody>,
) -> Audited<DecidedView> {
    let decision = HeldDecision::from_code(body.action).ok_or(AppError::Invalid(MsgKey::InvalidStatus))?;
    let before = state
        .exchange_round
        .exchange
        .ports
        .exchange_orders
        .exchange_order(ctx.merchant_id, body.id)
        .await?
        .ok_or(AppError::Invalid(MsgKey::NoSuchRecord))?;
    let after = state
        .exchange_round
        .decide_held(&ctx, body.id, decision, &body.google_code)
        .await?;
    let view = DecidedView {
        id: after.id,
        status: after.order.status.code(),
        amount_out: after
            .order
            .amount_out
            .to_decimal(u8::try_from(after.order.decimals_out).unwrap_or(18)),
        rate: after.order.price.rate.clone(),
    };
    audited_on(before.order_no.clone(), &HeldView::of(&before), view)
}
