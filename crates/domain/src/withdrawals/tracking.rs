//! Following a broadcast withdrawal on chain: included and confirmed -> complete; reverted ->
//! failed; back in the mempool after a reorg -> processing again; unknown to the node -> the
//! same signed transaction is sent again, and only if the node refuses it for good (its nonce
//! taken by another transaction, or expired on TRON) does the order fail, with nothing paid.

use super::executor::{ExecReport, WithdrawalExecutor};
use crate::callbacks::events::CallbackEvents;
use crate::error::{AppError, AppResult};
use crate::ports::chain::{ChainAdapter, ChainError, SignedTx, TxStatus};
use crate::ports::OrderStatus;
use crate::ports::WithdrawalEvent;
use crate::ports::{Lease, Transition, WithdrawalRecord};

pub(super) async fn follow(
    exec: &WithdrawalExecutor,
    w: WithdrawalRecord,
    chain: &dyn ChainAdapter,
    events: &CallbackEvents,
    report: &mut ExecReport,
) -> AppResult<()> {
    let unavailable = |e: ChainError| AppError::Unavailable(e.to_string());
    let now = exec.ports.clock.now();
    let change = match chain.status(&w.tx_hash).await.map_err(unavailable)? {
        TxStatus::Included {
            success: false,
            block,
        } => Transition {
            from: vec![OrderStatus::Processing, OrderStatus::Confirming],
            to: OrderStatus::Failed,
            block_number: Some(Some(block as i64)),
            reason: Some("the transaction failed on chain (reverted); nothing was paid".into()),
            event: Some(WithdrawalEvent::Failed),
            ..Transition::default()
        },
        TxStatus::Included { success: true, block } => {
            let head = chain.head().await.map_err(unavailable)?.number;
            let confirmations = head.saturating_sub(block) + 1;
            if confirmations >= w.required_confirmations.max(1) as u64 {
                Transition {
                    from: vec![OrderStatus::Processing, OrderStatus::Confirming],
                    to: OrderStatus::Complete,
                    block_number: Some(Some(block as i64)),
                    actual_amount: Some(w.amount),
                    completed_at: Some(now),
                    event: Some(WithdrawalEvent::Confirmed),
                    ..Transition::default()
                }
            } else if w.status == OrderStatus::Processing || w.block_number != Some(block as i64) {
                Transition {
                    from: vec![OrderStatus::Processing, OrderStatus::Confirming],
                    to: OrderStatus::Confirming,
                    block_number: Some(Some(block as i64)),
                    ..Transition::default()
                }
            } else {
                return Ok(());
            }
        }
        TxStatus::Pending if w.status == OrderStatus::Confirming => Transition {
            from: vec![OrderStatus::Confirming],
            to: OrderStatus::Processing,
            block_number: Some(None),
            ..Transition::default()
        },
        TxStatus::Pending => return Ok(()),
        TxStatus::Unknown if !exec.holds(Lease::Withdrawal { id: w.id }).await? => return Ok(()),
        TxStatus::Unknown => {
            let signed = SignedTx {
                hash: w.tx_hash.clone(),
                raw: w.signed_raw.clone(),
                nonce: w.nonce.map(|n| n as u64),
            };
            match chain.broadcast(&signed).await {
                Ok(()) if w.status == OrderStatus::Confirming => Transition {
                    from: vec![OrderStatus::Confirming],
                    to: OrderStatus::Processing,
                    block_number: Some(None),
                    ..Transition::default()
                },
                Ok(()) => return Ok(()),
                Err(ChainError::Unavailable(e)) => return Err(AppError::Unavailable(e)),
                // Refused here but not provably dead: other nodes may still include it, so
                // failing it now could let the merchant pay twice. Sent again next round.
                Err(e @ (ChainError::Rejected(_) | ChainError::Protocol(_))) => {
                    tracing::warn!(withdrawal_id = w.id, hash = %w.tx_hash, error = %e, "payout dropped and refused again; not provably dead, kept");
                    return Ok(());
                }
                Err(e) => Transition {
                    from: vec![OrderStatus::Processing, OrderStatus::Confirming],
                    to: OrderStatus::Failed,
                    block_number: Some(None),
                    reason: Some(format!(
                        "dropped by the chain and refused again: {e}; nothing was paid"
                    )),
                    event: Some(WithdrawalEvent::Failed),
                    ..Transition::default()
                },
            }
        }
    };
    let to = change.to;
    if exec
        .ports
        .withdrawals
        .transition(w.id, &change, now, events)
        .await?
        .is_some()
    {
        match to {
            OrderStatus::Complete => report.completed += 1,
            OrderStatus::Failed => report.failed += 1,
            _ => {}
        }
        if matches!(to, OrderStatus::Complete | OrderStatus::Failed) {
            // The paying wallet's balance changed (the amount, or the fee of a reverted
            // transaction): Home reads it again now rather than at the next scheduled read.
            let wallet = [w.from_address.clone()];
            exec.ports
                .balances
                .read_soon(w.merchant_id, w.chain_id, &wallet, now)
                .await?;
        }
    }
    Ok(())
}
