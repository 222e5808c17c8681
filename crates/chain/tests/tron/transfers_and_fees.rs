//! Transfers and what they cost: a block's TRX and TRC20 transfers as the scan reads them,
//! balances moved by the amounts and the burnt energy, and the fee quotes (bandwidth, energy to
//! a holder or a new holder, account creation, reverts and a fee limit too low).

use coffer_testkit::tron_node::{transfer_energy, DEFAULT_ENERGY_FACTOR};

use super::*;

#[tokio::test]
async fn scanning_sees_trx_and_trc20_transfers_with_their_amounts() {
    let w = world().await;
    let (alice, bob) = (deposit(0), deposit(1));
    let trx_tx = w.send(&alice, Asset::Native, 1_500_000).await;
    let token_tx = w.send(&bob, w.token_asset(), 12_345_678).await;
    let number = w.node.mine();

    let head = w.tron.head().await.unwrap();
    assert_eq!(head.number, number);
    let block = w
        .tron
        .block(number, std::slice::from_ref(&w.token))
        .await
        .unwrap()
        .expect("the mined block");
    assert_eq!(block.hash, head.hash);
    assert_eq!(
        &block.hash[..16],
        format!("{number:016x}").as_str(),
        "ids start with the height"
    );
    let parent = w.tron.block(number - 1, &[]).await.unwrap().unwrap();
    assert_eq!(block.parent_hash, parent.hash);
    assert!(block.timestamp >= parent.timestamp && block.timestamp > 1_600_000_000);

    assert_eq!(block.transfers.len(), 2, "{:?}", block.transfers);
    let native = &block.transfers[0];
    assert_eq!((native.tx_hash.as_str(), native.index), (trx_tx.hash.as_str(), 0));
    assert_eq!(
        (native.from.as_str(), native.to.as_str()),
        (w.hot.as_str(), alice.as_str())
    );
    assert_eq!(
        (&native.asset, native.amount),
        (&Asset::Native, BaseUnits::from_u128(1_500_000))
    );
    let token = &block.transfers[1];
    assert_eq!(token.tx_hash, token_tx.hash);
    assert_eq!(
        (token.from.as_str(), token.to.as_str()),
        (w.hot.as_str(), bob.as_str())
    );
    assert_eq!(token.asset, w.token_asset());
    assert_eq!(token.amount, BaseUnits::from_u128(12_345_678));
    assert!(token.tx_hash.chars().all(|c| matches!(c, '0'..='9' | 'a'..='f')) && token.tx_hash.len() == 64);

    // Unwatched tokens are not reported; above the head there is no block.
    let natives_only = w.tron.block(number, &[]).await.unwrap().unwrap();
    assert_eq!(natives_only.transfers, vec![native.clone()]);
    assert_eq!(w.tron.block(number + 1, &[]).await.unwrap(), None);
    assert_eq!(
        w.tron.block(number, &["not an address".into()]).await,
        Err(ChainError::InvalidAddress)
    );
}

#[tokio::test]
async fn balances_move_by_the_amounts_and_the_burnt_energy() {
    let w = world().await;
    let alice = deposit(0);
    assert_eq!(w.trx(&w.hot).await, BaseUnits::from_u128(100 * TRX as u128));
    assert_eq!(w.trx(&alice).await, BaseUnits::ZERO, "no account yet");
    let tokens = w.token_asset();
    assert_eq!(
        w.tron.balance(&w.hot, &tokens).await.unwrap(),
        BaseUnits::from_u128(1_000_000_000)
    );
    assert_eq!(w.tron.balance(&alice, &tokens).await.unwrap(), BaseUnits::ZERO);

    w.send(&alice, Asset::Native, 2 * TRX as u128).await;
    w.send(&alice, tokens.clone(), 250_000_000).await;
    w.node.mine();

    // New account: 1.1 TRX creation fees; TRC20 to a new holder: 130 285 energy (penalty
    // included); its bandwidth comes from the day's free allowance.
    let spent = 2 * TRX
        + CREATE_ACCOUNT_FEE
        + CREATE_ACCOUNT_IN_CONTRACT_FEE
        + transfer_energy(true, DEFAULT_ENERGY_FACTOR) * ENERGY_FEE;
    assert_eq!(
        w.trx(&w.hot).await,
        BaseUnits::from_u128((100 * TRX - spent) as u128)
    );
    assert_eq!(w.trx(&alice).await, BaseUnits::from_u128(2 * TRX as u128));
    assert_eq!(
        w.tron.balance(&w.hot, &tokens).await.unwrap(),
        BaseUnits::from_u128(750_000_000)
    );
    assert_eq!(
        w.tron.balance(&alice, &tokens).await.unwrap(),
        BaseUnits::from_u128(250_000_000)
    );
    assert_eq!(w.node.token_balance(&alice), U256::from(250_000_000u64));
}

#[tokio::test]
async fn fee_estimates_follow_bandwidth_energy_and_account_creation() {
    let w = world().await;
    let alice = deposit(0);
    let trx = w
        .tron
        .estimate_fee(&request(&w.hot, &alice, Asset::Native, TRX as u128))
        .await
        .unwrap();
    assert_eq!(trx.energy, 0);
    assert!(
        (250..300).contains(&trx.bandwidth),
        "a TRX transfer is ~270 bytes, got {}",
        trx.bandwidth
    );
    // A new account: its activation, burnt in place of bandwidth.
    let creation = CREATE_ACCOUNT_FEE + CREATE_ACCOUNT_IN_CONTRACT_FEE;
    assert_eq!(trx.fee, BaseUnits::from_u128(creation as u128));

    // An existing one: the hot wallet's free bandwidth of the day pays.
    w.node.fund(&alice, 1);
    let existing = w
        .tron
        .estimate_fee(&request(&w.hot, &alice, Asset::Native, TRX as u128))
        .await
        .unwrap();
    assert_eq!(existing.fee, BaseUnits::ZERO);

    let token = w
        .tron
        .estimate_fee(&request(&w.hot, &alice, w.token_asset(), 5))
        .await
        .unwrap();
    assert_eq!(token.energy, transfer_energy(true, DEFAULT_ENERGY_FACTOR));
    assert_eq!(token.energy, 130_285, "mainnet's figure for a new USDT holder");
    assert!(token.bandwidth > existing.bandwidth, "a contract call is bigger");
    assert_eq!(
        token.fee,
        BaseUnits::from_u128((token.energy * ENERGY_FEE) as u128)
    );

    // The free allowance used up (two TRX transfers): bandwidth burns, and the quotes say so.
    for _ in 0..2 {
        w.send(&alice, Asset::Native, TRX as u128).await;
        w.node.mine();
    }
    let burnt = w
        .tron
        .estimate_fee(&request(&w.hot, &alice, Asset::Native, TRX as u128))
        .await
        .unwrap();
    assert_eq!(
        burnt.fee,
        BaseUnits::from_u128((burnt.bandwidth * TRANSACTION_FEE) as u128)
    );
    let token = w
        .tron
        .estimate_fee(&request(&w.hot, &alice, w.token_asset(), 5))
        .await
        .unwrap();
    let expected = token.energy * ENERGY_FEE + token.bandwidth * TRANSACTION_FEE;
    assert_eq!(token.fee, BaseUnits::from_u128(expected as u128));

    // More tokens than the sender has: the simulation reverts.
    let too_much = w
        .tron
        .estimate_fee(&request(&w.hot, &alice, w.token_asset(), 2_000_000_000))
        .await;
    assert!(
        matches!(&too_much, Err(ChainError::Rejected(r)) if r.contains("REVERT")),
        "{too_much:?}"
    );

    // A fee limit below the energy cost is refused before anything is signed.
    let stingy = TronAdapter::new(1, &w.node.url(), Some(token.energy * ENERGY_FEE - 1)).unwrap();
    let refused = stingy
        .estimate_fee(&request(&w.hot, &alice, w.token_asset(), 5))
        .await;
    assert!(
        matches!(&refused, Err(ChainError::Rejected(r)) if r.contains("fee limit")),
        "{refused:?}"
    );
}

#[tokio::test]
async fn token_holders_pay_less_energy_than_new_holders() {
    let w = world().await;
    let alice = deposit(0);
    w.node.fund_token(&alice, 1);
    let estimate = w
        .tron
        .estimate_fee(&request(&w.hot, &alice, w.token_asset(), 5))
        .await
        .unwrap();
    assert_eq!(estimate.energy, transfer_energy(false, DEFAULT_ENERGY_FACTOR));
    assert_eq!(estimate.energy, 64_285, "mainnet's figure for a USDT holder");
}
