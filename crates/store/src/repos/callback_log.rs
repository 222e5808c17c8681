//! What was sent: the outbox's events and their attempts, for the console.

use coffer_domain::error::AppResult;
use coffer_domain::ports::{
    CallbackAttemptRecord, CallbackEventRecord, CallbackLog, EventFilter, MerchantId, OrderRef, PageRequest,
    Paged,
};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};

use super::announce::{event, events_of};
use crate::entities::{callback_attempt, callback_event};
use crate::{fetch_page, Store};

#[async_trait::async_trait]
impl CallbackLog for Store {
    async fn page_events(
        &self,
        merchant_id: MerchantId,
        filter: &EventFilter,
        page: PageRequest,
    ) -> AppResult<Paged<CallbackEventRecord>> {
        let mut q = callback_event::Entity::find()
            .filter(callback_event::Column::MerchantId.eq(merchant_id))
            .order_by_desc(callback_event::Column::Id);
        if let Some(order_no) = filter
            .order_no
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            q = q.filter(callback_event::Column::OrderNo.eq(order_no));
        }
        if let Some(status) = filter.status {
            q = q.filter(callback_event::Column::Status.eq(status));
        }
        if let Some(start) = filter.start {
            q = q.filter(callback_event::Column::CreatedAt.gte(start));
        }
        if let Some(end) = filter.end {
            q = q.filter(callback_event::Column::CreatedAt.lt(end));
        }
        let (rows, total) = fetch_page(self, q, page).await?;
        Ok(Paged {
            list: rows.into_iter().map(event).collect(),
            total,
        })
    }

    async fn attempts(
        &self,
        merchant_id: MerchantId,
        event_id: &str,
    ) -> AppResult<Vec<CallbackAttemptRecord>> {
        let rows = callback_attempt::Entity::find()
            .filter(callback_attempt::Column::MerchantId.eq(merchant_id))
            .filter(callback_attempt::Column::EventId.eq(event_id))
            .order_by_desc(callback_attempt::Column::Id)
            .all(self.connection())
            .await?;
        Ok(rows
            .into_iter()
            .map(|a| CallbackAttemptRecord {
                id: a.id,
                event_id: a.event_id,
                merchant_id: a.merchant_id,
                url: a.url,
                http_status: a.http_status,
                latency_ms: a.latency_ms,
                response: a.response,
                error: a.error,
                success: a.success,
                created_at: a.created_at,
                reason: a.reason,
            })
            .collect())
    }

    async fn latest_event(&self, order: OrderRef) -> AppResult<Option<CallbackEventRecord>> {
        let row = callback_event::Entity::find()
            .filter(events_of(order))
            .order_by_desc(callback_event::Column::Id)
            .one(self.connection())
            .await?;
        Ok(row.map(event))
    }
}
