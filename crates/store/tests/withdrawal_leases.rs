//! The withdrawal executor's leases on SQLite and PostgreSQL: concurrent claims never share
//! an order or a hot wallet, expired leases are taken over, releases need the holder.

mod support;

use chrono::Duration;
use coffer_domain::ports::OrderStatus;
use coffer_domain::ports::{Transition, WithdrawalLeaseRepo, WithdrawalRepo};
use coffer_testkit::{each_database, TestDb};
use std::collections::HashSet;
use support::{insert, open, request, t0, to, Events};

async fn claims_are_exclusive(db: TestDb) {
    let (store, a, _) = open(&db).await;
    let ids = support::passed(&store, a, "c", 30).await;
    let later = Transition {
        next_attempt_at: Some(t0() + Duration::hours(1)),
        ..to(&[2], 2)
    };
    store
        .transition(ids[29], &later, t0(), &Events)
        .await
        .unwrap()
        .unwrap();
    insert(&store, &request(a, None, "1"), t0()).await; // status 0: never claimed for [2]

    let now = t0() + Duration::minutes(1);
    let until = now + Duration::minutes(5);
    let claims = futures::future::join_all(["a", "b", "c", "d"].map(|owner| {
        let store = store.clone();
        async move {
            store
                .claim_withdrawals(
                    &[OrderStatus::Passed, OrderStatus::WaitingSettlement],
                    owner,
                    now,
                    until,
                    100,
                )
                .await
                .unwrap()
        }
    }))
    .await;
    let mut seen = HashSet::new();
    for claim in &claims {
        assert!(claim.windows(2).all(|p| p[0].id < p[1].id), "oldest first");
        for w in claim {
            assert!(seen.insert(w.id), "{} claimed twice", w.id);
        }
    }
    assert_eq!(
        seen,
        ids[..29].iter().copied().collect(),
        "every due one, none early"
    );

    // Leased: nobody else gets them; the owner gets its own again; limits hold.
    assert!(store
        .claim_withdrawals(&[OrderStatus::Passed], "e", now, until, 100)
        .await
        .unwrap()
        .is_empty());
    let mine: Vec<i64> = claims[0].iter().map(|w| w.id).collect();
    let again = store
        .claim_withdrawals(&[OrderStatus::Passed], "a", now, until, 100)
        .await
        .unwrap();
    assert_eq!(again.iter().map(|w| w.id).collect::<Vec<_>>(), mine);

    // Expired: taken over, oldest first up to the limit; the future one only once due.
    let expired = until + Duration::seconds(1);
    let taken = store
        .claim_withdrawals(
            &[OrderStatus::Passed],
            "e",
            expired,
            expired + Duration::hours(10),
            3,
        )
        .await
        .unwrap();
    assert_eq!(taken.iter().map(|w| w.id).collect::<Vec<_>>(), ids[..3]);
    let late = t0() + Duration::hours(2);
    let rest = store
        .claim_withdrawals(
            &[OrderStatus::Passed],
            "f",
            late,
            late + Duration::minutes(5),
            100,
        )
        .await
        .unwrap();
    assert_eq!(
        rest.len(),
        27,
        "the 26 expired (not the 3 leased anew) and the one now due"
    );
    assert!(rest.iter().any(|w| w.id == ids[29]));

    // Release: only by the owner.
    store.release_withdrawal(ids[0], "f").await.unwrap(); // held by "e"
    assert!(store
        .claim_withdrawals(&[OrderStatus::Passed], "g", late, late, 1)
        .await
        .unwrap()
        .is_empty());
    store.release_withdrawal(ids[0], "e").await.unwrap();
    let freed = store
        .claim_withdrawals(&[OrderStatus::Passed], "g", late, late, 1)
        .await
        .unwrap();
    assert_eq!(freed.iter().map(|w| w.id).collect::<Vec<_>>(), [ids[0]]);
}

async fn wallet_leases_are_exclusive(db: TestDb) {
    let (store, a, _) = open(&db).await;
    support::hot_wallet(&store, a, "0xhot").await;
    let until = t0() + Duration::minutes(5);
    let taken = futures::future::join_all(["a", "b", "c"].map(|owner| {
        let store = store.clone();
        async move {
            (
                owner,
                store
                    .lease_wallet(31337, "0xhot", owner, t0(), until)
                    .await
                    .unwrap(),
            )
        }
    }))
    .await;
    let winners: Vec<&str> = taken.iter().filter(|(_, won)| *won).map(|(o, _)| *o).collect();
    assert_eq!(winners.len(), 1, "one signer per wallet");
    let (winner, loser) = (winners[0], if winners[0] == "a" { "b" } else { "a" });
    assert!(
        store
            .lease_wallet(31337, "0xhot", winner, t0(), until)
            .await
            .unwrap(),
        "renewed"
    );
    assert!(!store
        .lease_wallet(31337, "0xhot", loser, t0(), until)
        .await
        .unwrap());
    assert!(
        !store
            .lease_wallet(31337, "0xother", winner, t0(), until)
            .await
            .unwrap(),
        "no such wallet"
    );
    let expired = until + Duration::seconds(1);
    assert!(store
        .lease_wallet(31337, "0xhot", loser, expired, expired + Duration::minutes(5))
        .await
        .unwrap());
    store.release_wallet(31337, "0xhot", winner).await.unwrap(); // not the holder: no effect
    assert!(!store
        .lease_wallet(31337, "0xhot", winner, expired, expired)
        .await
        .unwrap());
    store.release_wallet(31337, "0xhot", loser).await.unwrap();
    assert!(store
        .lease_wallet(31337, "0xhot", winner, expired, expired)
        .await
        .unwrap());

    // The wallet's signed, unsent withdrawals, oldest first.
    let mut signed = Vec::new();
    for (n, from) in ["0xhot", "0xhot", "0xcold", "0xhot"].iter().enumerate() {
        let w = insert(&store, &request(a, None, "1"), t0()).await;
        let sign = Transition {
            from_address: Some(from.to_string()),
            ..to(&[0], if n == 3 { 6 } else { 5 })
        };
        store
            .transition(w.id, &sign, t0(), &Events)
            .await
            .unwrap()
            .unwrap();
        signed.push(w.id);
    }
    let unsent = store.signed_unsent(31337, "0xhot").await.unwrap();
    assert_eq!(unsent.iter().map(|w| w.id).collect::<Vec<_>>(), signed[..2]);
}

each_database!(claims_are_exclusive, wallet_leases_are_exclusive);
