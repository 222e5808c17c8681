//! The home overview (menu 1) and the data reports (601 Payment, 602 Receipt): their calls and
//! the reports' CSV (the wire shapes are in `views/reports.rs`).

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use coffer_domain::menu::catalogue::{HOME, PAYMENT_REPORT, RECEIPT_REPORT};
use coffer_domain::reports::{AssetFilter, Report, ReportKind};
use serde::Deserialize;

use crate::csv::line;
use crate::envelope::{ok, ApiError, ApiJson, ApiResult};
use crate::session::Allowed;
use crate::views::reports::{wire_date, DailyView, HomeView, ReportFiguresView, ReportView};
use crate::AppState;

/// A period or range of merchant dates ("YYYY-MM-DD", both inclusive), and optionally one
/// chain or token. Dates are strings here: their checks and messages are the domain's.
#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct RangeBody {
    start_date: Option<String>,
    end_date: Option<String>,
    chain_id: Option<i64>,
    token_id: Option<i64>,
}

impl RangeBody {
    fn filter(&self) -> AssetFilter {
        AssetFilter {
            chain_id: self.chain_id,
            token_id: self.token_id,
        }
    }
}

pub async fn home(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<HOME>,
    ApiJson(body): ApiJson<RangeBody>,
) -> ApiResult<HomeView> {
    let overview = state
        .reports
        .home(
            ctx.merchant_id,
            body.start_date.as_deref(),
            body.end_date.as_deref(),
        )
        .await?;
    ok(overview.into())
}

pub async fn daily(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<HOME>,
    ApiJson(body): ApiJson<RangeBody>,
) -> ApiResult<DailyView> {
    let range = state
        .reports
        .range(
            ctx.merchant_id,
            body.start_date.as_deref(),
            body.end_date.as_deref(),
        )
        .await?;
    ok(state
        .reports
        .daily_series(ctx.merchant_id, range, body.filter())
        .await?
        .into())
}

async fn report_of(
    state: &AppState,
    merchant_id: i64,
    kind: ReportKind,
    body: &RangeBody,
) -> Result<Report, ApiError> {
    let range = state
        .reports
        .range(merchant_id, body.start_date.as_deref(), body.end_date.as_deref())
        .await?;
    Ok(state
        .reports
        .report(merchant_id, kind, range, body.filter())
        .await?)
}

pub async fn payment(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<PAYMENT_REPORT>,
    ApiJson(body): ApiJson<RangeBody>,
) -> ApiResult<ReportView> {
    ok(report_of(&state, ctx.merchant_id, ReportKind::Payment, &body)
        .await?
        .into())
}

pub async fn receipt(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<RECEIPT_REPORT>,
    ApiJson(body): ApiJson<RangeBody>,
) -> ApiResult<ReportView> {
    ok(report_of(&state, ctx.merchant_id, ReportKind::Receipt, &body)
        .await?
        .into())
}

pub async fn payment_export(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<PAYMENT_REPORT>,
    ApiJson(body): ApiJson<RangeBody>,
) -> Result<Response, ApiError> {
    let report = report_of(&state, ctx.merchant_id, ReportKind::Payment, &body).await?;
    Ok(csv_answer(ReportKind::Payment, report))
}

pub async fn receipt_export(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<RECEIPT_REPORT>,
    ApiJson(body): ApiJson<RangeBody>,
) -> Result<Response, ApiError> {
    let report = report_of(&state, ctx.merchant_id, ReportKind::Receipt, &body).await?;
    Ok(csv_answer(ReportKind::Receipt, report))
}

/// The report as CSV: one line per row (newest date first), at most 366 days x assets; each
/// date is the merchant's day (the report's dates are counted in its zone). Only the Payment
/// report has network fees (of its withdrawals, in `fee_token`) and its collections with theirs:
/// a deposit costs the merchant no fee, and the Receipt report has no such columns.
fn report_csv(kind: ReportKind, report: Report) -> String {
    let payment = kind == ReportKind::Payment;
    let mut header = vec!["date", "chain", "token", "count", "amount"];
    if payment {
        header.extend(["fee", "fee_token", "collections", "collection_fee"]);
    }
    let mut out = line(header);
    for row in report.rows {
        let date = wire_date(row.date);
        let f = ReportFiguresView::from(row.figures);
        let mut cells = vec![date, f.chainname, f.symbol, f.count.to_string(), f.amount];
        if payment {
            cells.extend([f.fee, f.fee_symbol, f.collections.to_string(), f.collection_fee]);
        }
        out.push_str(&line(cells));
    }
    out
}

fn csv_answer(kind: ReportKind, report: Report) -> Response {
    let file = format!(
        "attachment; filename=\"{}-{}-{}.csv\"",
        kind.name(),
        wire_date(report.range.start),
        wire_date(report.range.end)
    );
    (
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
            (header::CONTENT_DISPOSITION, file),
        ],
        report_csv(kind, report),
    )
        .into_response()
}
