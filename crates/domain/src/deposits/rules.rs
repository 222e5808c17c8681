//! What a deposit's stored state follows from: when it has its confirmations, whether it is
//! credited, and its order number. The store writes what these decide.

use chrono::{DateTime, Utc};

use crate::ports::ConfirmingDeposit;

/// Blocks on top of and including the deposit's own, seen from `head`.
pub fn confirmations(head: u64, block_number: i64) -> i64 {
    head as i64 - block_number + 1
}

/// A confirming deposit becomes complete once its block is `required_confirmations` deep.
pub fn is_confirmed(deposit: &ConfirmingDeposit, head: u64) -> bool {
    confirmations(head, deposit.block_number) >= i64::from(deposit.required_confirmations)
}

/// The notes of a transfer recorded and never credited: below the token's dust line...
pub const DUST: &str = "dust";
/// ...of a token (or the coin) the merchant has not enabled...
pub const UNSUPPORTED: &str = "unsupported";
/// ...or from one of the merchant's own deposit addresses or hot wallets (a sweep, a payout).
pub const INTERNAL: &str = "internal";
/// ...or a recharge of 1 token or less to a recharge address (`points::recharge`)...
pub const BELOW_RECHARGE_MINIMUM: &str = "below_recharge_minimum";
/// ...or a payment to an end user's exchange address: exchanged, never credited
/// (`exchange::orders`).
pub const EXCHANGE: &str = "exchange";

/// Only a deposit of an enabled token above the dust line, from outside the merchant's own
/// addresses, is credited: every noted transfer (these, or a note a later version adds) is
/// recorded for the operator and never credited.
pub fn is_credited(note: &str) -> bool {
    note.is_empty()
}

/// `D`, the UTC day it was found and the deposit id in ten digits: `D202611240000000042`.
pub fn order_no(found_at: DateTime<Utc>, id: i64) -> String {
    format!("D{}{:010}", found_at.format("%Y%m%d"), id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn deposit(block_number: i64, required_confirmations: i32) -> ConfirmingDeposit {
        ConfirmingDeposit {
            id: 1,
            block_number,
            required_confirmations,
            note: String::new(),
        }
    }

    #[test]
    fn the_deposits_own_block_counts_as_its_first_confirmation() {
        assert_eq!(confirmations(100, 100), 1);
        assert_eq!(confirmations(111, 100), 12);
        // A head behind the deposit's block (the node lags the scanner) is no confirmation.
        assert_eq!(confirmations(98, 100), -1);
    }

    #[test]
    fn a_deposit_is_confirmed_at_exactly_its_required_depth() {
        assert!(!is_confirmed(&deposit(100, 12), 110));
        assert!(is_confirmed(&deposit(100, 12), 111));
        assert!(is_confirmed(&deposit(100, 12), 500));
        assert!(is_confirmed(&deposit(100, 1), 100));
    }

    #[test]
    fn dust_and_unsupported_transfers_are_not_credited() {
        assert!(is_credited(""));
        assert!(!is_credited(DUST));
        assert!(!is_credited(UNSUPPORTED));
        assert!(!is_credited(INTERNAL));
        assert!(!is_credited(BELOW_RECHARGE_MINIMUM));
        assert!(!is_credited(EXCHANGE));
        assert!(!is_credited("a reason added later"));
    }

    #[test]
    fn order_numbers_carry_the_day_and_ten_digits_of_the_id() {
        let at = Utc.with_ymd_and_hms(2026, 11, 24, 23, 59, 59).unwrap();
        assert_eq!(order_no(at, 42), "D202611240000000042");
        assert_eq!(order_no(at, 12_345_678_901), "D2026112412345678901");
    }
}
