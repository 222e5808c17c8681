//! `setTrxCollect`: once a TRON address's token sweep is confirmed and no token remains there
//! (every token of the chain reads zero at the address), the TRX left in it (an activation's
//! change, what top-ups left over) goes to the cold address the sweep went to, as the
//! collection's last step (kind 4), before the collection closes. All of it but the transfer's
//! own fee; nothing when that fee would take it all.

use super::executor::{SweepExecutor, SweepReport};
use super::follow;
use crate::amount::BaseUnits;
use crate::error::{AppError, AppResult};
use crate::ports::chain::{Asset, ChainAdapter, KeyPurpose, TransferRequest};
use crate::ports::{CollectionChange, CollectionRecord, NewStep, StepKind, StepRecord, StepState};

impl SweepExecutor {
    /// Called once every part of the sweep is confirmed: true when a leftover transfer was
    /// signed (the collection closes once it settles), false to close now.
    pub(super) async fn collect_leftover(
        &self,
        c: &CollectionRecord,
        steps: &[StepRecord],
        chain: &dyn ChainAdapter,
        report: &mut SweepReport,
    ) -> AppResult<bool> {
        let done = steps.iter().any(|s| s.kind == StepKind::Leftover);
        if c.token_id == 0 || done || self.chains.tron_resources(c.chain_id).is_none() {
            return Ok(false);
        }
        if !self
            .ports
            .energy_settings
            .smart_collection(c.merchant_id)
            .await?
            .trx_collect
        {
            return Ok(false);
        }
        let Some(cold) = steps
            .iter()
            .find(|s| s.kind == StepKind::Sweep && s.state == StepState::Confirmed)
            .map(|s| s.to_address.clone())
        else {
            return Ok(false);
        };
        if self.token_remains(c, chain).await? {
            return Ok(false);
        }
        let unavailable = |e: crate::ports::chain::ChainError| AppError::Unavailable(e.to_string());
        let balance = chain
            .balance(&c.address, &Asset::Native)
            .await
            .map_err(unavailable)?;
        let quote = TransferRequest {
            from: c.address.clone(),
            to: cold.clone(),
            asset: Asset::Native,
            amount: balance,
            nonce: None,
        };
        let fee = chain.estimate_fee(&quote).await.map_err(unavailable)?.fee;
        let Some(amount) = balance.checked_sub(fee).filter(|a| !a.is_zero()) else {
            return Ok(false);
        };
        let ctx = self.ports.collection_steps.sweep_context(c).await?;
        let key = self
            .key(
                c.merchant_id,
                chain,
                KeyPurpose::Deposit,
                ctx.key_index,
                &c.address,
            )
            .await?;
        let request = TransferRequest { amount, ..quote };
        let signed = chain
            .sign_transfer(&key, &request)
            .await
            .map_err(|e| AppError::internal(e.to_string()))?;
        let part = steps.iter().map(|s| s.part).max().unwrap_or(0) + 1;
        let change = CollectionChange {
            from: vec![c.status],
            to: Some(c.status),
            steps: vec![NewStep {
                kind: StepKind::Leftover,
                part,
                from_address: c.address.clone(),
                to_address: cold,
                token_id: 0,
                amount,
                fee_estimated: fee,
                signed,
            }],
            ..CollectionChange::default()
        };
        if !self.holds(crate::ports::Lease::Collection { id: c.id }).await?
            || !self
                .ports
                .collection_steps
                .change_collection(c.id, &change, self.ports.clock.now())
                .await?
        {
            return Ok(true); // moved meanwhile: never sent; the next round decides again
        }
        report.signed += 1;
        for step in self.ports.collection_steps.steps(c.id).await? {
            if step.state == StepState::Signed {
                follow::broadcast(self, &step, chain, report, follow::own(&step)).await?;
            }
        }
        Ok(true)
    }

    /// Whether any token of the chain is still at the address, as the chain reads it now.
    async fn token_remains(&self, c: &CollectionRecord, chain: &dyn ChainAdapter) -> AppResult<bool> {
        let nodes = self.ports.config.chain_nodes().await?;
        let contracts = nodes
            .iter()
            .filter(|n| n.chainid == c.chain_id)
            .flat_map(|n| n.tokens.iter())
            .filter(|t| !t.contract.trim().is_empty())
            .map(|t| t.contract.clone());
        for contract in contracts {
            let held = chain
                .balance(&c.address, &Asset::Token { contract })
                .await
                .map_err(|e| AppError::Unavailable(e.to_string()))?;
            if held > BaseUnits::ZERO {
                return Ok(true);
            }
        }
        Ok(false)
    }
}
