//! The heartbeat's renewals and a step's lease check on SQLite and PostgreSQL: a live owner's
//! leases move on and are never taken over, an expired one is not revived (another process may
//! be taking it), another owner's stay as they are, and `holds` says exactly who holds what.

mod support;

use chrono::Duration;
use coffer_domain::ports::{Lease, LeaseRenewal, OrderStatus, ScanRepo, WithdrawalLeaseRepo};
use coffer_testkit::{each_database, TestDb};
use support::{open, passed, t0};

async fn claim(store: &coffer_store::Store, owner: &str, now: chrono::DateTime<chrono::Utc>) -> Vec<i64> {
    store
        .claim_withdrawals(
            &[OrderStatus::Passed],
            owner,
            now,
            now + Duration::seconds(6),
            100,
        )
        .await
        .unwrap()
        .into_iter()
        .map(|w| w.id)
        .collect()
}

async fn a_live_owner_keeps_its_leases_and_a_dead_ones_run_out(db: TestDb) {
    let (store, a, _) = open(&db).await;
    let ids = passed(&store, a, "h", 3).await;
    let alive = "node-1/withdrawals".to_string();
    let dead = "node-2/withdrawals".to_string();
    let start = t0() + Duration::minutes(1);
    assert_eq!(claim(&store, &alive, start).await, ids[..3].to_vec());
    store.release_withdrawal(ids[2], &alive).await.unwrap();
    assert_eq!(claim(&store, &dead, start).await, vec![ids[2]]);
    // The scanning lease of a chain too, held by the live node.
    assert!(store
        .claim_cursor(7, "node-1/scanner", start, start + Duration::seconds(6), 0)
        .await
        .unwrap()
        .is_some());

    // The live node beats every 2 s for a minute; the dead one never again.
    // Meanwhile a third node claims whatever it can on each of its polls.
    let owners = vec![alive.clone(), "node-1/scanner".to_string()];
    let mut now = start;
    let mut taken_over = None;
    for _ in 0..30 {
        now += Duration::seconds(2);
        let renewed = store
            .renew_leases(&owners, now, now + Duration::seconds(6))
            .await
            .unwrap();
        assert_eq!(renewed, 3, "two orders and one cursor at {now}");
        let taken = claim(&store, "node-3/withdrawals", now).await;
        assert!(
            !taken.contains(&ids[0]) && !taken.contains(&ids[1]),
            "{taken:?} at {now}"
        );
        if taken.contains(&ids[2]) {
            taken_over.get_or_insert(now);
        }
    }
    // The dead node's order was taken at the first poll after its lease ran out; a minute on,
    // the live node's orders and cursor are still its own.
    assert_eq!(taken_over, Some(start + Duration::seconds(8)));
    for id in &ids[..2] {
        assert!(store
            .holds(Lease::Withdrawal { id: *id }, &alive, now)
            .await
            .unwrap());
        assert!(!store
            .holds(Lease::Withdrawal { id: *id }, &dead, now)
            .await
            .unwrap());
    }
    assert!(store
        .holds(Lease::ScanCursor { chain_id: 7 }, "node-1/scanner", now)
        .await
        .unwrap());
    assert!(!store
        .holds(Lease::Withdrawal { id: ids[2] }, &dead, now)
        .await
        .unwrap());
    assert!(store
        .holds(Lease::Withdrawal { id: ids[2] }, "node-3/withdrawals", now)
        .await
        .unwrap());
    assert!(store
        .claim_cursor(7, "node-3/scanner", now, now + Duration::seconds(6), 0)
        .await
        .unwrap()
        .is_none());

    // The live node stalls past its lease (a paused process): its leases run out, and its next
    // beat does not revive them; another node takes them over, and the stalled one's check says so.
    let stalled = now + Duration::seconds(7);
    store
        .release_withdrawal(ids[2], "node-3/withdrawals")
        .await
        .unwrap();
    assert_eq!(
        store
            .renew_leases(&owners, stalled, stalled + Duration::seconds(6))
            .await
            .unwrap(),
        0,
        "an expired lease is not renewed"
    );
    assert_eq!(claim(&store, "node-3/withdrawals", stalled).await.len(), 3);
    for id in &ids {
        assert!(!store
            .holds(Lease::Withdrawal { id: *id }, &alive, stalled)
            .await
            .unwrap());
        assert!(store
            .holds(Lease::Withdrawal { id: *id }, "node-3/withdrawals", stalled)
            .await
            .unwrap());
    }
    assert_eq!(
        store
            .renew_leases(&owners, stalled, stalled + Duration::seconds(6))
            .await
            .unwrap(),
        0
    );
    assert_eq!(store.renew_leases(&[], stalled, stalled).await.unwrap(), 0);
}

async fn a_hot_wallets_signing_turn_is_checked_by_its_chain_and_address(db: TestDb) {
    let (store, a, _) = open(&db).await;
    support::hot_wallet(&store, a, "0xhot").await;
    let now = t0();
    let turn = Lease::HotWallet {
        chain_id: 31337,
        address: "0xhot",
    };
    assert!(!store.holds(turn, "node-1/sweeps", now).await.unwrap(), "free");
    assert!(store
        .lease_wallet(31337, "0xhot", "node-1/sweeps", now, now + Duration::seconds(6))
        .await
        .unwrap());
    assert!(store.holds(turn, "node-1/sweeps", now).await.unwrap());
    assert!(
        !store.holds(turn, "node-1/withdrawals", now).await.unwrap(),
        "another worker"
    );
    let other = Lease::HotWallet {
        chain_id: 31337,
        address: "0xother",
    };
    assert!(!store.holds(other, "node-1/sweeps", now).await.unwrap());
    let later = now + Duration::seconds(5);
    let owners = ["node-1/sweeps".to_string()];
    assert_eq!(
        store
            .renew_leases(&owners, later, later + Duration::seconds(6))
            .await
            .unwrap(),
        1
    );
    assert!(store
        .holds(turn, "node-1/sweeps", later + Duration::seconds(5))
        .await
        .unwrap());
    assert!(!store
        .holds(turn, "node-1/sweeps", later + Duration::seconds(7))
        .await
        .unwrap());
}

each_database!(
    a_live_owner_keeps_its_leases_and_a_dead_ones_run_out,
    a_hot_wallets_signing_turn_is_checked_by_its_chain_and_address,
);
