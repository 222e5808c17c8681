//! A collection's states, exactly the spec's seven (section 4), and which change is allowed
//! from where. The spec gives names, not numbers: the numbers are ours, in the spec's order,
//! and documented in docs/api.md. Like withdrawals, every change names the states it leaves,
//! and the repository applies it only from those.
//!
//! The on-chain steps (fee top-up, activation, sweep parts) keep their own finer states; a
//! collection waits for its sweep in "waiting for collection" and for its top-up in "waiting
//! for fee arrival"; a smart collection's sweep waits for its energy in "waiting for energy
//! transaction" and runs on it in "energy collecting" (`energy.rs`).

crate::stored_codes! {
    /// Where a collection stands.
    pub enum CollectionStatus {
        /// Every sweep part confirmed: the money is at the cold addresses.
        Collected = 1,
        /// Closed without moving anything (nothing above the minimum at signing, or no cold
        /// address any more); the reason says which.
        NotCollected = 2,
        /// A fee top-up is on its way to the deposit address; the sweep waits for its receipt.
        WaitingFeeArrival = 3,
        /// Stopped with a reason a person must see (balance drift, a reverted sweep).
        Failed = 4,
        /// Smart collection: the provider's energy is being delegated to the address.
        WaitingEnergyTransaction = 5,
        /// The energy is there: the sweep runs on it.
        EnergyCollecting = 6,
        /// Planned, or its sweep is signed and on its way; also while the fee is above the cap.
        WaitingCollection = 7,
    }
}

use CollectionStatus::*;

/// Open collections: at most one per (deposit address, token), by a unique index.
pub const OPEN: [CollectionStatus; 4] = [
    WaitingCollection,
    WaitingFeeArrival,
    WaitingEnergyTransaction,
    EnergyCollecting,
];

pub fn is_open(status: CollectionStatus) -> bool {
    OPEN.contains(&status)
}

/// Every allowed change (from, to). Tests walk the table; callers name the states.
pub const TRANSITIONS: &[(CollectionStatus, CollectionStatus)] = &[
    // A top-up is signed: the address lacks the native coin the sweep costs.
    (WaitingCollection, WaitingFeeArrival),
    // The top-up's receipt: the sweep can be signed.
    (WaitingFeeArrival, WaitingCollection),
    // The fee is above the merchant's cap: it waits (a new reason and time), it does not fail.
    (WaitingCollection, WaitingCollection),
    (WaitingCollection, Collected),
    (WaitingCollection, NotCollected),
    (WaitingCollection, Failed),
    (WaitingFeeArrival, Failed),
    // Smart collection: the energy is delegated, then the sweep runs on it.
    (WaitingCollection, WaitingEnergyTransaction),
    (WaitingEnergyTransaction, EnergyCollecting),
    // The energy did not come (or the points were short): back to burning.
    (WaitingEnergyTransaction, WaitingCollection),
    // Its sweep is signed (it stays), or nothing was left to sweep.
    (EnergyCollecting, EnergyCollecting),
    (EnergyCollecting, NotCollected),
    (EnergyCollecting, Collected),
    (EnergyCollecting, Failed),
];

pub fn allowed(from: CollectionStatus, to: CollectionStatus) -> bool {
    crate::codes::allowed(TRANSITIONS, from, to)
}

/// The states `to` may be entered from.
pub fn sources(to: CollectionStatus) -> Vec<CollectionStatus> {
    crate::codes::sources(TRANSITIONS, to)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codes::StoredCode;

    const ALL: [CollectionStatus; 7] = [
        Collected,
        NotCollected,
        WaitingFeeArrival,
        Failed,
        WaitingEnergyTransaction,
        EnergyCollecting,
        WaitingCollection,
    ];

    #[test]
    fn the_seven_states_have_distinct_codes_that_read_back() {
        for status in ALL {
            assert_eq!(CollectionStatus::from_code(status.code()), Some(status));
        }
        let mut codes: Vec<i32> = ALL.iter().map(|s| s.code()).collect();
        codes.sort();
        assert_eq!(codes, (1..=7).collect::<Vec<_>>());
        assert_eq!(CollectionStatus::from_code(0), None);
    }

    #[test]
    fn closed_collections_stay_closed() {
        for (from, to) in TRANSITIONS {
            assert!(is_open(*from), "{from:?} -> {to:?} leaves a closed collection");
        }
        for closed in [Collected, NotCollected, Failed] {
            assert!(!is_open(closed));
        }
    }

    #[test]
    fn a_sweep_is_signed_only_once_its_fee_has_arrived() {
        // Collected is reached from the states whose sweep ran, never from waiting for a fee.
        assert_eq!(sources(Collected), vec![WaitingCollection, EnergyCollecting]);
        assert!(!allowed(WaitingFeeArrival, Collected));
        assert!(!allowed(WaitingFeeArrival, WaitingEnergyTransaction));
    }

    #[test]
    fn every_open_state_can_end() {
        // From each open state some path leads to a closed one: nothing waits forever by design.
        for start in OPEN {
            let mut seen = vec![start];
            let mut frontier = vec![start];
            while let Some(state) = frontier.pop() {
                for (from, to) in TRANSITIONS {
                    if *from == state && !seen.contains(to) {
                        seen.push(*to);
                        frontier.push(*to);
                    }
                }
            }
            assert!(seen.iter().any(|s| !is_open(*s)), "{start:?} never ends");
        }
    }
}
