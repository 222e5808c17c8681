//! [`ScanRepo`]: the scan cursor under its lease and the scanned block hashes; the deposit rows
//! a block changes (deposits.rs) are written in the same transaction as the cursor move.

use chrono::{DateTime, Utc};
use coffer_domain::error::AppResult;
use coffer_domain::ports::OrderStatus;
use coffer_domain::ports::{
    ConfirmingDeposit, DepositRecord, EventBuilder, NewDeposit, ScanProgress, ScanRepo, ScannedBlock,
};
use coffer_domain::AppError;
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{ColumnTrait, DatabaseTransaction, EntityTrait, QueryFilter, QuerySelect, Set};

use super::deposits;
use super::query::{claimable, release_lease, take_lease};
use crate::entities::{deposit, scan_cursor, scanned_block, Stored};
use crate::Store;

/// Moves the cursor, only while `owner` holds the lease.
async fn move_cursor(
    tx: &DatabaseTransaction,
    chain_id: i64,
    owner: &str,
    next: u64,
    now: DateTime<Utc>,
) -> AppResult<bool> {
    let moved = scan_cursor::Entity::update_many()
        .col_expr(scan_cursor::Column::NextBlock, Expr::value(next as i64))
        .col_expr(scan_cursor::Column::UpdatedAt, Expr::value(now))
        .filter(scan_cursor::Column::ChainId.eq(chain_id))
        .filter(scan_cursor::Column::LeaseOwner.eq(owner))
        .exec(tx)
        .await?;
    Ok(moved.rows_affected == 1)
}

#[async_trait::async_trait]
impl ScanRepo for Store {
    async fn release_cursors(&self, owner: &str) -> AppResult<()> {
        release_lease::<scan_cursor::Entity>(owner)
            .exec(self.connection())
            .await?;
        Ok(())
    }

    async fn claim_cursor(
        &self,
        chain_id: i64,
        owner: &str,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        start_block: u64,
    ) -> AppResult<Option<u64>> {
        let db = self.connection();
        scan_cursor::Entity::insert(scan_cursor::ActiveModel {
            chain_id: Set(chain_id),
            next_block: Set(start_block as i64),
            lease_owner: Set(String::new()),
            lease_until: Set(None),
            updated_at: Set(now),
            tip_height: Set(None),
            tip_seen_at: Set(None),
        })
        .on_conflict(
            OnConflict::column(scan_cursor::Column::ChainId)
                .do_nothing()
                .to_owned(),
        )
        .do_nothing()
        .exec(db)
        .await?;
        // The lease is ours when it is free, expired or already ours: one conditional update.
        let claimed = take_lease::<scan_cursor::Entity>(owner, lease_until)
            .filter(scan_cursor::Column::ChainId.eq(chain_id))
            .filter(claimable::<scan_cursor::Entity>(owner, now))
            .exec(db)
            .await?;
        if claimed.rows_affected != 1 {
            return Ok(None);
        }
        let row = scan_cursor::Entity::find_by_id(chain_id)
            .one(db)
            .await?
            .ok_or_else(|| AppError::internal("scan cursor vanished"))?;
        Ok(Some(row.next_block as u64))
    }

    async fn scanned_block(&self, chain_id: i64, number: u64) -> AppResult<Option<ScannedBlock>> {
        let row = scanned_block::Entity::find_by_id((chain_id, number as i64))
            .one(self.connection())
            .await?;
        Ok(row.map(|b| ScannedBlock {
            number: b.number as u64,
            hash: b.hash,
            parent_hash: b.parent_hash,
        }))
    }

    async fn scan_cursor(&self, chain_id: i64) -> AppResult<Option<u64>> {
        let row = scan_cursor::Entity::find_by_id(chain_id)
            .one(self.connection())
            .await?;
        Ok(row.map(|c| c.next_block as u64))
    }

    async fn scan_progress(&self, chain_id: i64) -> AppResult<Option<ScanProgress>> {
        let row = scan_cursor::Entity::find_by_id(chain_id)
            .one(self.connection())
            .await?;
        Ok(row.map(|c| ScanProgress {
            next_block: c.next_block.max(0) as u64,
            tip: c.tip_height.and_then(|t| u64::try_from(t).ok()),
            updated_at: c.updated_at,
        }))
    }

    async fn record_tip(&self, chain_id: i64, tip: u64, at: DateTime<Utc>) -> AppResult<()> {
        scan_cursor::Entity::update_many()
            .col_expr(scan_cursor::Column::TipHeight, Expr::value(tip as i64))
            .col_expr(scan_cursor::Column::TipSeenAt, Expr::value(at))
            .filter(scan_cursor::Column::ChainId.eq(chain_id))
            .exec(self.connection())
            .await?;
        Ok(())
    }

    async fn record_block(
        &self,
        chain_id: i64,
        owner: &str,
        block: &ScannedBlock,
        found: &[NewDeposit],
        now: DateTime<Utc>,
        events: &dyn EventBuilder,
    ) -> AppResult<bool> {
        let tx = self.begin_write().await?;
        if !move_cursor(&tx, chain_id, owner, block.number + 1, now).await? {
            return Ok(false); // dropping `tx` rolls back
        }
        scanned_block::Entity::insert(scanned_block::ActiveModel {
            chain_id: Set(chain_id),
            number: Set(block.number as i64),
            hash: Set(block.hash.clone()),
            parent_hash: Set(block.parent_hash.clone()),
            scanned_at: Set(now),
        })
        .on_conflict(
            OnConflict::columns([scanned_block::Column::ChainId, scanned_block::Column::Number])
                .update_columns([scanned_block::Column::Hash, scanned_block::Column::ParentHash])
                .to_owned(),
        )
        .exec(&tx)
        .await?;
        let mut batch = deposits::Batch::default();
        deposits::record_found(&tx, &mut batch, found, block, now, events).await?;
        batch.finish(&tx, now).await?;
        tx.commit().await?;
        Ok(true)
    }

    async fn record_transfers(
        &self,
        block: &ScannedBlock,
        found: &[NewDeposit],
        now: DateTime<Utc>,
        events: &dyn EventBuilder,
    ) -> AppResult<u64> {
        let tx = self.begin_write().await?;
        let mut batch = deposits::Batch::default();
        let written = deposits::record_found(&tx, &mut batch, found, block, now, events).await?;
        batch.finish(&tx, now).await?;
        tx.commit().await?;
        Ok(written)
    }

    async fn rollback_block(
        &self,
        chain_id: i64,
        owner: &str,
        number: u64,
        now: DateTime<Utc>,
        events: &dyn EventBuilder,
    ) -> AppResult<bool> {
        let tx = self.begin_write().await?;
        if !move_cursor(&tx, chain_id, owner, number, now).await? {
            return Ok(false);
        }
        let mut batch = deposits::Batch::default();
        deposits::void_block(&tx, &mut batch, chain_id, number, now, events).await?;
        batch.finish(&tx, now).await?;
        scanned_block::Entity::delete_many()
            .filter(scanned_block::Column::ChainId.eq(chain_id))
            .filter(scanned_block::Column::Number.gte(number as i64))
            .exec(&tx)
            .await?;
        tx.commit().await?;
        Ok(true)
    }

    async fn confirming_deposits(&self, chain_id: i64) -> AppResult<Vec<ConfirmingDeposit>> {
        let rows: Vec<(i64, i64, i32, String)> = deposit::Entity::find()
            .select_only()
            .columns([
                deposit::Column::Id,
                deposit::Column::BlockNumber,
                deposit::Column::RequiredConfirmations,
                deposit::Column::Note,
            ])
            .filter(deposit::Column::ChainId.eq(chain_id))
            .filter(deposit::Column::Status.eq(Stored(OrderStatus::Confirming)))
            .into_tuple()
            .all(self.connection())
            .await?;
        Ok(rows
            .into_iter()
            .map(
                |(id, block_number, required_confirmations, note)| ConfirmingDeposit {
                    id,
                    block_number,
                    required_confirmations,
                    note,
                },
            )
            .collect())
    }

    async fn complete_deposits(
        &self,
        due: &[(i64, bool)],
        now: DateTime<Utc>,
        events: &dyn EventBuilder,
    ) -> AppResult<u64> {
        let tx = self.begin_write().await?;
        let (mut completed, mut batch) = (0, deposits::Batch::default());
        for &(id, credited) in due {
            completed += u64::from(deposits::complete(&tx, &mut batch, id, credited, now, events).await?);
        }
        batch.finish(&tx, now).await?;
        tx.commit().await?;
        Ok(completed)
    }

    async fn prune_scanned(&self, chain_id: i64, below: u64) -> AppResult<()> {
        scanned_block::Entity::delete_many()
            .filter(scanned_block::Column::ChainId.eq(chain_id))
            .filter(scanned_block::Column::Number.lt(below as i64))
            .exec(self.connection())
            .await?;
        Ok(())
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
            .await?;
        Ok(row.map(DepositRecord::from))
    }
}
