//! The fee top-up: native coin from the merchant's fee wallet (a hot wallet marked for it) to
//! a deposit address that lacks what its sweep costs. Signed under the wallet's signing lease,
//! the one withdrawals take, after every transaction of the wallet already stored has gone out,
//! so nonces follow each other whoever signed them.
//!
//! On TRON a deposit address that received only tokens does not exist yet and cannot send:
//! the top-up to it is its activation too (one TRX transfer does both; its quote includes the
//! activation fee), stored as an [`StepKind::Activation`] step so the collection shows it.

use super::executor::{halt, SweepExecutor, SweepHalt, SweepReport};
use super::follow;
use super::state::CollectionStatus::*;
use crate::amount::BaseUnits;
use crate::error::{AppError, AppResult};
use crate::ports::chain::{Asset, ChainAdapter, ChainError, KeyPurpose, TransferRequest};
use crate::ports::{
    CollectionChange, CollectionRecord, HotWalletStatus, Lease, NewStep, StepKind, StepState, SweepContext,
};

/// What a top-up is for: `amount` to send, the sweep's `fee` it pays, and what the collection
/// `spent` already (with the top-up's own fee, all counted against the cap).
#[derive(Debug, Clone, Copy)]
pub(super) struct Need {
    pub amount: BaseUnits,
    pub fee: BaseUnits,
    pub spent: BaseUnits,
}

pub(super) async fn send(
    exec: &SweepExecutor,
    c: &CollectionRecord,
    ctx: &SweepContext,
    chain: &dyn ChainAdapter,
    need: Need,
    native_decimals: i32,
    report: &mut SweepReport,
) -> AppResult<()> {
    let Some(wallet) = ctx.fees.fee_wallet.clone() else {
        let why = "no fee wallet: mark a hot wallet of this chain as the fee wallet (Fund collection, Fees)";
        return exec.hold(c, why, report).await;
    };
    if wallet.status != HotWalletStatus::Normal {
        return exec.hold(c, "the fee wallet is paused", report).await;
    }
    let now = exec.ports.clock.now();
    let leases = &exec.ports.withdrawal_leases;
    if !leases
        .lease_wallet(
            c.chain_id,
            &wallet.address,
            &exec.owner,
            now,
            now + exec.settings.lease,
        )
        .await?
    {
        return Ok(()); // another signer holds the wallet: the next round tries again
    }
    let outcome = sign_and_send(exec, c, ctx, chain, &wallet, need, native_decimals, report).await;
    leases
        .release_wallet(c.chain_id, &wallet.address, &exec.owner)
        .await?;
    outcome
}

#[allow(clippy::too_many_arguments)]
async fn sign_and_send(
    exec: &SweepExecutor,
    c: &CollectionRecord,
    ctx: &SweepContext,
    chain: &dyn ChainAdapter,
    wallet: &crate::ports::HotWalletRecord,
    need: Need,
    native_decimals: i32,
    report: &mut SweepReport,
) -> AppResult<()> {
    let Need { amount, fee, spent } = need;
    let unavailable = |e: ChainError| AppError::Unavailable(e.to_string());
    // A withdrawal stored before a crash goes out first (its executor sends it).
    if !exec
        .ports
        .withdrawal_leases
        .signed_unsent(c.chain_id, &wallet.address)
        .await?
        .is_empty()
    {
        return Ok(());
    }
    for unsent in exec
        .ports
        .collection_steps
        .unsent_from(c.chain_id, &wallet.address)
        .await?
    {
        let turn = Lease::HotWallet {
            chain_id: c.chain_id,
            address: &wallet.address,
        };
        follow::broadcast(exec, &unsent, chain, report, turn).await?;
    }
    if exec
        .ports
        .collection_steps
        .sends_waiting_from(c.chain_id, &wallet.address)
        .await?
    {
        return Ok(());
    }
    let request = TransferRequest {
        from: wallet.address.clone(),
        to: c.address.clone(),
        asset: Asset::Native,
        amount,
        nonce: None,
    };
    let own_fee = chain.estimate_fee(&request).await.map_err(unavailable)?.fee;
    // The cap is what the whole collection may cost: the top-up (an activation too) counts.
    if let Some((total, cap)) = super::sweep::over_cap(spent, fee.saturating_add(own_fee), ctx.fees.max_fee) {
        let show = |v: BaseUnits| v.to_decimal(u8::try_from(native_decimals).unwrap_or(18));
        let costs = format!("the top-up costs {}, the sweep {}", show(own_fee), show(fee));
        return exec
            .above_cap(c, total, cap, &costs, native_decimals, report)
            .await;
    }
    let kind = if chain.needs_activation(&c.address).await.map_err(unavailable)? {
        StepKind::Activation
    } else {
        StepKind::TopUp
    };
    let need = amount.saturating_add(own_fee);
    // What the wallet's payouts and other top-ups not yet in a block will spend is not yet out
    // of the balance: a batch of top-ups must not all count the same coin.
    let ports = &exec.ports;
    let committed = crate::wallets::unmined_spend(
        ports.withdrawal_leases.as_ref(),
        ports.collection_steps.as_ref(),
        c.chain_id,
        &wallet.address,
        None,
    )
    .await?
    .native;
    let holds = chain
        .balance(&wallet.address, &Asset::Native)
        .await
        .map_err(unavailable)?
        .checked_sub(committed)
        .unwrap_or(BaseUnits::ZERO);
    if holds < need {
        let show = |v: BaseUnits| v.to_decimal(u8::try_from(native_decimals).unwrap_or(18));
        let why = format!(
            "the fee wallet holds {}, the top-up needs {} with its own fee",
            show(holds),
            show(need)
        );
        return exec.hold(c, &why, report).await;
    }
    let key = exec
        .key(
            c.merchant_id,
            chain,
            KeyPurpose::HotWallet,
            wallet.key_index,
            &wallet.address,
        )
        .await?;
    let signed = chain
        .sign_transfer(&key, &request)
        .await
        .map_err(|e| AppError::internal(e.to_string()))?;
    let change = CollectionChange {
        from: vec![WaitingCollection],
        to: Some(WaitingFeeArrival),
        reason: Some(String::new()),
        fee_estimated: Some(fee),
        steps: vec![NewStep {
            kind,
            part: 0,
            from_address: wallet.address.clone(),
            to_address: c.address.clone(),
            token_id: 0,
            amount,
            fee_estimated: own_fee,
            signed,
        }],
        ..CollectionChange::default()
    };
    let turn = Lease::HotWallet {
        chain_id: c.chain_id,
        address: &wallet.address,
    };
    if !exec.holds(Lease::Collection { id: c.id }).await? || !exec.holds(turn).await? {
        return Ok(()); // taken over while quoting: this signature is never stored or sent
    }
    if !exec
        .ports
        .collection_steps
        .change_collection(c.id, &change, exec.ports.clock.now())
        .await?
    {
        return Ok(());
    }
    report.signed += 1;
    halt(SweepHalt::TopUpSigned, exec.settings.halt_after);
    for step in exec.ports.collection_steps.steps(c.id).await? {
        if step.state == StepState::Signed {
            follow::broadcast(exec, &step, chain, report, follow::own(&step)).await?;
        }
    }
    Ok(())
}
