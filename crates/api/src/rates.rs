//! Service list (menu 10): the merchant's rate card, read-only.

use axum::extract::State;
use chrono::{DateTime, Utc};
use coffer_domain::codes::StoredCode;
use coffer_domain::menu::catalogue::SERVICE;
use coffer_domain::rates::{percent_text, points_text, Rate};
use serde::Serialize;

use crate::envelope::{ok, ApiResult};
use crate::session::Allowed;
use crate::AppState;

/// One row: codes as integers, the percent and the points as exact decimal strings.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RateView {
    id: i64,
    /// 1 collection fee, 2 payment fee, 3 energy, 4 monthly fee.
    service: i32,
    /// 1 percent, 2 fixed per transaction, 3 monthly.
    charge_mode: i32,
    percent: String,
    fixed: String,
    min: Option<String>,
    max: Option<String>,
    /// 1 prepaid (points), 2 postpaid (the monthly bill).
    pay_mode: i32,
    valid_from: DateTime<Utc>,
    valid_to: Option<DateTime<Utc>>,
    /// 1 effective, 2 expired.
    status: i32,
    create_time: DateTime<Utc>,
}

fn view(rate: Rate, now: DateTime<Utc>) -> RateView {
    let t = &rate.terms;
    RateView {
        id: rate.id,
        service: rate.service.code(),
        charge_mode: t.mode.code(),
        percent: percent_text(t.percent_ppm),
        fixed: points_text(t.fixed),
        min: t.min.map(points_text),
        max: t.max.map(points_text),
        pay_mode: t.pay.code(),
        valid_from: rate.valid_from,
        valid_to: rate.valid_to,
        status: rate.status(now).code(),
        create_time: rate.created_at,
    }
}

/// The caller's merchant's rows, current and past, newest first (any body is ignored).
pub async fn list(State(state): State<AppState>, Allowed(ctx): Allowed<SERVICE>) -> ApiResult<Vec<RateView>> {
    let now = state.rates.ports.clock.now();
    let rates = state.rates.rates(ctx.merchant_id).await?;
    ok(rates.into_iter().map(|rate| view(rate, now)).collect())
}
