//! What was sent: the outbox's events and their attempts, for the console.

use coffer_domain::codes::StoredCode;
use coffer_domain::error::AppResult;
use coffer_domain::ports::CallbackStatus;
use coffer_domain::ports::{
    CallbackAttemptRecord, CallbackEventRecord, CallbackLog, EventFilter, MerchantId, OrderRef, PageRequest,
    Paged,
};
use sea_orm::{ColumnTrait, Condition, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder};

use super::announce::{event, events_of};
use super::query::{all_as, merchant_rows_newest_first, page_as, within};
use crate::entities::{callback_attempt, callback_event};
use crate::Store;

fn attempt(a: callback_attempt::Model) -> CallbackAttemptRecord {
    CallbackAttemptRecord {
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
    }
}

#[async_trait::async_trait]
impl CallbackLog for Store {
    async fn page_events(
        &self,
        merchant_id: MerchantId,
        filter: &EventFilter,
        page: PageRequest,
    ) -> AppResult<Paged<CallbackEventRecord>> {
        use callback_event::Column as E;
        let order_no = filter
            .order_no
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty());
        // An unknown status code keeps its integer: it selects nothing, as it always has.
        let matching = Condition::all()
            .add_option(order_no.map(|order_no| E::OrderNo.eq(order_no)))
            .add_option(filter.status.map(|status| E::Status.eq(status.code())))
            .add(within(E::CreatedAt, filter.start, filter.end));
        let query = merchant_rows_newest_first::<callback_event::Entity>(merchant_id).filter(matching);
        page_as(self, query, page, event).await
    }

    async fn attempts(
        &self,
        merchant_id: MerchantId,
        event_id: &str,
    ) -> AppResult<Vec<CallbackAttemptRecord>> {
        let query = merchant_rows_newest_first::<callback_attempt::Entity>(merchant_id)
            .filter(callback_attempt::Column::EventId.eq(event_id));
        all_as(self, query, attempt).await
    }

    async fn latest_event(&self, order: OrderRef) -> AppResult<Option<CallbackEventRecord>> {
        let row = callback_event::Entity::find()
            .filter(events_of(order))
            .order_by_desc(callback_event::Column::Id)
            .one(self.connection())
            .await?;
        Ok(row.map(event))
    }

    async fn failing_events(&self, merchant_id: MerchantId) -> AppResult<u64> {
        use callback_event::Column as E;
        let failing = Condition::any()
            .add(E::Status.eq(CallbackStatus::Failed.code()))
            .add(
                Condition::all()
                    .add(E::Status.eq(CallbackStatus::Pending.code()))
                    .add(E::Attempts.gt(0)),
            );
        Ok(callback_event::Entity::find()
            .filter(E::MerchantId.eq(merchant_id))
            .filter(failing)
            .count(self.connection())
            .await?)
    }
}
