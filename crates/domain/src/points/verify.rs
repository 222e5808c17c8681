//! `coffer admin ledger verify`: the ledger's invariants, checked over what the store reads.
//!
//! - every asset sums to zero over all accounts (each transfer debits one and credits another);
//! - replaying every transfer from zero gives every account's stored totals;
//! - a hold is resolved at most once, and a post takes at most its hold, between its accounts;
//! - every fee-bearing collection and withdrawal that ended has exactly one posted fee or a
//!   voided hold.

use std::collections::BTreeMap;

use super::{AccountRef, Balance, PointAsset};
use crate::codes::StoredCode;
use crate::ports::LedgerFacts;

/// The differences found; empty when the ledger holds.
pub fn differences(facts: &LedgerFacts) -> Vec<String> {
    let mut found = Vec::new();
    let mut sums: BTreeMap<i32, (i128, i128)> = BTreeMap::new();
    for (_, asset, balance) in &facts.accounts {
        let sum = sums.entry(asset.code()).or_default();
        sum.0 += i128::from(balance.credits_posted) - i128::from(balance.debits_posted);
        sum.1 += i128::from(balance.credits_pending) - i128::from(balance.debits_pending);
    }
    for (asset, (posted, pending)) in sums {
        if posted != 0 || pending != 0 {
            found.push(format!(
                "asset {}: accounts sum to {posted} posted and {pending} pending, not 0",
                asset_name(asset)
            ));
        }
    }
    let stored = by_account(&facts.accounts);
    let replayed = by_account(&facts.replayed);
    for (key, balance) in &stored {
        let again = replayed.get(key).copied().unwrap_or_default();
        if !same_totals(balance, &again) {
            found.push(format!(
                "{}: stored {} but the transfers give {}",
                account_name(key),
                totals(balance),
                totals(&again)
            ));
        }
    }
    for key in replayed.keys().filter(|key| !stored.contains_key(*key)) {
        found.push(format!(
            "{}: transfers name an account that does not exist",
            account_name(key)
        ));
    }
    for id in &facts.resolved_twice {
        found.push(format!("hold {id}: resolved more than once"));
    }
    for id in &facts.bad_posts {
        found.push(format!(
            "transfer {id}: posts more than its hold, or not between the hold's accounts"
        ));
    }
    for id in &facts.open_mismatch {
        found.push(format!(
            "hold {id}: marked open and resolved, or resolved and still marked open"
        ));
    }
    for (key, what) in &facts.unsettled_fees {
        found.push(format!("fee {key}: {what}"));
    }
    for (id, what) in &facts.bad_bills {
        found.push(format!("bill {id}: {what}"));
    }
    found
}

type AccountKey = (AccountRef, i32);

fn by_account(rows: &[(AccountRef, PointAsset, Balance)]) -> BTreeMap<AccountKey, Balance> {
    rows.iter()
        .map(|(account, asset, balance)| ((*account, asset.code()), *balance))
        .collect()
}

/// The totals transfers make; the credit limit is the operator's setting, not a transfer's.
fn same_totals(a: &Balance, b: &Balance) -> bool {
    (
        a.debits_posted,
        a.credits_posted,
        a.debits_pending,
        a.credits_pending,
    ) == (
        b.debits_posted,
        b.credits_posted,
        b.debits_pending,
        b.credits_pending,
    )
}

fn totals(b: &Balance) -> String {
    format!(
        "debits {} posted {} pending, credits {} posted {} pending",
        b.debits_posted, b.debits_pending, b.credits_posted, b.credits_pending
    )
}

fn asset_name(code: i32) -> &'static str {
    match PointAsset::from_code(code) {
        Some(PointAsset::Usdt) => "USDT points",
        Some(PointAsset::Trx) => "TRX points",
        None => "unknown",
    }
}

fn account_name((account, asset): &AccountKey) -> String {
    let whose = match account {
        AccountRef::Merchant(id) => format!("merchant {id}"),
        AccountRef::Revenue => "revenue".into(),
        AccountRef::Outside => "outside".into(),
        AccountRef::Grants => "grants".into(),
        AccountRef::Billed(id) => format!("merchant {id} billed"),
    };
    format!("{whose} {}", asset_name(*asset))
}

impl PartialOrd for AccountRef {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for AccountRef {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.kind().code(), self.merchant()).cmp(&(other.kind().code(), other.merchant()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn posted(credits: i64, debits: i64) -> Balance {
        Balance {
            credits_posted: credits,
            debits_posted: debits,
            ..Balance::default()
        }
    }

    #[test]
    fn a_balanced_ledger_has_no_difference_and_each_break_is_named() {
        let accounts = vec![
            (AccountRef::Outside, PointAsset::Usdt, posted(0, 10)),
            (AccountRef::Merchant(7), PointAsset::Usdt, posted(10, 3)),
            (AccountRef::Revenue, PointAsset::Usdt, posted(3, 0)),
        ];
        let mut facts = LedgerFacts {
            accounts: accounts.clone(),
            replayed: accounts,
            ..LedgerFacts::default()
        };
        assert!(differences(&facts).is_empty());

        facts.accounts[1].2.credits_posted = 11;
        let found = differences(&facts);
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(found[0].contains("USDT points: accounts sum to 1 posted"));
        assert!(found[1].starts_with("merchant 7 USDT points: stored"));

        facts.accounts[1].2.credits_posted = 10;
        facts.resolved_twice = vec![4];
        facts.unsettled_fees = vec![("fee:collection:1".into(), "closed with its hold open".into())];
        assert_eq!(
            differences(&facts),
            vec![
                "hold 4: resolved more than once".to_string(),
                "fee fee:collection:1: closed with its hold open".to_string()
            ]
        );
    }
}
