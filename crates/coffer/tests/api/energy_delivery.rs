//! What can go wrong between the pool and the chain, on the TRON node double: a provider that
//! says it delivered while the chain shows nothing charges nothing; a delegation whose lock still
//! runs when it is taken back is taken back once the lock ends; a delegation the chain shows but
//! the ledger lost (a process killed between its broadcast and its bookkeeping) is found through
//! the chain's index and taken back, and never one the ledger still owes; an activation bought
//! with the order is made, then charged.

use std::sync::Arc;

use chrono::Duration;
use coffer_domain::clock::Clock;
use coffer_domain::energy::janitor::{EnergyJanitor, QUIET};
use coffer_domain::energy::orders::{Delegation, DelegationState, EnergyOrderStatus};
use coffer_domain::energy::provider::{Delivery, EnergyProvider, OwnStake};
use coffer_domain::energy::supply::EnergySupply;
use coffer_domain::energy::EnergyTxKind;
use coffer_domain::error::AppResult;
use coffer_domain::ports::tron_resources::{StakeAction, StakeResource};
use coffer_testkit::{each_database, TestDb};

use crate::chains::TRON;
use crate::energy_orders::world::{world, World, TRX};

/// A market provider that answers "delivered" and delivers nothing.
pub(crate) struct SaysDelivered;

#[async_trait::async_trait]
impl EnergyProvider for SaysDelivered {
    fn name(&self) -> &'static str {
        "says delivered"
    }
    async fn deliver(&self, d: &Delegation) -> AppResult<Delivery> {
        Ok(Delivery::Bought {
            reference: format!("market-{}", d.id),
        })
    }
    async fn take_back(&self, _d: &Delegation) -> AppResult<Delivery> {
        Ok(Delivery::Bought {
            reference: String::new(),
        })
    }
}

fn supply_with(w: &World, provider: Arc<dyn EnergyProvider>) -> EnergySupply {
    let e = &w.app.energy;
    EnergySupply {
        quotes: e.quotes.clone(),
        staking: e.staking.clone(),
        provider,
        points: e.orders.points.clone(),
        owner: "test/energy".into(),
        lease: Duration::seconds(30),
    }
}

fn janitor_with(w: &World, provider: Arc<dyn EnergyProvider>) -> EnergyJanitor {
    let e = &w.app.energy;
    EnergyJanitor {
        ports: e.quotes.ports.clone(),
        chains: e.quotes.chains.clone(),
        staking: e.staking.clone(),
        provider,
    }
}

async fn delegations(w: &World, order: i64) -> Vec<Delegation> {
    w.app
        .energy
        .quotes
        .ports
        .delegations
        .delegations_of(order)
        .await
        .unwrap()
}

async fn a_delivery_the_chain_does_not_show_charges_nothing(db: TestDb) {
    let w = world(db).await;
    let supply = supply_with(&w, Arc::new(SaysDelivered));
    let order = w.order(w.request(2, 1, 2)).await;
    assert_eq!(w.trx_points().await, (97_000_000, 3_000_000));
    for _ in 0..40 {
        w.node.mine();
        w.app.clock.advance(Duration::seconds(15));
        supply.round().await.unwrap();
    }
    let done = w.order_now(order.id).await;
    assert_eq!(
        (done.status, done.used, done.charged_points),
        (EnergyOrderStatus::Failed, 0, 0)
    );
    assert!(
        done.reason.contains("the chain does not show the delegation"),
        "{}",
        done.reason
    );
    let tried = delegations(&w, order.id).await;
    assert_eq!(tried.len(), 3, "three deliveries, then the order failed");
    assert!(tried
        .iter()
        .all(|d| d.state == DelegationState::Failed && d.used_at.is_none()));
    assert_eq!(w.trx_points().await, (100_000_000, 0), "everything back");
}

/// The receiver already holds energy from another order: a provider's "delivered" for a second
/// order is still not proof, as the chain shows only the first order's delegation.
async fn another_orders_energy_is_not_taken_for_a_delivery(db: TestDb) {
    let w = world(db).await;
    let first = w.order(w.request(1, 1, 1)).await;
    for _ in 0..3 {
        w.block_and_rounds().await;
    }
    assert_eq!(
        delegations(&w, first.id).await[0].state,
        DelegationState::Delegated
    );
    let second = w.order(w.request(1, 1, 1)).await;
    let supply = supply_with(&w, Arc::new(SaysDelivered));
    for _ in 0..12 {
        w.node.mine();
        w.app.clock.advance(Duration::seconds(15));
        supply.round().await.unwrap();
    }
    let tried = delegations(&w, second.id).await;
    let states: Vec<_> = tried.iter().map(|d| d.state).collect();
    assert_eq!(states[0], DelegationState::Failed, "{states:?}");
    assert!(
        !states.contains(&DelegationState::Delegated),
        "never counted: {states:?}"
    );
    assert_eq!(w.order_now(second.id).await.used, 0);
}

async fn a_lock_still_running_is_waited_out(db: TestDb) {
    let w = world(db).await;
    let locked: Arc<dyn EnergyProvider> = Arc::new(OwnStake {
        staking: w.app.energy.staking.clone(),
        lock_blocks: Some(100),
    });
    let (supply, janitor) = (supply_with(&w, locked.clone()), janitor_with(&w, locked));
    let step = || async {
        w.node.mine();
        w.app.clock.advance(Duration::seconds(15));
        w.app.energy.staking.follow().await.unwrap();
        supply.round().await.unwrap();
        janitor.round().await.unwrap();
    };
    let order = w.order(w.request(1, 1, 1)).await;
    for _ in 0..3 {
        step().await;
    }
    w.receiver_pays().await;
    step().await;
    step().await;
    // Used at once, but its lock runs 300 s from the delegation: the chain refused the
    // undelegate, and it waits for the lock's end (told by the chain, not guessed).
    let d = delegations(&w, order.id).await.remove(0);
    assert_eq!(d.state, DelegationState::ReclaimDue, "{d:?}");
    let wait = d.reclaim_after - w.app.clock.now();
    assert!(
        wait > Duration::seconds(200) && wait <= Duration::seconds(310),
        "{wait}"
    );
    assert_eq!(
        w.order_now(order.id).await.status,
        EnergyOrderStatus::Successful,
        "charged the use"
    );
    step().await;
    assert_eq!(
        delegations(&w, order.id).await[0].state,
        DelegationState::ReclaimDue,
        "not before"
    );

    w.node.advance_time(std::time::Duration::from_secs(300));
    w.app.clock.advance(wait);
    step().await;
    step().await;
    step().await;
    assert_eq!(
        delegations(&w, order.id).await[0].state,
        DelegationState::Reclaimed
    );
    let resources = w.app.energy.quotes.tron(TRON).unwrap().1;
    let owner = w.app.energy.staking.account(TRON).await.unwrap().address;
    assert_eq!(
        resources.energy_delegation(&owner, &w.receiver).await.unwrap(),
        None
    );
}

async fn a_delegation_whose_bookkeeping_was_lost_is_found_and_taken_back(db: TestDb) {
    let w = world(db).await;
    let e = &w.app.energy;
    let owner = e.staking.account(TRON).await.unwrap().address;
    // The process broadcast a delegation and died before recording it.
    let action = StakeAction::Delegate {
        owner: owner.clone(),
        receiver: w.receiver.clone(),
        amount_sun: 50 * TRX,
        resource: StakeResource::Energy,
        lock_blocks: None,
    };
    e.staking
        .send_action(TRON, EnergyTxKind::Delegate, action)
        .await
        .unwrap();
    // Meanwhile a live order supplies another receiver: the janitor never touches it.
    let order = w.order(w.request(1, 1, 1)).await;
    for _ in 0..3 {
        w.block_and_rounds().await;
    }
    let resources = e.quotes.tron(TRON).unwrap().1;
    assert_eq!(
        resources
            .energy_delegation(&owner, &w.receiver)
            .await
            .unwrap()
            .unwrap()
            .amount_sun,
        delegations(&w, order.id).await[0].amount_sun + 50 * TRX,
        "the order's delegation and the lost one, to the same receiver"
    );
    // Not while the ledger owes this receiver something, nor within the quiet time after.
    assert_eq!(e.janitor.round().await.unwrap().orphans, 0);
    w.receiver_pays().await;
    for _ in 0..3 {
        w.block_and_rounds().await;
    }
    assert_eq!(
        delegations(&w, order.id).await[0].state,
        DelegationState::Reclaimed
    );
    assert_eq!(e.janitor.round().await.unwrap().orphans, 0, "quiet first");
    w.app.clock.advance(QUIET);
    assert_eq!(e.janitor.round().await.unwrap().orphans, 1);
    for _ in 0..3 {
        w.block_and_rounds().await;
    }
    assert_eq!(
        resources.energy_delegation(&owner, &w.receiver).await.unwrap(),
        None,
        "all taken back"
    );
    assert!(resources.delegation_receivers(&owner).await.unwrap().is_empty());
}

async fn a_bought_activation_is_made_then_charged(db: TestDb) {
    let w = world(db).await;
    let fresh = w.app.energy.quotes.tron(TRON).unwrap().1.random_address();
    let mut request = w.request(1, 1, 1);
    request.receiver = fresh.clone();
    request.activate = true;
    let order = w.order(request).await;
    assert!(order.activation_points > 0);
    assert!(!w.node.account_exists(&fresh));
    for _ in 0..5 {
        w.block_and_rounds().await;
    }
    assert!(w.node.account_exists(&fresh), "activated by the energy account");
    assert!(delegations(&w, order.id)
        .await
        .iter()
        .any(|d| d.state == DelegationState::Delegated));
    // The days end without a transfer: the activation is charged, the use refunded.
    w.app.clock.advance(Duration::days(1));
    for _ in 0..3 {
        w.block_and_rounds().await;
    }
    let done = w.order_now(order.id).await;
    assert_eq!(
        (done.status, done.charged_points),
        (EnergyOrderStatus::Successful, order.activation_points)
    );
    assert_eq!(w.trx_points().await, (100_000_000 - order.activation_points, 0));
}

each_database!(
    a_delivery_the_chain_does_not_show_charges_nothing,
    another_orders_energy_is_not_taken_for_a_delivery,
    a_lock_still_running_is_waited_out,
    a_delegation_whose_bookkeeping_was_lost_is_found_and_taken_back,
    a_bought_activation_is_made_then_charged
);
