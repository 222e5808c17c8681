//! The login log and the operation log: written by the services and the audit layer, read
//! page by page within the caller's merchant. Nothing edits or deletes an entry.

use crate::auth::AuthContext;
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::ports::{LogFilter, LoginLogEntry, NewOperationLog, OperationLogEntry, PageRequest, Paged, Ports};

pub struct LogService {
    pub ports: Ports,
}

/// One audited call, as the audit layer saw it.
pub struct AuditRecord<'a> {
    pub action: &'a str,
    pub target: &'a str,
    pub before: &'a str,
    pub after: &'a str,
    pub ip: &'a str,
    pub code: i32,
}

/// Either end of a log filter may be open; when both are given they must be in order. The
/// same refusal (10422) as every other list's dates.
fn check_dates(filter: &LogFilter) -> AppResult<()> {
    match (filter.start, filter.end) {
        (Some(start), Some(end)) if start > end => Err(AppError::Invalid(MsgKey::StartAfterEnd)),
        _ => Ok(()),
    }
}

impl LogService {
    pub async fn login_page(
        &self,
        ctx: &AuthContext,
        filter: LogFilter,
        page: PageRequest,
    ) -> AppResult<Paged<LoginLogEntry>> {
        check_dates(&filter)?;
        self.ports
            .logs
            .page_login_logs(ctx.merchant_id, &filter, page)
            .await
    }

    pub async fn operation_page(
        &self,
        ctx: &AuthContext,
        filter: LogFilter,
        page: PageRequest,
    ) -> AppResult<Paged<OperationLogEntry>> {
        check_dates(&filter)?;
        self.ports
            .logs
            .page_operation_logs(ctx.merchant_id, &filter, page)
            .await
    }

    pub async fn my_logs(&self, ctx: &AuthContext, page: PageRequest) -> AppResult<Paged<OperationLogEntry>> {
        let filter = LogFilter {
            user_id: Some(ctx.user_id),
            ..Default::default()
        };
        self.ports
            .logs
            .page_operation_logs(ctx.merchant_id, &filter, page)
            .await
    }

    pub async fn record(&self, ctx: &AuthContext, record: AuditRecord<'_>) -> AppResult<()> {
        self.ports
            .logs
            .insert_operation_log(NewOperationLog {
                merchant_id: ctx.merchant_id,
                user_id: ctx.user_id,
                email: &ctx.email,
                action: record.action,
                target: record.target,
                before: record.before,
                after: record.after,
                ip: record.ip,
                code: record.code,
                at: self.ports.clock.now(),
            })
            .await
    }
}
