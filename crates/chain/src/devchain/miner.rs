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
//! to a parent a concurrent reorganisation deleted. The background miners of all processes make
//! one block per interval in all: intervals are counted from the Unix epoch, and a miner whose
//! tick finds the head made in its interval (or a later one) leaves it ([`due`]).

use coffer_domain::ports::chain::{BlockRef, ChainError, ChainResult};
use sea_orm::prelude::DateTimeUtc;
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
    /// The interval's block is made already (by this process or another).
    NotDue,
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

/// Whether a block is due at `now` when one is made per `every`: the head was made in an
/// earlier interval, or before that time was recorded. Intervals are counted from the Unix
/// epoch, so processes agree on them whenever each started; a process whose clock is behind the
/// head's leaves the blocks to the one ahead rather than adding its own.
fn due(head_mined_at: Option<DateTimeUtc>, now: DateTimeUtc, every: Duration) -> bool {
    let interval = |at: DateTimeUtc| at.timestamp_millis().div_euclid(millis(every));
    head_mined_at.is_none_or(|head| interval(now) > interval(head))
}

/// How long from `now` until the middle of an interval of `every`, where the background miner
/// ticks: far from the intervals' edges, so that a late tick never lands in the interval after
/// and leaves one without a block.
fn until_next_tick(now: DateTimeUtc, every: Duration) -> Duration {
    let every_ms = millis(every);
    let into = now.timestamp_millis().rem_euclid(every_ms);
    let middle = every_ms / 2;
    let wait = if into < middle {
        middle - into
    } else {
        every_ms - into + middle
    };
    Duration::from_millis(wait as u64)
}

fn millis(every: Duration) -> i64 {
    (every.as_millis() as i64).max(1)
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
        let now = self.clock.now();
        let timestamp = now.timestamp();
        let genesis = block::ActiveModel {
            number: Set(0),
            hash: Set(block_hash(GENESIS_PARENT, 0, timestamp, &[], &salt)),
            parent_hash: Set(None),
            timestamp: Set(timestamp),
            salt: Set(salt),
            mined_at: Set(Some(now)),
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
    /// that height first.
    pub async fn try_mine(&self) -> ChainResult<Option<BlockRef>> {
        self.mine_once(None).await
    }

    /// What the background miner does at each tick: mines the next block unless a block was
    /// made in this interval of `every` already (by any process sharing the database, or by
    /// [`Devchain::mine`]); None then, or if another process mined that height first.
    pub async fn mine_due(&self, every: Duration) -> ChainResult<Option<BlockRef>> {
        self.mine_once(Some(every)).await
    }

    async fn mine_once(&self, every: Option<Duration>) -> ChainResult<Option<BlockRef>> {
        let _guard = self.write.lock().await;
        let txn = self.db.begin().await.map_err(db_err)?;
        let mined = match self.mine_on(&txn, every).await {
            Ok(block) => txn.commit().await.map(|()| block).map_err(MineError::from),
            Err(err) => Err(err),
        };
        match mined {
            Ok(block) => {
                self.mined.send_replace(block.number);
                Ok(Some(block))
            }
            Err(MineError::Lost | MineError::NotDue) => Ok(None),
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
            match self.mine_on(&txn, None).await {
                Ok(block) => blocks.push(block),
                Err(MineError::Lost | MineError::NotDue) => {
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

    /// Mines a block every `interval` (in the middle of each, by the chain's clock) on a tokio
    /// task until the handle is aborted; None for a zero interval (blocks are then mined only
    /// on request). Empty blocks are mined too, so confirmations keep accruing like on a real
    /// chain. With several processes on one database each runs one, and they make one block
    /// per interval in all ([`Devchain::mine_due`]).
    pub fn spawn_miner(&self, interval: Duration) -> Option<JoinHandle<()>> {
        if interval.is_zero() {
            return None;
        }
        let chain = self.clone();
        Some(tokio::spawn(async move {
            loop {
                tokio::time::sleep(until_next_tick(chain.clock.now(), interval)).await;
                match chain.mine_due(interval).await {
                    Ok(Some(block)) => tracing::debug!(number = block.number, "devchain block mined"),
                    Ok(None) => tracing::debug!("this interval's devchain block is made already"),
                    Err(err) => tracing::warn!(error = %err, "devchain mining failed; retrying next tick"),
                }
            }
        }))
    }

    /// Builds and stores the block on top of the current head, inside `db`'s transaction;
    /// with `every`, only if a block is [`due`].
    async fn mine_on<C: ConnectionTrait>(
        &self,
        db: &C,
        every: Option<Duration>,
    ) -> Result<BlockRef, MineError> {
        lock(db).await?;
        let head = head_row(db).await?;
        let now = self.clock.now();
        if every.is_some_and(|every| !due(head.mined_at, now, every)) {
            return Err(MineError::NotDue);
        }
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
        let timestamp = now.timestamp().max(head.timestamp);
        let salt = new_salt();
        let hashes: Vec<String> = included.iter().map(|i| i.row.hash.clone()).collect();
        let hash = block_hash(&head.hash, number as u64, timestamp, &hashes, &salt);
        block::ActiveModel {
            number: Set(number),
            hash: Set(hash.clone()),
            parent_hash: Set(Some(head.hash.clone())),
            timestamp: Set(timestamp),
            salt: Set(salt),
            mined_at: Set(Some(now)),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_miner_ticks_in_the_middle_of_each_interval() {
        let every = Duration::from_millis(1000);
        let at = |ms: i64| DateTimeUtc::from_timestamp_millis(1_800_000_000_000 + ms).unwrap();
        let waits: Vec<u64> = [0, 499, 500, 501, 999]
            .map(|ms| until_next_tick(at(ms), every).as_millis() as u64)
            .to_vec();
        assert_eq!(waits, [500, 1, 1000, 999, 501]);
        assert!(due(None, at(0), every));
        assert!(!due(Some(at(0)), at(999), every));
        assert!(due(Some(at(999)), at(1000), every));
        assert!(!due(Some(at(1500)), at(1200), every), "a clock behind the head's");
    }
}
