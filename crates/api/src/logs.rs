//! The login log (901) and the operation log (902).

use axum::extract::State;
use chrono::{DateTime, Utc};
use coffer_domain::menu::catalogue::{LOGIN_LOGS, OPERATION_LOGS};
use coffer_domain::ports::{LogFilter, LoginLogEntry, OperationLogEntry, Paged};
use coffer_domain::AppError;
use serde::Deserialize;

use crate::bodies::PageQuery;
use crate::envelope::{ok, ApiJson, ApiResult};
use crate::session::Allowed;
use crate::AppState;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LogQuery {
    #[serde(flatten)]
    page: PageQuery,
    email: Option<String>,
    result: Option<String>,
    action: Option<String>,
    start: Option<DateTime<Utc>>,
    end: Option<DateTime<Utc>>,
}

impl LogQuery {
    fn filter(&self, kind: Option<String>) -> Result<LogFilter, AppError> {
        let text = |v: &Option<String>| v.as_ref().map(|s| s.trim().to_string()).filter(|s| !s.is_empty());
        Ok(LogFilter {
            user_id: None,
            email: text(&self.email),
            kind: text(&kind),
            start: self.start,
            end: self.end,
        })
    }
}

pub async fn login_page(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<LOGIN_LOGS>,
    ApiJson(q): ApiJson<LogQuery>,
) -> ApiResult<Paged<LoginLogEntry>> {
    let filter = q.filter(q.result.clone())?;
    ok(state.logs.login_page(&ctx, filter, q.page.request()?).await?)
}

pub async fn operation_page(
    State(state): State<AppState>,
    Allowed(ctx): Allowed<OPERATION_LOGS>,
    ApiJson(q): ApiJson<LogQuery>,
) -> ApiResult<Paged<OperationLogEntry>> {
    let filter = q.filter(q.action.clone())?;
    ok(state.logs.operation_page(&ctx, filter, q.page.request()?).await?)
}
