//! The personal centre: Google authenticator, the merchant's time zone, my operation log.

use axum::extract::State;
use coffer_domain::ports::Paged;
use serde::Deserialize;

use crate::bodies::PageQuery;
use crate::envelope::{ok, ApiJson, ApiResult};
use crate::logs::OperationLogView;
use crate::session::Session;
use crate::views::paged;
use crate::views::session::TotpOfferView;
use crate::AppState;

#[derive(Deserialize)]
pub struct TotpCode {
    code: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TimeZone {
    time_zone: i64,
}

pub async fn google_code(State(state): State<AppState>, Session(ctx): Session) -> ApiResult<TotpOfferView> {
    ok(state.auth.google_offer(&ctx).await?.into())
}

pub async fn google_bind(
    State(state): State<AppState>,
    Session(ctx): Session,
    ApiJson(body): ApiJson<TotpCode>,
) -> ApiResult<()> {
    state.auth.google_bind(&ctx, &body.code).await?;
    ok(())
}

pub async fn google_unbind(
    State(state): State<AppState>,
    Session(ctx): Session,
    ApiJson(body): ApiJson<TotpCode>,
) -> ApiResult<()> {
    state.auth.google_unbind(&ctx, &body.code).await?;
    ok(())
}

pub async fn set_time_zone(
    State(state): State<AppState>,
    Session(ctx): Session,
    ApiJson(body): ApiJson<TimeZone>,
) -> ApiResult<()> {
    state.access.set_time_zone(&ctx, body.time_zone).await?;
    ok(())
}

pub async fn my_logs(
    State(state): State<AppState>,
    Session(ctx): Session,
    ApiJson(body): ApiJson<PageQuery>,
) -> ApiResult<Paged<OperationLogView>> {
    ok(paged(state.logs.my_logs(&ctx, body.request()?).await?))
}
