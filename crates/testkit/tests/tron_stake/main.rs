//! Stake 2.0 on the TRON node double, through its HTTP endpoints with transactions signed here:
//! a stake's energy, delegations with their lock, unstaking and withdrawal, java-tron's refusals,
//! and what a USDT transfer costs with delegated energy.

mod bandwidth;
mod refusals;
mod signer;
mod usdt;

use std::time::Duration;

use serde_json::{json, Value};

use coffer_testkit::TronNode;
use signer::{delegate, freeze, hex41, mined, post, refused, undelegate, unfreeze, withdraw, Wallet};

pub const TRX: u64 = 1_000_000;
pub const ENERGY: u64 = 1;

pub async fn resource(node: &TronNode, who: &Wallet) -> Value {
    post(
        node,
        "getaccountresource",
        json!({"address": who.address(), "visible": true}),
    )
    .await
}

pub async fn account(node: &TronNode, who: &Wallet) -> Value {
    post(
        node,
        "getaccount",
        json!({"address": who.address(), "visible": true}),
    )
    .await
}

pub async fn max_size(node: &TronNode, who: &Wallet) -> Value {
    let body = json!({"owner_address": who.address(), "type": ENERGY, "visible": true});
    post(node, "getcandelegatedmaxsize", body).await
}

/// A node where the rest of the network stakes 90 000 TRX for energy, and a staker with
/// 100 000 TRX and an activated receiver.
pub async fn network() -> (TronNode, Wallet, Wallet) {
    let node = TronNode::start().await;
    node.set_background_energy_weight(90_000);
    let (staker, receiver) = (Wallet::new(7), Wallet::new(8));
    node.fund(&staker.address(), 100_000 * TRX);
    node.fund(&receiver.address(), TRX);
    node.mine();
    (node, staker, receiver)
}

#[tokio::test]
async fn a_stake_is_delegated_locked_taken_back_unstaked_and_withdrawn() {
    let (node, staker, receiver) = network().await;
    mined(&node, &staker, freeze(&staker, 10_000 * TRX, ENERGY), 0).await;
    // 10 000 of 100 000 staked TRX: a tenth of 180 000 000 000 energy a day.
    let own = resource(&node, &staker).await;
    assert_eq!(own["TotalEnergyWeight"], json!(100_000), "{own}");
    assert_eq!(own["TotalEnergyLimit"], json!(180_000_000_000u64), "{own}");
    assert_eq!(own["EnergyLimit"], json!(18_000_000_000u64), "{own}");
    assert_eq!(max_size(&node, &staker).await, json!({"max_size": 10_000 * TRX}));
    assert_eq!(node.trx_balance(&staker.address()), 90_000 * TRX);

    // 1 000 TRX delegated, locked for 100 blocks (300 s).
    mined(
        &node,
        &staker,
        delegate(&staker, &receiver.id, 1_000 * TRX, Some(100)),
        0,
    )
    .await;
    let delegated_at = node.head_timestamp_ms();
    assert_eq!(
        resource(&node, &receiver).await["EnergyLimit"],
        json!(1_800_000_000u64)
    );
    assert_eq!(
        resource(&node, &staker).await["EnergyLimit"],
        json!(16_200_000_000u64)
    );
    let pair = json!({"fromAddress": staker.address(), "toAddress": receiver.address(), "visible": true});
    let record = post(&node, "getdelegatedresourcev2", pair.clone()).await;
    assert_eq!(
        record,
        json!({"delegatedResource": [{
            "from": staker.address(), "to": receiver.address(),
            "frozen_balance_for_energy": 1_000 * TRX, "expire_time_for_energy": delegated_at + 300_000,
        }]})
    );
    let index = post(
        &node,
        "getdelegatedresourceaccountindexv2",
        json!({"value": staker.address(), "visible": true}),
    )
    .await;
    assert_eq!(
        index,
        json!({"account": staker.address(), "toAccounts": [receiver.address()]})
    );
    let index = post(
        &node,
        "getdelegatedresourceaccountindexv2",
        json!({"value": hex41(&receiver.id)}),
    )
    .await;
    assert_eq!(
        index,
        json!({"account": hex41(&receiver.id), "fromAccounts": [hex41(&staker.id)]})
    );
    let shown = account(&node, &staker).await;
    assert_eq!(
        shown["frozenV2"],
        json!([{}, {"type": "ENERGY", "amount": 9_000 * TRX}, {"type": "TRON_POWER"}])
    );
    assert_eq!(
        shown["account_resource"]["delegated_frozenV2_balance_for_energy"],
        json!(1_000 * TRX)
    );
    let shown = account(&node, &receiver).await;
    assert_eq!(
        shown["account_resource"]["acquired_delegated_frozenV2_balance_for_energy"],
        json!(1_000 * TRX)
    );

    // Locked: nothing comes back before the lock's end, all of it after.
    let message = refused(&node, &staker, undelegate(&staker, &receiver.id, 1_000 * TRX)).await;
    assert_eq!(
        message,
        format!(
            "insufficient delegateFrozenBalance(Energy), request={}, unlock_balance=0",
            1_000 * TRX
        )
    );
    node.advance_time(Duration::from_secs(301));
    node.mine();
    mined(&node, &staker, undelegate(&staker, &receiver.id, 1_000 * TRX), 0).await;
    assert_eq!(post(&node, "getdelegatedresourcev2", pair).await, json!({}));
    assert!(resource(&node, &receiver).await.get("EnergyLimit").is_none());
    assert_eq!(
        resource(&node, &staker).await["EnergyLimit"],
        json!(18_000_000_000u64)
    );
    let index = post(
        &node,
        "getdelegatedresourceaccountindexv2",
        json!({"value": staker.address()}),
    )
    .await;
    assert_eq!(index, json!({}));

    // Unstaked TRX comes back 14 days of block time later, through a withdrawal.
    let txid = mined(&node, &staker, unfreeze(&staker, 4_000 * TRX, ENERGY), 0).await;
    let info = post(&node, "gettransactioninfobyid", json!({"value": txid})).await;
    let unstaked_at = info["blockTimeStamp"].as_u64().expect("block time");
    let shown = account(&node, &staker).await;
    assert_eq!(
        shown["unfrozenV2"],
        json!([{"type": "ENERGY", "unfreeze_amount": 4_000 * TRX, "unfreeze_expire_time": unstaked_at + 14 * 86_400_000}])
    );
    assert_eq!(resource(&node, &staker).await["TotalEnergyWeight"], json!(96_000));
    assert_eq!(
        refused(&node, &staker, withdraw(&staker)).await,
        "no unFreeze balance to withdraw "
    );
    node.advance_time(Duration::from_secs(14 * 86_400));
    node.mine();
    let before = node.trx_balance(&staker.address());
    let txid = mined(&node, &staker, withdraw(&staker), 0).await;
    assert_eq!(node.trx_balance(&staker.address()), before + 4_000 * TRX);
    let info = post(&node, "gettransactioninfobyid", json!({"value": txid})).await;
    assert_eq!(info["withdraw_expire_amount"], json!(4_000 * TRX), "{info}");
    assert!(account(&node, &staker).await.get("unfrozenV2").is_none());
}
