//! Deposit rows as the scan changes them: found (or found again after a reorg), voided by a
//! reorg, completed. Each change, its callback event, the move between hourly buckets and the
//! move of its credit for collection are written in one transaction (announce.rs writes the
//! event, [`moved`] the buckets and the credit); a transaction changing many deposits (a
//! block's, a scan step's completions) writes each bucket once and wakes the delivery workers
//! once ([`Batch`]).

use chrono::{DateTime, Utc};
use coffer_domain::deposits::rules;
use coffer_domain::error::AppResult;
use coffer_domain::ports::{
    CallbackEvent, DepositEvent, DepositRecord, DepositRepo, EventBuilder, MerchantId, NewDeposit,
    ScannedBlock,
};
use coffer_domain::ports::{CallbackStatus, NotifyStatus, OrderStatus};
use coffer_domain::AppError;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseTransaction, EntityTrait, QueryFilter, QuerySelect, Set,
};
use std::collections::{BTreeSet, HashMap, HashSet};

use super::announce::{notify_callbacks, queue, Order};
use super::collectable::{credit_moved, moves_credit};
use super::query::find_owned;
use super::rollup_shift::{RollupEntry, Shifts};
use crate::entities::{deposit, Stored};
use crate::Store;

impl From<deposit::Model> for DepositRecord {
    fn from(m: deposit::Model) -> DepositRecord {
        DepositRecord {
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
            amount: m.amount.0,
            decimals: m.decimals,
            block_number: m.block_number,
            block_hash: m.block_hash,
            required_confirmations: m.required_confirmations,
            status: m.status.0,
            note: m.note,
            credited: m.credited,
            order_no: m.order_no,
            callback_status: m.callback_status.0,
            callback_result: m.callback_result,
            notify_status: m.notify_status.0,
            created_at: m.created_at,
            confirmed_at: m.confirmed_at,
            void_at: m.void_at,
        }
    }
}

/// What the deposit changes of one transaction leave to do before it commits, done once for
/// all of them: the bucket shifts (one write per bucket, however many deposits moved), then
/// the credits for collection (the lock order stays deposit rows, buckets, collectable), and
/// the delivery workers' wake-up.
#[derive(Default)]
pub(super) struct Batch {
    shifts: Shifts,
    /// Each deposit's (before, after) whose credit for collection moves.
    credits: Vec<(Option<deposit::Model>, deposit::Model)>,
    announced: bool,
}

impl Batch {
    /// Does it: the last writes before the commit.
    pub(super) async fn finish(self, tx: &DatabaseTransaction, now: DateTime<Utc>) -> AppResult<()> {
        self.shifts.apply(tx).await?;
        for (before, after) in &self.credits {
            credit_moved(tx, before.as_ref(), after, now).await?;
        }
        if self.announced {
            notify_callbacks(tx).await?;
        }
        Ok(())
    }
}

/// Every figure a deposit's change moves, in its transaction, gathered in `batch` (which the
/// transaction finishes before it commits): its order bucket and totals, and its address's
/// credit for collection. `before` is None for a new deposit. Every write that creates a
/// deposit or changes its status, credit or amount calls it.
fn moved(batch: &mut Batch, before: Option<&deposit::Model>, after: &deposit::Model) {
    batch.shifts.add(
        before.map(RollupEntry::of_deposit),
        Some(RollupEntry::of_deposit(after)),
    );
    if moves_credit(before, after) {
        batch.credits.push((before.cloned(), after.clone()));
    }
}

/// Announces the deposit `id` as it is stored now.
pub(super) async fn announce(
    tx: &DatabaseTransaction,
    batch: &mut Batch,
    id: i64,
    event: DepositEvent,
    events: &dyn EventBuilder,
) -> AppResult<()> {
    let row = deposit::Entity::find_by_id(id)
        .one(tx)
        .await?
        .ok_or_else(|| AppError::internal("deposit vanished"))?;
    announce_row(tx, batch, row, event, events, Order::Known).await
}

/// Announces a deposit from its row, which must be the row as stored now.
async fn announce_row(
    tx: &DatabaseTransaction,
    batch: &mut Batch,
    row: deposit::Model,
    event: DepositEvent,
    events: &dyn EventBuilder,
    order: Order,
) -> AppResult<()> {
    let deposit = DepositRecord::from(row);
    batch.announced |= queue(tx, CallbackEvent::Deposit(&deposit, event), events, order).await?;
    Ok(())
}

/// Stores the transfers found in `block` (each as [`insert_or_revive`] says), the deposits
/// already recorded for them read in one query: how many were new or revived. A transfer
/// listed twice is one deposit.
pub(super) async fn record_found(
    tx: &DatabaseTransaction,
    batch: &mut Batch,
    found: &[NewDeposit],
    block: &ScannedBlock,
    now: DateTime<Utc>,
    events: &dyn EventBuilder,
) -> AppResult<u64> {
    if found.is_empty() {
        return Ok(0);
    }
    let chains: BTreeSet<i64> = found.iter().map(|d| d.chain_id).collect();
    let hashes: BTreeSet<&str> = found.iter().map(|d| d.tx_hash.as_str()).collect();
    let mut recorded: HashMap<(i64, String, i64), deposit::Model> = deposit::Entity::find()
        .filter(deposit::Column::ChainId.is_in(chains))
        .filter(deposit::Column::TxHash.is_in(hashes))
        .all(tx)
        .await?
        .into_iter()
        .map(|row| ((row.chain_id, row.tx_hash.clone(), row.tx_index), row))
        .collect();
    let mut seen = HashSet::new();
    let mut written = 0;
    for d in found {
        let key = (d.chain_id, d.tx_hash.clone(), d.tx_index);
        if !seen.insert(key.clone()) {
            continue;
        }
        let existing = recorded.remove(&key);
        written += u64::from(insert_or_revive(tx, batch, existing, d, block, now, events).await?);
    }
    Ok(written)
}

/// Stores a transfer found in `block` given the deposit already recorded for it: a new
/// deposit, or one a reorg voided that is mined again. False when it is recorded and valid
/// already (a re-scan changes nothing).
async fn insert_or_revive(
    tx: &DatabaseTransaction,
    batch: &mut Batch,
    existing: Option<deposit::Model>,
    d: &NewDeposit,
    block: &ScannedBlock,
    now: DateTime<Utc>,
    events: &dyn EventBuilder,
) -> AppResult<bool> {
    match existing {
        Some(row) if row.status != Stored(OrderStatus::Void) => return Ok(false),
        // Orphaned by a reorg, now mined again: confirming anew in its new block.
        Some(row) => {
            let revived = deposit::Entity::update_many()
                .col_expr(
                    deposit::Column::Status,
                    Expr::value(Stored(OrderStatus::Confirming)),
                )
                .col_expr(deposit::Column::BlockNumber, Expr::value(block.number as i64))
                .col_expr(deposit::Column::BlockHash, Expr::value(block.hash.as_str()))
                .col_expr(
                    deposit::Column::VoidAt,
                    Expr::value(Option::<DateTime<Utc>>::None),
                )
                .col_expr(deposit::Column::UpdatedAt, Expr::value(now))
                .filter(deposit::Column::Id.eq(row.id))
                .filter(deposit::Column::Status.eq(Stored(OrderStatus::Void)))
                .exec(tx)
                .await?;
            if revived.rows_affected != 1 {
                return Ok(false); // another scan revived it first
            }
            let after = deposit::Model {
                status: Stored(OrderStatus::Confirming),
                ..row.clone()
            };
            moved(batch, Some(&row), &after);
            announce(tx, batch, row.id, DepositEvent::Seen, events).await?;
        }
        None => {
            let row = insert(tx, batch, d, block, now).await?;
            announce_row(tx, batch, row, DepositEvent::Seen, events, Order::New).await?;
        }
    }
    Ok(true)
}

async fn insert(
    tx: &DatabaseTransaction,
    batch: &mut Batch,
    d: &NewDeposit,
    block: &ScannedBlock,
    now: DateTime<Utc>,
) -> AppResult<deposit::Model> {
    let mut inserted = deposit::ActiveModel {
        merchant_id: Set(d.merchant_id),
        chain_id: Set(d.chain_id),
        token_id: Set(d.token_id),
        deposit_address_id: Set(d.deposit_address_id),
        open_id: Set(d.open_id.clone()),
        to_address: Set(d.to_address.clone()),
        from_address: Set(d.from_address.clone()),
        tx_hash: Set(d.tx_hash.clone()),
        tx_index: Set(d.tx_index),
        amount: Set(Stored(d.amount)),
        decimals: Set(d.decimals),
        block_number: Set(block.number as i64),
        block_hash: Set(block.hash.clone()),
        required_confirmations: Set(d.required_confirmations),
        status: Set(Stored(OrderStatus::Confirming)),
        note: Set(d.note.clone()),
        credited: Set(false),
        // Unique placeholder until the id the order number is made of is known.
        order_no: Set(format!("pending:{}:{}:{}", d.chain_id, d.tx_hash, d.tx_index)),
        // Only a credited deposit is announced (`deposits::events::payload`).
        callback_status: Set(Stored(if rules::is_credited(&d.note) {
            CallbackStatus::Pending
        } else {
            CallbackStatus::NotAnnounced
        })),
        callback_result: Set(String::new()),
        notify_status: Set(Stored(NotifyStatus::NotRequired)),
        created_at: Set(now),
        confirmed_at: Set(None),
        void_at: Set(None),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(tx)
    .await?;
    inserted.order_no = rules::order_no(now, inserted.id);
    deposit::Entity::update_many()
        .col_expr(deposit::Column::OrderNo, Expr::value(inserted.order_no.as_str()))
        .filter(deposit::Column::Id.eq(inserted.id))
        .exec(tx)
        .await?;
    moved(batch, None, &inserted);
    // As stored: the row the insert returned, with its order number.
    Ok(inserted)
}

/// Voids the deposits of a block a reorg removed.
pub(super) async fn void_block(
    tx: &DatabaseTransaction,
    batch: &mut Batch,
    chain_id: i64,
    number: u64,
    now: DateTime<Utc>,
    events: &dyn EventBuilder,
) -> AppResult<()> {
    let orphaned = deposit::Entity::find()
        .filter(deposit::Column::ChainId.eq(chain_id))
        .filter(deposit::Column::BlockNumber.eq(number as i64))
        .filter(deposit::Column::Status.ne(Stored(OrderStatus::Void)))
        // Locked: the status read is the one the bucket move takes the deposit out of.
        .lock_exclusive()
        .all(tx)
        .await?;
    for row in orphaned {
        let voided = deposit::Entity::update_many()
            .col_expr(deposit::Column::Status, Expr::value(Stored(OrderStatus::Void)))
            .col_expr(deposit::Column::Credited, Expr::value(false))
            .col_expr(deposit::Column::VoidAt, Expr::value(now))
            .col_expr(deposit::Column::UpdatedAt, Expr::value(now))
            .filter(deposit::Column::Id.eq(row.id))
            .filter(deposit::Column::Status.ne(Stored(OrderStatus::Void)))
            .exec(tx)
            .await?;
        if voided.rows_affected == 1 {
            let after = deposit::Model {
                status: Stored(OrderStatus::Void),
                credited: false,
                ..row.clone()
            };
            moved(batch, Some(&row), &after);
            tracing::warn!(deposit_id = row.id, chain_id, number, "deposit voided by a reorg");
            announce(tx, batch, row.id, DepositEvent::Void, events).await?;
        }
    }
    Ok(())
}

/// Completes a confirming deposit. Conditional on the state: of two scanners, one completes
/// it and one announces it; false for the other.
pub(super) async fn complete(
    tx: &DatabaseTransaction,
    batch: &mut Batch,
    id: i64,
    credited: bool,
    now: DateTime<Utc>,
    events: &dyn EventBuilder,
) -> AppResult<bool> {
    let completed = deposit::Entity::update_many()
        .col_expr(
            deposit::Column::Status,
            Expr::value(Stored(OrderStatus::Complete)),
        )
        .col_expr(deposit::Column::Credited, Expr::value(credited))
        .col_expr(deposit::Column::ConfirmedAt, Expr::value(now))
        .col_expr(deposit::Column::UpdatedAt, Expr::value(now))
        .filter(deposit::Column::Id.eq(id))
        .filter(deposit::Column::Status.eq(Stored(OrderStatus::Confirming)))
        .exec(tx)
        .await?;
    if completed.rows_affected != 1 {
        return Ok(false);
    }
    // The guard above makes Confirming the state it left; nothing else of the bucket changed.
    let row = deposit::Entity::find_by_id(id)
        .one(tx)
        .await?
        .ok_or_else(|| AppError::internal("deposit vanished"))?;
    let before = deposit::Model {
        status: Stored(OrderStatus::Confirming),
        credited: false,
        ..row.clone()
    };
    moved(batch, Some(&before), &row);
    announce_row(tx, batch, row, DepositEvent::Confirmed, events, Order::Known).await?;
    Ok(true)
}

#[async_trait::async_trait]
impl DepositRepo for Store {
    async fn deposit(&self, merchant_id: MerchantId, id: i64) -> AppResult<Option<DepositRecord>> {
        let row = find_owned::<deposit::Entity>(self, merchant_id, id).await?;
        Ok(row.map(DepositRecord::from))
    }
}
