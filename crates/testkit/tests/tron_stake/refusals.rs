//! What java-tron refuses, the double refuses with the same message and nothing changed.

use std::time::Duration;

use serde_json::json;

use crate::signer::{delegate, freeze, hex41, mined, refused, undelegate, unfreeze, Wallet};
use crate::{max_size, network, resource, ENERGY, TRX};

#[tokio::test]
async fn stakes_below_1_trx_or_beyond_the_balance_are_refused() {
    let (node, staker, _) = network().await;
    let message = refused(&node, &staker, freeze(&staker, TRX - 1, ENERGY)).await;
    assert_eq!(message, "frozenBalance must be more than 1TRX");
    let message = refused(&node, &staker, freeze(&staker, 100_001 * TRX, ENERGY)).await;
    assert_eq!(message, "frozenBalance must be less than accountBalance");
    let message = refused(&node, &staker, freeze(&staker, TRX, 5)).await;
    assert_eq!(
        message,
        "ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]"
    );
    assert_eq!(
        refused(&node, &staker, unfreeze(&staker, TRX, ENERGY)).await,
        "no frozenBalance(Energy)"
    );
    assert_eq!(node.trx_balance(&staker.address()), 100_000 * TRX);
    assert_eq!(resource(&node, &staker).await["TotalEnergyWeight"], json!(90_000));
}

#[tokio::test]
async fn unstaking_more_than_staked_or_a_33rd_time_is_refused() {
    let (node, staker, _) = network().await;
    mined(&node, &staker, freeze(&staker, 100 * TRX, ENERGY), 0).await;
    let message = refused(&node, &staker, unfreeze(&staker, 100 * TRX + 1, ENERGY)).await;
    assert_eq!(
        message,
        format!("Invalid unfreeze_balance, [{}] is error", 100 * TRX + 1)
    );
    for i in 0..32 {
        let answer = crate::signer::send(&node, &staker, unfreeze(&staker, TRX + i, ENERGY), 0).await;
        assert_eq!(answer["result"], json!(true), "{answer}");
    }
    node.mine();
    let message = refused(&node, &staker, unfreeze(&staker, TRX, ENERGY)).await;
    assert_eq!(
        message,
        "Invalid unfreeze operation, unfreezing times is over limit"
    );
    // Once they can be withdrawn they are no longer in flight.
    node.advance_time(Duration::from_secs(14 * 86_400 + 3));
    node.mine();
    mined(&node, &staker, unfreeze(&staker, TRX, ENERGY), 0).await;
}

#[tokio::test]
async fn delegations_java_tron_refuses_are_refused() {
    let (node, staker, receiver) = network().await;
    mined(&node, &staker, freeze(&staker, 1_000 * TRX, ENERGY), 0).await;
    let stranger = Wallet::new(9);
    let message = refused(&node, &staker, delegate(&staker, &stranger.id, 10 * TRX, None)).await;
    assert_eq!(message, format!("Account[{}] not exists", hex41(&stranger.id)));
    let message = refused(&node, &staker, delegate(&staker, &receiver.id, TRX - 1, None)).await;
    assert_eq!(message, "delegateBalance must be more than 1TRX");
    let message = refused(
        &node,
        &staker,
        delegate(&staker, &receiver.id, 1_000 * TRX + 1, None),
    )
    .await;
    assert_eq!(
        message,
        "delegateBalance must be less than available FreezeEnergyV2 balance"
    );
    let message = refused(&node, &staker, delegate(&staker, &staker.id, 10 * TRX, None)).await;
    assert_eq!(message, "receiverAddress must not be the same as ownerAddress");
    let message = refused(&node, &staker, undelegate(&staker, &receiver.id, TRX)).await;
    assert_eq!(message, "delegated Resource does not exist");

    mined(
        &node,
        &staker,
        delegate(&staker, &receiver.id, 300 * TRX, None),
        0,
    )
    .await;
    mined(
        &node,
        &staker,
        delegate(&staker, &receiver.id, 200 * TRX, Some(1_000)),
        0,
    )
    .await;
    assert_eq!(max_size(&node, &staker).await, json!({"max_size": 500 * TRX}));
    // The unlocked 300 TRX can come back, not the 200 locked for 3 000 s.
    let message = refused(&node, &staker, undelegate(&staker, &receiver.id, 301 * TRX)).await;
    assert_eq!(
        message,
        format!(
            "insufficient delegateFrozenBalance(Energy), request={}, unlock_balance={}",
            301 * TRX,
            300 * TRX
        )
    );
    // A new lock may not end before the running one.
    let message = refused(&node, &staker, delegate(&staker, &receiver.id, TRX, Some(10))).await;
    assert!(
        message.starts_with("The lock period for ENERGY this time cannot be less than the remaining time["),
        "{message}"
    );
    let message = refused(
        &node,
        &staker,
        delegate(&staker, &receiver.id, TRX, Some(864_001)),
    )
    .await;
    assert_eq!(
        message,
        "The lock period of delegate resource cannot be less than 0 and cannot exceed 864000!"
    );
    let message = refused(&node, &staker, unfreeze(&staker, 501 * TRX, ENERGY)).await;
    assert_eq!(
        message,
        format!("Invalid unfreeze_balance, [{}] is error", 501 * TRX),
        "delegated stake stays staked"
    );
    mined(&node, &staker, undelegate(&staker, &receiver.id, 300 * TRX), 0).await;
    assert_eq!(max_size(&node, &staker).await, json!({"max_size": 800 * TRX}));
}

/// getcandelegatedmaxsize: the owner's own used energy occupies part of its stake, which cannot
/// be delegated until the use recovers.
#[tokio::test]
async fn the_stake_the_owners_own_use_occupies_cannot_be_delegated() {
    let (node, staker, receiver) = network().await;
    node.set_background_energy_weight(19_000_000_000);
    node.fund_token(&staker.address(), 1_000);
    node.fund_token(&receiver.address(), 1);
    let token = coffer_testkit::tron_node::address_id(&node.token()).expect("token");
    mined(&node, &staker, freeze(&staker, 10_000 * TRX, ENERGY), 0).await;
    let limit = resource(&node, &staker).await["EnergyLimit"]
        .as_u64()
        .expect("a limit");
    assert_eq!(limit, 94_736, "10 000 of 19 000 010 000 TRX");
    mined(
        &node,
        &staker,
        crate::signer::token_transfer(&staker, &token, &receiver.id, 5),
        100 * TRX,
    )
    .await;
    // 64 285 energy used: 64 285 x 19 000 010 000 / 180e9 TRX of stake, floored in sun.
    let occupied = 64_285u128 * 1_000_000 * 19_000_010_000 / 180_000_000_000;
    let expected = 10_000 * TRX - occupied as u64;
    assert_eq!(max_size(&node, &staker).await, json!({"max_size": expected}));
    let message = refused(
        &node,
        &staker,
        delegate(&staker, &receiver.id, expected + 1, None),
    )
    .await;
    assert_eq!(
        message,
        "delegateBalance must be less than available FreezeEnergyV2 balance"
    );
    mined(&node, &staker, delegate(&staker, &receiver.id, expected, None), 0).await;
}

/// Stake contracts are verified as every transaction is: signed by their owner.
#[tokio::test]
async fn a_stake_contract_signed_by_another_key_is_refused() {
    let (node, staker, receiver) = network().await;
    let answer = crate::signer::send(&node, &receiver, freeze(&staker, 10 * TRX, ENERGY), 0).await;
    assert_eq!(answer["code"], json!("SIGERROR"), "{answer}");
    let answer = crate::signer::send(
        &node,
        &receiver,
        delegate(&staker, &receiver.id, 10 * TRX, None),
        0,
    )
    .await;
    assert_eq!(answer["code"], json!("SIGERROR"), "{answer}");
    assert_eq!(node.pending_count(), 0);
    assert_eq!(node.trx_balance(&staker.address()), 100_000 * TRX);
}
