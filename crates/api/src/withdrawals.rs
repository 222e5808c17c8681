//! Withdrawals (menus 206, 302, 403, 404): console requests (Google code), the lists, review.

use axum::extract::State;
use axum::http::HeaderMap;
use chrono::{DateTime, Utc};
use coffer_domain::deposits::DepositSummary;
use coffer_domain::menu::catalogue::{
    MANUAL_WITHDRAW, WITHDRAW, WITHDRAW_CHECK, WITHDRAW_LIST, WITHDRAW_LIST_PUSH, WITHDRAW_ORDERS,
    WITHDRAW_PUSH, WITHDRAW_REVIEW, WITHDRAW_REVIEW_AGAIN,
};
use coffer_domain::ports::{Paged, WithdrawalFilter};
use coffer_domain::withdrawals::request::{Requester, WithdrawRequest};
use coffer_domain::withdrawals::review::{CheckReport, Selection};
use coffer_domain::withdrawals::{ProgressView, WithdrawalView};
use coffer_domain::Locale;
use serde::Deserialize;

use crate::envelope::{ok, ApiJson, ApiResult};
use crate::personal::PageQuery;
use crate::session::{Allowed, AllowedEither};
use crate::AppState;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WithdrawBody {
    chain_id: i64,
    token_id: Option<i64>,
    to_address: String,
    amount: String,
    merchant_order_no: Option<String>,
    open_id: Option<String>,
    remark: Option<String>,
    from_address: Option<String>,
    #[serde(default)]
    google_code: String,
}

impl WithdrawBody {
    fn request(self) -> (WithdrawRequest, String) {
        (
            WithdrawRequest {
                chain_id: self.chain_id,
                token_id: self.token_id,
                to_address: self.to_address,
                amount: self.amount,
                merchant_order_no: self.merchant_order_no,
                open_id: self.open_id,
                security_code: None,
                remark: self.remark,
                from_address: self.from_address,
            },
            self.google_code,
        )
    }
}

pub async fn withdraw(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<WITHDRAW>,
    ApiJson(b): ApiJson<WithdrawBody>,
) -> ApiResult<WithdrawalView> {
    let (mut request, code) = b.request();
    request.from_address = None;
    state.auth.require_google(&ctx, &code).await?;
    let requester = Requester::Console {
        user_id: ctx.user_id,
        email: ctx.email.clone(),
    };
    ok(state
        .withdrawals
        .request(ctx.merchant_id, requester, &request)
        .await?)
}

pub async fn manual_withdraw(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<MANUAL_WITHDRAW>,
    ApiJson(b): ApiJson<WithdrawBody>,
) -> ApiResult<WithdrawalView> {
    let (mut request, code) = b.request();
    request.merchant_order_no = None;
    state.auth.require_google(&ctx, &code).await?;
    let requester = Requester::Manual {
        user_id: ctx.user_id,
        email: ctx.email.clone(),
    };
    ok(state
        .withdrawals
        .request(ctx.merchant_id, requester, &request)
        .await?)
}

#[derive(Deserialize, Default, Clone)]
#[serde(rename_all = "camelCase")]
pub struct FilterBody {
    start: Option<DateTime<Utc>>,
    end: Option<DateTime<Utc>>,
    chain_id: Option<i64>,
    token_id: Option<i64>,
    status: Option<i32>,
    address: Option<String>,
    hash: Option<String>,
    order_no: Option<String>,
    merchant_order_no: Option<String>,
    open_id: Option<String>,
}

impl FilterBody {
    pub fn filter(self) -> WithdrawalFilter {
        WithdrawalFilter {
            start: self.start,
            end: self.end,
            chain_id: self.chain_id,
            token_id: self.token_id,
            status: self.status,
            address: self.address,
            hash: self.hash,
            order_no: self.order_no,
            merchant_order_no: self.merchant_order_no,
            open_id: self.open_id,
        }
    }
}

#[derive(Deserialize)]
pub struct PagedFilter {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(flatten)]
    filter: FilterBody,
}

#[derive(Deserialize)]
pub struct ById {
    id: i64,
}

#[derive(Deserialize)]
pub struct ByIds {
    ids: Vec<i64>,
}

/// Orders > withdraw, Transactions > withdraw check and withdraw list: one list, three screens.
type Viewer = AllowedEither<WITHDRAW_ORDERS, WITHDRAW_CHECK, WITHDRAW_LIST>;

pub async fn page(
    State(state): State<AppState>,
    AllowedEither(ctx): Viewer,
    ApiJson(q): ApiJson<PagedFilter>,
) -> ApiResult<Paged<WithdrawalView>> {
    ok(state
        .withdrawals
        .page(&ctx, &q.filter.filter(), q.page.request()?)
        .await?)
}

pub async fn summary(
    State(state): State<AppState>,
    AllowedEither(ctx): Viewer,
    ApiJson(f): ApiJson<FilterBody>,
) -> ApiResult<DepositSummary> {
    ok(state.withdrawals.summary(&ctx, &f.filter()).await?)
}

pub async fn detail(
    State(state): State<AppState>,
    AllowedEither(ctx): Viewer,
    ApiJson(b): ApiJson<ById>,
) -> ApiResult<serde_json::Value> {
    let (withdrawal, reviews) = state.withdrawals.detail(&ctx, b.id).await?;
    let attempts = crate::callbacks::order_attempts(&state, &ctx, &withdrawal.order_no).await?;
    let internal = coffer_domain::AppError::internal;
    let mut value = serde_json::to_value(withdrawal).map_err(internal)?;
    value["callbacks"] = serde_json::to_value(attempts).map_err(internal)?;
    value["reviews"] = serde_json::to_value(reviews).map_err(internal)?;
    ok(value)
}

pub async fn query(
    State(state): State<AppState>,
    AllowedEither(ctx): Viewer,
    ApiJson(b): ApiJson<ByIds>,
) -> ApiResult<Vec<ProgressView>> {
    ok(state.withdrawals.progress(&ctx, &b.ids).await?)
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CheckBody {
    ids: Option<Vec<i64>>,
    #[serde(default)]
    all: bool,
    filter: Option<FilterBody>,
    action: i32,
    reason: Option<String>,
    /// Needed to pass: passing releases money. Reject and review again move none.
    #[serde(default)]
    google_code: String,
}

/// Pass and reject need WITHDRAW_REVIEW, review again WITHDRAW_REVIEW_AGAIN; passing also a
/// Google code.
pub async fn check(
    State(state): State<AppState>,
    AllowedEither(ctx): AllowedEither<WITHDRAW_REVIEW, WITHDRAW_REVIEW_AGAIN>,
    headers: HeaderMap,
    ApiJson(b): ApiJson<CheckBody>,
) -> ApiResult<CheckReport> {
    let needed = if b.action == coffer_domain::ports::review_action::REVIEW_AGAIN {
        WITHDRAW_REVIEW_AGAIN
    } else {
        WITHDRAW_REVIEW
    };
    if !ctx.permissions.allows(needed) {
        return Err(coffer_domain::AppError::Forbidden.into());
    }
    if b.action == coffer_domain::ports::review_action::PASS {
        state.auth.require_google(&ctx, &b.google_code).await?;
    }
    let selection = if b.all {
        Selection::All(b.filter.unwrap_or_default().filter())
    } else {
        Selection::Ids(b.ids.unwrap_or_default())
    };
    let locale = Locale::negotiate(headers.get("accept-language").and_then(|v| v.to_str().ok()));
    ok(state
        .withdrawals
        .check(&ctx, selection, b.action, b.reason.as_deref(), locale)
        .await?)
}

pub async fn push(
    State(state): State<AppState>,
    AllowedEither(ctx): AllowedEither<WITHDRAW_PUSH, WITHDRAW_LIST_PUSH>,
    ApiJson(b): ApiJson<ById>,
) -> ApiResult<crate::views::callbacks::AttemptResultView> {
    let event_id = state.withdrawals.push(&ctx, b.id).await?;
    ok(state.callbacks.push(&ctx, &event_id).await?.into())
}
