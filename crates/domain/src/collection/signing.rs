//! Deciding and signing a sweep: the chain balance and live fee quotes decide
//! ([`super::sweep`]); then a top-up from the fee wallet ([`super::top_up`]) or the sweep's
//! parts, signed and stored with the collection's change in one transaction, then broadcast.

use super::energy::OnEnergy;
use super::executor::{halt, SweepExecutor, SweepHalt, SweepReport};
use super::follow;
use super::state::CollectionStatus::*;
use crate::amount::BaseUnits;
use crate::error::{AppError, AppResult};
use crate::ports::chain::{Asset, ChainAdapter, ChainError, KeyPurpose, TransferRequest};
use crate::ports::{
    CollectionChange, CollectionRecord, Lease, NewStep, StepKind, StepRecord, StepState, SweepContext,
};

fn chain_failure(e: ChainError) -> AppError {
    match e {
        ChainError::Unavailable(e) => AppError::Unavailable(e),
        other => AppError::internal(other.to_string()),
    }
}

impl SweepExecutor {
    /// `steps`: the collection's steps so far (what they cost counts against the cap).
    pub(super) async fn sign(
        &self,
        c: &CollectionRecord,
        steps: &[StepRecord],
        chain: &dyn ChainAdapter,
        report: &mut SweepReport,
    ) -> AppResult<()> {
        let ctx = self.ports.collection_steps.sweep_context(c).await?;
        let nodes = self.ports.config.chain_nodes().await?;
        let native_decimals = nodes
            .iter()
            .find(|n| n.chainid == c.chain_id)
            .map(|n| n.decimals)
            .unwrap_or(18);
        let show = |v: BaseUnits, decimals: i32| v.to_decimal(u8::try_from(decimals).unwrap_or(18));
        if ctx.cold.is_empty() {
            return self
                .hold(c, "no cold address is in force for the token", report)
                .await;
        }
        let native = ctx.contract.is_none();
        if native && ctx.token_remains {
            let why = "a token waits at the address: its native coin pays that sweep's fee first";
            return self.hold(c, why, report).await;
        }
        let asset = ctx
            .contract
            .clone()
            .map(|contract| Asset::Token { contract })
            .unwrap_or(Asset::Native);
        let balance = chain.balance(&c.address, &asset).await.map_err(chain_failure)?;
        let sweep = match super::sweep::sweepable(ctx.waiting, ctx.pending, balance, ctx.min_collect) {
            Ok(sweep) => sweep,
            Err(super::sweep::NotSwept::BalanceDrift { waiting, balance }) => {
                tracing::error!(
                    target: "coffer::alarm",
                    collection_id = c.id,
                    merchant_id = c.merchant_id,
                    address = %c.address,
                    waiting = %waiting,
                    balance = %balance,
                    "ALARM balance drift: a deposit address holds less than its credited, uncollected deposits"
                );
                metrics::counter!("coffer_collection_balance_drift_total", "chain_id" => c.chain_id.to_string())
                    .increment(1);
                let why = format!(
                    "balance drift: the address holds {}, credited and not collected {}",
                    show(balance, c.decimals),
                    show(waiting, c.decimals)
                );
                return self.close(c, Failed, &why, None, report).await;
            }
            Err(super::sweep::NotSwept::BelowMinimum { balance }) => {
                let why = format!(
                    "the address holds {}, below the minimum",
                    show(balance, c.decimals)
                );
                return self.close(c, NotCollected, &why, None, report).await;
            }
        };
        let quote = |to: &str, amount: BaseUnits| TransferRequest {
            from: c.address.clone(),
            to: to.to_string(),
            asset: asset.clone(),
            amount,
            nonce: None,
        };
        let mut parts = super::split::destinations(sweep.amount, ctx.min_split, &ctx.cold)
            .map_err(|e| AppError::internal(e.to_string()))?;
        let mut fees = Vec::new();
        for part in &parts {
            let estimate = chain
                .estimate_fee(&quote(&part.address, part.amount))
                .await
                .map_err(chain_failure)?;
            fees.push(estimate.fee);
        }
        let fee_total = fees.iter().fold(BaseUnits::ZERO, |s, f| s.saturating_add(*f));
        let on_hand = if native {
            balance
        } else {
            chain
                .balance(&c.address, &Asset::Native)
                .await
                .map_err(chain_failure)?
        };
        if native {
            // The coin pays its own move: the parts share what is left after their fees.
            let Some(rest) = balance.checked_sub(fee_total).filter(|r| !r.is_zero()) else {
                let why = format!(
                    "the address holds {}, not more than its move costs",
                    show(balance, native_decimals)
                );
                return self.close(c, NotCollected, &why, None, report).await;
            };
            parts = super::split::destinations(rest, ctx.min_split, &ctx.cold)
                .map_err(|e| AppError::internal(e.to_string()))?;
            fees.truncate(parts.len());
        }
        let spent = super::sweep::spent(steps);
        let amounts = CollectionChange {
            amount: Some(sweep.amount),
            attributed: Some(sweep.attributed),
            unattributed: Some(sweep.unattributed),
            // What burning costs, kept beside what the collection pays (smart collection's
            // saving is measured from these).
            burn_fee: Some(fee_total),
            ..CollectionChange::default()
        };
        if !native {
            match self
                .on_energy(c, &ctx, chain, &parts, &fees, on_hand, report)
                .await?
            {
                OnEnergy::Burn => {}
                OnEnergy::Done => return Ok(()),
                OnEnergy::Sign(bandwidth) => fees = bandwidth,
                OnEnergy::TopUp { amount, fee } => {
                    let need = super::top_up::Need { amount, fee, spent };
                    return super::top_up::send(self, c, &ctx, chain, need, native_decimals, report).await;
                }
            }
        }
        let fee_total = fees.iter().fold(BaseUnits::ZERO, |s, f| s.saturating_add(*f));
        let native_held = if native { fee_total } else { on_hand };
        let funding = super::sweep::funding(&fees, native_held, spent, ctx.fees.max_fee);
        match funding {
            super::sweep::Funding::AboveCap { total, cap } => {
                let sweep = format!("the sweep costs {}", show(fee_total, native_decimals));
                let costs = if spent.is_zero() {
                    sweep
                } else {
                    format!("{} paid so far, {sweep}", show(spent, native_decimals))
                };
                self.above_cap(c, total, cap, &costs, native_decimals, report)
                    .await
            }
            // The energy is delegated: a top-up cannot follow (the bandwidth's price rose).
            super::sweep::Funding::TopUp { fee, .. } if c.status == EnergyCollecting => {
                let why = format!(
                    "the address holds {} of the {} its bandwidth costs now; waits",
                    show(on_hand, native_decimals),
                    show(fee, native_decimals)
                );
                self.hold(c, &why, report).await
            }
            super::sweep::Funding::TopUp { fee, amount } => {
                let need = super::top_up::Need { amount, fee, spent };
                super::top_up::send(self, c, &ctx, chain, need, native_decimals, report).await
            }
            super::sweep::Funding::Ready { fee } => {
                let steps = parts
                    .iter()
                    .zip(&fees)
                    .enumerate()
                    .map(|(i, (part, fee))| (i as i32, part.address.clone(), part.amount, *fee))
                    .collect();
                self.sign_sweep(c, &ctx, chain, steps, fee, amounts, report).await
            }
        }
    }

    /// The collection would cost `total` in all, above `cap`: it waits (state 7, the reason
    /// shown) and is quoted again after the retry delay. `costs` says what is still to pay.
    pub(super) async fn above_cap(
        &self,
        c: &CollectionRecord,
        total: BaseUnits,
        cap: BaseUnits,
        costs: &str,
        native_decimals: i32,
        report: &mut SweepReport,
    ) -> AppResult<()> {
        let show = |v: BaseUnits| v.to_decimal(u8::try_from(native_decimals).unwrap_or(18));
        let why = format!(
            "fee above cap: the collection costs {} in all ({costs}), the cap is {}",
            show(total),
            show(cap)
        );
        let change = CollectionChange {
            from: vec![WaitingCollection],
            reason: Some(why),
            fee_estimated: Some(total),
            next_attempt_at: Some(self.ports.clock.now() + self.settings.retry),
            ..CollectionChange::default()
        };
        self.ports
            .collection_steps
            .change_collection(c.id, &change, self.ports.clock.now())
            .await?;
        report.held += 1;
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    async fn sign_sweep(
        &self,
        c: &CollectionRecord,
        ctx: &SweepContext,
        chain: &dyn ChainAdapter,
        parts: Vec<(i32, String, BaseUnits, BaseUnits)>,
        fee: BaseUnits,
        amounts: CollectionChange,
        report: &mut SweepReport,
    ) -> AppResult<()> {
        // Another collection's transaction from this address goes out before a new nonce.
        if self
            .ports
            .collection_steps
            .sends_waiting_from(c.chain_id, &c.address)
            .await?
        {
            return Ok(());
        }
        let key = self
            .key(
                c.merchant_id,
                chain,
                KeyPurpose::Deposit,
                ctx.key_index,
                &c.address,
            )
            .await?;
        let asset = ctx
            .contract
            .clone()
            .map(|contract| Asset::Token { contract })
            .unwrap_or(Asset::Native);
        let mut nonce = None;
        let mut steps = Vec::new();
        for (part, to, amount, part_fee) in parts {
            let request = TransferRequest {
                from: c.address.clone(),
                to: to.clone(),
                asset: asset.clone(),
                amount,
                nonce,
            };
            let signed = chain.sign_transfer(&key, &request).await.map_err(chain_failure)?;
            nonce = signed.nonce.map(|n| n + 1);
            steps.push(NewStep {
                kind: StepKind::Sweep,
                part,
                from_address: c.address.clone(),
                to_address: to,
                token_id: c.token_id,
                amount,
                fee_estimated: part_fee,
                signed,
            });
        }
        let change = CollectionChange {
            // Waiting for collection, or energy collecting: it stays where it is.
            from: vec![c.status],
            to: Some(c.status),
            reason: Some(String::new()),
            fee_estimated: Some(fee),
            steps,
            ..amounts
        };
        if !self.holds(Lease::Collection { id: c.id }).await? {
            return Ok(()); // taken over while quoting: the new holder signs its own
        }
        if !self
            .ports
            .collection_steps
            .change_collection(c.id, &change, self.ports.clock.now())
            .await?
        {
            return Ok(()); // moved meanwhile, or the nonce was taken: these are never sent
        }
        report.signed += 1;
        halt(SweepHalt::SweepSigned, self.settings.halt_after);
        for step in self.ports.collection_steps.steps(c.id).await? {
            if step.state == StepState::Signed {
                follow::broadcast(self, &step, chain, report, follow::own(&step)).await?;
            }
        }
        Ok(())
    }
}
