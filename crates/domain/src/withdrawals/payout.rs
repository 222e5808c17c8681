//! Paying an order: under the hot wallet's signing turn, what the wallet stored before goes
//! out first, then the order's transaction is signed, stored and sent. Each write and each send
//! happens only while this executor still holds the lease it works under (the order's, or the
//! wallet's for another order's stored transaction); the state-conditional writes keep anything
//! from being paid twice whatever the leases say.

use super::executor::{halt, ExecReport, HaltPoint, WithdrawalExecutor};
use crate::amount::BaseUnits;
use crate::callbacks::events::CallbackEvents;
use crate::error::{AppError, AppResult};
use crate::ports::chain::{ChainAdapter, ChainError, KeyPurpose, TransferRequest};
use crate::ports::{Lease, OrderStatus, Transition, WithdrawalEvent, WithdrawalRecord};

impl WithdrawalExecutor {
    #[allow(clippy::too_many_arguments)]
    pub(super) async fn sign_and_send(
        &self,
        w: &WithdrawalRecord,
        chain: &dyn ChainAdapter,
        wallet: &crate::ports::HotWalletRecord,
        request: &TransferRequest,
        fee: BaseUnits,
        events: &CallbackEvents,
        report: &mut ExecReport,
    ) -> AppResult<()> {
        // A transaction of this wallet stored before a crash goes out before any new one.
        for unsent in self
            .ports
            .withdrawal_leases
            .signed_unsent(w.chain_id, &wallet.address)
            .await?
        {
            let turn = Lease::HotWallet {
                chain_id: w.chain_id,
                address: &wallet.address,
            };
            self.broadcast(&unsent, chain, events, report, turn).await?;
        }
        // A collection's fee top-up stored from this wallet goes out first too (its executor
        // sends it); signing now would take its nonce.
        if self
            .ports
            .collection_steps
            .sends_waiting_from(w.chain_id, &wallet.address)
            .await?
        {
            return Ok(());
        }
        let seed = self.vault.seed(w.merchant_id).await?;
        let key = chain
            .derive(&seed, KeyPurpose::HotWallet, wallet.key_index)
            .map_err(|e| AppError::internal(e.to_string()))?;
        if key.address != wallet.address {
            return Err(AppError::internal("hot wallet key does not match its address"));
        }
        let signed = match chain.sign_transfer(&key.secret, request).await {
            Ok(signed) => signed,
            Err(ChainError::Unavailable(e)) => return Err(AppError::Unavailable(e)),
            Err(e) => {
                return self
                    .fail(
                        w,
                        &[OrderStatus::Passed, OrderStatus::WaitingSettlement],
                        &e.to_string(),
                        events,
                        report,
                    )
                    .await
            }
        };
        let turn = Lease::HotWallet {
            chain_id: w.chain_id,
            address: &wallet.address,
        };
        if !self.holds(Lease::Withdrawal { id: w.id }).await? || !self.holds(turn).await? {
            return Ok(()); // taken over while signing: this signature is never stored or sent
        }
        let now = self.ports.clock.now();
        let stored = Transition {
            from: vec![OrderStatus::Passed, OrderStatus::WaitingSettlement],
            to: OrderStatus::WaitingConfirm,
            from_address: Some(wallet.address.clone()),
            fee: Some(fee),
            tx_hash: Some(signed.hash.clone()),
            signed_raw: Some(signed.raw.clone()),
            nonce: Some(signed.nonce.map(|n| n as i64)),
            reason: Some(String::new()),
            ..Transition::default()
        };
        let Some(stored) = self
            .ports
            .withdrawals
            .transition(w.id, &stored, now, events)
            .await?
        else {
            return Ok(()); // moved by someone else meanwhile: this signature is never sent
        };
        report.signed += 1;
        halt(HaltPoint::Signed, self.settings.halt_after);
        self.broadcast(&stored, chain, events, report, Lease::Withdrawal { id: w.id })
            .await
    }

    /// Sends a stored transaction (again) while this executor holds `lease`; the node may
    /// already have it.
    pub(super) async fn broadcast(
        &self,
        w: &WithdrawalRecord,
        chain: &dyn ChainAdapter,
        events: &CallbackEvents,
        report: &mut ExecReport,
        lease: Lease<'_>,
    ) -> AppResult<()> {
        if !self.holds(lease).await? {
            return Ok(()); // the process that took it over sends it
        }
        let signed = crate::ports::chain::SignedTx {
            hash: w.tx_hash.clone(),
            raw: w.signed_raw.clone(),
            nonce: w.nonce.map(|n| n as u64),
        };
        match chain.broadcast(&signed).await {
            Ok(()) => {}
            // Stays OrderStatus::WaitingConfirm: the tracker sends it again.
            Err(ChainError::Unavailable(e)) => {
                tracing::warn!(withdrawal_id = w.id, error = %e, "broadcast failed; will retry");
                return Ok(());
            }
            Err(e) => {
                return self
                    .fail(
                        w,
                        &[OrderStatus::WaitingConfirm],
                        &format!("rejected by the node: {e}"),
                        events,
                        report,
                    )
                    .await
            }
        }
        halt(HaltPoint::Broadcast, self.settings.halt_after);
        let now = self.ports.clock.now();
        let sent = Transition {
            from: vec![OrderStatus::WaitingConfirm],
            to: OrderStatus::Processing,
            broadcast_at: Some(now),
            event: Some(WithdrawalEvent::Broadcast),
            ..Transition::default()
        };
        if self
            .ports
            .withdrawals
            .transition(w.id, &sent, now, events)
            .await?
            .is_some()
        {
            report.broadcast += 1;
        }
        Ok(())
    }

    pub(super) async fn fail(
        &self,
        w: &WithdrawalRecord,
        from: &[OrderStatus],
        reason: &str,
        events: &CallbackEvents,
        report: &mut ExecReport,
    ) -> AppResult<()> {
        tracing::warn!(withdrawal_id = w.id, reason, "withdrawal failed");
        let change = Transition {
            from: from.to_vec(),
            to: OrderStatus::Failed,
            reason: Some(reason.chars().take(500).collect()),
            event: Some(WithdrawalEvent::Failed),
            ..Transition::default()
        };
        if self
            .ports
            .withdrawals
            .transition(w.id, &change, self.ports.clock.now(), events)
            .await?
            .is_some()
        {
            report.failed += 1;
        }
        Ok(())
    }
}
