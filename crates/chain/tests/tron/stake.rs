//! The resource port (`TronResources`) against the node double: staking TRX for energy,
//! delegating it (locked or not) and taking it back, unstaking, and every figure read back from
//! the chain (the network's totals, what a stake yields, what can be delegated, the live energy
//! price, a token transfer's simulated energy).

use coffer_domain::ports::tron_resources::{
    energy_of_stake, stake_for_energy, StakeAction, StakeResource, TronResources,
};
use coffer_testkit::tron_node::ENERGY_FEE;

use super::*;

/// The platform's energy account: its own key, 10,000 TRX, and a network small enough that
/// its stake yields a useful share.
async fn staker(w: &World) -> (String, SecretKey) {
    w.node.set_background_energy_weight(100_000);
    let key = w.tron.derive(&dev_seed(), KeyPurpose::HotWallet, 7).unwrap();
    w.node.fund(&key.address, 10_000 * TRX);
    w.node.mine();
    (key.address, key.secret)
}

async fn send_stake(w: &World, key: &SecretKey, action: StakeAction) -> SignedTx {
    let signed = w.tron.sign_stake(key, &action).await.unwrap();
    w.tron.broadcast(&signed).await.unwrap();
    let number = w.node.mine();
    assert_eq!(
        w.tron.status(&signed.hash).await.unwrap(),
        TxStatus::Included {
            block: number,
            success: true
        },
        "{action:?}"
    );
    signed
}

#[tokio::test]
async fn a_stake_yields_its_share_of_the_network_energy_and_can_be_delegated_and_taken_back() {
    let w = world().await;
    let (owner, key) = staker(&w).await;
    let before = w.tron.account(&owner).await.unwrap();
    assert!(before.activated);
    assert_eq!(before.staked_energy_sun, 0);
    assert_eq!(before.energy_limit, 0);

    send_stake(
        &w,
        &key,
        StakeAction::Stake {
            owner: owner.clone(),
            amount_sun: 4_000 * TRX,
            resource: StakeResource::Energy,
        },
    )
    .await;
    let staked = w.tron.account(&owner).await.unwrap();
    assert_eq!(staked.staked_energy_sun, 4_000 * TRX);
    // The stake's bandwidth comes from the free daily allowance.
    assert_eq!(staked.balance_sun, before.balance_sun - 4_000 * TRX);
    assert_eq!(
        staked.total_energy_weight,
        100_000 + 4_000,
        "the network's weight includes the stake"
    );
    assert_eq!(
        staked.energy_limit,
        energy_of_stake(4_000 * TRX, staked.total_energy_limit, staked.total_energy_weight),
        "the formula the domain sizes delegations with is the chain's"
    );
    assert_eq!(
        w.tron
            .can_delegate_max(&owner, StakeResource::Energy)
            .await
            .unwrap(),
        4_000 * TRX
    );

    // Delegate what one transfer needs to an activated deposit address, not locked.
    let receiver = deposit(0);
    w.node.fund(&receiver, TRX);
    let need = 65_000;
    let amount_sun = stake_for_energy(need, staked.total_energy_limit, staked.total_energy_weight).unwrap();
    send_stake(
        &w,
        &key,
        StakeAction::Delegate {
            owner: owner.clone(),
            receiver: receiver.clone(),
            amount_sun,
            resource: StakeResource::Energy,
            lock_blocks: None,
        },
    )
    .await;
    let theirs = w.tron.account(&receiver).await.unwrap();
    assert!(theirs.energy_available() >= need, "{theirs:?}");
    assert_eq!(theirs.acquired_energy_sun, amount_sun);
    let delegation = w
        .tron
        .energy_delegation(&owner, &receiver)
        .await
        .unwrap()
        .unwrap();
    assert_eq!((delegation.amount_sun, delegation.locked_sun), (amount_sun, 0));
    assert_eq!(
        w.tron.delegation_receivers(&owner).await.unwrap(),
        vec![receiver.clone()]
    );
    let mine = w.tron.account(&owner).await.unwrap();
    assert_eq!(mine.delegated_energy_sun, amount_sun);
    assert_eq!(
        mine.staked_energy_sun,
        4_000 * TRX,
        "a delegated stake is still the owner's"
    );
    assert_eq!(
        w.tron
            .can_delegate_max(&owner, StakeResource::Energy)
            .await
            .unwrap(),
        4_000 * TRX - amount_sun
    );

    send_stake(
        &w,
        &key,
        StakeAction::Undelegate {
            owner: owner.clone(),
            receiver: receiver.clone(),
            amount_sun,
            resource: StakeResource::Energy,
        },
    )
    .await;
    assert_eq!(w.tron.energy_delegation(&owner, &receiver).await.unwrap(), None);
    assert!(w.tron.delegation_receivers(&owner).await.unwrap().is_empty());
    assert_eq!(w.tron.account(&receiver).await.unwrap().energy_limit, 0);
}

#[tokio::test]
async fn a_locked_delegation_cannot_be_taken_back_before_its_lock_ends() {
    let w = world().await;
    let (owner, key) = staker(&w).await;
    send_stake(
        &w,
        &key,
        StakeAction::Stake {
            owner: owner.clone(),
            amount_sun: 1_000 * TRX,
            resource: StakeResource::Energy,
        },
    )
    .await;
    let receiver = deposit(1);
    w.node.fund(&receiver, TRX);
    let head_ms = w.node.head_timestamp_ms();
    send_stake(
        &w,
        &key,
        StakeAction::Delegate {
            owner: owner.clone(),
            receiver: receiver.clone(),
            amount_sun: 100 * TRX,
            resource: StakeResource::Energy,
            lock_blocks: Some(100),
        },
    )
    .await;
    let delegation = w
        .tron
        .energy_delegation(&owner, &receiver)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(delegation.locked_sun, 100 * TRX);
    assert!(
        delegation.lock_expires_at_ms >= head_ms + 100 * 3_000,
        "{delegation:?}"
    );

    let undelegate = StakeAction::Undelegate {
        owner: owner.clone(),
        receiver: receiver.clone(),
        amount_sun: 100 * TRX,
        resource: StakeResource::Energy,
    };
    let early = w.tron.sign_stake(&key, &undelegate).await.unwrap();
    let reason = rejected(w.tron.broadcast(&early).await);
    assert!(reason.contains("CONTRACT_VALIDATE_ERROR"), "{reason}");
    assert_eq!(
        w.tron
            .energy_delegation(&owner, &receiver)
            .await
            .unwrap()
            .unwrap()
            .amount_sun,
        100 * TRX,
        "nothing was taken back"
    );

    w.node.advance_time(std::time::Duration::from_secs(301));
    w.node.mine();
    send_stake(&w, &key, undelegate).await;
    assert_eq!(w.tron.energy_delegation(&owner, &receiver).await.unwrap(), None);
}

#[tokio::test]
async fn an_unstake_is_in_flight_for_fourteen_days_and_only_the_owner_signs() {
    let w = world().await;
    let (owner, key) = staker(&w).await;
    send_stake(
        &w,
        &key,
        StakeAction::Stake {
            owner: owner.clone(),
            amount_sun: 500 * TRX,
            resource: StakeResource::Energy,
        },
    )
    .await;
    let head_ms = w.node.head_timestamp_ms();
    send_stake(
        &w,
        &key,
        StakeAction::Unstake {
            owner: owner.clone(),
            amount_sun: 200 * TRX,
            resource: StakeResource::Energy,
        },
    )
    .await;
    let account = w.tron.account(&owner).await.unwrap();
    assert_eq!(account.staked_energy_sun, 300 * TRX);
    assert_eq!(account.unstaking.len(), 1);
    let unstaking = &account.unstaking[0];
    assert_eq!(
        (unstaking.resource, unstaking.amount_sun),
        (StakeResource::Energy, 200 * TRX)
    );
    assert!(
        unstaking.expires_at_ms >= head_ms + 14 * 86_400_000,
        "{unstaking:?}"
    );

    // Another key cannot sign for the staker: refused before the node is asked.
    let stranger = deposit_secret(5);
    let refused = w
        .tron
        .sign_stake(&stranger, &StakeAction::WithdrawUnstaked { owner })
        .await;
    assert!(matches!(refused, Err(ChainError::Key(_))), "{refused:?}");
}

fn deposit_secret(index: u32) -> SecretKey {
    adapter("http://127.0.0.1:9")
        .derive(&dev_seed(), KeyPurpose::Deposit, index)
        .unwrap()
        .secret
}

#[tokio::test]
async fn the_price_and_a_transfers_energy_are_read_live() {
    let w = world().await;
    assert_eq!(w.tron.energy_price_sun().await.unwrap(), ENERGY_FEE);
    w.node.set_params(|p| p.energy_fee = 210);
    assert_eq!(
        w.tron.energy_price_sun().await.unwrap(),
        210,
        "the price before August 2025"
    );

    let (holder, fresh) = (deposit(0), deposit(1));
    w.send(&holder, w.token_asset(), 1).await;
    w.node.mine();
    let one = BaseUnits::from_u128(1);
    let to_holder = w
        .tron
        .transfer_energy(&w.token, &w.hot, &holder, &one)
        .await
        .unwrap();
    let to_fresh = w
        .tron
        .transfer_energy(&w.token, &w.hot, &fresh, &one)
        .await
        .unwrap();
    assert!(to_fresh > to_holder * 3 / 2, "{to_holder} / {to_fresh}");
    w.node.set_energy_factor(0);
    let calm = w
        .tron
        .transfer_energy(&w.token, &w.hot, &holder, &one)
        .await
        .unwrap();
    assert!(calm < to_holder, "the contract's dynamic factor is read live");
    // A sender without the tokens: the transfer would fail.
    let broke = w.tron.transfer_energy(&w.token, &fresh, &holder, &one).await;
    assert!(matches!(broke, Err(ChainError::Rejected(_))), "{broke:?}");
}
