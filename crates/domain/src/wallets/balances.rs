//! The balance worker: keeps one reading per merchant address and asset (hot wallets: the
//! native coin and every enabled token of their chain; cold addresses: their asset's token)
//! and reads the due ones from the chain, so the home overview shows what is held without
//! asking a node while the page waits. A failed read keeps the last reading and is tried again
//! later; one chain's node being down holds only that chain's rows.
//!
//! Readings are not refreshed when a withdrawal completes: the interval is enough for an
//! overview that says when each balance was read.

use chrono::Duration;
use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use crate::chains::ChainRegistry;
use crate::config::ChainNode;
use crate::error::AppResult;
use crate::ports::chain::ChainError;
use crate::ports::{BalanceTarget, BalanceWork, DueReading, Holder, Holdings, Ports};

#[derive(Debug, Clone)]
pub struct BalanceSettings {
    /// How often each address and asset is read.
    pub every: Duration,
    /// Most rows one round reads.
    pub batch: u64,
    /// How long a claimed row is this process's.
    pub lease: Duration,
}

impl BalanceSettings {
    /// After a failed read: again in a minute, or at the interval when that is shorter.
    fn retry_after_failure(&self) -> Duration {
        self.every.min(Duration::minutes(1))
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BalanceReport {
    pub inserted: u64,
    pub deleted: u64,
    pub read: u64,
    pub failed: u64,
}

pub struct BalanceReader {
    pub ports: Ports,
    pub work: Arc<dyn BalanceWork>,
    pub chains: Arc<ChainRegistry>,
    pub settings: BalanceSettings,
    /// This process's name in leases.
    pub owner: String,
}

/// What should be read, from the merchants' holdings and the chain catalogue (decimals; an
/// asset whose chain or token the catalogue no longer has is not read).
pub fn targets(holdings: &Holdings, nodes: &[ChainNode]) -> Vec<BalanceTarget> {
    let native = |chain_id: i64| nodes.iter().find(|c| c.chainid == chain_id).map(|c| c.decimals);
    let token = |chain_id: i64, token_id: i64| {
        nodes
            .iter()
            .find(|c| c.chainid == chain_id)
            .and_then(|c| c.tokens.iter().find(|t| t.tokenid == token_id))
            .map(|t| t.decimals)
    };
    let mut found = BTreeSet::new();
    let mut targets = Vec::new();
    let mut add = |merchant_id, chain_id, address: &str, token_id: Option<i64>, holder, decimals| {
        if found.insert((merchant_id, chain_id, address.to_string(), token_id)) {
            targets.push(BalanceTarget {
                merchant_id,
                chain_id,
                address: address.to_string(),
                token_id,
                holder,
                decimals,
            });
        }
    };
    for (merchant_id, chain_id, address) in &holdings.hot_wallets {
        if let Some(decimals) = native(*chain_id) {
            add(
                *merchant_id,
                *chain_id,
                address,
                None,
                Holder::HotWallet,
                decimals,
            );
        }
        for (_, owner, chain, token_id) in &holdings.enabled_assets {
            if owner == merchant_id && chain == chain_id {
                if let Some(decimals) = token(*chain_id, *token_id) {
                    add(
                        *merchant_id,
                        *chain_id,
                        address,
                        Some(*token_id),
                        Holder::HotWallet,
                        decimals,
                    );
                }
            }
        }
    }
    let assets: HashMap<i64, (i64, i64, i64)> = holdings
        .enabled_assets
        .iter()
        .map(|(id, merchant, chain, token)| (*id, (*merchant, *chain, *token)))
        .collect();
    for (asset_id, address) in &holdings.cold_addresses {
        let Some(&(merchant_id, chain_id, token_id)) = assets.get(asset_id) else {
            continue; // a disabled asset's cold addresses are not followed
        };
        if let Some(decimals) = token(chain_id, token_id) {
            add(
                merchant_id,
                chain_id,
                address,
                Some(token_id),
                Holder::Cold,
                decimals,
            );
        }
    }
    targets
}

impl BalanceReader {
    /// One round: the rows in step with the holdings, then the due ones read.
    pub async fn step(&self) -> AppResult<BalanceReport> {
        let now = self.ports.clock.now();
        let nodes = self.ports.config.chain_nodes().await?;
        let holdings = self.work.holdings().await?;
        let (inserted, deleted) = self.work.sync_readings(&targets(&holdings, &nodes), now).await?;
        let mut report = BalanceReport {
            inserted,
            deleted,
            ..BalanceReport::default()
        };
        let due = self
            .work
            .claim_due_readings(&self.owner, now, now + self.settings.lease, self.settings.batch)
            .await?;
        // A chain whose node is away is not asked again this round: its rows wait.
        let mut away: BTreeSet<i64> = BTreeSet::new();
        for row in due {
            if away.contains(&row.chain_id) {
                self.put_off(&row).await?;
                report.failed += 1;
                continue;
            }
            match self.read(&row, &nodes).await {
                Ok(amount) => {
                    let at = self.ports.clock.now();
                    self.work
                        .record_reading(row.id, &self.owner, amount, at, at + self.settings.every)
                        .await?;
                    report.read += 1;
                }
                Err(err) => {
                    tracing::warn!(chain_id = row.chain_id, address = %row.address, token_id = ?row.token_id, error = %err, "balance not read; the last reading stays");
                    if matches!(err, ChainError::Unavailable(_)) {
                        away.insert(row.chain_id);
                    }
                    self.put_off(&row).await?;
                    report.failed += 1;
                }
            }
        }
        Ok(report)
    }

    async fn put_off(&self, row: &DueReading) -> AppResult<()> {
        let again = self.ports.clock.now() + self.settings.retry_after_failure();
        self.work.postpone_reading(row.id, &self.owner, again).await
    }

    async fn read(
        &self,
        row: &DueReading,
        nodes: &[ChainNode],
    ) -> Result<crate::amount::BaseUnits, ChainError> {
        let chain = self
            .chains
            .get(row.chain_id)
            .ok_or_else(|| ChainError::Unavailable(format!("chain {} is not configured", row.chain_id)))?;
        let asset = crate::config::chain_asset(nodes, row.chain_id, row.token_id).ok_or_else(|| {
            ChainError::Protocol(format!("token {:?} is not in the catalogue", row.token_id))
        })?;
        chain.balance(&row.address, &asset).await
    }
}
