//! Withdrawals (menus 206, 302, 403, 404): console requests (Google code), the lists, review.

use axum::extract::State;
use axum::http::HeaderMap;
use coffer_domain::auth::AuthContext;
use coffer_domain::codes::StoredCode;
use coffer_domain::menu::catalogue::{
    MANUAL_WITHDRAW, WITHDRAW, WITHDRAW_CHECK, WITHDRAW_LIST, WITHDRAW_LIST_PUSH, WITHDRAW_ORDERS,
    WITHDRAW_PUSH, WITHDRAW_REVIEW, WITHDRAW_REVIEW_AGAIN,
};
use coffer_domain::orders::Listed;
use coffer_domain::ports::{OrderKind, Paged, ReviewRecord, WithdrawalRecord};
use coffer_domain::withdrawals::request::{Requester, WithdrawRequest};
use coffer_domain::withdrawals::review::{CheckReport, RowResult, Selection};
use coffer_domain::Locale;
use serde::{Deserialize, Serialize};

use crate::audit::{done_on, Audited};
use crate::bodies::ById;
use crate::envelope::{ok, ApiJson, ApiResult};
use crate::orders::{drawer, token_units, AssetColumns, FilterBody, PagedFilter, SummaryView};
use crate::session::{Allowed, AllowedEither, ListedOrOwn};
use crate::views::time;
use crate::AppState;

/// A withdrawal on the wire (console and merchant API alike).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WithdrawalView {
    id: i64,
    #[serde(rename = "type")]
    kind: i32,
    order_no: String,
    merchant_order_no: String,
    source: i32,
    open_id: String,
    security_code: String,
    #[serde(flatten)]
    asset: AssetColumns,
    from_address: String,
    to_address: String,
    amount: String,
    actual_amount: String,
    fee: String,
    hash: String,
    block_number: Option<i64>,
    required_confirmations: i32,
    status: i32,
    review_required: bool,
    risk_reasons: Vec<String>,
    reason: String,
    remark: String,
    created_by: String,
    reviewer: String,
    reviewtime: Option<String>,
    callback_status: i32,
    callback_result: String,
    notify_status: i32,
    createtime: String,
    completetime: Option<String>,
}

impl From<Listed<WithdrawalRecord>> for WithdrawalView {
    fn from(listed: Listed<WithdrawalRecord>) -> WithdrawalView {
        let (w, asset) = (listed.order, listed.asset);
        let units = token_units(w.decimals);
        let native_units = asset.native_decimals;
        WithdrawalView {
            id: w.id,
            kind: OrderKind::Withdrawal.code(),
            order_no: w.order_no,
            merchant_order_no: w.merchant_order_no.unwrap_or_default(),
            source: w.source.code(),
            open_id: w.open_id,
            security_code: w.security_code,
            asset: AssetColumns::new(w.chain_id, w.token_id, w.decimals, asset),
            from_address: w.from_address,
            to_address: w.to_address,
            amount: w.amount.to_decimal(units),
            actual_amount: w.actual_amount.to_decimal(units),
            fee: w.fee.map(|f| f.to_decimal(native_units)).unwrap_or_default(),
            hash: w.tx_hash,
            block_number: w.block_number,
            required_confirmations: w.required_confirmations,
            status: w.status.code(),
            review_required: w.review_required,
            risk_reasons: w.risk_reasons,
            reason: w.reason,
            remark: w.remark,
            created_by: w.created_by_email,
            reviewer: w.reviewer_email,
            reviewtime: w.reviewed_at.map(time),
            callback_status: w.callback_status.code(),
            callback_result: w.callback_result,
            notify_status: w.notify_status.code(),
            createtime: time(w.created_at),
            completetime: w.completed_at.map(time),
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReviewView {
    action: i32,
    reviewer: String,
    reason: String,
    createtime: String,
}

impl From<ReviewRecord> for ReviewView {
    fn from(r: ReviewRecord) -> ReviewView {
        ReviewView {
            action: r.action.code(),
            reviewer: r.reviewer_email,
            reason: r.reason,
            createtime: time(r.created_at),
        }
    }
}

/// Where a followed row is (the console's silent polling).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProgressView {
    id: i64,
    status: i32,
    hash: String,
    reason: String,
}

impl From<WithdrawalRecord> for ProgressView {
    fn from(w: WithdrawalRecord) -> ProgressView {
        ProgressView {
            id: w.id,
            status: w.status.code(),
            hash: w.tx_hash,
            reason: w.reason,
        }
    }
}

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
) -> Audited<WithdrawalView> {
    console_request(&state, &ctx, b, false).await
}

pub async fn manual_withdraw(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<MANUAL_WITHDRAW>,
    ApiJson(b): ApiJson<WithdrawBody>,
) -> Audited<WithdrawalView> {
    console_request(&state, &ctx, b, true).await
}

/// A request from the console: a Google code first (it moves money), then the request. A
/// manual withdrawal may name the paying wallet but has no merchant order number; Token
/// withdraw the other way round.
async fn console_request(
    state: &AppState,
    ctx: &AuthContext,
    body: WithdrawBody,
    manual: bool,
) -> Audited<WithdrawalView> {
    let (mut request, google_code) = body.request();
    let (user_id, email) = (ctx.user_id, ctx.email.clone());
    let requester = if manual {
        request.merchant_order_no = None;
        Requester::Manual { user_id, email }
    } else {
        request.from_address = None;
        Requester::Console { user_id, email }
    };
    state.auth.require_google(ctx, &google_code).await?;
    let created = WithdrawalView::from(
        state
            .withdrawals
            .request(ctx.merchant_id, requester, &request)
            .await?,
    );
    done_on(created.order_no.clone(), created)
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
    let found = state
        .withdrawals
        .page(&ctx, &q.filter.filter()?, q.page.request()?)
        .await?;
    ok(found.map(WithdrawalView::from))
}

pub async fn summary(
    State(state): State<AppState>,
    AllowedEither(ctx): Viewer,
    ApiJson(f): ApiJson<FilterBody>,
) -> ApiResult<SummaryView> {
    ok(state.withdrawals.summary(&ctx, &f.filter()?).await?.into())
}

pub async fn detail(
    State(state): State<AppState>,
    AllowedEither(ctx): Viewer,
    ApiJson(b): ApiJson<ById>,
) -> ApiResult<serde_json::Value> {
    let (withdrawal, reviews) = state.withdrawals.detail(&ctx, b.id).await?;
    let order_no = withdrawal.order.order_no.clone();
    let mut value = drawer(&state, &ctx, &order_no, WithdrawalView::from(withdrawal)).await?;
    let reviews: Vec<ReviewView> = reviews.into_iter().map(ReviewView::from).collect();
    value["reviews"] = serde_json::to_value(reviews).map_err(coffer_domain::AppError::internal)?;
    ok(value)
}

/// A list's viewer follows every order; the one who may only create withdrawals (Token
/// withdraw) follows the orders they created.
pub async fn query(
    State(state): State<AppState>,
    ListedOrOwn(ctx, scope): ListedOrOwn<
        WITHDRAW_ORDERS,
        WITHDRAW_CHECK,
        WITHDRAW_LIST,
        WITHDRAW,
        MANUAL_WITHDRAW,
    >,
    ApiJson(b): ApiJson<ByIds>,
) -> ApiResult<Vec<ProgressView>> {
    let rows = state.withdrawals.progress(&ctx, scope, &b.ids).await?;
    ok(rows.into_iter().map(ProgressView::from).collect())
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

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RowResultView {
    id: i64,
    ok: bool,
    code: i64,
    msg: String,
}

impl From<RowResult> for RowResultView {
    fn from(r: RowResult) -> Self {
        RowResultView {
            id: r.id,
            ok: r.ok,
            code: r.code,
            msg: r.msg,
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CheckReportView {
    /// Rows the selection matched.
    total: u64,
    /// Rows changed.
    done: u64,
    results: Vec<RowResultView>,
}

impl From<CheckReport> for CheckReportView {
    fn from(r: CheckReport) -> Self {
        CheckReportView {
            total: r.total,
            done: r.done,
            results: r.results.into_iter().map(RowResultView::from).collect(),
        }
    }
}

/// Pass and reject need WITHDRAW_REVIEW, review again WITHDRAW_REVIEW_AGAIN (passing also a
/// Google code, which the review checks).
pub async fn check(
    State(state): State<AppState>,
    AllowedEither(ctx): AllowedEither<WITHDRAW_REVIEW, WITHDRAW_REVIEW_AGAIN>,
    headers: HeaderMap,
    ApiJson(b): ApiJson<CheckBody>,
) -> Audited<CheckReportView> {
    let needed = if b.action == coffer_domain::ports::ReviewAction::ReviewAgain.code() {
        WITHDRAW_REVIEW_AGAIN
    } else {
        WITHDRAW_REVIEW
    };
    if !ctx.permissions.allows(needed) {
        return Err(coffer_domain::AppError::Forbidden.into());
    }
    let selection = if b.all {
        Selection::All(b.filter.unwrap_or_default().filter()?)
    } else {
        Selection::Ids(b.ids.unwrap_or_default())
    };
    let locale = Locale::negotiate(headers.get("accept-language").and_then(|v| v.to_str().ok()));
    let report = state
        .withdrawals
        .check(
            &ctx,
            selection,
            b.action,
            b.reason.as_deref(),
            &b.google_code,
            locale,
        )
        .await?;
    let target = reviewed_orders(&report);
    done_on(target, report.into())
}

/// The orders a review changed, by number, as the operation log names them: the first few
/// (the log keeps a bounded target) and how many more.
fn reviewed_orders(report: &CheckReport) -> String {
    const NAMED: usize = 5;
    let changed: Vec<&str> = report
        .results
        .iter()
        .filter(|r| r.ok)
        .map(|r| r.order_no.as_str())
        .collect();
    let mut names: Vec<String> = changed.iter().take(NAMED).map(|n| n.to_string()).collect();
    if changed.len() > NAMED {
        names.push(format!("+{}", changed.len() - NAMED));
    }
    names.join(", ")
}

pub async fn push(
    State(state): State<AppState>,
    AllowedEither(ctx): AllowedEither<WITHDRAW_PUSH, WITHDRAW_LIST_PUSH>,
    ApiJson(b): ApiJson<ById>,
) -> Audited<crate::views::callbacks::AttemptResultView> {
    let event_id = state.withdrawals.push(&ctx, b.id).await?;
    crate::callbacks::push_event(&state, &ctx, &event_id).await
}
