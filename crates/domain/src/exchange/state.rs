//! An exchange order's states (the shared numbering, docs/api.md) and which change is allowed
//! from where. Every change names the states it expects; the repository applies it only from
//! those, so two actors never both move an order.

use crate::ports::OrderStatus::{self, *};

/// States no further change leaves.
pub fn is_final(status: OrderStatus) -> bool {
    matches!(status, Complete | Refunded | Expired | Failed)
}

/// Every allowed change (from, to). Tests walk the table; callers name the states.
pub const TRANSITIONS: &[(OrderStatus, OrderStatus)] = &[
    // The end user's payment is seen on chain (an address order starts at Confirming).
    (New, Confirming),
    // No payment by the order's deadline.
    (New, Expired),
    // Confirmed and priced: its payout withdrawal exists.
    (Confirming, Passed),
    // Confirmed outside the pair's rules: refunded or held, as the pair says.
    (Confirming, Refunding),
    (Confirming, AwaitingReview),
    // The chain dropped the payment (a reorganisation): nothing to exchange.
    (Confirming, Failed),
    // A person decides a held exchange: pay it out at a fresh rate, or send the payment back.
    (AwaitingReview, Passed),
    (AwaitingReview, Refunding),
    // The payout follows its withdrawal: broadcast, then confirmed, held for its review, or
    // failed (then refunded).
    (Passed, Processing),
    // ... or broadcast and confirmed between two rounds.
    (Passed, Complete),
    (Passed, AwaitingReview),
    (Passed, Refunding),
    (Processing, Complete),
    (Processing, Refunding),
    // A failed payout whose payer may not be paid back waits for a person.
    (Processing, AwaitingReview),
    (Refunding, Refunded),
    // A refund that cannot be paid waits for a person.
    (Refunding, Failed),
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
    fn money_goes_out_only_after_a_confirmed_payment() {
        for (from, to) in TRANSITIONS {
            if matches!(to, Passed | Refunding) {
                assert!(
                    matches!(from, Confirming | AwaitingReview | Passed | Processing),
                    "{from:?} -> {to:?}"
                );
            }
        }
        assert!(!allowed(New, Passed));
        assert!(!allowed(New, Refunding));
    }

    #[test]
    fn final_states_stay_final() {
        for (from, to) in TRANSITIONS {
            assert!(!is_final(*from), "{from:?} -> {to:?}");
        }
    }

    #[test]
    fn an_exchange_never_takes_a_withdrawal_only_or_deposit_only_state() {
        for (from, to) in TRANSITIONS {
            for s in [from, to] {
                assert!(!matches!(
                    s,
                    WaitingSettlement | WaitingConfirm | PartiallyComplete | Void | Rejected
                ));
            }
        }
    }
}
