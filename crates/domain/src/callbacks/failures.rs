//! Failing deliveries, told to the operators: each failed attempt is counted per merchant on
//! `/metrics` (`coffer_callback_failures_total{merchant_id}`), and a WARN line names the merchant
//! and the event on its first failed attempt, every tenth, and the one that gives up, so a
//! merchant whose endpoint is down is seen without a line per retry.

use crate::ports::{AttemptOutcome, CallbackAttemptRecord, CallbackEventRecord};

/// Every how many failed attempts of one event a WARN line is written again.
const WARN_EVERY: i32 = 10;

/// Whether the `number`th attempt of an event, failed, is written at WARN.
fn worth_a_warning(number: i32, outcome: &AttemptOutcome) -> bool {
    number == 1 || number % WARN_EVERY == 0 || matches!(outcome, AttemptOutcome::Failed)
}

/// After an attempt of `event` (its `attempts` counted before this one).
pub(super) fn note_attempt(
    event: &CallbackEventRecord,
    attempt: &CallbackAttemptRecord,
    outcome: &AttemptOutcome,
) {
    if attempt.success {
        return;
    }
    metrics::counter!("coffer_callback_failures_total", "merchant_id" => event.merchant_id.to_string())
        .increment(1);
    let number = event.attempts + 1;
    if worth_a_warning(number, outcome) {
        tracing::warn!(
            merchant_id = event.merchant_id,
            event_id = %event.event_id,
            order_no = %event.order_no,
            attempt = number,
            reason = %attempt.reason,
            http_status = ?attempt.http_status,
            gave_up = matches!(outcome, AttemptOutcome::Failed),
            "callback delivery failed"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_failure_every_tenth_and_the_last_are_warned() {
        let retry = AttemptOutcome::Retry {
            at: chrono::DateTime::UNIX_EPOCH,
        };
        let warned: Vec<i32> = (1..=25).filter(|n| worth_a_warning(*n, &retry)).collect();
        assert_eq!(warned, vec![1, 10, 20]);
        assert!(worth_a_warning(7, &AttemptOutcome::Failed));
    }
}
