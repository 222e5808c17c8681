//! The callback log (menu 804) and the callbacks of an order.

use axum::extract::State;
use chrono::{DateTime, Utc};
use coffer_domain::auth::AuthContext;
use coffer_domain::codes::CodeFilter;
use coffer_domain::error::AppResult;
use coffer_domain::menu::catalogue::{CALLBACKS, CALLBACK_PUSH};
use coffer_domain::ports::{EventFilter, Paged};
use serde::Deserialize;

use crate::audit::{done_on, Audited};
use crate::bodies::{FilterText, PageQuery};
use crate::envelope::{ok, ApiJson, ApiResult};
use crate::session::Allowed;
use crate::views::callbacks::{AttemptResultView, CallbackAttemptView, CallbackEventView};
use crate::views::{listed, paged};
use crate::AppState;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ByEvent {
    event_id: FilterText,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EventQuery {
    #[serde(flatten)]
    page: PageQuery,
    order_no: Option<FilterText>,
    status: Option<i32>,
    start: Option<DateTime<Utc>>,
    end: Option<DateTime<Utc>>,
}

/// Every attempt of every event of one order, newest first (the order detail drawers).
pub async fn order_attempts(
    state: &AppState,
    ctx: &AuthContext,
    order_no: &str,
) -> AppResult<Vec<CallbackAttemptView>> {
    Ok(listed(state.callbacks.attempts_of_order(ctx, order_no).await?))
}

pub async fn callback_page(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<CALLBACKS>,
    ApiJson(q): ApiJson<EventQuery>,
) -> ApiResult<Paged<CallbackEventView>> {
    let filter = EventFilter {
        order_no: FilterText::optional(q.order_no)?,
        status: q.status.map(CodeFilter::from_code),
        start: q.start,
        end: q.end,
    };
    ok(paged(
        state.callbacks.page(&ctx, &filter, q.page.request()?).await?,
    ))
}

pub async fn callback_attempts(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<CALLBACKS>,
    ApiJson(b): ApiJson<ByEvent>,
) -> ApiResult<Vec<CallbackAttemptView>> {
    ok(listed(
        state.callbacks.attempts(&ctx, &b.event_id.bounded()?).await?,
    ))
}

pub async fn callback_push(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<CALLBACK_PUSH>,
    ApiJson(b): ApiJson<ByEvent>,
) -> Audited<AttemptResultView> {
    push_event(&state, &ctx, &b.event_id.bounded()?).await
}

/// Sends an event again, now (a re-push from a list or the callback log, whichever order it is
/// of); the operation log names its order.
pub(crate) async fn push_event(
    state: &AppState,
    ctx: &AuthContext,
    event_id: &str,
) -> Audited<AttemptResultView> {
    let pushed = state.callbacks.push(ctx, event_id).await?;
    done_on(pushed.target(), pushed.result.into())
}
