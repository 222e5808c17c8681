//! The withdrawal's states (shared numbering with deposits, docs/api.md) and which change is
//! allowed from where. Every change in this module's callers names the states it expects; the
//! repository applies it only from those, so two actors never both move an order.

use crate::ports::OrderStatus::{self, *};

/// States no further change leaves (except review again from Failed).
pub fn is_final(status: OrderStatus) -> bool {
    matches!(status, Rejected | Complete | Failed)
}

/// The executor's states: the order is the service's until it is final.
pub const EXECUTING: [OrderStatus; 5] = [Passed, WaitingSettlement, WaitingConfirm, Processing, Confirming];

/// Every allowed change (from, to). Tests walk the table; callers name the states.
pub const TRANSITIONS: &[(OrderStatus, OrderStatus)] = &[
    (New, AwaitingReview),
    (New, Passed),
    (AwaitingReview, Passed),
    (AwaitingReview, Rejected),
    (Passed, WaitingSettlement),
    (Passed, WaitingConfirm),
    (WaitingSettlement, WaitingSettlement),
    (WaitingSettlement, WaitingConfirm),
    (Passed, Failed),
    (WaitingSettlement, Failed),
    (WaitingConfirm, Processing),
    (WaitingConfirm, Confirming),
    (WaitingConfirm, Failed),
    (Processing, Confirming),
    (Processing, Failed),
    (Confirming, Complete),
    (Confirming, Failed),
    // A reorg took the block: the transaction is back in the mempool (or must be re-sent).
    (Confirming, Processing),
    // Review again: only from failed, 10 minutes after the approval (checked by the caller).
    (Failed, AwaitingReview),
];

pub fn allowed(from: OrderStatus, to: OrderStatus) -> bool {
    crate::codes::allowed(TRANSITIONS, from, to)
}

/// The states `to` may be entered from.
pub fn sources(to: OrderStatus) -> Vec<OrderStatus> {
    crate::codes::sources(TRANSITIONS, to)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn money_moves_only_after_a_pass() {
        // Nothing reaches a signed state except through Passed.
        for (from, to) in TRANSITIONS {
            if *to == WaitingConfirm {
                assert!(matches!(*from, Passed | WaitingSettlement), "{from:?} -> {to:?}");
            }
        }
        assert!(!allowed(New, WaitingConfirm));
        assert!(!allowed(AwaitingReview, WaitingConfirm));
    }

    #[test]
    fn final_states_stay_final_except_review_again() {
        for (from, to) in TRANSITIONS {
            if is_final(*from) {
                assert_eq!((*from, *to), (Failed, AwaitingReview));
            }
        }
        assert!(!allowed(Complete, AwaitingReview));
        assert!(!allowed(Rejected, Passed));
    }

    #[test]
    fn sources_list_the_table() {
        assert_eq!(sources(Rejected), vec![AwaitingReview]);
        assert_eq!(sources(Passed), vec![New, AwaitingReview]);
        assert_eq!(sources(AwaitingReview), vec![New, Failed]);
    }
}
