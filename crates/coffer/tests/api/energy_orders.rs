//! Energy orders on the TRON node double, through the services the API calls and the rounds
//! every node runs (driven here one block at a time): the receiver is kept supplied with one
//! transfer's energy, each use is seen on chain and counted, at most the max daily uses a
//! merchant day, and the order ends charging exactly the uses made; every delegation is taken
//! back, also when its lock still runs or when its bookkeeping was lost; a provider's word
//! without the chain charges nothing.

pub mod world;

use chrono::{Duration, TimeZone, Utc};
use coffer_domain::clock::Clock;
use coffer_domain::energy::orders::{DelegationState, EnergyOrderStatus};
use coffer_testkit::{each_database, TestDb};

use world::{world, World};

async fn delegation_states(w: &World, order: i64) -> Vec<DelegationState> {
    let orders = &w.app.energy.quotes.ports.delegations;
    orders
        .delegations_of(order)
        .await
        .unwrap()
        .iter()
        .map(|d| d.state)
        .collect()
}

/// Rounds until the order's receiver holds a verified delegation.
async fn supplied(w: &World, order: i64) {
    for _ in 0..4 {
        w.block_and_rounds().await;
        if delegation_states(w, order)
            .await
            .contains(&DelegationState::Delegated)
        {
            return;
        }
    }
    panic!("never supplied: {:?}", delegation_states(w, order).await);
}

async fn three_uses_one_a_day_across_the_merchant_day_boundary(db: TestDb) {
    let w = world(db).await;
    // 08:00 UTC is 16:00 at UTC+8: the merchant's next day starts at 16:00 UTC.
    w.merchant_zone(8).await;
    let order = w.order(w.request(3, 3, 1)).await;
    assert_eq!(order.status, EnergyOrderStatus::WaitingProcessing);
    assert_eq!((order.price_per_use, order.total_points), (1_500_000, 4_500_000));
    assert_eq!(
        w.trx_points().await,
        (95_500_000, 4_500_000),
        "the order's points are held"
    );

    supplied(&w, order.id).await;
    assert_eq!(w.order_now(order.id).await.status, EnergyOrderStatus::Processing);
    let tx = w.receiver_pays().await;
    assert_eq!(
        w.node.fee_of(&tx),
        Some(0),
        "the transfer burnt nothing: it used the delegated energy"
    );
    w.block_and_rounds().await;
    w.block_and_rounds().await;
    let now = w.order_now(order.id).await;
    assert_eq!((now.used, now.day.as_str(), now.day_uses), (1, "2026-11-22", 1));
    assert!(now.reason.contains("tomorrow"), "{}", now.reason);
    assert_eq!(
        delegation_states(&w, order.id).await,
        vec![DelegationState::Reclaimed],
        "taken back once used, and no second use today"
    );

    // 15:59:30 UTC is still the merchant's 22nd: nothing new.
    let to = |h, m, s| Utc.with_ymd_and_hms(2026, 11, 22, h, m, s).unwrap() - w.app.clock.now();
    w.app.clock.advance(to(15, 59, 30));
    w.block_and_rounds().await;
    assert_eq!(delegation_states(&w, order.id).await.len(), 1);
    // 16:00 UTC: the 23rd at UTC+8.
    w.app.clock.advance(to(16, 0, 0));
    supplied(&w, order.id).await;
    w.receiver_pays().await;
    w.block_and_rounds().await;
    let now = w.order_now(order.id).await;
    assert_eq!((now.used, now.day.as_str(), now.day_uses), (2, "2026-11-23", 1));

    w.app.clock.advance(Duration::hours(24));
    supplied(&w, order.id).await;
    w.receiver_pays().await;
    w.block_and_rounds().await;
    w.block_and_rounds().await;
    let done = w.order_now(order.id).await;
    assert_eq!(done.status, EnergyOrderStatus::Successful);
    assert_eq!((done.used, done.charged_points), (3, 4_500_000));
    assert_eq!(
        w.trx_points().await,
        (95_500_000, 0),
        "charged the three uses, nothing held"
    );
    w.block_and_rounds().await;
    assert_eq!(
        delegation_states(&w, order.id).await,
        vec![DelegationState::Reclaimed; 3]
    );
}

async fn unused_uses_are_refunded_when_the_days_end(db: TestDb) {
    let w = world(db).await;
    let order = w.order(w.request(5, 1, 5)).await;
    supplied(&w, order.id).await;
    w.receiver_pays().await;
    w.block_and_rounds().await;
    assert_eq!(w.order_now(order.id).await.used, 1);
    supplied(&w, order.id).await;
    // The day passes without a second transfer: the delegation is taken back, 4 uses refunded.
    w.app.clock.advance(Duration::days(1));
    for _ in 0..3 {
        w.block_and_rounds().await;
    }
    let done = w.order_now(order.id).await;
    assert_eq!(
        (done.status, done.used, done.charged_points),
        (EnergyOrderStatus::Successful, 1, 1_500_000)
    );
    assert_eq!(w.trx_points().await, (98_500_000, 0));
    assert_eq!(
        delegation_states(&w, order.id).await,
        vec![DelegationState::Reclaimed, DelegationState::Reclaimed]
    );
}

each_database!(
    three_uses_one_a_day_across_the_merchant_day_boundary,
    unused_uses_are_refunded_when_the_days_end
);
