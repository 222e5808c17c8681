//! [`DepositRepo`], second half: deposit queries, the callback outbox, the platform key.

use chrono::{DateTime, Utc};
use coffer_domain::error::AppResult;
use coffer_domain::ports::{
    AttemptOutcome, CallbackAttemptRecord, CallbackEventRecord, DepositRecord, DepositRepo, EventBuilder,
    EventFilter, MerchantId, NewDeposit, PageRequest, Paged, PushOutcome, ScannedBlock,
};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};

use super::deposits::record;
use crate::entities::{callback_attempt, callback_event, deposit, platform_key};
use crate::{db_error, fetch_page, Store};

pub(crate) fn event(m: callback_event::Model) -> CallbackEventRecord {
    CallbackEventRecord {
        id: m.id,
        event_id: m.event_id,
        merchant_id: m.merchant_id,
        deposit_id: m.deposit_id,
        withdrawal_id: m.withdrawal_id,
        order_no: m.order_no,
        event: m.event,
        body: m.body,
        status: m.status,
        attempts: m.attempts,
        next_attempt_at: m.next_attempt_at,
        last_http_status: m.last_http_status,
        created_at: m.created_at,
        delivered_at: m.delivered_at,
        seq: m.seq,
    }
}

#[async_trait::async_trait]
impl DepositRepo for Store {
    async fn claim_cursor(
        &self,
        chain_id: i64,
        owner: &str,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        start_block: u64,
    ) -> AppResult<Option<u64>> {
        self.claim_scan_cursor(chain_id, owner, now, lease_until, start_block)
            .await
    }

    async fn scanned_block(&self, chain_id: i64, number: u64) -> AppResult<Option<ScannedBlock>> {
        self.find_scanned(chain_id, number).await
    }

    async fn scan_cursor(&self, chain_id: i64) -> AppResult<Option<u64>> {
        let row = crate::entities::scan_cursor::Entity::find_by_id(chain_id)
            .one(self.connection())
            .await
            .map_err(db_error)?;
        Ok(row.map(|c| c.next_block as u64))
    }

    async fn record_transfers(
        &self,
        block: &ScannedBlock,
        deposits: &[NewDeposit],
        now: DateTime<Utc>,
        events: &dyn EventBuilder,
    ) -> AppResult<u64> {
        self.store_transfers(block, deposits, now, events).await
    }

    async fn record_block(
        &self,
        chain_id: i64,
        owner: &str,
        block: &ScannedBlock,
        deposits: &[NewDeposit],
        now: DateTime<Utc>,
        events: &dyn EventBuilder,
    ) -> AppResult<bool> {
        self.store_block(chain_id, owner, block, deposits, now, events)
            .await
    }

    async fn rollback_block(
        &self,
        chain_id: i64,
        owner: &str,
        number: u64,
        now: DateTime<Utc>,
        events: &dyn EventBuilder,
    ) -> AppResult<bool> {
        self.unwind_block(chain_id, owner, number, now, events).await
    }

    async fn confirm_deposits(
        &self,
        chain_id: i64,
        head: u64,
        now: DateTime<Utc>,
        events: &dyn EventBuilder,
    ) -> AppResult<u64> {
        self.complete_deposits(chain_id, head, now, events).await
    }

    async fn prune_scanned(&self, chain_id: i64, below: u64) -> AppResult<()> {
        self.forget_scanned(chain_id, below).await
    }

    async fn deposit(&self, merchant_id: MerchantId, id: i64) -> AppResult<Option<DepositRecord>> {
        let row = deposit::Entity::find_by_id(id)
            .filter(deposit::Column::MerchantId.eq(merchant_id))
            .one(self.connection())
            .await
            .map_err(db_error)?;
        row.map(record).transpose()
    }

    async fn deposit_by_transfer(
        &self,
        chain_id: i64,
        tx_hash: &str,
        index: i64,
    ) -> AppResult<Option<DepositRecord>> {
        let row = deposit::Entity::find()
            .filter(deposit::Column::ChainId.eq(chain_id))
            .filter(deposit::Column::TxHash.eq(tx_hash))
            .filter(deposit::Column::TxIndex.eq(index))
            .one(self.connection())
            .await
            .map_err(db_error)?;
        row.map(record).transpose()
    }

    async fn claim_due_events(
        &self,
        owner: &str,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: u64,
    ) -> AppResult<Vec<CallbackEventRecord>> {
        self.claim_outbox(owner, now, lease_until, limit).await
    }

    async fn finish_attempt(
        &self,
        e: &CallbackEventRecord,
        attempt: &CallbackAttemptRecord,
        outcome: &AttemptOutcome,
    ) -> AppResult<()> {
        self.finish_outbox_attempt(e, attempt, outcome).await
    }

    async fn postpone_event(&self, id: i64, at: DateTime<Utc>) -> AppResult<()> {
        callback_event::Entity::update_many()
            .col_expr(callback_event::Column::NextAttemptAt, Expr::value(at))
            .col_expr(
                callback_event::Column::LeaseUntil,
                Expr::value(Option::<DateTime<Utc>>::None),
            )
            .filter(callback_event::Column::Id.eq(id))
            .exec(self.connection())
            .await
            .map_err(db_error)?;
        Ok(())
    }

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
            .await
            .map_err(db_error)?;
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

    async fn push_event(
        &self,
        merchant_id: MerchantId,
        event_id: &str,
        now: DateTime<Utc>,
    ) -> AppResult<PushOutcome> {
        self.push_outbox_event(merchant_id, event_id, now).await
    }

    async fn claim_event(
        &self,
        id: i64,
        owner: &str,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
    ) -> AppResult<Option<CallbackEventRecord>> {
        self.claim_outbox_event(id, owner, now, lease_until).await
    }

    async fn wake_events(&self, merchant_id: MerchantId, now: DateTime<Utc>) -> AppResult<u64> {
        self.wake_outbox(merchant_id, now).await
    }

    async fn latest_event_of_deposit(&self, deposit_id: i64) -> AppResult<Option<CallbackEventRecord>> {
        let row = callback_event::Entity::find()
            .filter(callback_event::Column::DepositId.eq(deposit_id))
            .order_by_desc(callback_event::Column::Id)
            .one(self.connection())
            .await
            .map_err(db_error)?;
        Ok(row.map(event))
    }

    async fn platform_key(&self) -> AppResult<Option<(String, String, String)>> {
        let row = platform_key::Entity::find()
            .filter(platform_key::Column::Active.eq(true))
            .order_by_desc(platform_key::Column::Id)
            .one(self.connection())
            .await
            .map_err(db_error)?;
        Ok(row.map(|k| (k.kid, k.sealed_private, k.public_pem)))
    }

    async fn insert_platform_key(
        &self,
        kid: &str,
        sealed_private: &str,
        public_pem: &str,
    ) -> AppResult<bool> {
        let inserted = platform_key::Entity::insert(platform_key::ActiveModel {
            id: Set(1),
            kid: Set(kid.to_string()),
            sealed_private: Set(sealed_private.to_string()),
            public_pem: Set(public_pem.to_string()),
            active: Set(true),
            created_at: Set(Utc::now()),
        })
        .on_conflict(
            OnConflict::column(platform_key::Column::Id)
                .do_nothing()
                .to_owned(),
        )
        .do_nothing()
        .exec(self.connection())
        .await
        .map_err(db_error)?;
        Ok(matches!(inserted, sea_orm::TryInsertResult::Inserted(_)))
    }
}
