use super::text_filter::contains_text;
use chrono::SecondsFormat;
use coffer_domain::error::AppResult;
use coffer_domain::ports::{
    LogFilter, LogRepo, LoginLogEntry, MerchantId, NewLoginLog, NewOperationLog, OperationLogEntry,
    PageRequest, Paged,
};
use sea_orm::{ActiveModelTrait, ColumnTrait, Condition, QueryFilter, Set};

use super::query::{merchant_rows_newest_first, page_as, within};
use crate::entities::{login_log, operation_log};
use crate::Store;

fn time(t: chrono::DateTime<chrono::Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// Header values are caller-controlled; keep the log rows within their VARCHAR column.
fn bounded(text: &str) -> String {
    text.chars().take(255).collect()
}

fn result_text(success: bool) -> &'static str {
    if success {
        "success"
    } else {
        "failure"
    }
}

/// The filters both logs take alike: the e-mail (a part of it, any case), the user, the time.
fn shared_filters<C: ColumnTrait>(filter: &LogFilter, email: C, user_id: C, created_at: C) -> Condition {
    let email_part = filter.email.as_deref().map(str::to_ascii_lowercase);
    Condition::all()
        .add_option(email_part.map(|part| contains_text(email, &part)))
        .add_option(filter.user_id.map(|id| user_id.eq(id)))
        .add(within(created_at, filter.start, filter.end))
}

#[async_trait::async_trait]
impl LogRepo for Store {
    async fn insert_login_log(&self, entry: NewLoginLog<'_>) -> AppResult<()> {
        login_log::ActiveModel {
            merchant_id: Set(entry.merchant_id),
            user_id: Set(entry.user_id),
            email: Set(entry.email.to_string()),
            ip: Set(entry.ip.to_string()),
            user_agent: Set(bounded(entry.user_agent)),
            result: Set(result_text(entry.success).into()),
            reason: Set(entry.reason.to_string()),
            created_at: Set(entry.at),
            ..Default::default()
        }
        .insert(self.connection())
        .await?;
        Ok(())
    }

    async fn page_login_logs(
        &self,
        merchant_id: MerchantId,
        filter: &LogFilter,
        page: PageRequest,
    ) -> AppResult<Paged<LoginLogEntry>> {
        use login_log::Column as L;
        let result = filter.kind.as_deref().map(|result| L::Result.eq(result));
        let matching = shared_filters(filter, L::Email, L::UserId, L::CreatedAt).add_option(result);
        let query = merchant_rows_newest_first::<login_log::Entity>(merchant_id).filter(matching);
        page_as(self, query, page, |r| LoginLogEntry {
            id: r.id,
            email: r.email,
            ip: r.ip,
            user_agent: r.user_agent,
            result: r.result,
            reason: r.reason,
            createtime: time(r.created_at),
        })
        .await
    }

    async fn insert_operation_log(&self, entry: NewOperationLog<'_>) -> AppResult<()> {
        let call = entry.call;
        operation_log::ActiveModel {
            merchant_id: Set(entry.merchant_id),
            user_id: Set(entry.user_id),
            email: Set(entry.email.to_string()),
            action: Set(call.action.to_string()),
            target: Set(call.target.to_string()),
            before: Set(call.before.to_string()),
            after: Set(call.after.to_string()),
            ip: Set(call.ip.to_string()),
            user_agent: Set(bounded(call.user_agent)),
            result: Set(result_text(call.code == 1).into()),
            code: Set(call.code),
            created_at: Set(entry.at),
            ..Default::default()
        }
        .insert(self.connection())
        .await?;
        Ok(())
    }

    async fn page_operation_logs(
        &self,
        merchant_id: MerchantId,
        filter: &LogFilter,
        page: PageRequest,
    ) -> AppResult<Paged<OperationLogEntry>> {
        use operation_log::Column as O;
        let action = filter.kind.as_deref().map(|action| {
            Condition::any().add(contains_text(O::Action, action)).add_option(
                (!filter.named_actions.is_empty())
                    .then(|| O::Action.is_in(filter.named_actions.iter().map(String::as_str))),
            )
        });
        let matching = shared_filters(filter, O::Email, O::UserId, O::CreatedAt).add_option(action);
        let query = merchant_rows_newest_first::<operation_log::Entity>(merchant_id).filter(matching);
        page_as(self, query, page, |r| OperationLogEntry {
            id: r.id,
            email: r.email,
            action: r.action,
            target: r.target,
            before: r.before,
            after: r.after,
            ip: r.ip,
            user_agent: r.user_agent,
            result: r.result,
            code: r.code,
            createtime: time(r.created_at),
        })
        .await
    }
}
