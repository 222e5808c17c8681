//! The deposit scanner: follows one chain block by block from a stored cursor, records
//! transfers to merchants' deposit addresses, rolls back blocks a reorg removed and completes
//! deposits once they have their confirmations. Restart-safe and safe with several processes:
//! a lease on the cursor row picks one scanner per chain, and a unique key on (chain, tx hash,
//! index) makes a transfer one deposit whatever happens.

use chrono::{DateTime, Duration, Utc};
use std::collections::HashMap;
use std::sync::Arc;

use super::read_ahead::ReadAhead;
use super::rules;
use crate::amount::BaseUnits;
use crate::callbacks::events::CallbackEvents;
use crate::chains::ChainRegistry;
use crate::error::{AppError, AppResult};
use crate::points::recharge;
use crate::ports::chain::{Asset, Block, ChainAdapter};
use crate::ports::{AssetStatus, NewDeposit, Ports, ScannedBlock, Work};
use crate::wallets::known::{known_addresses, owned_by};

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

/// The chain's tokens: canonical contract -> (token id, decimals).
type TokenMap = HashMap<String, (i64, i32)>;

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
        while next <= head.number && report.blocks < self.settings.batch_blocks {
            let block = blocks
                .block(next)
                .await
                .map_err(unavailable)?
                .ok_or_else(|| AppError::Unavailable(format!("block {next} not served yet")))?;
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
            let deposits = self
                .deposits_in(&block, chain_id, &tokens, native, settings.confirmations)
                .await?;
            let scanned = ScannedBlock {
                number: block.number,
                hash: block.hash.clone(),
                parent_hash: block.parent_hash.clone(),
            };
            if !self
                .ports
                .scan
                .record_block(chain_id, &self.owner, &scanned, &deposits, now, &events)
                .await?
            {
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

    /// The block's transfers to deposit addresses, classified: credited, dust, unsupported,
    /// internal or a recharge of 1 or less.
    pub(super) async fn deposits_in(
        &self,
        block: &Block,
        chain_id: i64,
        tokens: &TokenMap,
        native: NativeCoin,
        confirmations: u32,
    ) -> AppResult<Vec<NewDeposit>> {
        let targets: Vec<String> = block.transfers.iter().map(|t| t.to.clone()).collect();
        if targets.is_empty() {
            return Ok(Vec::new());
        }
        let owners = self
            .ports
            .addresses
            .deposit_addresses_at(chain_id, &targets)
            .await?;
        // Each merchant's enabled tokens, asked once per block, not per transfer.
        let mut enabled: HashMap<i64, Vec<i64>> = HashMap::new();
        for merchant_id in owners.iter().map(|o| o.merchant_id) {
            if enabled.contains_key(&merchant_id) {
                continue;
            }
            let assets = self.ports.assets.assets(merchant_id, Some(chain_id)).await?;
            enabled.insert(
                merchant_id,
                assets
                    .iter()
                    .filter(|a| a.status == AssetStatus::Enabled)
                    .map(|a| a.token_id)
                    .collect(),
            );
        }
        // Senders Coffer knows: money from a merchant's own deposit address or hot wallet is a
        // sweep, a payout or a fee top-up of its own, never a deposit.
        let senders: Vec<String> = block
            .transfers
            .iter()
            .filter(|t| owners.iter().any(|o| o.address == t.to))
            .map(|t| t.from.clone())
            .collect();
        let known_senders = known_addresses(&self.ports, chain_id, &senders).await?;
        // Recharge addresses are the platform merchant's: asked only when one is paid.
        let platform = if owners.iter().any(|o| recharge::merchant_of(&o.open_id).is_some()) {
            self.ports.recharge.platform_merchant().await?
        } else {
            None
        };
        let mut found = Vec::new();
        for transfer in &block.transfers {
            let Some(owner) = owners.iter().find(|a| a.address == transfer.to) else {
                continue;
            };
            let internal = owned_by(&known_senders, owner.merchant_id, &transfer.from);
            let recharge =
                Some(owner.merchant_id) == platform && recharge::merchant_of(&owner.open_id).is_some();
            let (token_id, decimals, note) = match &transfer.asset {
                Asset::Token { contract } => {
                    let Some(&(token_id, decimals)) = tokens.get(contract) else {
                        continue;
                    };
                    let enabled = enabled[&owner.merchant_id].contains(&token_id);
                    let dust = self
                        .settings
                        .dust
                        .get(&token_id)
                        .is_some_and(|min| transfer.amount < *min);
                    let note = if internal {
                        rules::INTERNAL
                    } else if !enabled {
                        rules::UNSUPPORTED
                    } else if dust {
                        rules::DUST
                    } else if recharge {
                        recharge::note(transfer.amount, decimals)
                    } else {
                        ""
                    };
                    (Some(token_id), decimals, note)
                }
                // The merchant's own coin moves (fee top-ups on every sweep) are not recorded.
                Asset::Native if internal => continue,
                // TRX to a recharge address buys TRX points; any other coin payment is not
                // credited (merchants accept tokens only).
                Asset::Native if recharge && native.recharges => (
                    None,
                    native.decimals,
                    recharge::note(transfer.amount, native.decimals),
                ),
                Asset::Native => (None, native.decimals, rules::UNSUPPORTED),
            };
            found.push(NewDeposit {
                merchant_id: owner.merchant_id,
                chain_id,
                token_id,
                deposit_address_id: owner.id,
                open_id: owner.open_id.clone(),
                to_address: transfer.to.clone(),
                from_address: transfer.from.clone(),
                tx_hash: transfer.tx_hash.clone(),
                tx_index: i64::from(transfer.index),
                amount: transfer.amount,
                decimals,
                required_confirmations: confirmations as i32,
                note: note.to_string(),
            });
        }
        Ok(found)
    }
}

/// The chain's native coin as the scanner records it.
#[derive(Debug, Clone, Copy)]
pub(super) struct NativeCoin {
    decimals: i32,
    /// Paid to a recharge address it buys points (TRX on TRON).
    recharges: bool,
}

impl NativeCoin {
    pub(super) fn of(nodes: &[crate::config::ChainNode], chain_id: i64) -> NativeCoin {
        let node = nodes.iter().find(|c| c.chainid == chain_id);
        NativeCoin {
            decimals: node.map(|c| c.decimals).unwrap_or(18),
            recharges: node.is_some_and(recharge::accepts_coin),
        }
    }
}

pub(super) fn token_map(
    chain: &dyn ChainAdapter,
    nodes: &[crate::config::ChainNode],
    chain_id: i64,
) -> TokenMap {
    nodes
        .iter()
        .filter(|c| c.chainid == chain_id)
        .flat_map(|c| c.tokens.iter())
        .filter_map(|t| {
            // Configured contracts may be typed in any case; the adapter reports canonical ones.
            let canonical = chain.parse_address(&t.contract).ok()?;
            Some((canonical, (t.tokenid, t.decimals)))
        })
        .collect()
}
