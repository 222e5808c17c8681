//! Following a collection's stored transactions on chain: a signed one is sent; a sent one is
//! seen in a block, then confirmed once deep enough (with the fee the chain says it cost); one
//! the node no longer knows (dropped, or reorganised away) is sent again, the same bytes; only
//! when the node says it can never be included ([`ChainError::Dead`]: its nonce used on chain
//! by another transaction, or expired on TRON) or it reverted is it dead, and only a dead step
//! is ever replaced. A step never sent that the node refuses is dead at once: it is nowhere.

use super::executor::{halt, SweepExecutor, SweepHalt, SweepReport};
use crate::error::{AppError, AppResult};
use crate::ports::chain::{ChainAdapter, ChainError, TxStatus};
use crate::ports::{Lease, StepKind, StepRecord, StepSeen, StepState};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flight {
    InFlight,
    Settled,
}

/// States whose transaction may still change on chain.
pub fn in_flight(state: StepState) -> bool {
    matches!(state, StepState::Signed | StepState::Broadcast | StepState::Seen)
}

fn unavailable(e: ChainError) -> AppError {
    AppError::Unavailable(e.to_string())
}

/// The lease a collection's own step is sent under.
pub fn own(step: &StepRecord) -> Lease<'static> {
    Lease::Collection {
        id: step.collection_id,
    }
}

/// Sends a stored step (again) while this executor holds `lease` (its collection's, or the
/// signing turn of the wallet it is sent from). A refusal of a step never sent before kills
/// it: nothing of it can be on chain.
pub async fn broadcast(
    exec: &SweepExecutor,
    step: &StepRecord,
    chain: &dyn ChainAdapter,
    report: &mut SweepReport,
    lease: Lease<'_>,
) -> AppResult<Flight> {
    if !exec.holds(lease).await? {
        return Ok(Flight::InFlight); // the process that took it over sends it
    }
    let now = exec.ports.clock.now();
    let steps = &exec.ports.collection_steps;
    match chain.broadcast(&step.signed()).await {
        Ok(()) => {}
        Err(ChainError::Unavailable(e)) => {
            tracing::warn!(step_id = step.id, error = %e, "collection broadcast failed; will retry");
            return Ok(Flight::InFlight);
        }
        Err(e) => {
            let seen = StepSeen {
                reason: Some(format!("refused by the node: {e}")),
                ..StepSeen::default()
            };
            steps
                .move_step(step.id, &[StepState::Signed], StepState::Dead, seen, now)
                .await?;
            return Ok(Flight::Settled);
        }
    }
    halt(
        match step.kind {
            StepKind::TopUp | StepKind::Activation => SweepHalt::TopUpBroadcast,
            StepKind::Sweep | StepKind::Leftover => SweepHalt::SweepBroadcast,
        },
        exec.settings.halt_after,
    );
    if steps
        .move_step(
            step.id,
            &[StepState::Signed],
            StepState::Broadcast,
            StepSeen::default(),
            now,
        )
        .await?
    {
        report.broadcast += 1;
    }
    Ok(Flight::InFlight)
}

/// Moves a step on by what the chain says of it now.
pub async fn follow(
    exec: &SweepExecutor,
    step: &StepRecord,
    chain: &dyn ChainAdapter,
    confirmations: u32,
    report: &mut SweepReport,
) -> AppResult<Flight> {
    if step.state == StepState::Signed {
        return broadcast(exec, step, chain, report, own(step)).await;
    }
    let now = exec.ports.clock.now();
    let steps = &exec.ports.collection_steps;
    let sent = [StepState::Broadcast, StepState::Seen];
    match chain.status(&step.tx_hash).await.map_err(unavailable)? {
        TxStatus::Included {
            success: false,
            block,
        } => {
            let seen = StepSeen {
                block: Some(block as i64),
                fee_paid: chain.fee_paid(&step.tx_hash).await.map_err(unavailable)?,
                reason: Some("reverted on chain: it moved nothing".into()),
            };
            steps
                .move_step(step.id, &sent, StepState::Dead, seen, now)
                .await?;
            Ok(Flight::Settled)
        }
        TxStatus::Included { success: true, block } => {
            let head = chain.head().await.map_err(unavailable)?.number;
            let depth = head.saturating_sub(block) + 1;
            if depth >= u64::from(confirmations.max(1)) {
                let fee_paid = chain.fee_paid(&step.tx_hash).await.map_err(unavailable)?;
                let seen = StepSeen {
                    block: Some(block as i64),
                    fee_paid: Some(fee_paid.unwrap_or(step.fee_estimated)),
                    reason: None,
                };
                steps
                    .move_step(step.id, &sent, StepState::Confirmed, seen, now)
                    .await?;
                return Ok(Flight::Settled);
            }
            if step.state != StepState::Seen || step.block_number != Some(block as i64) {
                let seen = StepSeen {
                    block: Some(block as i64),
                    ..StepSeen::default()
                };
                steps
                    .move_step(step.id, &sent, StepState::Seen, seen, now)
                    .await?;
            }
            Ok(Flight::InFlight)
        }
        TxStatus::Pending => back_in_the_mempool(exec, step).await,
        TxStatus::Unknown if !exec.holds(own(step)).await? => Ok(Flight::InFlight),
        TxStatus::Unknown => match chain.broadcast(&step.signed()).await {
            Ok(()) => {
                tracing::info!(step_id = step.id, hash = %step.tx_hash, "collection step dropped by the node; sent again");
                back_in_the_mempool(exec, step).await
            }
            Err(ChainError::Unavailable(e)) => Err(AppError::Unavailable(e)),
            Err(e @ ChainError::Dead(_)) => {
                let seen = StepSeen {
                    reason: Some(format!("dropped by the chain and refused again: {e}")),
                    ..StepSeen::default()
                };
                steps
                    .move_step(step.id, &sent, StepState::Dead, seen, now)
                    .await?;
                Ok(Flight::Settled)
            }
            // Refused here but not provably dead: other nodes may still include it, so it is
            // never replaced meanwhile. The collection says why it waits and is sent again
            // after the retry delay.
            Err(e) => {
                tracing::warn!(step_id = step.id, hash = %step.tx_hash, error = %e, "collection step dropped and refused again; not provably dead, kept");
                let why = format!(
                    "a transaction the node dropped was refused when sent again ({e}); kept, as it may still be included"
                );
                let until = now + exec.settings.retry;
                exec.ports
                    .collection_leases
                    .hold_collection(step.collection_id, &why, until)
                    .await?;
                report.held += 1;
                Ok(Flight::InFlight)
            }
        },
    }
}

/// A step seen in a block that is not in one any more (its block was reorganised away): it
/// waits to be included again.
async fn back_in_the_mempool(exec: &SweepExecutor, step: &StepRecord) -> AppResult<Flight> {
    if step.state == StepState::Seen {
        let now = exec.ports.clock.now();
        exec.ports
            .collection_steps
            .move_step(
                step.id,
                &[StepState::Seen],
                StepState::Broadcast,
                StepSeen::default(),
                now,
            )
            .await?;
    }
    Ok(Flight::InFlight)
}
