//! The deposit scanner: follows one chain block by block from a stored cursor, records
//! transfers to merchants' deposit addresses, rolls back blocks a reorg removed and completes
//! deposits once they have their confirmations. Restart-safe and safe with several processes:
//! a lease on the cursor row picks one scanner per chain, and a unique key on (chain, tx hash,
//! index) makes a transfer one deposit whatever happens.

use chrono::{DateTime, Duration, Utc};
use std::collections::HashMap;
use std::sync::Arc;

use super::classify::{token_map, NativeCoin};
use super::read_ahead::ReadAhead;
use crate::amount::BaseUnits;
use crate::callbacks::events::CallbackEvents;
use crate::chains::ChainRegistry;
use crate::error::{AppError, AppResult};
use crate::ports::chain::Block;
use crate::ports::{NewDeposit, Ports, ScannedBlock, Work};

#[derive(Debug, Clone)]
pub struct ChainScanSettings {
    /// Blocks on top of (and including) the deposit's block before it is complete.
    pub confirmations: u32,
    /// Where a chain's first scan starts; None = at the head when the scanner first runs.
    pub start_block: Option<u64>,
}

#[derive(Debug, Clone)]
pub struct ScanSettings {
    pub chains: HashMap<i64, ChainScanSettings>,
    /// Per token id: deposits below are recorded as dust and not credited.
    pub dust: HashMap<i64, BaseUnits>,
    /// Most blocks one step handles (the rest waits for the next step).
    pub batch_blocks: u64,
    pub lease: Duration,
    /// Block hashes kept for reorg detection.
    pub keep_blocks: u64,
}

impl Default for ScanSettings {
    fn default() -> Self {
        ScanSettings {
            chains: HashMap::new(),
            dust: HashMap::new(),
            batch_blocks: 100,
            lease: Duration::seconds(6),
            keep_blocks: 256,
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ScanReport {
    pub blocks: u64,
    pub deposits: u64,
    pub rolled_back: u64,
    pub confirmed: u64,
    /// Another scanner holds this chain's lease.
    pub busy: bool,
}

pub struct DepositScanner {
    pub ports: Ports,
    pub chains: Arc<ChainRegistry>,
    pub settings: ScanSettings,
    /// This process's name in leases.
    pub owner: String,
}

impl DepositScanner {
    /// Gives up this process's scanning leases (it is stopping).
    pub async fn release(&self) -> AppResult<()> {
        self.ports.scan.release_cursors(&self.owner).await
    }

    pub(super) fn chain_settings(&self, chain_id: i64) -> ChainScanSettings {
        self.settings
            .chains
            .get(&chain_id)
            .cloned()
            .unwrap_or(ChainScanSettings {
                confirmations: 12,
                start_block: None,
            })
    }

    /// One step on one chain: up to `batch_blocks` blocks, then confirmations.
    pub async fn scan_chain(&self, chain_id: i64) -> AppResult<ScanReport> {
        let chain = self.chains.require(chain_id)?.clone();
        let settings = self.chain_settings(chain_id);
        let unavailable = |e: crate::ports::chain::ChainError| AppError::Unavailable(e.to_string());
        let head = chain.head().await.map_err(unavailable)?;
        let now = self.ports.clock.now();
        let start = settings.start_block.unwrap_or(head.number);
        let Some(mut next) = self
            .ports
            .scan
            .claim_cursor(chain_id, &self.owner, now, now + self.settings.lease, start)
            .await?
        else {
            return Ok(ScanReport {
                busy: true,
                ..ScanReport::default()
            });
        };
        self.ports.scan.record_tip(chain_id, head.number, now).await?;
        let nodes = self.ports.config.chain_nodes().await?;
        let events = CallbackEvents::new(nodes.clone(), self.ports.clock.clone());
        let tokens = token_map(chain.as_ref(), &nodes, chain_id);
        let contracts: Vec<String> = tokens.keys().cloned().collect();
        let native = NativeCoin::of(&nodes, chain_id);
        let mut report = ScanReport::default();
        // A reorg at the tip (same height, another block) shows no new parent to compare with:
        // check that the last block we recorded is still the chain's, walking back while not.
        while next > 0 {
            let Some(ours) = self.ports.scan.scanned_block(chain_id, next - 1).await? else {
                break;
            };
            let theirs = chain.block(next - 1, &[]).await.map_err(unavailable)?;
            if theirs.is_some_and(|b| b.hash == ours.hash) {
                break;
            }
            tracing::warn!(
                chain_id,
                number = next - 1,
                "reorg at the tip: rolling back a block"
            );
            if !self
                .roll_back_below(chain_id, &mut next, now, &events, &mut report)
                .await?
            {
                return Ok(report);
            }
        }
        let last = head
            .number
            .min(next + self.settings.batch_blocks.saturating_sub(1));
        let mut blocks = ReadAhead::new(chain.clone(), contracts, last);
        // The last block recorded in this step, and whether the block in hand was asked for
        // again after its parent did not match.
        let (mut recorded, mut asked_again): (Option<ScannedBlock>, bool) = (None, false);
        // The block after the one being recorded, read and classified meanwhile.
        let mut ahead: Option<(Block, Vec<NewDeposit>)> = None;
        while next <= head.number && report.blocks < self.settings.batch_blocks {
            let (block, classified) = match ahead.take() {
                Some((block, deposits)) if block.number == next => (block, Some(deposits)),
                _ => (blocks.served(next).await?, None),
            };
            if next > 0 {
                // The block this step recorded last is the stored one: no need to read it back.
                let parent = match &recorded {
                    Some(last) if last.number + 1 == next => Some(last.clone()),
                    _ => self.ports.scan.scanned_block(chain_id, next - 1).await?,
                };
                if let Some(parent) = parent {
                    if parent.hash != block.parent_hash {
                        if !asked_again {
                            // Read ahead, it may be older than the parent we hold: ask the node
                            // again before undoing anything.
                            blocks.abandon();
                            asked_again = true;
                            continue;
                        }
                        // The block we scanned at next-1 is no longer on the chain: undo it and
                        // look again from there (a deeper reorg repeats this block by block).
                        tracing::warn!(chain_id, number = next - 1, "reorg: rolling back a block");
                        if !self
                            .roll_back_below(chain_id, &mut next, now, &events, &mut report)
                            .await?
                        {
                            return Ok(report);
                        }
                        continue;
                    }
                }
            }
            let deposits = match classified {
                Some(deposits) => deposits,
                None => {
                    self.deposits_in(&block, chain_id, &tokens, native, settings.confirmations)
                        .await?
                }
            };
            let scanned = ScannedBlock {
                number: block.number,
                hash: block.hash.clone(),
                parent_hash: block.parent_hash.clone(),
            };
            let record =
                self.ports
                    .scan
                    .record_block(chain_id, &self.owner, &scanned, &deposits, now, &events);
            let following =
                (next < head.number && report.blocks + 1 < self.settings.batch_blocks).then_some(next + 1);
            let classify_following = async {
                let Some(number) = following else {
                    return Ok(None);
                };
                let block = blocks.served(number).await?;
                let deposits = self
                    .deposits_in(&block, chain_id, &tokens, native, settings.confirmations)
                    .await?;
                Ok::<_, AppError>(Some((block, deposits)))
            };
            let (stored, following) = tokio::join!(record, classify_following);
            if !stored? {
                return Ok(report); // lease lost: the other scanner goes on
            }
            (recorded, asked_again) = (Some(scanned), false);
            if !deposits.is_empty() {
                // Their events are committed with the block: the delivery worker goes now.
                self.ports.wakeups.ready(Work::Callbacks);
            }
            report.blocks += 1;
            report.deposits += deposits.len() as u64;
            next += 1;
            // What went wrong with the next block shows once this one is recorded, as it would
            // when read after it.
            ahead = following?;
        }
        report.confirmed = self.confirm(chain_id, head.number, now, &events).await?;
        if next > self.settings.keep_blocks {
            self.ports
                .scan
                .prune_scanned(chain_id, next - self.settings.keep_blocks)
                .await?;
        }
        Ok(report)
    }

    /// Undoes the scanned block just below `next` (a reorg removed it) and moves `next` back
    /// onto it. False when the lease is lost (the other scanner goes on): then nothing moved.
    async fn roll_back_below(
        &self,
        chain_id: i64,
        next: &mut u64,
        now: DateTime<Utc>,
        events: &CallbackEvents,
        report: &mut ScanReport,
    ) -> AppResult<bool> {
        if !self
            .ports
            .scan
            .rollback_block(chain_id, &self.owner, *next - 1, now, events)
            .await?
        {
            return Ok(false);
        }
        self.ports.wakeups.ready(Work::Callbacks);
        report.rolled_back += 1;
        *next -= 1;
        Ok(true)
    }
}
