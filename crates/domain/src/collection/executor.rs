//! The sweep executor (a worker loop in `coffer serve`): takes open collections under leases and
//! moves each one step on.
//!
//! - Steps in flight are followed first ([`follow`]): sent, seen, confirmed, or dead.
//! - Waiting for fee arrival: once the top-up is confirmed the sweep can be signed (its receipt,
//!   never a sleep); a dead top-up sends the collection back to be quoted again.
//! - Waiting for collection with no sweep signed: the chain balance and live fee quotes decide
//!   ([`super::sweep`]), then a top-up from the fee wallet or the sweep's parts are signed,
//!   stored with the collection's change in one transaction, and only then broadcast.
//! - Smart collection (`energy.rs`): a TRON token sweep waits for the provider's energy
//!   (waiting for energy transaction) and runs on it (energy collecting), or burns as before.
//! - Every sweep part settled: collected (what moved is added to the pair's collected), or
//!   failed with what did move counted.
//!
//! Never twice: a step is signed only by the conditional change that stores it, a stored step
//! is the only transaction ever sent for it, and a live step's (sender, nonce) is unique.

use chrono::Duration;
use std::sync::Arc;

use super::follow::{self, Flight};
use super::state::CollectionStatus::{self, *};
use crate::amount::BaseUnits;
use crate::chains::ChainRegistry;
use crate::error::{AppError, AppResult};
use crate::heartbeat::still_holds;
use crate::points::charges::{asset_named, token_amount, FeeStart, Work, WorkFees};
use crate::points::Cause;
use crate::ports::chain::{ChainAdapter, KeyPurpose, SecretKey};
use crate::ports::{CollectionChange, CollectionRecord, Lease, Ports, StepKind, StepRecord, StepState};
use crate::rates::Service;
use crate::vault::KeyVault;

/// A crash on purpose, for the restart tests (`collection.halt_after`): the process aborts
/// right after the step, as a `kill -9` would stop it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SweepHalt {
    TopUpSigned,
    TopUpBroadcast,
    SweepSigned,
    SweepBroadcast,
}

#[derive(Debug, Clone)]
pub struct SweepSettings {
    pub lease: Duration,
    pub batch: u64,
    /// How long a collection waits before it is quoted again (fee above the cap, no fee
    /// wallet, a fee wallet short of coin).
    pub retry: Duration,
    /// Confirmations a step needs per chain (the chain's deposit setting); 12 if unset.
    pub confirmations: std::collections::HashMap<i64, u32>,
    /// A collection whose sweep was refused this many times fails.
    pub max_sweep_attempts: usize,
    pub halt_after: Option<SweepHalt>,
}

impl Default for SweepSettings {
    fn default() -> Self {
        SweepSettings {
            lease: Duration::seconds(6),
            batch: 50,
            retry: Duration::seconds(60),
            confirmations: Default::default(),
            max_sweep_attempts: 3,
            halt_after: None,
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SweepReport {
    pub signed: u64,
    pub broadcast: u64,
    pub collected: u64,
    pub failed: u64,
    /// Collections that could not move on this round (held with their reason).
    pub held: u64,
}

pub struct SweepExecutor {
    pub ports: Ports,
    pub vault: Arc<KeyVault>,
    pub chains: Arc<ChainRegistry>,
    pub owner: String,
    pub settings: SweepSettings,
    /// The collection fee, held before the first transaction.
    pub fees: WorkFees,
    /// The provider's energy pool, where TRON energy is delegated (smart collection); None
    /// when no chain has one.
    pub energy: Option<Arc<crate::energy::pool::EnergyPool>>,
}

pub(super) fn halt(point: SweepHalt, configured: Option<SweepHalt>) {
    if configured == Some(point) {
        tracing::error!(?point, "collection.halt_after: aborting on purpose");
        std::process::abort();
    }
}

impl SweepExecutor {
    /// One round over the due collections. A collection that fails is held with its reason and
    /// logged, and the round goes on with the others.
    pub async fn step(&self) -> AppResult<SweepReport> {
        let now = self.ports.clock.now();
        let claimed = self
            .ports
            .collection_leases
            .claim_collections(&self.owner, now, now + self.settings.lease, self.settings.batch)
            .await?;
        let mut report = SweepReport::default();
        for c in claimed {
            if let Err(err) = self.advance(&c, &mut report).await {
                tracing::warn!(collection_id = c.id, error = %err, "collection step failed; held");
                let reason = match &err {
                    AppError::Unavailable(_) => {
                        "Held: the chain node or the database is unavailable; tried again"
                    }
                    _ => "Held: an unexpected error; see the service log",
                };
                let until = self.ports.clock.now() + self.settings.retry;
                self.ports
                    .collection_leases
                    .hold_collection(c.id, reason, until)
                    .await?;
                report.held += 1;
            }
            self.ports
                .collection_leases
                .release_collection(c.id, &self.owner)
                .await?;
        }
        Ok(report)
    }

    async fn advance(&self, c: &CollectionRecord, report: &mut SweepReport) -> AppResult<()> {
        let chain = self.chains.require(c.chain_id)?.clone();
        let confirmations = self
            .settings
            .confirmations
            .get(&c.chain_id)
            .copied()
            .unwrap_or(12);
        let steps = self.ports.collection_steps.steps(c.id).await?;
        let mut in_flight = false;
        for step in steps.iter().filter(|s| follow::in_flight(s.state)) {
            let flight = follow::follow(self, step, chain.as_ref(), confirmations, report).await?;
            in_flight |= flight == Flight::InFlight;
        }
        if in_flight {
            return Ok(());
        }
        let steps = self.ports.collection_steps.steps(c.id).await?;
        match c.status {
            WaitingFeeArrival => self.after_top_up(c, &steps).await,
            WaitingCollection | EnergyCollecting
                if steps.iter().any(|s| s.kind == StepKind::Sweep && s.is_live()) =>
            {
                self.settle(c, &steps, chain.as_ref(), report).await
            }
            WaitingEnergyTransaction => self.energy_arrival(c, &steps, chain.as_ref(), report).await,
            WaitingCollection | EnergyCollecting => {
                let refused = steps.iter().filter(|s| s.kind == StepKind::Sweep).count();
                if refused >= self.settings.max_sweep_attempts {
                    let reason = steps
                        .iter()
                        .rev()
                        .find(|s| s.kind == StepKind::Sweep)
                        .map(|s| s.reason.clone());
                    let why = format!(
                        "the sweep was refused {refused} times: {}",
                        reason.unwrap_or_default()
                    );
                    return self.close(c, Failed, &why, None, report).await;
                }
                if let FeeStart::Wait(why) = self.fee_held(c).await? {
                    return self.hold(c, &why, report).await;
                }
                self.sign(c, &steps, chain.as_ref(), report).await
            }
            Collected | NotCollected | Failed => Ok(()),
        }
    }

    /// The collection fee is held before the collection's first transaction (once: later
    /// rounds find the hold); without the points it waits with the reason shown.
    async fn fee_held(&self, c: &CollectionRecord) -> AppResult<FeeStart> {
        let nodes = self.ports.config.chain_nodes().await?;
        let token = (c.token_id != 0).then_some(c.token_id);
        let Some((symbol, decimals)) = asset_named(&nodes, c.chain_id, token) else {
            return Ok(FeeStart::Go);
        };
        let work = Work {
            merchant_id: c.merchant_id,
            service: Service::CollectionFee,
            cause: Cause::CollectionFee,
            id: c.id,
            amount: token_amount(c.waiting, &symbol, decimals),
        };
        self.fees.start(&work).await
    }

    /// The top-up confirmed: the sweep is next. Dead: quoted again (the address may hold
    /// enough by now, or a new top-up is signed).
    async fn after_top_up(&self, c: &CollectionRecord, steps: &[StepRecord]) -> AppResult<()> {
        let funded = |s: &&StepRecord| matches!(s.kind, StepKind::TopUp | StepKind::Activation);
        let Some(top_up) = steps.iter().rev().find(funded) else {
            return self.change(c, WaitingCollection, "", None).await;
        };
        self.holdings_changed(c, steps).await?;
        let reason = match top_up.state {
            StepState::Confirmed => String::new(),
            _ => format!("the fee top-up failed ({}); quoted again", top_up.reason),
        };
        self.change(c, WaitingCollection, &reason, None).await
    }

    /// The balances the steps moved (the cold addresses, the fee wallet) are read again now:
    /// Home shows them as last read, and must not show a cold address empty after a sweep.
    async fn holdings_changed(&self, c: &CollectionRecord, steps: &[StepRecord]) -> AppResult<()> {
        let addresses: std::collections::BTreeSet<&str> = steps
            .iter()
            .flat_map(|s| [s.from_address.as_str(), s.to_address.as_str()])
            .collect();
        let addresses: Vec<String> = addresses.into_iter().map(str::to_string).collect();
        let now = self.ports.clock.now();
        self.ports
            .balances
            .read_soon(c.merchant_id, c.chain_id, &addresses, now)
            .await?;
        Ok(())
    }

    /// Every sweep part is settled (none in flight).
    async fn settle(
        &self,
        c: &CollectionRecord,
        steps: &[StepRecord],
        chain: &dyn ChainAdapter,
        report: &mut SweepReport,
    ) -> AppResult<()> {
        // The parts of the latest signing share its time (one transaction stored them).
        let sweeps = || steps.iter().filter(|s| s.kind == StepKind::Sweep);
        let Some(signed_at) = sweeps().filter(|s| s.is_live()).map(|s| s.created_at).max() else {
            return Ok(());
        };
        let latest = || sweeps().filter(move |s| s.created_at == signed_at);
        let attributed = c.attributed.unwrap_or(BaseUnits::ZERO);
        let dead: Vec<String> = latest()
            .filter(|s| s.state == StepState::Dead)
            .map(|s| format!("part {}: {}", s.part + 1, s.reason))
            .collect();
        self.holdings_changed(c, steps).await?;
        if dead.is_empty() {
            if self.collect_leftover(c, steps, chain, report).await? {
                return Ok(());
            }
            return self.close(c, Collected, "", Some(attributed), report).await;
        }
        // What reached the cold addresses is collected; the rest waits for the next run.
        let moved = latest()
            .filter(|s| s.state == StepState::Confirmed)
            .fold(BaseUnits::ZERO, |sum, s| sum.saturating_add(s.amount));
        let why = format!("not every part was included ({})", dead.join("; "));
        self.close(c, Failed, &why, Some(attributed.min(moved)), report)
            .await
    }

    pub(super) async fn key(
        &self,
        merchant_id: i64,
        chain: &dyn ChainAdapter,
        purpose: KeyPurpose,
        index: u32,
        address: &str,
    ) -> AppResult<SecretKey> {
        let seed = self.vault.seed(merchant_id).await?;
        let key = chain
            .derive(&seed, purpose, index)
            .map_err(|e| AppError::internal(e.to_string()))?;
        if key.address != address {
            return Err(AppError::internal("the derived key does not match the address"));
        }
        Ok(key.secret)
    }

    /// Whether this executor still holds `lease` (checked before it stores or sends).
    pub(super) async fn holds(&self, lease: Lease<'_>) -> AppResult<bool> {
        still_holds(&self.ports, lease, &self.owner).await
    }

    pub(super) async fn hold(
        &self,
        c: &CollectionRecord,
        why: &str,
        report: &mut SweepReport,
    ) -> AppResult<()> {
        let until = self.ports.clock.now() + self.settings.retry;
        self.ports
            .collection_leases
            .hold_collection(c.id, why, until)
            .await?;
        report.held += 1;
        Ok(())
    }

    async fn change(
        &self,
        c: &CollectionRecord,
        to: CollectionStatus,
        why: &str,
        at: Option<chrono::DateTime<chrono::Utc>>,
    ) -> AppResult<()> {
        let change = CollectionChange {
            from: vec![c.status],
            to: Some(to),
            reason: Some(why.to_string()),
            next_attempt_at: Some(at.unwrap_or_else(|| self.ports.clock.now())),
            ..CollectionChange::default()
        };
        self.ports
            .collection_steps
            .change_collection(c.id, &change, self.ports.clock.now())
            .await?;
        Ok(())
    }

    pub(super) async fn close(
        &self,
        c: &CollectionRecord,
        to: CollectionStatus,
        why: &str,
        attributed: Option<BaseUnits>,
        report: &mut SweepReport,
    ) -> AppResult<()> {
        if to == Failed {
            tracing::warn!(collection_id = c.id, reason = why, "collection failed");
        }
        let change = CollectionChange {
            from: vec![c.status],
            to: Some(to),
            reason: Some(why.chars().take(500).collect()),
            attributed,
            ..CollectionChange::default()
        };
        if self
            .ports
            .collection_steps
            .change_collection(c.id, &change, self.ports.clock.now())
            .await?
        {
            match to {
                Collected => report.collected += 1,
                Failed => report.failed += 1,
                _ => {}
            }
        }
        Ok(())
    }
}
