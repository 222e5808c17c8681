//! [`DepositRepo`], second half: deposit queries, the platform key.

use chrono::{DateTime, Utc};
use coffer_domain::error::AppResult;
use coffer_domain::ports::{
    DepositFilter, DepositRecord, DepositRepo, DepositTotals, EventBuilder, MerchantId, NewDeposit,
    PageRequest, Paged, ScannedBlock,
};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};

use super::deposits::record;
use crate::entities::{deposit, platform_key};
use crate::{db_error, Store};

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

    async fn page_deposits(
        &self,
        merchant_id: MerchantId,
        filter: &DepositFilter,
        page: PageRequest,
    ) -> AppResult<Paged<DepositRecord>> {
        self.query_deposits(merchant_id, filter, page).await
    }

    async fn deposit_totals(
        &self,
        merchant_id: MerchantId,
        filter: &DepositFilter,
    ) -> AppResult<DepositTotals> {
        self.sum_deposits(merchant_id, filter).await
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
