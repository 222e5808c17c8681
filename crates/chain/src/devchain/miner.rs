//! Blocks: genesis, mining the pending transactions, reorganisations and the background miner.
//!
//! Inclusion rules, applied to pending transactions in arrival order:
//! - a mint (the operator's faucet) always succeeds;
//! - a transaction whose nonce is below its sender's next on-chain nonce is dropped from the
//!   pool (another one with that nonce got in first): its status becomes Unknown;
//! - one whose nonce is above it waits (a gap: an earlier nonce is missing);
//! - one that can no longer pay its amount and the fee is included as **failed**: it takes its
//!   nonce but moves nothing and pays no fee (simpler than EVM, where a failed transaction
//!   still pays for its gas).
//!
//! Several processes may share one database. Every devchain write starts with [`lock`], which
//! serialises them; as a second line, the block number is the primary key, so only one of two
//! miners can insert block N (the other's transaction rolls back and it tries again on its next
//! tick), and a block's parent hash references the parent row, so a block can never be linked
//! to a parent a concurrent reorganisation deleted.

use coffer_domain::ports::chain::{BlockRef, ChainError, ChainResult};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, IntoActiveModel, QueryFilter,
    QueryOrder, Set, SqlErr, TransactionTrait,
};
use sha3::{Digest, Keccak256};
use std::collections::{BTreeSet, HashMap};
use std::time::Duration;
use tokio::task::JoinHandle;

use super::entities::{block, tx};
use super::ledger::{self, db_err, units};
use super::{Devchain, ZERO_ADDRESS};

/// The parent hash reported for the genesis block.
pub const GENESIS_PARENT: &str = "0x0000000000000000000000000000000000000000000000000000000000000000";

/// Why mining did not produce a block.
enum MineError {
    /// Another miner (or a reorganisation) changed the head first; try again.
    Lost,
    Chain(ChainError),
}

impl From<DbErr> for MineError {
    fn from(err: DbErr) -> Self {
        match err.sql_err() {
            Some(SqlErr::UniqueConstraintViolation(_)) | Some(SqlErr::ForeignKeyConstraintViolation(_)) => {
                MineError::Lost
            }
            _ => MineError::Chain(db_err(err)),
        }
    }
}

impl From<ChainError> for MineError {
    fn from(err: ChainError) -> Self {
        MineError::Chain(err)
    }
}

fn block_hash(parent: &str, number: u64, timestamp: i64, txs: &[String], salt: &str) -> String {
    let mut h = Keccak256::new();
    h.update(b"coffer-devchain-block-v1");
    h.update(parent.as_bytes());
    h.update(number.to_be_bytes());
    h.update(timestamp.to_be_bytes());
    for hash in txs {
        h.update(hash.as_bytes());
    }
    h.update(salt.as_bytes());
    format!("0x{}", hex::encode(h.finalize()))
}

fn new_salt() -> String {
    hex::encode(rand::random::<[u8; 32]>())
}

/// Starts a write: a no-op update of the genesis row. On SQLite it takes the write lock before
/// anything is read (like BEGIN IMMEDIATE: a reader upgrading to writer after another commit
/// fails at once instead of waiting); on PostgreSQL the row lock serialises the devchain writes
/// of all processes sharing the database (mining, reorganisations, broadcasts). No dialect
/// branch either way.
pub(crate) async fn lock<C: ConnectionTrait>(db: &C) -> Result<(), DbErr> {
    block::Entity::update_many()
        .col_expr(block::Column::Salt, Expr::col(block::Column::Salt).into())
        .filter(block::Column::Number.eq(0))
        .exec(db)
        .await?;
    Ok(())
}

pub(crate) async fn head_row<C: ConnectionTrait>(db: &C) -> ChainResult<block::Model> {
    block::Entity::find()
        .order_by_desc(block::Column::Number)
        .one(db)
        .await
        .map_err(db_err)?
        .ok_or_else(|| ChainError::Protocol("the devchain has no genesis block".into()))
}

/// A transaction's place in the block being built.
struct Inclusion {
    row: tx::Model,
    success: bool,
}

impl Devchain {
    /// Inserts block 0 unless it exists (another process may be doing the same).
    pub(crate) async fn ensure_genesis(&self) -> ChainResult<()> {
        let salt = new_salt();
        let timestamp = self.now();
        let genesis = block::ActiveModel {
            number: Set(0),
            hash: Set(block_hash(GENESIS_PARENT, 0, timestamp, &[], &salt)),
            parent_hash: Set(None),
            timestamp: Set(timestamp),
            salt: Set(salt),
        };
        block::Entity::insert(genesis)
            .on_conflict(OnConflict::column(block::Column::Number).do_nothing().to_owned())
            .do_nothing()
            .exec(&self.db)
            .await
            .map_err(db_err)?;
        Ok(())
    }

    /// Mines the next block with the pending transactions; None if another process mined
    /// that height first (the background miner then simply waits for its next tick).
    pub async fn try_mine(&self) -> ChainResult<Option<BlockRef>> {
        let _guard = self.write.lock().await;
        let txn = self.db.begin().await.map_err(db_err)?;
        match self.mine_on(&txn).await {
            Ok(block) => match txn.commit().await {
                Ok(()) => {
                    self.mined.send_replace(block.number);
                    Ok(Some(block))
                }
                Err(err) => match MineError::from(err) {
                    MineError::Lost => Ok(None),
                    MineError::Chain(err) => Err(err),
                },
            },
            Err(MineError::Lost) => Ok(None),
            Err(MineError::Chain(err)) => Err(err),
        }
    }

    /// Mines the next block, retrying a few times when other processes race for the height.
    pub async fn mine(&self) -> ChainResult<BlockRef> {
        for _ in 0..10 {
            if let Some(block) = self.try_mine().await? {
                return Ok(block);
            }
            tokio::task::yield_now().await;
        }
        Err(ChainError::Unavailable(
            "other devchain miners keep taking the next height".into(),
        ))
    }

    /// Removes the last `depth` blocks, returns all their transactions (mints too) to the
    /// pool, and mines `depth` new blocks from the same parent: the hashes at those heights
    /// change, the re-included transactions end up in the first new block. One database
    /// transaction, so nobody sees the chain half reorganised. Returns the new blocks.
    pub async fn reorg(&self, depth: u64) -> ChainResult<Vec<BlockRef>> {
        if depth == 0 {
            return Err(ChainError::Rejected(
                "a reorganisation needs a depth of at least 1".into(),
            ));
        }
        let _guard = self.write.lock().await;
        let txn = self.db.begin().await.map_err(db_err)?;
        lock(&txn).await.map_err(db_err)?;
        let head = head_row(&txn).await?;
        if depth > head.number as u64 {
            return Err(ChainError::Rejected(format!(
                "cannot reorganise {depth} blocks: the head is block {} and genesis stays",
                head.number
            )));
        }
        let fork = head.number - depth as i64;
        tx::Entity::update_many()
            .col_expr(tx::Column::BlockNumber, Expr::value(Option::<i64>::None))
            .col_expr(tx::Column::Position, Expr::value(Option::<i32>::None))
            .col_expr(tx::Column::Success, Expr::value(Option::<bool>::None))
            .filter(tx::Column::BlockNumber.gt(fork))
            .exec(&txn)
            .await
            .map_err(db_err)?;
        block::Entity::delete_many()
            .filter(block::Column::Number.gt(fork))
            .exec(&txn)
            .await
            .map_err(db_err)?;
        let mut blocks = Vec::new();
        for _ in 0..depth {
            match self.mine_on(&txn).await {
                Ok(block) => blocks.push(block),
                Err(MineError::Lost) => {
                    return Err(ChainError::Unavailable(
                        "another process changed the devchain during the reorganisation; try again".into(),
                    ))
                }
                Err(MineError::Chain(err)) => return Err(err),
            }
        }
        txn.commit().await.map_err(db_err)?;
        if let Some(head) = blocks.last() {
            self.mined.send_replace(head.number);
        }
        Ok(blocks)
    }

    /// Mines a block every `interval` on a tokio task until the handle is aborted; None for a
    /// zero interval (blocks are then mined only on request). Empty blocks are mined too, so
    /// confirmations keep accruing like on a real chain.
    pub fn spawn_miner(&self, interval: Duration) -> Option<JoinHandle<()>> {
        if interval.is_zero() {
            return None;
        }
        let chain = self.clone();
        Some(tokio::spawn(async move {
            let mut ticker = tokio::time::interval(interval);
            ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            ticker.tick().await;
            loop {
                ticker.tick().await;
                match chain.try_mine().await {
                    Ok(Some(block)) => tracing::debug!(number = block.number, "devchain block mined"),
                    Ok(None) => tracing::debug!("another process mined this devchain height"),
                    Err(err) => tracing::warn!(error = %err, "devchain mining failed; retrying next tick"),
                }
            }
        }))
    }

    /// Builds and stores the block on top of the current head, inside `db`'s transaction.
    async fn mine_on<C: ConnectionTrait>(&self, db: &C) -> Result<BlockRef, MineError> {
        lock(db).await?;
        let head = head_row(db).await?;
        let pending = tx::Entity::find()
            .filter(tx::Column::BlockNumber.is_null())
            .order_by_asc(tx::Column::Id)
            .all(db)
            .await?;
        let senders: Vec<String> = pending
            .iter()
            .filter(|t| t.sender != ZERO_ADDRESS)
            .map(|t| t.sender.clone())
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        let mut balances = ledger::confirmed(db, &senders).await?;
        let mut nonces = HashMap::new();
        for sender in &senders {
            nonces.insert(sender.clone(), ledger::next_nonce(db, sender, false).await?);
        }

        let mut included: Vec<Inclusion> = Vec::new();
        let mut dropped = Vec::new();
        for row in pending {
            if row.sender == ZERO_ADDRESS {
                balances.apply(&row)?;
                included.push(Inclusion { row, success: true });
                continue;
            }
            let next = nonces.get_mut(&row.sender).expect("every sender has a nonce");
            let nonce = row.nonce as u64;
            if nonce < *next {
                dropped.push(row.id);
                continue;
            }
            if nonce > *next {
                continue;
            }
            *next += 1;
            let success = balances.can_pay(&row.sender, &row.asset, units(&row.amount)?, units(&row.fee)?);
            if success {
                balances.apply(&row)?;
            }
            included.push(Inclusion { row, success });
        }

        let number = head.number + 1;
        let timestamp = self.now().max(head.timestamp);
        let salt = new_salt();
        let hashes: Vec<String> = included.iter().map(|i| i.row.hash.clone()).collect();
        let hash = block_hash(&head.hash, number as u64, timestamp, &hashes, &salt);
        block::ActiveModel {
            number: Set(number),
            hash: Set(hash.clone()),
            parent_hash: Set(Some(head.hash.clone())),
            timestamp: Set(timestamp),
            salt: Set(salt),
        }
        .insert(db)
        .await?;
        for (position, inclusion) in included.into_iter().enumerate() {
            let mut active = inclusion.row.into_active_model();
            active.block_number = Set(Some(number));
            active.position = Set(Some(position as i32));
            active.success = Set(Some(inclusion.success));
            active.update(db).await?;
        }
        if !dropped.is_empty() {
            tx::Entity::delete_many()
                .filter(tx::Column::Id.is_in(dropped))
                .exec(db)
                .await?;
        }
        Ok(BlockRef {
            number: number as u64,
            hash,
        })
    }
}
