//! The withdrawal executor, one step at a time (a worker loop in `coffer serve`):
//! 1. screens new orders (limits, risk control) and passes them or holds them for review;
//! 2. pays passed orders: picks a normal hot wallet holding the amount and the fee, and under
//!    the wallet's signing lease signs, stores the signed transaction and its hash, then
//!    broadcasts (a stored but unsent transaction of the wallet is sent first);
//! 3. follows broadcast transactions to complete or failed, rebroadcasting what a node drops.
//!
//! Never a second payout: an order is paid only from OrderStatus::Passed / OrderStatus::WaitingSettlement by the one
//! conditional update that stores its signed transaction; after that only that transaction is
//! ever sent. Leases on orders and wallets keep concurrent processes apart.

use chrono::Duration;
use std::sync::Arc;

use super::holds::Stage;
use super::risk::{self, RiskControl};
use crate::callbacks::events::CallbackEvents;
use crate::chains::ChainRegistry;
use crate::error::AppResult;
use crate::heartbeat::still_holds;
use crate::points::charges::{asset_named, token_amount, FeeStart, Work, WorkFees};
use crate::points::Cause;
use crate::ports::OrderStatus;
use crate::ports::WithdrawalEvent;
use crate::ports::{Lease, Ports, Transition, WithdrawalRecord, WithdrawalSource};
use crate::rates::Service;
use crate::vault::KeyVault;

/// A crash on purpose, for the restart tests (`withdrawals.halt_after`): the process aborts
/// right after the step, as a `kill -9` would stop it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HaltPoint {
    /// After the signed transaction is stored, before it is broadcast.
    Signed,
    /// After the broadcast, before the state says so.
    Broadcast,
}

#[derive(Debug, Clone)]
pub struct ExecutorSettings {
    pub lease: Duration,
    pub batch: u64,
    /// How long an order waits for a hot wallet to be topped up before the next try.
    pub settlement_retry: Duration,
    /// How long an order whose step failed is held before it is tried again.
    pub hold_retry: Duration,
    pub halt_after: Option<HaltPoint>,
}

impl Default for ExecutorSettings {
    fn default() -> Self {
        ExecutorSettings {
            lease: Duration::seconds(6),
            batch: 20,
            settlement_retry: Duration::seconds(60),
            hold_retry: Duration::minutes(10),
            halt_after: None,
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ExecReport {
    pub screened: u64,
    pub signed: u64,
    pub broadcast: u64,
    pub completed: u64,
    pub failed: u64,
}

pub struct WithdrawalExecutor {
    pub ports: Ports,
    pub vault: Arc<KeyVault>,
    pub chains: Arc<ChainRegistry>,
    pub risk: RiskControl,
    pub owner: String,
    pub settings: ExecutorSettings,
    /// The payment fee, held before the order is signed.
    pub fees: WorkFees,
}

pub(super) fn halt(point: HaltPoint, configured: Option<HaltPoint>) {
    if configured == Some(point) {
        tracing::error!(?point, "withdrawals.halt_after: aborting on purpose");
        std::process::abort();
    }
}

impl WithdrawalExecutor {
    /// One round of all three stages. An order that fails is held with its reason and logged,
    /// and the round goes on: one bad order never stops another's (or another merchant's) work.
    pub async fn step(&self) -> AppResult<ExecReport> {
        let mut report = ExecReport::default();
        let events = CallbackEvents::new(self.ports.config.chain_nodes().await?, self.ports.clock.clone());
        for w in self.claim(&[OrderStatus::New]).await? {
            let outcome = self.screen(&w, &events).await;
            if outcome.is_ok() {
                report.screened += 1;
            }
            self.finish(&w, Stage::Screen, outcome, &events).await;
        }
        for w in self
            .claim(&[OrderStatus::Passed, OrderStatus::WaitingSettlement])
            .await?
        {
            let outcome = self.pay(&w, &events, &mut report).await;
            self.finish(&w, Stage::Pay, outcome, &events).await;
        }
        for w in self
            .claim(&[
                OrderStatus::WaitingConfirm,
                OrderStatus::Processing,
                OrderStatus::Confirming,
            ])
            .await?
        {
            let outcome = self.track(&w, &events, &mut report).await;
            self.finish(&w, Stage::Track, outcome, &events).await;
        }
        Ok(report)
    }

    /// Whether this executor still holds `lease` (checked before it stores or sends).
    pub(super) async fn holds(&self, lease: Lease<'_>) -> AppResult<bool> {
        still_holds(&self.ports, lease, &self.owner).await
    }

    async fn claim(&self, statuses: &[OrderStatus]) -> AppResult<Vec<WithdrawalRecord>> {
        let now = self.ports.clock.now();
        self.ports
            .withdrawal_leases
            .claim_withdrawals(
                statuses,
                &self.owner,
                now,
                now + self.settings.lease,
                self.settings.batch,
            )
            .await
    }

    async fn screen(&self, w: &WithdrawalRecord, events: &CallbackEvents) -> AppResult<()> {
        let now = self.ports.clock.now();
        if !w
            .amount
            .within_order_bound(u8::try_from(w.decimals).unwrap_or(u8::MAX))
        {
            let reason = "Held: the amount is above what one order may move";
            return self
                .hold_for_review(w, risk::reason::OVER_ORDER_BOUND, reason, events)
                .await;
        }
        let mut reasons = Vec::new();
        if w.source == WithdrawalSource::Manual {
            reasons.push(risk::reason::MANUAL.to_string());
        }
        match w.token_id {
            // An exchange's coin is bounded by its pair's minimum, maximum and daily limit.
            None if w.source.is_exchange() => {}
            None => reasons.push(risk::reason::NATIVE_COIN.to_string()),
            Some(token_id) => {
                let assets = self.ports.assets.assets(w.merchant_id, Some(w.chain_id)).await?;
                if let Some(asset) = assets.iter().find(|a| a.token_id == token_id) {
                    let tz = self
                        .ports
                        .config
                        .merchant_settings(w.merchant_id)
                        .await?
                        .time_zone;
                    let since = risk::day_start(now, tz);
                    let (count, total) = self
                        .ports
                        .withdrawals
                        .withdrawn_since(w.merchant_id, w.chain_id, w.token_id, since)
                        .await?;
                    let decimals = u8::try_from(w.decimals).unwrap_or(18);
                    reasons.extend(risk::over_limits(&asset.risk, decimals, w.amount, count, total));
                }
            }
        }
        if reasons.is_empty() {
            let settings = self.ports.merchant_api.api_settings(w.merchant_id).await?;
            if let Some(url) = settings.risk_url {
                let (event_id, body) = super::events::risk_question(events, w);
                reasons.extend(self.risk.ask(&url, &event_id, &body, now).await?);
            }
        }
        // The merchant's risk control may have taken its time: screened by whoever holds it.
        if !self.holds(Lease::Withdrawal { id: w.id }).await? {
            return Ok(());
        }
        let change = if reasons.is_empty() {
            Transition {
                from: vec![OrderStatus::New],
                to: OrderStatus::Passed,
                approved_at: Some(now),
                next_attempt_at: Some(now),
                ..Transition::default()
            }
        } else {
            Transition {
                from: vec![OrderStatus::New],
                to: OrderStatus::AwaitingReview,
                review_required: Some(true),
                risk_reasons: Some(reasons),
                event: Some(WithdrawalEvent::Review),
                ..Transition::default()
            }
        };
        self.ports
            .withdrawals
            .transition(w.id, &change, now, events)
            .await?;
        Ok(())
    }

    async fn pay(
        &self,
        w: &WithdrawalRecord,
        events: &CallbackEvents,
        report: &mut ExecReport,
    ) -> AppResult<()> {
        let now = self.ports.clock.now();
        let chain = self.chains.require(w.chain_id)?.clone();
        let nodes = self.ports.config.chain_nodes().await?;
        let asset = self.asset_of(w, &nodes)?;
        let picked = match self.fee_held(w, &nodes).await? {
            FeeStart::Wait(reason) => Err(reason),
            FeeStart::Go => self.pick_wallet(w, chain.as_ref(), &asset).await?,
        };
        let (wallet, request, fee) = match picked {
            Ok(picked) => picked,
            Err(reason) => {
                let change = Transition {
                    from: vec![OrderStatus::Passed, OrderStatus::WaitingSettlement],
                    to: OrderStatus::WaitingSettlement,
                    reason: Some(reason),
                    next_attempt_at: Some(now + self.settings.settlement_retry),
                    ..Transition::default()
                };
                self.ports
                    .withdrawals
                    .transition(w.id, &change, now, events)
                    .await?;
                return Ok(());
            }
        };
        let lease_until = now + self.settings.lease;
        if !self
            .ports
            .withdrawal_leases
            .lease_wallet(w.chain_id, &wallet.address, &self.owner, now, lease_until)
            .await?
        {
            return Ok(()); // another signer uses the wallet; the next step tries again
        }
        let outcome = self
            .sign_and_send(w, chain.as_ref(), &wallet, &request, fee, events, report)
            .await;
        self.ports
            .withdrawal_leases
            .release_wallet(w.chain_id, &wallet.address, &self.owner)
            .await?;
        outcome
    }

    /// The payment fee is held before the order is signed (once: later rounds find the hold);
    /// without the points the order waits for settlement with the reason shown. An exchange's
    /// payout or refund has none.
    async fn fee_held(
        &self,
        w: &WithdrawalRecord,
        nodes: &[crate::config::ChainNode],
    ) -> AppResult<FeeStart> {
        let Some((symbol, decimals)) = asset_named(nodes, w.chain_id, w.token_id) else {
            return Ok(FeeStart::Go);
        };
        if w.source.is_exchange() {
            return Ok(FeeStart::Go); // the exchange fee is charged on the exchange order
        }
        let work = Work {
            merchant_id: w.merchant_id,
            service: Service::PaymentFee,
            cause: Cause::PaymentFee,
            id: w.id,
            amount: token_amount(w.amount, &symbol, decimals),
        };
        self.fees.start(&work).await
    }

    async fn track(
        &self,
        w: &WithdrawalRecord,
        events: &CallbackEvents,
        report: &mut ExecReport,
    ) -> AppResult<()> {
        let chain = self.chains.require(w.chain_id)?.clone();
        if w.status == OrderStatus::WaitingConfirm {
            let own = Lease::Withdrawal { id: w.id };
            return self.broadcast(w, chain.as_ref(), events, report, own).await;
        }
        super::tracking::follow(self, w.clone(), chain.as_ref(), events, report).await
    }
}
