//! Smart collection on the TRON node double: with both switches on, a USDT sweep runs on the
//! provider's energy. The new deposit address is activated by the fee wallet with one sun (its
//! bandwidth is free), the energy is delegated and shown on chain before the sweep is signed,
//! the sweep burns nothing, the TRX points for the energy are charged once, and the delegation
//! is taken back once the collection closes. A delegation the chain never shows charges
//! nothing, and the collection burns TRX as before. With `setTrxCollect` on, the TRX left at an
//! address goes to the cold address once no token remains.

use std::sync::Arc;

use coffer_domain::clock::Clock;
use coffer_domain::collection::executor::SweepExecutor;
use coffer_domain::energy::orders::DelegationState;
use coffer_domain::energy::pool::EnergyPool;
use coffer_domain::energy::settings::SmartSwitch;
use coffer_domain::ports::EnergySettingsRepo;
use coffer_testkit::tron_node::{transfer_energy, DEFAULT_ENERGY_FACTOR};
use coffer_testkit::{each_database, TestDb};
use ruint::aliases::U256;

use crate::chains::TRON;
use crate::collection_plan::tick;
use crate::collection_tron::helpers::{
    activate, activation, cold, collections, deposit, kinds_and_states, setup, steps, sun, sweep, Setup, TRX,
};
use crate::energy_delivery::SaysDelivered;
use crate::energy_orders::world::provider;
use crate::wallets::demo_merchant;

/// The TRON sweep world with the provider's pool staked and the merchant's switches on.
async fn smart(db: TestDb) -> (Setup, i64) {
    let s = setup(db).await;
    s.node.set_background_energy_weight(100_000);
    let merchant = demo_merchant(&s.app).await;
    provider(&s.app, &s.node, merchant).await;
    for switch in [SmartSwitch::EnergyCollect, SmartSwitch::EnergyPay] {
        s.app
            .store
            .set_smart_switch(merchant, switch, true, s.app.clock.now())
            .await
            .unwrap();
    }
    (s, merchant)
}

async fn trx_points(s: &Setup, merchant: i64) -> (i64, i64) {
    let balances = s.app.energy.orders.points.balances(merchant).await.unwrap();
    let trx = balances
        .into_iter()
        .find(|(a, _)| *a == coffer_domain::points::PointAsset::Trx)
        .unwrap()
        .1;
    (trx.available(), trx.debits_pending)
}

async fn delegation_states(s: &Setup, collection: i64) -> Vec<DelegationState> {
    let ports = &s.app.energy.quotes.ports;
    let rows = ports
        .delegations
        .collection_delegations(collection)
        .await
        .unwrap();
    rows.iter().map(|d| d.state).collect()
}

/// Mines a block and runs the energy account's follow round and the sweep round.
async fn block_and_sweep(s: &Setup) -> coffer_domain::collection::executor::SweepReport {
    s.node.mine();
    s.app.energy.staking.follow().await.unwrap();
    sweep(&s.app).await
}

async fn a_sweep_runs_on_delegated_energy_and_burns_nothing(db: TestDb) {
    let (s, merchant) = smart(db).await;
    let (app, node, token) = (&s.app, &s.node, s.token.as_str());
    let before = trx_points(&s, merchant).await;

    // First the activation: one sun from the fee wallet (the sweep's bandwidth is free).
    let report = sweep(app).await;
    assert_eq!((report.signed, report.broadcast), (1, 1), "{report:?}");
    let row = collections(app, token).await[0].clone();
    assert_eq!(row["status"], 3, "waiting for fee arrival: {row}");
    let id = row["id"].as_i64().unwrap();
    let found = steps(app, token, &row["id"]).await;
    assert_eq!(kinds_and_states(&found), vec![(2, 2)]);
    assert_eq!(
        sun(&found[0]["amount"]),
        1,
        "one sun activates; the energy pays the sweep"
    );
    node.mine();
    node.mine();
    sweep(app).await;

    // Activated: the points are held, the energy delegated, and the collection waits for it.
    let report = sweep(app).await;
    assert_eq!(report.signed, 1, "{report:?}");
    let row = collections(app, token).await[0].clone();
    assert_eq!(row["status"], 5, "waiting for energy transaction: {row}");
    let needed = transfer_energy(true, DEFAULT_ENERGY_FACTOR);
    assert_eq!(row["energy"].as_u64(), Some(needed));
    assert_eq!(row["energyPoints"], "1.5");
    assert_eq!(trx_points(&s, merchant).await, (before.0 - 1_500_000, 1_500_000));
    assert_eq!(delegation_states(&s, id).await, vec![DelegationState::Delegating]);

    // The chain shows it: energy collecting, and the sweep is signed at once.
    let report = block_and_sweep(&s).await;
    assert_eq!(report.signed, 1, "{report:?}");
    assert_eq!(collections(app, token).await[0]["status"], 6);
    assert_eq!(delegation_states(&s, id).await, vec![DelegationState::Delegated]);
    node.mine();
    assert_eq!(block_and_sweep(&s).await.collected, 1);

    let row = collections(app, token).await[0].clone();
    assert_eq!(row["status"], 1, "{row}");
    let found = steps(app, token, &row["id"]).await;
    assert_eq!(kinds_and_states(&found), vec![(2, 4), (3, 4)]);
    let sweep_tx = found[1]["hash"].as_str().unwrap();
    // The sweep ran on the delegated energy: it burnt nothing, and its bandwidth was free.
    assert_eq!(node.fee_of(sweep_tx), Some(0));
    assert_eq!(node.energy_of(sweep_tx), Some(needed));
    assert_eq!(sun(&found[1]["feeEstimated"]), 0);
    // What the collection paid (the activation) beside what burning would have cost.
    assert_eq!(sun(&row["feePaid"]), activation());
    assert_eq!(sun(&row["burnFee"]), needed * node.params().energy_fee);
    assert_eq!(node.token_balance(&cold()), U256::from(20_000_000u64));
    assert_eq!(node.trx_balance(&s.user), 1, "the sun it was activated with");

    // Token > Energy measures it: burning would have cost the energy's price; it paid the
    // activation and the points.
    let profile = app
        .post_as(token, "/api/partner/energy/profile", serde_json::json!({}))
        .await;
    let saving = &profile.data()["smartSaving"];
    let burn = needed * node.params().energy_fee;
    assert_eq!(
        (
            saving["days"].as_i64(),
            saving["collections"].as_u64(),
            saving["energy"].as_u64()
        ),
        (Some(30), Some(1), Some(needed))
    );
    assert_eq!(sun(&saving["burnFee"]), burn);
    assert_eq!(sun(&saving["feePaid"]), activation());
    assert_eq!(saving["energyPoints"], "1.5");
    assert_eq!(sun(&saving["saved"]), burn - activation() - 1_500_000);

    // The energy was delivered: the points held are charged, once.
    assert_eq!(app.settler.round().await.unwrap().posted, 1);
    assert_eq!(app.settler.round().await.unwrap().posted, 0);
    assert_eq!(trx_points(&s, merchant).await, (before.0 - 1_500_000, 0));

    // Closed, the collection owes the address nothing: the janitor takes the energy back.
    assert_eq!(delegation_states(&s, id).await, vec![DelegationState::ReclaimDue]);
    app.energy.janitor.round().await.unwrap();
    node.mine();
    app.energy.staking.follow().await.unwrap();
    app.energy.janitor.round().await.unwrap();
    assert_eq!(delegation_states(&s, id).await, vec![DelegationState::Reclaimed]);
    let resources = app.energy.quotes.tron(TRON).unwrap().1;
    let pool = app.energy.staking.account(TRON).await.unwrap().address;
    assert_eq!(resources.energy_delegation(&pool, &s.user).await.unwrap(), None);
    assert!(node.trx_balance(&s.hot) < 100 * TRX);
}

/// A provider that says it delivered while the chain shows nothing: after three tries the
/// collection burns TRX from a top-up as before, and the points held are given back.
async fn energy_the_chain_never_shows_charges_nothing_and_the_sweep_burns(db: TestDb) {
    let (s, merchant) = smart(db).await;
    let (app, node, token) = (&s.app, &s.node, s.token.as_str());
    let before = trx_points(&s, merchant).await;
    let e = &app.energy;
    let saying = SweepExecutor {
        ports: app.sweeper.ports.clone(),
        vault: app.sweeper.vault.clone(),
        chains: app.sweeper.chains.clone(),
        owner: app.sweeper.owner.clone(),
        settings: app.sweeper.settings.clone(),
        fees: app.sweeper.fees.clone(),
        energy: Some(Arc::new(EnergyPool {
            ports: e.quotes.ports.clone(),
            chains: e.quotes.chains.clone(),
            staking: e.staking.clone(),
            provider: Arc::new(SaysDelivered),
        })),
    };
    let round = || async { saying.step().await.unwrap() };
    round().await;
    node.mine();
    node.mine();
    round().await;
    round().await;
    let id = collections(app, token).await[0]["id"].as_i64().unwrap();
    assert_eq!(collections(app, token).await[0]["status"], 5);
    for _ in 0..3 {
        // Nothing shows within the delivery's timeout: tried again, three times in all.
        app.clock.advance(chrono::Duration::minutes(3));
        node.mine();
        round().await;
    }
    let row = collections(app, token).await[0].clone();
    assert_eq!(row["energy"].as_u64(), Some(0), "given up: {row}");
    assert!(
        row["reason"].as_str().unwrap().contains("energy not used"),
        "{row}"
    );
    assert_eq!(delegation_states(&s, id).await, vec![DelegationState::Failed; 3]);
    assert_eq!(app.settler.round().await.unwrap().voided, 1);
    assert_eq!(trx_points(&s, merchant).await, before);
    // It burns as before: a top-up of the sweep's burn quote, then the sweep.
    for _ in 0..8 {
        node.mine();
        round().await;
    }
    let row = collections(app, token).await[0].clone();
    assert_eq!(row["status"], 1, "{row}");
    let found = steps(app, token, &row["id"]).await;
    let sweep_tx = found.last().unwrap()["hash"].as_str().unwrap();
    assert!(node.fee_of(sweep_tx).unwrap() > 0, "the sweep burnt TRX");
    assert_eq!(app.settler.round().await.unwrap().posted, 0, "no energy charged");
}

/// `setTrxCollect`: the first sweep leaves its top-up's margin at the address, but a deposit
/// arrived since, so the TRX stays (it pays that token's sweep); once that one is swept and no
/// token remains, the TRX left goes to the cold address, all of it but the transfer's fee.
async fn the_trx_left_is_collected_once_no_token_remains(db: TestDb) {
    let s = setup(db).await;
    let (app, node, token) = (&s.app, &s.node, s.token.as_str());
    let merchant = demo_merchant(app).await;
    app.store
        .set_smart_switch(merchant, SmartSwitch::TrxCollect, true, app.clock.now())
        .await
        .unwrap();
    // The cold address exists on chain (TRX to one that does not would pay its activation,
    // more than the margin: then nothing is moved).
    node.fund(&cold(), TRX);
    activate(&s).await;
    assert_eq!(sweep(app).await.signed, 1);
    node.mine();
    node.mine();
    deposit(&s, &s.user, "15").await;
    assert_eq!(sweep(app).await.collected, 1);
    let first = collections(app, token).await[0].clone();
    let found = steps(app, token, &first["id"]).await;
    assert_eq!(
        kinds_and_states(&found),
        vec![(2, 4), (3, 4)],
        "USDT remains: the TRX stays"
    );
    let margin = node.trx_balance(&s.user);
    assert!(margin > 0);

    assert_eq!(tick(app).await.opened, 1);
    for _ in 0..12 {
        node.mine();
        sweep(app).await;
        if collections(app, token).await[0]["status"] == 1 {
            break;
        }
    }
    let second = collections(app, token).await[0].clone();
    assert_eq!(second["status"], 1, "{second}");
    let found = steps(app, token, &second["id"]).await;
    assert_eq!(kinds_and_states(&found), vec![(1, 4), (3, 4), (4, 4)]);
    let left = &found[2];
    assert_eq!(left["toAddress"].as_str(), Some(cold().as_str()));
    let (moved, fee) = (sun(&left["amount"]), sun(&left["feePaid"]));
    assert_eq!(node.trx_balance(&s.user), 0, "nothing is left at the address");
    assert_eq!(node.trx_balance(&cold()), TRX + moved);
    let paid: u64 = found.iter().map(|f| sun(&f["feePaid"])).sum();
    assert_eq!(
        sun(&second["feePaid"]),
        paid,
        "the transfer's fee is the collection's"
    );
    assert!(fee > 0 && moved > 0);
}

each_database!(
    the_trx_left_is_collected_once_no_token_remains,
    a_sweep_runs_on_delegated_energy_and_burns_nothing,
    energy_the_chain_never_shows_charges_nothing_and_the_sweep_burns,
);
