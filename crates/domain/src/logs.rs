//! The login log and the operation log: written by the services and the audit layer, read
//! page by page within the caller's merchant. Nothing edits or deletes an entry.

use crate::auth::AuthContext;
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
pub use crate::ports::AuditRecord;
use crate::ports::{LogFilter, LoginLogEntry, NewOperationLog, OperationLogEntry, PageRequest, Paged, Ports};

pub struct LogService {
    pub ports: Ports,
}

/// The longest target kept, in characters: an address or an e-mail fits whole; a longer value
/// (a request body field is caller-controlled) is cut and marked.
pub const MAX_TARGET_CHARS: usize = 120;

/// `target` on one line and within [`MAX_TARGET_CHARS`], cut with an ellipsis.
pub fn bounded_target(target: &str) -> String {
    let line: String = target
        .trim()
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    if line.chars().count() <= MAX_TARGET_CHARS {
        return line;
    }
    let mut cut: String = line.chars().take(MAX_TARGET_CHARS - 1).collect();
    cut.push('…');
    cut
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
        let target = bounded_target(record.target);
        self.ports
            .logs
            .insert_operation_log(NewOperationLog {
                merchant_id: ctx.merchant_id,
                user_id: ctx.user_id,
                email: &ctx.email,
                call: AuditRecord {
                    target: &target,
                    ..record
                },
                at: self.ports.clock.now(),
            })
            .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_are_kept_on_one_line_and_bounded() {
        assert_eq!(bounded_target("  ops@example.com "), "ops@example.com");
        assert_eq!(bounded_target("a\nb\tc"), "a b c");
        let long = "x".repeat(500);
        let cut = bounded_target(&long);
        assert_eq!(cut.chars().count(), MAX_TARGET_CHARS);
        assert!(cut.ends_with('…'));
        let exact = "é".repeat(MAX_TARGET_CHARS);
        assert_eq!(bounded_target(&exact), exact);
    }
}
