//! Holding a withdrawal whose step failed, so that one bad order never stops the executor's
//! round for every other order (and every other merchant).

use super::executor::WithdrawalExecutor;
use super::risk;
use crate::callbacks::events::CallbackEvents;
use crate::error::{AppError, AppResult};
use crate::ports::OrderStatus;
use crate::ports::WithdrawalEvent;
use crate::ports::Work;
use crate::ports::{Transition, WithdrawalRecord};

/// The executor's three stages, named in logs and hold reasons.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Stage {
    Screen,
    Pay,
    Track,
}

impl Stage {
    fn name(self) -> &'static str {
        match self {
            Stage::Screen => "screening",
            Stage::Pay => "paying",
            Stage::Track => "tracking",
        }
    }
}

impl WithdrawalExecutor {
    /// Releases the order after its step; a failure is held (see [`Self::hold`]).
    pub(super) async fn finish(
        &self,
        w: &WithdrawalRecord,
        stage: Stage,
        outcome: AppResult<()>,
        events: &CallbackEvents,
    ) {
        if let Err(err) = outcome {
            tracing::error!(withdrawal_id = w.id, merchant_id = w.merchant_id, ?stage, error = %err, "withdrawal step failed");
            if let Err(e) = self.hold(w, stage, &err, events).await {
                tracing::error!(withdrawal_id = w.id, error = %e, "the failed withdrawal could not be held");
            }
        }
        // The step's transitions (and their callback events) are committed by now.
        self.ports.wakeups.ready(Work::Callbacks);
        if let Err(e) = self
            .ports
            .withdrawal_leases
            .release_withdrawal(w.id, &self.owner)
            .await
        {
            tracing::warn!(withdrawal_id = w.id, error = %e, "lease not released; it runs out");
        }
    }

    /// A node or the database away is retried next round, as before. Anything else is held:
    /// a new order goes to the review queue (a person passes or rejects it), an order further
    /// on keeps its state, with the reason, until `hold_retry` has passed.
    async fn hold(
        &self,
        w: &WithdrawalRecord,
        stage: Stage,
        err: &AppError,
        events: &CallbackEvents,
    ) -> AppResult<()> {
        if matches!(err, AppError::Unavailable(_)) {
            return Ok(());
        }
        let now = self.ports.clock.now();
        let reason = format!(
            "Held: {} failed on this order (withdrawal {}); see the service log",
            stage.name(),
            w.id
        );
        if stage == Stage::Screen {
            return self
                .hold_for_review(w, risk::reason::SCREENING_FAILED, &reason, events)
                .await;
        }
        self.ports
            .withdrawal_leases
            .hold_withdrawal(w.id, &reason, now + self.settings.hold_retry)
            .await
    }

    pub(super) async fn hold_for_review(
        &self,
        w: &WithdrawalRecord,
        why: &str,
        reason: &str,
        events: &CallbackEvents,
    ) -> AppResult<()> {
        let change = Transition {
            from: vec![OrderStatus::New],
            to: OrderStatus::AwaitingReview,
            review_required: Some(true),
            risk_reasons: Some(vec![why.to_string()]),
            reason: Some(reason.to_string()),
            event: Some(WithdrawalEvent::Review),
            ..Transition::default()
        };
        self.ports
            .withdrawals
            .transition(w.id, &change, self.ports.clock.now(), events)
            .await?;
        Ok(())
    }
}
