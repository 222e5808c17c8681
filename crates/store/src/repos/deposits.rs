//! [`DepositRepo`], first half: the scan cursor, blocks and deposits. Each state change and its
//! callback event are written in one transaction (announce.rs writes the event).

use chrono::{DateTime, Utc};
use coffer_domain::error::AppResult;
use coffer_domain::ports::{
    callback, notify, status, CallbackEvent, DepositEvent, DepositRecord, EventBuilder, NewDeposit,
    ScannedBlock,
};
use coffer_domain::AppError;
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{ActiveModelTrait, ColumnTrait, Condition, DatabaseTransaction, EntityTrait, QueryFilter, Set};

use crate::entities::{deposit, scan_cursor, scanned_block};
use crate::{db_error, Store};

pub(crate) fn record(m: deposit::Model) -> AppResult<DepositRecord> {
    Ok(DepositRecord {
        id: m.id,
        merchant_id: m.merchant_id,
        chain_id: m.chain_id,
        token_id: m.token_id,
        deposit_address_id: m.deposit_address_id,
        open_id: m.open_id,
        to_address: m.to_address,
        from_address: m.from_address,
        tx_hash: m.tx_hash,
        tx_index: m.tx_index,
        amount: m.amount.parse().map_err(AppError::internal)?,
        decimals: m.decimals,
        block_number: m.block_number,
        block_hash: m.block_hash,
        required_confirmations: m.required_confirmations,
        status: m.status,
        note: m.note,
        credited: m.credited,
        order_no: m.order_no,
        callback_status: m.callback_status,
        callback_result: m.callback_result,
        notify_status: m.notify_status,
        created_at: m.created_at,
        confirmed_at: m.confirmed_at,
        void_at: m.void_at,
    })
}

pub(super) async fn announce(
    tx: &DatabaseTransaction,
    id: i64,
    event: DepositEvent,
    events: &dyn EventBuilder,
) -> AppResult<()> {
    let row = deposit::Entity::find_by_id(id)
        .one(tx)
        .await
        .map_err(db_error)?
        .ok_or_else(|| AppError::internal("deposit vanished"))?;
    let deposit = record(row)?;
    super::announce::announce(tx, CallbackEvent::Deposit(&deposit, event), events)
        .await
        .map_err(db_error)
}

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
        .await
        .map_err(db_error)?;
    Ok(moved.rows_affected == 1)
}

impl Store {
    pub(crate) async fn claim_scan_cursor(
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
        })
        .on_conflict(
            OnConflict::column(scan_cursor::Column::ChainId)
                .do_nothing()
                .to_owned(),
        )
        .do_nothing()
        .exec(db)
        .await
        .map_err(db_error)?;
        // The lease is ours when it is free, expired or already ours: one conditional update.
        let claimed = scan_cursor::Entity::update_many()
            .col_expr(scan_cursor::Column::LeaseOwner, Expr::value(owner))
            .col_expr(scan_cursor::Column::LeaseUntil, Expr::value(lease_until))
            .filter(scan_cursor::Column::ChainId.eq(chain_id))
            .filter(
                Condition::any()
                    .add(scan_cursor::Column::LeaseOwner.eq(owner))
                    .add(scan_cursor::Column::LeaseUntil.is_null())
                    .add(scan_cursor::Column::LeaseUntil.lt(now)),
            )
            .exec(db)
            .await
            .map_err(db_error)?;
        if claimed.rows_affected != 1 {
            return Ok(None);
        }
        let row = scan_cursor::Entity::find_by_id(chain_id)
            .one(db)
            .await
            .map_err(db_error)?
            .ok_or_else(|| AppError::internal("scan cursor vanished"))?;
        Ok(Some(row.next_block as u64))
    }

    pub(crate) async fn find_scanned(&self, chain_id: i64, number: u64) -> AppResult<Option<ScannedBlock>> {
        let row = scanned_block::Entity::find_by_id((chain_id, number as i64))
            .one(self.connection())
            .await
            .map_err(db_error)?;
        Ok(row.map(|b| ScannedBlock {
            number: b.number as u64,
            hash: b.hash,
            parent_hash: b.parent_hash,
        }))
    }

    pub(crate) async fn store_block(
        &self,
        chain_id: i64,
        owner: &str,
        block: &ScannedBlock,
        deposits: &[NewDeposit],
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
        .await
        .map_err(db_error)?;
        for d in deposits {
            self.store_deposit(&tx, d, block, now, events).await?;
        }
        tx.commit().await.map_err(db_error)?;
        Ok(true)
    }

    pub(crate) async fn store_transfers(
        &self,
        block: &ScannedBlock,
        deposits: &[NewDeposit],
        now: DateTime<Utc>,
        events: &dyn EventBuilder,
    ) -> AppResult<u64> {
        let tx = self.begin_write().await?;
        let mut written = 0;
        for d in deposits {
            written += u64::from(self.store_deposit(&tx, d, block, now, events).await?);
        }
        tx.commit().await.map_err(db_error)?;
        Ok(written)
    }

    async fn store_deposit(
        &self,
        tx: &DatabaseTransaction,
        d: &NewDeposit,
        block: &ScannedBlock,
        now: DateTime<Utc>,
        events: &dyn EventBuilder,
    ) -> AppResult<bool> {
        let existing = deposit::Entity::find()
            .filter(deposit::Column::ChainId.eq(d.chain_id))
            .filter(deposit::Column::TxHash.eq(d.tx_hash.as_str()))
            .filter(deposit::Column::TxIndex.eq(d.tx_index))
            .one(tx)
            .await
            .map_err(db_error)?;
        match existing {
            // Seen before and still valid: a re-scan changes nothing.
            Some(row) if row.status != status::VOID => Ok(false),
            // Orphaned by a reorg, now mined again: confirming anew in its new block.
            Some(row) => {
                deposit::Entity::update_many()
                    .col_expr(deposit::Column::Status, Expr::value(status::CONFIRMING))
                    .col_expr(deposit::Column::BlockNumber, Expr::value(block.number as i64))
                    .col_expr(deposit::Column::BlockHash, Expr::value(block.hash.as_str()))
                    .col_expr(
                        deposit::Column::VoidAt,
                        Expr::value(Option::<DateTime<Utc>>::None),
                    )
                    .col_expr(deposit::Column::UpdatedAt, Expr::value(now))
                    .filter(deposit::Column::Id.eq(row.id))
                    .filter(deposit::Column::Status.eq(status::VOID))
                    .exec(tx)
                    .await
                    .map_err(db_error)?;
                announce(tx, row.id, DepositEvent::Seen, events).await?;
                Ok(true)
            }
            None => {
                let inserted = deposit::ActiveModel {
                    merchant_id: Set(d.merchant_id),
                    chain_id: Set(d.chain_id),
                    token_id: Set(d.token_id),
                    deposit_address_id: Set(d.deposit_address_id),
                    open_id: Set(d.open_id.clone()),
                    to_address: Set(d.to_address.clone()),
                    from_address: Set(d.from_address.clone()),
                    tx_hash: Set(d.tx_hash.clone()),
                    tx_index: Set(d.tx_index),
                    amount: Set(d.amount.to_string()),
                    decimals: Set(d.decimals),
                    block_number: Set(block.number as i64),
                    block_hash: Set(block.hash.clone()),
                    required_confirmations: Set(d.required_confirmations),
                    status: Set(status::CONFIRMING),
                    note: Set(d.note.clone()),
                    credited: Set(false),
                    // Unique placeholder until the id is known.
                    order_no: Set(format!("pending:{}:{}:{}", d.chain_id, d.tx_hash, d.tx_index)),
                    callback_status: Set(callback::PENDING),
                    callback_result: Set(String::new()),
                    notify_status: Set(notify::NOT_REQUIRED),
                    created_at: Set(now),
                    confirmed_at: Set(None),
                    void_at: Set(None),
                    updated_at: Set(now),
                    ..Default::default()
                }
                .insert(tx)
                .await
                .map_err(db_error)?;
                let order_no = format!("D{}{:010}", now.format("%Y%m%d"), inserted.id);
                deposit::Entity::update_many()
                    .col_expr(deposit::Column::OrderNo, Expr::value(order_no))
                    .filter(deposit::Column::Id.eq(inserted.id))
                    .exec(tx)
                    .await
                    .map_err(db_error)?;
                announce(tx, inserted.id, DepositEvent::Seen, events).await?;
                Ok(true)
            }
        }
    }

    pub(crate) async fn unwind_block(
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
        let orphaned = deposit::Entity::find()
            .filter(deposit::Column::ChainId.eq(chain_id))
            .filter(deposit::Column::BlockNumber.eq(number as i64))
            .filter(deposit::Column::Status.ne(status::VOID))
            .all(&tx)
            .await
            .map_err(db_error)?;
        for row in orphaned {
            let voided = deposit::Entity::update_many()
                .col_expr(deposit::Column::Status, Expr::value(status::VOID))
                .col_expr(deposit::Column::Credited, Expr::value(false))
                .col_expr(deposit::Column::VoidAt, Expr::value(now))
                .col_expr(deposit::Column::UpdatedAt, Expr::value(now))
                .filter(deposit::Column::Id.eq(row.id))
                .filter(deposit::Column::Status.ne(status::VOID))
                .exec(&tx)
                .await
                .map_err(db_error)?;
            if voided.rows_affected == 1 {
                tracing::warn!(deposit_id = row.id, chain_id, number, "deposit voided by a reorg");
                announce(&tx, row.id, DepositEvent::Void, events).await?;
            }
        }
        scanned_block::Entity::delete_many()
            .filter(scanned_block::Column::ChainId.eq(chain_id))
            .filter(scanned_block::Column::Number.gte(number as i64))
            .exec(&tx)
            .await
            .map_err(db_error)?;
        tx.commit().await.map_err(db_error)?;
        Ok(true)
    }

    /// The newest block the scanner has recorded on a chain (for confirmations on screen).
    pub async fn scanned_head(&self, chain_id: i64) -> AppResult<Option<u64>> {
        let row = scan_cursor::Entity::find_by_id(chain_id)
            .one(self.connection())
            .await
            .map_err(db_error)?;
        Ok(row.and_then(|c| (c.next_block as u64).checked_sub(1)))
    }

    pub(crate) async fn forget_scanned(&self, chain_id: i64, below: u64) -> AppResult<()> {
        scanned_block::Entity::delete_many()
            .filter(scanned_block::Column::ChainId.eq(chain_id))
            .filter(scanned_block::Column::Number.lt(below as i64))
            .exec(self.connection())
            .await
            .map_err(db_error)?;
        Ok(())
    }
}
