//! The withdrawal's states (shared numbering with deposits, docs/api.md) and which change is
//! allowed from where. Every change in this module's callers names the states it expects; the
//! repository applies it only from those, so two actors never both move an order.

/// 0 new order: checks (limits, risk control) still running.
pub const NEW: i32 = 0;
pub const AWAITING_REVIEW: i32 = 1;
/// Passed: released to the executor.
pub const PASS: i32 = 2;
pub const REJECT: i32 = 3;
/// No normal hot wallet holds the amount and the fee yet; retried.
pub const WAITING_SETTLEMENT: i32 = 4;
/// Signed and stored, being broadcast.
pub const WAITING_CONFIRM: i32 = 5;
/// Broadcast, not in a block yet.
pub const PROCESSING: i32 = 6;
pub const CONFIRMING: i32 = 7;
pub const COMPLETE: i32 = 8;
pub const FAILED: i32 = 10;

/// States no further change leaves (except review again from FAILED).
pub fn is_final(status: i32) -> bool {
    matches!(status, REJECT | COMPLETE | FAILED)
}

/// The executor's states: the order is the service's until it is final.
pub const EXECUTING: [i32; 5] = [PASS, WAITING_SETTLEMENT, WAITING_CONFIRM, PROCESSING, CONFIRMING];

/// Every allowed change (from, to). Tests walk the table; callers use the constants.
pub const TRANSITIONS: &[(i32, i32)] = &[
    (NEW, AWAITING_REVIEW),
    (NEW, PASS),
    (AWAITING_REVIEW, PASS),
    (AWAITING_REVIEW, REJECT),
    (PASS, WAITING_SETTLEMENT),
    (PASS, WAITING_CONFIRM),
    (WAITING_SETTLEMENT, WAITING_SETTLEMENT),
    (WAITING_SETTLEMENT, WAITING_CONFIRM),
    (PASS, FAILED),
    (WAITING_SETTLEMENT, FAILED),
    (WAITING_CONFIRM, PROCESSING),
    (WAITING_CONFIRM, CONFIRMING),
    (WAITING_CONFIRM, FAILED),
    (PROCESSING, CONFIRMING),
    (PROCESSING, FAILED),
    (CONFIRMING, COMPLETE),
    (CONFIRMING, FAILED),
    // A reorg took the block: the transaction is back in the mempool (or must be re-sent).
    (CONFIRMING, PROCESSING),
    // Review again: only from failed, 10 minutes after the approval (checked by the caller).
    (FAILED, AWAITING_REVIEW),
];

pub fn allowed(from: i32, to: i32) -> bool {
    TRANSITIONS.contains(&(from, to))
}

/// The states `to` may be entered from.
pub fn sources(to: i32) -> Vec<i32> {
    TRANSITIONS
        .iter()
        .filter(|(_, t)| *t == to)
        .map(|(f, _)| *f)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn money_moves_only_after_a_pass() {
        // Nothing reaches a signed state except through PASS.
        for (from, to) in TRANSITIONS {
            if *to == WAITING_CONFIRM {
                assert!(matches!(*from, PASS | WAITING_SETTLEMENT), "{from} -> {to}");
            }
        }
        assert!(!allowed(NEW, WAITING_CONFIRM));
        assert!(!allowed(AWAITING_REVIEW, WAITING_CONFIRM));
    }

    #[test]
    fn final_states_stay_final_except_review_again() {
        for (from, to) in TRANSITIONS {
            if is_final(*from) {
                assert_eq!((*from, *to), (FAILED, AWAITING_REVIEW));
            }
        }
        assert!(!allowed(COMPLETE, AWAITING_REVIEW));
        assert!(!allowed(REJECT, PASS));
    }

    #[test]
    fn sources_list_the_table() {
        assert_eq!(sources(REJECT), vec![AWAITING_REVIEW]);
        assert_eq!(sources(PASS), vec![NEW, AWAITING_REVIEW]);
        assert_eq!(sources(AWAITING_REVIEW), vec![NEW, FAILED]);
    }
}
