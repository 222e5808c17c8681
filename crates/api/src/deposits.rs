//! Deposits (menus 301 / 401 / 402).

use axum::extract::State;
use chrono::{DateTime, Utc};
use coffer_domain::deposits::{DepositSummary, DepositView, HashScanView};
use coffer_domain::menu::catalogue::{
    DEPOSIT_LIST, DEPOSIT_ORDERS, DEPOSIT_PUSH, HASH_SCAN, TRANSACTION_LIST, TRANSACTION_PUSH,
};
use coffer_domain::ports::{DepositFilter, Paged};
use serde::Deserialize;

use crate::envelope::{ok, ApiJson, ApiResult};
use crate::personal::PageQuery;
use crate::session::{Allowed, AllowedEither};
use crate::views::callbacks::AttemptResultView;
use crate::AppState;

#[derive(Deserialize, Default)]
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
    open_id: Option<String>,
    /// Transaction list: 1 deposits (withdrawals join with their issue).
    #[serde(rename = "type")]
    kind: Option<i32>,
}

impl FilterBody {
    fn filter(self) -> DepositFilter {
        DepositFilter {
            start: self.start,
            end: self.end,
            chain_id: self.chain_id,
            token_id: self.token_id,
            status: self.status,
            address: self.address,
            hash: self.hash,
            order_no: self.order_no,
            open_id: self.open_id,
        }
    }

    /// Only deposits exist so far: a type other than 1 selects nothing.
    fn only_deposits(&self) -> bool {
        self.kind.is_none_or(|k| k == 1)
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
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

pub async fn page(
    State(state): State<AppState>,
    AllowedEither(ctx): AllowedEither<DEPOSIT_ORDERS, DEPOSIT_LIST>,
    ApiJson(q): ApiJson<PagedFilter>,
) -> ApiResult<Paged<DepositView>> {
    ok(state
        .deposits
        .page(&ctx, &q.filter.filter(), q.page.request()?)
        .await?)
}

pub async fn summary(
    State(state): State<AppState>,
    AllowedEither(ctx): AllowedEither<DEPOSIT_ORDERS, DEPOSIT_LIST>,
    ApiJson(f): ApiJson<FilterBody>,
) -> ApiResult<DepositSummary> {
    ok(state.deposits.summary(&ctx, &f.filter()).await?)
}

/// Also for the transaction list (402), whose rows open the same drawer.
pub async fn detail(
    State(state): State<AppState>,
    AllowedEither(ctx): AllowedEither<DEPOSIT_ORDERS, DEPOSIT_LIST, TRANSACTION_LIST>,
    ApiJson(b): ApiJson<ById>,
) -> ApiResult<serde_json::Value> {
    let deposit = state.deposits.detail(&ctx, b.id).await?;
    let attempts = crate::callbacks::order_attempts(&state, &ctx, &deposit.order_no).await?;
    let mut value = serde_json::to_value(deposit).map_err(coffer_domain::AppError::internal)?;
    value["callbacks"] = serde_json::to_value(attempts).map_err(coffer_domain::AppError::internal)?;
    ok(value)
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HashScanBody {
    chain_id: i64,
    hash: String,
}

pub async fn hash_scan(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<HASH_SCAN>,
    ApiJson(b): ApiJson<HashScanBody>,
) -> ApiResult<HashScanView> {
    ok(state.deposits.scan_hash(&ctx, b.chain_id, &b.hash).await?)
}

pub async fn push(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<DEPOSIT_PUSH>,
    ApiJson(b): ApiJson<ById>,
) -> ApiResult<AttemptResultView> {
    let event_id = state.deposits.push(&ctx, b.id).await?;
    ok(state.callbacks.push(&ctx, &event_id).await?.into())
}

pub async fn user_page(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<TRANSACTION_LIST>,
    ApiJson(q): ApiJson<PagedFilter>,
) -> ApiResult<Paged<DepositView>> {
    if !q.filter.only_deposits() {
        coffer_domain::deposits::check_range(q.filter.start, q.filter.end)?;
        return ok(Paged {
            list: Vec::new(),
            total: 0,
        });
    }
    ok(state
        .deposits
        .page(&ctx, &q.filter.filter(), q.page.request()?)
        .await?)
}

pub async fn user_summary(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<TRANSACTION_LIST>,
    ApiJson(f): ApiJson<FilterBody>,
) -> ApiResult<DepositSummary> {
    if !f.only_deposits() {
        coffer_domain::deposits::check_range(f.start, f.end)?;
        return ok(DepositSummary {
            count: 0,
            totals: Vec::new(),
        });
    }
    ok(state.deposits.summary(&ctx, &f.filter()).await?)
}

pub async fn user_push(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<TRANSACTION_PUSH>,
    ApiJson(b): ApiJson<ById>,
) -> ApiResult<AttemptResultView> {
    let event_id = state.deposits.push(&ctx, b.id).await?;
    ok(state.callbacks.push(&ctx, &event_id).await?.into())
}
