//! The operator's energy pool on the TRON node double (`coffer admin energy`): the platform's
//! energy account is made once from the platform merchant's seed, what it stakes and can
//! delegate is read from the chain, every transaction is stored before its broadcast and sent
//! again (the same bytes) when no node has it, a refusal is said and recorded, and the account
//! is an address Coffer knows (never a cold address or a deposit).

use std::sync::Arc;

use coffer::admin_energy::{run, EnergyCmd};
use coffer_domain::energy::{EnergyTxKind, EnergyTxState};
use coffer_domain::ports::tron_resources::energy_of_stake;
use coffer_domain::ports::{EnergyRepo, Ports};
use coffer_domain::wallets::known::{known_addresses, KnownAs};
use coffer_testkit::{each_database, TestDb, TronNode};

use crate::chains::{tron_chain, TRON};
use crate::helpers::{spawn_app_with, TestApp, OTHER_EMAIL};
use crate::points_cli::said;

const TRX: u64 = 1_000_000;

async fn status(app: &TestApp) -> String {
    run(&app.config, &app.store, EnergyCmd::Status { chain: TRON })
        .await
        .unwrap()
}

fn stake(trx: &str) -> EnergyCmd {
    EnergyCmd::Stake {
        chain: TRON,
        trx: trx.into(),
    }
}

/// The other merchant made the platform merchant by the operator's command.
async fn platform(app: &TestApp) {
    app.other_merchant().await;
    let (code, out, err) = said(&app.admin(&["points", "platform", "--email", OTHER_EMAIL]));
    assert_eq!(code, Some(0), "{out}{err}");
}

/// The line of `status` that starts with `label`.
fn line<'a>(text: &'a str, label: &str) -> &'a str {
    text.lines()
        .find(|l| l.starts_with(label))
        .unwrap_or_else(|| panic!("no {label:?} in\n{text}"))
}

async fn the_pool_is_staked_and_read_from_the_chain(db: TestDb) {
    let node = TronNode::start().await;
    node.set_background_energy_weight(100_000);
    let app = spawn_app_with(db, |c| tron_chain(c, &node.url(), &node.token())).await;

    // No platform merchant yet: nothing to derive the account from, nothing saved.
    let early = run(&app.config, &app.store, EnergyCmd::Status { chain: TRON }).await;
    let reason = early.unwrap_err().to_string();
    assert!(reason.contains("coffer admin points platform"), "{reason}");
    assert_eq!(app.store.energy_account(TRON).await.unwrap(), None);
    platform(&app).await;
    // A chain that is not TRON has no energy.
    let devchain = run(&app.config, &app.store, EnergyCmd::Status { chain: 1 }).await;
    assert!(devchain
        .unwrap_err()
        .to_string()
        .contains("not a configured TRON chain"));

    let text = status(&app).await;
    let account = app.store.energy_account(TRON).await.unwrap().unwrap();
    assert!(
        text.starts_with(&format!(
            "Energy account {} (chain {TRON}, m/44'/195'/2'/0/0)",
            account.address
        )),
        "{text}"
    );
    assert_eq!(status(&app).await, text, "made once");
    node.fund(&account.address, 10_000 * TRX);
    node.mine();

    let out = run(&app.config, &app.store, stake("4000")).await.unwrap();
    assert!(out.contains("\tstake\t4000 TRX\tsent\t"), "{out}");
    node.mine();
    let text = status(&app).await;
    assert_eq!(line(&text, "TRX:"), "TRX: 6000");
    assert_eq!(
        line(&text, "Staked for energy:"),
        "Staked for energy: 4000 TRX, of which delegated 0 TRX"
    );
    let daily = energy_of_stake(4_000 * TRX, 180_000_000_000, 100_000 + 4_000);
    assert_eq!(
        line(&text, "Energy a day:"),
        format!("Energy a day: {daily} (used 0, available {daily})")
    );
    assert_eq!(
        line(&text, "Can delegate now:"),
        format!("Can delegate now: 4000 TRX of stake = {daily} energy a day")
    );
    assert!(text.contains("burning costs 100 sun an energy"), "{text}");
    assert!(
        text.contains("\tstake\t4000 TRX\tdone\t"),
        "followed until included:\n{text}"
    );

    // Less than a TRX, or no number: refused before anything is signed.
    for bad in ["0.5", "lots", "-3"] {
        assert!(run(&app.config, &app.store, stake(bad)).await.is_err(), "{bad}");
    }
    // A withdrawal with nothing unstaked: the chain refuses it, it is said and recorded.
    let refused = run(&app.config, &app.store, EnergyCmd::Withdraw { chain: TRON }).await;
    let reason = refused.unwrap_err().to_string();
    assert!(
        reason.starts_with("refused by the chain:") && reason.contains("\twithdraw\t-\tfailed\t"),
        "{reason}"
    );
    let recent = app.store.recent_energy_txs(TRON, 10).await.unwrap();
    let kinds: Vec<_> = recent.iter().map(|t| (t.kind, t.state)).collect();
    assert_eq!(
        kinds,
        vec![
            (EnergyTxKind::Withdraw, EnergyTxState::Failed),
            (EnergyTxKind::Stake, EnergyTxState::Done)
        ]
    );

    let out = run(
        &app.config,
        &app.store,
        EnergyCmd::Unstake {
            chain: TRON,
            trx: "1000".into(),
        },
    )
    .await
    .unwrap();
    assert!(out.contains("\tunstake\t1000 TRX\tsent\t"), "{out}");
    node.mine();
    let text = status(&app).await;
    assert_eq!(
        line(&text, "Staked for energy:"),
        "Staked for energy: 3000 TRX, of which delegated 0 TRX"
    );
    assert!(line(&text, "Unstaking:").starts_with("Unstaking: 1000 TRX, withdrawable from "));
}

async fn a_stored_transaction_no_node_has_is_sent_again_unchanged(db: TestDb) {
    let node = TronNode::start().await;
    let app = spawn_app_with(db, |c| tron_chain(c, &node.url(), &node.token())).await;
    platform(&app).await;
    let account = app.energy.staking.account(TRON).await.unwrap();
    node.fund(&account.address, 2_000 * TRX);
    node.mine();

    run(&app.config, &app.store, stake("1000")).await.unwrap();
    // The node loses it before a block (a restart, a dropped pool).
    node.drop_pending();
    node.mine();
    let stored = app.store.recent_energy_txs(TRON, 1).await.unwrap().remove(0);
    assert_eq!(stored.state, EnergyTxState::Sent);
    assert_eq!(
        app.energy.staking.follow().await.unwrap(),
        0,
        "sent again, not yet included"
    );
    node.mine();
    assert_eq!(app.energy.staking.follow().await.unwrap(), 1);
    let done = app.store.energy_tx(stored.id).await.unwrap().unwrap();
    assert_eq!(
        (done.state, &done.hash, &done.raw),
        (EnergyTxState::Done, &stored.hash, &stored.raw)
    );
    assert_eq!(node.head_number(), done.block.unwrap());

    // The account is an address Coffer knows: never a cold address, never a deposit.
    let ports = Ports::all_from(Arc::new(app.store.clone()), app.clock.clone());
    let known = known_addresses(&ports, TRON, std::slice::from_ref(&account.address))
        .await
        .unwrap();
    assert_eq!(known.len(), 1);
    assert_eq!(
        known[0].known_as,
        KnownAs::EnergyAccount {
            merchant_id: account.merchant_id
        }
    );
}

each_database!(
    the_pool_is_staked_and_read_from_the_chain,
    a_stored_transaction_no_node_has_is_sent_again_unchanged
);
