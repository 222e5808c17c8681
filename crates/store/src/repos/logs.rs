use super::text_filter::contains_text;
use chrono::SecondsFormat;
use coffer_domain::error::AppResult;
use coffer_domain::ports::{
    LogFilter, LogRepo, LoginLogEntry, MerchantId, NewLoginLog, NewOperationLog, OperationLogEntry,
    PageRequest, Paged,
};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};

use crate::entities::{login_log, operation_log};
use crate::{fetch_page, Store};

fn time(t: chrono::DateTime<chrono::Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

fn result_text(success: bool) -> &'static str {
    if success {
        "success"
    } else {
        "failure"
    }
}

#[async_trait::async_trait]
impl LogRepo for Store {
    async fn insert_login_log(&self, entry: NewLoginLog<'_>) -> AppResult<()> {
        login_log::ActiveModel {
            merchant_id: Set(entry.merchant_id),
            user_id: Set(entry.user_id),
            email: Set(entry.email.to_string()),
            ip: Set(entry.ip.to_string()),
            // Header values are caller-controlled; keep the log rows bounded.
            user_agent: Set(entry.user_agent.chars().take(255).collect()),
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
        let mut query = login_log::Entity::find().filter(login_log::Column::MerchantId.eq(merchant_id));
        if let Some(email) = filter.email.as_deref() {
            query = query.filter(contains_text(
                login_log::Column::Email,
                &email.to_ascii_lowercase(),
            ));
        }
        if let Some(result) = filter.kind.as_deref() {
            query = query.filter(login_log::Column::Result.eq(result));
        }
        if let Some(user_id) = filter.user_id {
            query = query.filter(login_log::Column::UserId.eq(user_id));
        }
        if let Some(start) = filter.start {
            query = query.filter(login_log::Column::CreatedAt.gte(start));
        }
        if let Some(end) = filter.end {
            query = query.filter(login_log::Column::CreatedAt.lt(end));
        }
        let (rows, total) = fetch_page(self, query.order_by_desc(login_log::Column::Id), page).await?;
        let list = rows
            .into_iter()
            .map(|r| LoginLogEntry {
                id: r.id,
                email: r.email,
                ip: r.ip,
                user_agent: r.user_agent,
                result: r.result,
                reason: r.reason,
                createtime: time(r.created_at),
            })
            .collect();
        Ok(Paged { list, total })
    }

    async fn insert_operation_log(&self, entry: NewOperationLog<'_>) -> AppResult<()> {
        operation_log::ActiveModel {
            merchant_id: Set(entry.merchant_id),
            user_id: Set(entry.user_id),
            email: Set(entry.email.to_string()),
            action: Set(entry.action.to_string()),
            target: Set(entry.target.to_string()),
            before: Set(entry.before.to_string()),
            after: Set(entry.after.to_string()),
            ip: Set(entry.ip.to_string()),
            result: Set(result_text(entry.code == 1).into()),
            code: Set(entry.code),
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
        let mut query =
            operation_log::Entity::find().filter(operation_log::Column::MerchantId.eq(merchant_id));
        if let Some(email) = filter.email.as_deref() {
            query = query.filter(contains_text(
                operation_log::Column::Email,
                &email.to_ascii_lowercase(),
            ));
        }
        if let Some(action) = filter.kind.as_deref() {
            query = query.filter(contains_text(operation_log::Column::Action, action));
        }
        if let Some(user_id) = filter.user_id {
            query = query.filter(operation_log::Column::UserId.eq(user_id));
        }
        if let Some(start) = filter.start {
            query = query.filter(operation_log::Column::CreatedAt.gte(start));
        }
        if let Some(end) = filter.end {
            query = query.filter(operation_log::Column::CreatedAt.lt(end));
        }
        let (rows, total) = fetch_page(self, query.order_by_desc(operation_log::Column::Id), page).await?;
        let list = rows
            .into_iter()
            .map(|r| OperationLogEntry {
                id: r.id,
                email: r.email,
                action: r.action,
                target: r.target,
                before: r.before,
                after: r.after,
                ip: r.ip,
                result: r.result,
                code: r.code,
                createtime: time(r.created_at),
            })
            .collect();
        Ok(Paged { list, total })
    }
}
