//! Transfer keys, each derived from what caused the transfer, so a retry of the same cause
//! finds the transfer that exists. A key is at most 200 characters (the column is 255).

use super::{Cause, TransferKind};

/// The fee hold of a piece of work: `fee:collection:12`, `fee:withdrawal:34`, `fee:energy:5`.
pub fn fee_hold(cause: Cause, work_id: i64) -> String {
    format!("fee:{}:{work_id}", cause_name(cause))
}

/// The resolution of a hold: `<hold key>/post`, `/void` or `/expiry`. A hold has at most one
/// resolution whatever its kind (the store's unique `pending_id`), so a post racing an expiry
/// finds the hold resolved.
pub fn resolution(hold_key: &str, kind: TransferKind) -> String {
    let suffix = match kind {
        TransferKind::Post => "post",
        TransferKind::Void => "void",
        TransferKind::Expiry => "expiry",
        TransferKind::Single | TransferKind::Hold => "resolution",
    };
    format!("{hold_key}/{suffix}")
}

/// A recharge: one per (chain, transaction, log index), whoever scans it and how often.
pub fn recharge(chain: &str, tx_hash: &str, log_index: i64) -> String {
    format!("recharge:{chain}:{}:{log_index}", tx_hash.to_ascii_lowercase())
}

/// The reversal of a recharge whose transaction a reorganisation removed.
pub fn reversal(recharge_key: &str) -> String {
    format!("{recharge_key}/reversal")
}

/// What a bill payment paid above its bill: once per bill.
pub fn bill_overpayment(bill_id: i64) -> String {
    format!("bill:{bill_id}:overpayment")
}

/// The reference the ledger screen links: `collection:12`.
pub fn reference(cause: Cause, id: i64) -> String {
    format!("{}:{id}", cause_name(cause))
}

/// The work a reference names: `collection:12` -> 12.
pub fn work_id(reference: &str) -> Option<i64> {
    reference.rsplit_once(':')?.1.parse().ok()
}

fn cause_name(cause: Cause) -> &'static str {
    match cause {
        Cause::Recharge | Cause::RechargeReversal => "recharge",
        Cause::CollectionFee => "collection",
        Cause::PaymentFee => "withdrawal",
        Cause::EnergyFee => "energy",
        Cause::CollectionEnergy => "collection-energy",
        Cause::ExchangeFee => "exchange",
        Cause::BillOverpayment | Cause::BillPayment | Cause::MonthlyFee => "bill",
        Cause::Grant => "grant",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cause_gives_one_key_and_its_resolutions_their_own() {
        let hold = fee_hold(Cause::CollectionFee, 12);
        assert_eq!(hold, "fee:collection:12");
        assert_eq!(fee_hold(Cause::PaymentFee, 12), "fee:withdrawal:12");
        assert_eq!(resolution(&hold, TransferKind::Post), "fee:collection:12/post");
        assert_ne!(
            resolution(&hold, TransferKind::Void),
            resolution(&hold, TransferKind::Expiry)
        );
        // The same payment spelt in either case is one recharge.
        assert_eq!(recharge("tron", "0xAB", 3), recharge("tron", "0xab", 3));
        assert_eq!(reversal("recharge:tron:0xab:3"), "recharge:tron:0xab:3/reversal");
        assert_eq!(work_id(&reference(Cause::CollectionFee, 12)), Some(12));
        assert_eq!(work_id("collection"), None);
    }
}
