//! The home overview (menu 1) and the data reports (601 Payment, 602 Receipt): wire shapes of
//! the domain's figures, and the reports' CSV.

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use chrono::NaiveDate;
use coffer_domain::amount::BaseUnits;
use coffer_domain::menu::catalogue::{HOME, PAYMENT_REPORT, RECEIPT_REPORT};
use coffer_domain::reports::{
    AssetFigures, AssetFilter, ChainLag, DayFigures, GettingStarted, Holding, HomeOverview, Movements,
    Report, ReportKind, Tally, Waiting,
};
use serde::{Deserialize, Serialize};

use crate::envelope::{ok, ApiError, ApiJson, ApiResult};
use crate::orders::{token_units, wire_time};
use crate::session::Allowed;
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

fn wire_date(date: NaiveDate) -> String {
    date.format("%Y-%m-%d").to_string()
}

fn amount(value: BaseUnits, decimals: i32) -> String {
    value.to_decimal(token_units(decimals))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TotalView {
    chain_id: i64,
    token_id: Option<i64>,
    chainname: String,
    symbol: String,
    decimals: i32,
    amount: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TallyView {
    count: u64,
    totals: Vec<TotalView>,
}

impl From<Tally> for TallyView {
    fn from(t: Tally) -> TallyView {
        TallyView {
            count: t.count,
            totals: t
                .totals
                .into_iter()
                .map(|f| TotalView {
                    chain_id: f.asset.chain_id,
                    token_id: f.asset.token_id,
                    amount: amount(f.amount, f.decimals),
                    chainname: f.names.chain_name,
                    symbol: f.names.symbol,
                    decimals: f.decimals,
                })
                .collect(),
        }
    }
}

#[derive(Serialize)]
struct MovementsView {
    deposits: TallyView,
    withdrawals: TallyView,
}

impl From<Movements> for MovementsView {
    fn from(m: Movements) -> MovementsView {
        MovementsView {
            deposits: m.deposits.into(),
            withdrawals: m.withdrawals.into(),
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct HoldingView {
    chain_id: i64,
    token_id: Option<i64>,
    chainname: String,
    symbol: String,
    decimals: i32,
    hot_wallets: String,
    hot_wallets_read_at: Option<String>,
    deposit_addresses: String,
    cold: Option<String>,
    cold_read_at: Option<String>,
}

impl From<Holding> for HoldingView {
    fn from(h: Holding) -> HoldingView {
        HoldingView {
            chain_id: h.asset.chain_id,
            token_id: h.asset.token_id,
            hot_wallets: amount(h.hot_wallets, h.decimals),
            hot_wallets_read_at: h.hot_wallets_read_at.map(wire_time),
            deposit_addresses: amount(h.deposit_addresses, h.decimals),
            cold: h.cold.map(|c| amount(c, h.decimals)),
            cold_read_at: h.cold_read_at.map(wire_time),
            chainname: h.names.chain_name,
            symbol: h.names.symbol,
            decimals: h.decimals,
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct WaitingView {
    withdrawals_in_review: u64,
    callbacks_failing: u64,
    cold_requests_pending: u64,
}

impl From<Waiting> for WaitingView {
    fn from(w: Waiting) -> WaitingView {
        WaitingView {
            withdrawals_in_review: w.withdrawals_in_review,
            callbacks_failing: w.callbacks_failing,
            cold_requests_pending: w.cold_requests_pending,
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ChainLagView {
    chain_id: i64,
    chainname: String,
    scanned_height: Option<u64>,
    tip_height: Option<u64>,
    lag_blocks: Option<u64>,
    scanned_at: Option<String>,
}

impl From<ChainLag> for ChainLagView {
    fn from(c: ChainLag) -> ChainLagView {
        ChainLagView {
            lag_blocks: c.lag_blocks(),
            chain_id: c.chain_id,
            chainname: c.chain_name,
            scanned_height: c.scanned_height,
            tip_height: c.tip_height,
            scanned_at: c.scanned_at.map(wire_time),
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct GettingStartedView {
    token_enabled: bool,
    hot_wallet: bool,
    callback_url: bool,
    api_key: bool,
    rsa_key: bool,
}

impl From<GettingStarted> for GettingStartedView {
    fn from(g: GettingStarted) -> GettingStartedView {
        GettingStartedView {
            token_enabled: g.token_enabled,
            hot_wallet: g.hot_wallet,
            callback_url: g.callback_url,
            api_key: g.api_key,
            rsa_key: g.rsa_key,
        }
    }
}

/// Today's figures with today's date. The contract named both the date and the figures
/// `today` (one JSON key cannot be both): the date is `today.date`.
#[derive(Serialize)]
struct TodayView {
    date: String,
    #[serde(flatten)]
    figures: MovementsView,
}

/// `/home/main_v3_2`.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HomeView {
    time_zone: i32,
    today: TodayView,
    start_date: String,
    end_date: String,
    holdings: Vec<HoldingView>,
    period: MovementsView,
    waiting: WaitingView,
    chains: Vec<ChainLagView>,
    getting_started: GettingStartedView,
}

impl From<HomeOverview> for HomeView {
    fn from(h: HomeOverview) -> HomeView {
        HomeView {
            time_zone: h.period.time_zone,
            today: TodayView {
                date: wire_date(h.today),
                figures: h.today_figures.into(),
            },
            start_date: wire_date(h.period.start),
            end_date: wire_date(h.period.end),
            holdings: h.holdings.into_iter().map(HoldingView::from).collect(),
            period: h.period_figures.into(),
            waiting: h.waiting.into(),
            chains: h.chains.into_iter().map(ChainLagView::from).collect(),
            getting_started: h.getting_started.into(),
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

#[derive(Serialize)]
struct DayView {
    date: String,
    deposits: TallyView,
    withdrawals: TallyView,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DailyView {
    start_date: String,
    end_date: String,
    days: Vec<DayView>,
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
    let series = state
        .reports
        .daily_series(ctx.merchant_id, range, body.filter())
        .await?;
    ok(DailyView {
        start_date: wire_date(series.range.start),
        end_date: wire_date(series.range.end),
        days: series
            .days
            .into_iter()
            .map(|d: DayFigures| DayView {
                date: wire_date(d.date),
                deposits: d.deposits.into(),
                withdrawals: d.withdrawals.into(),
            })
            .collect(),
    })
}

/// One report row or total: an asset's count, amount and network fee.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ReportFiguresView {
    chain_id: i64,
    token_id: Option<i64>,
    chainname: String,
    symbol: String,
    decimals: i32,
    count: u64,
    amount: String,
    /// In the chain's native coin.
    fee: String,
    fee_symbol: String,
}

impl From<AssetFigures> for ReportFiguresView {
    fn from(f: AssetFigures) -> ReportFiguresView {
        ReportFiguresView {
            chain_id: f.asset.chain_id,
            token_id: f.asset.token_id,
            amount: amount(f.amount, f.decimals),
            fee: f.fee.to_decimal(f.names.native_decimals),
            fee_symbol: f.names.chain_symbol,
            chainname: f.names.chain_name,
            symbol: f.names.symbol,
            decimals: f.decimals,
            count: f.count,
        }
    }
}

#[derive(Serialize)]
struct ReportRowView {
    date: String,
    #[serde(flatten)]
    figures: ReportFiguresView,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReportView {
    start_date: String,
    end_date: String,
    rows: Vec<ReportRowView>,
    totals: Vec<ReportFiguresView>,
}

impl From<Report> for ReportView {
    fn from(r: Report) -> ReportView {
        ReportView {
            start_date: wire_date(r.range.start),
            end_date: wire_date(r.range.end),
            rows: r
                .rows
                .into_iter()
                .map(|row| ReportRowView {
                    date: wire_date(row.date),
                    figures: row.figures.into(),
                })
                .collect(),
            totals: r.totals.into_iter().map(ReportFiguresView::from).collect(),
        }
    }
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

/// A cell a spreadsheet would read as text: formula starters get a leading ' (CSV injection),
/// and a cell with a comma, quote or line break is quoted.
fn cell(text: &str) -> String {
    let guarded = if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{text}")
    } else {
        text.to_string()
    };
    if guarded.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", guarded.replace('"', "\"\""))
    } else {
        guarded
    }
}

/// The report as CSV: one line per row (newest date first), at most 366 days x assets.
fn report_csv(report: Report) -> String {
    let mut out = String::from("date,chain,token,count,amount,fee,fee_token\r\n");
    for row in report.rows {
        let date = wire_date(row.date);
        let f = ReportFiguresView::from(row.figures);
        let cells = [
            date,
            f.chainname,
            f.symbol,
            f.count.to_string(),
            f.amount,
            f.fee,
            f.fee_symbol,
        ];
        let line: Vec<String> = cells.iter().map(|c| cell(c)).collect();
        out.push_str(&line.join(","));
        out.push_str("\r\n");
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
        report_csv(report),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::cell;

    #[test]
    fn cells_that_a_spreadsheet_would_run_are_defused_and_separators_quoted() {
        assert_eq!(cell("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
        assert_eq!(cell("+1"), "'+1");
        assert_eq!(cell("-1"), "'-1");
        assert_eq!(cell("@SUM"), "'@SUM");
        assert_eq!(cell("\tx"), "'\tx");
        assert_eq!(cell("a,b"), "\"a,b\"");
        assert_eq!(cell("USDT"), "USDT");
        assert_eq!(cell("30.5"), "30.5");
    }
}
