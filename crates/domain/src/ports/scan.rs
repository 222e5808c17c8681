//! The deposit scanner's storage: per chain a cursor under a lease, the hashes of the blocks
//! it read (to see reorgs), and the deposits those blocks bring. Every method that changes a
//! deposit's state writes its callback events in the same transaction.

use chrono::{DateTime, Utc};

use super::{DepositRecord, EventBuilder, NewDeposit};
use crate::error::AppResult;

#[derive(Debug, Clone)]
pub struct ScannedBlock {
    pub number: u64,
    pub hash: String,
    pub parent_hash: String,
}

/// What the confirmation rules read of a deposit waiting for its confirmations (only these
/// columns: a deposit whose other data is unreadable still gets its turn, and its failure).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfirmingDeposit {
    pub id: i64,
    pub block_number: i64,
    pub required_confirmations: i32,
    /// "" for a deposit to credit, or why not (`deposits::rules::DUST`, `UNSUPPORTED`, `INTERNAL`).
    pub note: String,
}

/// Where a chain's scanner stands (the home overview's scan lag).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScanProgress {
    /// The next block it will read.
    pub next_block: u64,
    /// The chain's tip as it last saw it (None until it has recorded one).
    pub tip: Option<u64>,
    /// When the cursor last moved.
    pub updated_at: DateTime<Utc>,
}

#[async_trait::async_trait]
pub trait ScanRepo: Send + Sync {
    /// Takes (or renews) the scanning lease of a chain; the cursor row is created at
    /// `start_block` the first time. None while another scanner holds the lease.
    async fn claim_cursor(
        &self,
        chain_id: i64,
        owner: &str,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        start_block: u64,
    ) -> AppResult<Option<u64>>;
    /// Gives up every scanning lease `owner` holds (a process stopping): another process takes
    /// the chains over at its next step instead of after the lease runs out.
    async fn release_cursors(&self, owner: &str) -> AppResult<()>;
    async fn scanned_block(&self, chain_id: i64, number: u64) -> AppResult<Option<ScannedBlock>>;
    /// The next block the chain's scanner will read (None before its first step).
    async fn scan_cursor(&self, chain_id: i64) -> AppResult<Option<u64>>;
    /// The cursor with the tip last seen (None before the chain's first step).
    async fn scan_progress(&self, chain_id: i64) -> AppResult<Option<ScanProgress>>;
    /// The chain's tip as the scanner read it at the start of a step (no lease needed: it
    /// only informs the overview).
    async fn record_tip(&self, chain_id: i64, tip: u64, at: DateTime<Utc>) -> AppResult<()>;
    /// The block's deposits (new ones inserted, voided ones revived), its hash and the cursor
    /// moved past it, in one transaction. False when the lease was lost (nothing written).
    async fn record_block(
        &self,
        chain_id: i64,
        owner: &str,
        block: &ScannedBlock,
        deposits: &[NewDeposit],
        now: DateTime<Utc>,
        events: &dyn EventBuilder,
    ) -> AppResult<bool>;
    /// Transfers of one block found outside the scanner (a hash scan): stored exactly as the
    /// scanner stores them, in one transaction, without moving the cursor. Fails on the unique
    /// key when another writer recorded one of them meanwhile (nothing is written then).
    /// Returns how many were new (or revived): already recorded ones are left as they are.
    async fn record_transfers(
        &self,
        block: &ScannedBlock,
        deposits: &[NewDeposit],
        now: DateTime<Utc>,
        events: &dyn EventBuilder,
    ) -> AppResult<u64>;
    /// Reorg: the block at `number` is no longer on the chain. Its deposits become void, its
    /// hash is forgotten and the cursor moves back to it, in one transaction.
    async fn rollback_block(
        &self,
        chain_id: i64,
        owner: &str,
        number: u64,
        now: DateTime<Utc>,
        events: &dyn EventBuilder,
    ) -> AppResult<bool>;
    /// The chain's deposits waiting for their confirmations.
    async fn confirming_deposits(&self, chain_id: i64) -> AppResult<Vec<ConfirmingDeposit>>;
    /// Completes confirming deposits, each (id, credited), and announces them, in one
    /// transaction: all of them or, on an error, none. How many were still confirming (the
    /// others another scanner completed).
    async fn complete_deposits(
        &self,
        due: &[(i64, bool)],
        now: DateTime<Utc>,
        events: &dyn EventBuilder,
    ) -> AppResult<u64>;
    /// Forgets the hashes of the scanned blocks below `below`.
    async fn prune_scanned(&self, chain_id: i64, below: u64) -> AppResult<()>;
    /// The deposit a transfer became, whoever recorded it.
    async fn deposit_by_transfer(
        &self,
        chain_id: i64,
        tx_hash: &str,
        index: i64,
    ) -> AppResult<Option<DepositRecord>>;
}
