//! The sweep on TRON through the node double, which charges what mainnet charges (activation,
//! daily free bandwidth, energy at the live energy fee with USDT's dynamic factor) and verifies
//! everything it is sent. A USDT deposit to a new deposit address (it holds tokens and no
//! account) is collected through one TRX transfer from the fee wallet that activates it and
//! carries the sweep's quote plus 5%, then the sweep; what each step burnt is read from its
//! transaction info and equals what the double took. A sweep that can no longer be included
//! (past its expiration, never sent or dropped by the node) is dead and signed again, once; one
//! the node dropped but that can still be included is only sent again.

pub(crate) mod helpers;

use coffer_domain::amount::BaseUnits;
use coffer_domain::collection::executor::SweepReport;
use coffer_domain::collection::sweep::with_margin;
use coffer_testkit::tron_node::{transfer_energy, DEFAULT_ENERGY_FACTOR};
use coffer_testkit::{each_database, TestDb};
use ruint::aliases::U256;

use crate::collection_plan::tick;
use helpers::{
    activate, activation, cold, collections, deposit, first_sweep_fee, kinds_and_states, setup, steps, sun,
    sweep, sweep_sent, TRX,
};

async fn a_new_deposit_address_is_activated_by_its_top_up_then_swept(db: TestDb) {
    let s = setup(db).await;
    let (node, app, token) = (&s.node, &s.app, s.token.as_str());
    assert!(!node.account_exists(&s.user), "tokens do not activate an address");
    let (id, top_up) = activate(&s).await;

    let report = sweep(app).await;
    assert_eq!((report.signed, report.broadcast), (1, 1), "{report:?}");
    // The contract's dynamic factor moves down before the sweep is mined: it burns less than
    // quoted, and what is recorded as paid is what the chain took.
    let quoted = first_sweep_fee(node);
    node.set_energy_factor(30_000);
    node.mine();
    node.mine();
    assert_eq!(sweep(app).await.collected, 1);

    let row = collections(app, token).await[0].clone();
    let found = steps(app, token, &id).await;
    assert_eq!(kinds_and_states(&found), vec![(2, 4), (3, 4)]);
    let (activation_tx, sweep_tx) = (
        found[0]["hash"].as_str().unwrap(),
        found[1]["hash"].as_str().unwrap(),
    );
    // What each step burnt, as its transaction info says, is what the double took.
    let burnt = (
        node.fee_of(activation_tx).unwrap(),
        node.fee_of(sweep_tx).unwrap(),
    );
    let energy = transfer_energy(true, 30_000);
    assert_eq!(burnt, (activation(), energy * node.params().energy_fee));
    assert_eq!(node.energy_of(sweep_tx), Some(energy));
    assert!(burnt.1 < quoted);
    assert_eq!((sun(&found[0]["feePaid"]), sun(&found[1]["feePaid"])), burnt);
    assert_eq!(
        (sun(&found[0]["feeEstimated"]), sun(&found[1]["feeEstimated"])),
        (activation(), quoted)
    );
    assert_eq!(sun(&row["feePaid"]), burnt.0 + burnt.1);
    assert_eq!(sun(&row["feeEstimated"]), quoted);
    node.set_energy_factor(DEFAULT_ENERGY_FACTOR);
    assert_eq!(
        (
            row["status"].as_i64(),
            row["amount"].as_str(),
            row["attributed"].as_str(),
            row["nativeSymbol"].as_str()
        ),
        (Some(1), Some("20"), Some("20"), Some("TRX"))
    );
    assert_eq!(
        (found[1]["toAddress"].as_str(), found[1]["amount"].as_str()),
        (Some(cold().as_str()), Some("20"))
    );

    // On the double: the cold address has the 20 USDT, sent by one transaction; the deposit
    // address keeps the 5% margin; the fee wallet paid the top-up and the activation.
    assert_eq!(node.token_balance(&cold()), U256::from(20_000_000u64));
    assert_eq!(node.token_balance(&s.user), U256::ZERO);
    assert_eq!(node.sent_by(&s.user), vec![sweep_tx.to_string()]);
    let margin = top_up - burnt.1;
    assert_eq!(node.trx_balance(&s.user), margin);
    assert_eq!(node.trx_balance(&s.hot), 100 * TRX - top_up - activation());
    // Fee efficiency: spent over the chain's minimum for this sweep (activation + the energy
    // it used, its bandwidth free) is exactly 1.
    assert_eq!(
        burnt.0 + burnt.1,
        activation() + energy * node.params().energy_fee
    );
    assert!(node.free_net_used(&s.user) > 0, "the sweep's bandwidth was free");
    assert_eq!(sweep(app).await, SweepReport::default());

    // The next deposit: the address exists, so a plain top-up (no activation, its bandwidth
    // free for the fee wallet) of the quote plus 5% less the margin it holds. The cold address
    // holds USDT now (64 285 energy) and the address used its free bandwidth today: that
    // sweep's bandwidth burns, and the quote says so.
    deposit(&s, &s.user, "15").await;
    assert_eq!(tick(app).await.opened, 1);
    let report = sweep(app).await;
    assert_eq!((report.signed, report.broadcast), (1, 1), "{report:?}");
    let second = collections(app, token).await[0].clone();
    let quote = sun(&second["feeEstimated"]);
    let found = steps(app, token, &second["id"]).await;
    assert_eq!(kinds_and_states(&found), vec![(1, 2)]);
    let top_up = with_margin(BaseUnits::from_u128(quote.into())).0.to::<u64>() - margin;
    assert_eq!(sun(&found[0]["amount"]), top_up);
    assert_eq!(sun(&found[0]["feeEstimated"]), 0);
    for _ in 0..2 {
        node.mine();
    }
    sweep(app).await;
    assert_eq!(sweep(app).await.signed, 1);
    node.mine();
    node.mine();
    assert_eq!(sweep(app).await.collected, 1);
    let found = steps(app, token, &second["id"]).await;
    assert_eq!(kinds_and_states(&found), vec![(1, 4), (3, 4)]);
    let second_sweep = found[1]["hash"].as_str().unwrap();
    let burnt = node.fee_of(second_sweep).unwrap();
    assert_eq!(burnt, quote, "the quote is what the chain took");
    let energy = transfer_energy(false, DEFAULT_ENERGY_FACTOR) * node.params().energy_fee;
    assert!(burnt > energy, "bandwidth burnt too: {burnt} vs {energy}");
    assert_eq!(node.fee_of(found[0]["hash"].as_str().unwrap()), Some(0));
    assert_eq!(
        sun(&collections(app, token).await[0]["feePaid"]),
        burnt,
        "the top-up's bandwidth was free"
    );
    assert_eq!(node.token_balance(&cold()), U256::from(35_000_000u64));
    assert_eq!(node.sent_by(&s.user).len(), 2);
    assert_eq!(node.trx_balance(&s.user), margin + top_up - burnt);
}

/// The sweep stored and refused (the node is busy), then the node is away past the sweep's
/// expiration: the stored sweep can never be included, so it is dead, and a new one is signed,
/// once, and collected.
async fn a_sweep_never_sent_before_its_expiration_is_signed_again_once(db: TestDb) {
    let s = setup(db).await;
    let (node, app, token) = (&s.node, &s.app, s.token.as_str());
    let (id, _) = activate(&s).await;

    node.set_busy(true);
    let report = sweep(app).await;
    assert_eq!((report.signed, report.broadcast), (1, 0), "{report:?}");
    assert_eq!(
        kinds_and_states(&steps(app, token, &id).await),
        vec![(2, 4), (3, 1)]
    );
    // Still busy, then away: the stored sweep is tried again, nothing new is signed.
    assert_eq!(sweep(app).await.signed, 0);
    node.set_down(true);
    let report = sweep(app).await;
    assert_eq!((report.signed, report.broadcast), (0, 0), "{report:?}");
    node.advance_time(std::time::Duration::from_secs(61));
    node.mine();
    node.set_down(false);
    node.set_busy(false);

    let report = sweep(app).await;
    assert_eq!((report.signed, report.broadcast), (1, 1), "{report:?}");
    let found = steps(app, token, &id).await;
    assert_eq!(kinds_and_states(&found), vec![(2, 4), (3, 5), (3, 2)]);
    let reason = found[1]["reason"].as_str().unwrap();
    assert!(reason.contains("TRANSACTION_EXPIRATION_ERROR"), "{reason}");
    node.mine();
    node.mine();
    assert_eq!(sweep(app).await.collected, 1);
    assert_eq!(sweep(app).await, SweepReport::default());

    let found = steps(app, token, &id).await;
    assert_eq!(kinds_and_states(&found), vec![(2, 4), (3, 5), (3, 4)]);
    let (dead, live) = (
        found[1]["hash"].as_str().unwrap(),
        found[2]["hash"].as_str().unwrap(),
    );
    assert_ne!(dead, live);
    assert_eq!(
        node.sent_by(&s.user),
        vec![live.to_string()],
        "exactly one sweep on chain"
    );
    assert_eq!(node.fee_of(dead), None);
    assert_eq!(node.token_balance(&cold()), U256::from(20_000_000u64));
    assert_eq!(collections(app, token).await[0]["status"], 1);
}

/// The sweep is sent, then the node loses its pool: while it can still be included it is sent
/// again, the same transaction; dropped again and past its expiration, it is dead and a new one
/// is signed, once.
async fn a_dropped_sweep_is_sent_again_until_it_expires(db: TestDb) {
    let s = setup(db).await;
    let (node, app, token) = (&s.node, &s.app, s.token.as_str());
    let (id, first) = sweep_sent(&s).await;

    node.drop_pending();
    assert_eq!(sweep(app).await, SweepReport::default());
    assert_eq!(node.pending_count(), 1, "sent again");
    let found = steps(app, token, &id).await;
    assert_eq!(kinds_and_states(&found), vec![(2, 4), (3, 2)]);

    node.drop_pending();
    node.advance_time(std::time::Duration::from_secs(61));
    node.mine();
    let report = sweep(app).await;
    assert_eq!((report.signed, report.broadcast), (1, 1), "{report:?}");
    let found = steps(app, token, &id).await;
    assert_eq!(kinds_and_states(&found), vec![(2, 4), (3, 5), (3, 2)]);
    assert_eq!(found[1]["hash"].as_str(), Some(first.as_str()));
    let reason = found[1]["reason"].as_str().unwrap();
    assert!(
        reason.starts_with("dropped by the chain and refused again")
            && reason.contains("TRANSACTION_EXPIRATION_ERROR"),
        "{reason}"
    );
    node.mine();
    node.mine();
    assert_eq!(sweep(app).await.collected, 1);
    let live = steps(app, token, &id).await[2]["hash"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(node.sent_by(&s.user), vec![live], "exactly one sweep on chain");
    assert_eq!(node.token_balance(&cold()), U256::from(20_000_000u64));
}

/// The sweep is sent, the node loses its pool, and sending it again is refused for a reason
/// that does not prove it can never be included (the address cannot pay its bandwidth at the
/// moment): it is kept and never replaced, and the collection says why it waits; once the node
/// takes it again it is collected, with one sweep on chain, the first one.
async fn a_dropped_sweep_refused_again_is_kept_and_says_why(db: TestDb) {
    let s = setup(db).await;
    let (node, app, token) = (&s.node, &s.app, s.token.as_str());
    let (id, first) = sweep_sent(&s).await;

    node.drop_pending();
    let params = node.params();
    node.set_params(|p| {
        p.free_net_limit = 0;
        p.transaction_fee = 1_000_000_000;
    });
    let report = sweep(app).await;
    assert_eq!((report.signed, report.held), (0, 1), "{report:?}");
    assert_eq!(node.pending_count(), 0, "refused by the node");
    let found = steps(app, token, &id).await;
    assert_eq!(kinds_and_states(&found), vec![(2, 4), (3, 2)], "kept as sent");
    let row = collections(app, token).await[0].clone();
    assert_eq!(row["status"], 7, "{row}");
    let reason = row["reason"].as_str().unwrap();
    assert!(
        reason.starts_with("a transaction the node dropped was refused when sent again")
            && reason.contains("BANDWITH_ERROR"),
        "{reason}"
    );

    // Each round after the retry delay sends it again: still refused, still kept, nothing new
    // signed; once the node can take it, the same transaction goes.
    let held = SweepReport {
        held: 1,
        ..SweepReport::default()
    };
    assert_eq!(sweep(app).await, held);
    assert_eq!(
        kinds_and_states(&steps(app, token, &id).await),
        vec![(2, 4), (3, 2)]
    );
    node.set_params(|p| *p = params);
    assert_eq!(sweep(app).await, SweepReport::default());
    assert_eq!(node.pending_count(), 1, "sent again");
    node.mine();
    node.mine();
    assert_eq!(sweep(app).await.collected, 1);
    assert_eq!(
        node.sent_by(&s.user),
        vec![first],
        "one sweep on chain, the first one"
    );
}

each_database!(
    a_dropped_sweep_refused_again_is_kept_and_says_why,
    a_new_deposit_address_is_activated_by_its_top_up_then_swept,
    a_sweep_never_sent_before_its_expiration_is_signed_again_once,
    a_dropped_sweep_is_sent_again_until_it_expires,
);
