//! The login log (901) and the operation log (902).

use axum::extract::State;
use chrono::{DateTime, Utc};
use coffer_domain::menu::catalogue::{LOGIN_LOGS, OPERATION_LOGS};
use coffer_domain::ports::{LogFilter, LoginLogEntry, OperationLogEntry, Paged};
use coffer_domain::AppError;
use serde::{Deserialize, Serialize};

use crate::audit_actions::{action_titles, paths_named};
use crate::bodies::{FilterText, PageQuery};
use crate::envelope::{ok, ApiJson, ApiResult};
use crate::session::Allowed;
use crate::views::paged;
use crate::views::session::MenuTitlesView;
use crate::AppState;

/// An operation log entry with its action's name in the three languages (the console shows
/// the one of its language, so switching needs no new request); `actionName` is null for a
/// path no longer routed, which the console shows as stored.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OperationLogView {
    #[serde(flatten)]
    entry: OperationLogEntry,
    action_name: Option<MenuTitlesView>,
}

impl From<OperationLogEntry> for OperationLogView {
    fn from(entry: OperationLogEntry) -> Self {
        OperationLogView {
            action_name: action_titles(&entry.action, &entry.after),
            entry,
        }
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LogQuery {
    #[serde(flatten)]
    page: PageQuery,
    email: Option<FilterText>,
    result: Option<FilterText>,
    action: Option<FilterText>,
    start: Option<DateTime<Utc>>,
    end: Option<DateTime<Utc>>,
}

impl LogQuery {
    /// The filter with `kind` (the login log's result, the operation log's action); 10422 for
    /// a text too long.
    fn filter(&self, kind: Option<FilterText>) -> Result<LogFilter, AppError> {
        let text = |v: Option<FilterText>| -> Result<Option<String>, AppError> {
            let text = FilterText::optional(v)?;
            Ok(text.map(|s| s.trim().to_string()).filter(|s| !s.is_empty()))
        };
        Ok(LogFilter {
            user_id: None,
            email: text(self.email.clone())?,
            kind: text(kind)?,
            named_actions: Vec::new(),
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
) -> ApiResult<Paged<OperationLogView>> {
    let mut filter = q.filter(q.action.clone())?;
    // The action typed may be part of its path or of its name as the console shows it.
    filter.named_actions = filter.kind.as_deref().map(paths_named).unwrap_or_default();
    ok(paged(
        state.logs.operation_page(&ctx, filter, q.page.request()?).await?,
    ))
}
