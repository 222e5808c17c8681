//! Signed transfers on anvil: pending then included, rebroadcasts that change nothing, and
//! reverted or refused transfers that move nothing.

use super::*;

#[tokio::test]
async fn signed_transfers_are_pending_then_included_and_rebroadcasts_are_harmless() {
    let (anvil, evm, token) = with_token().await;
    let hot = evm.derive(&seed(), KeyPurpose::HotWallet, 0).unwrap();
    let cold = DEV_ACCOUNTS[2];
    let gas = anvil
        .send(DEV_ACCOUNTS[0], Some(&hot.address), eth("10").0, "0x")
        .await;
    anvil.receipt(&gas).await;
    anvil
        .receipt(&anvil.mint(&token, &hot.address, usd("500").0).await)
        .await;
    let cold_eth_before = evm.balance(cold, &Asset::Native).await.unwrap();

    anvil.set_automine(false).await;
    // Explicit consecutive nonces, as the payout queue assigns them.
    let pay_token = request(&hot.address, cold, token_asset(&token), usd("200"), Some(0));
    let pay_eth = request(&hot.address, cold, Asset::Native, eth("1.5"), Some(1));
    let token_fee = evm.estimate_fee(&pay_token).await.unwrap();
    let eth_fee = evm.estimate_fee(&pay_eth).await.unwrap();
    assert!(
        !token_fee.fee.is_zero() && token_fee.fee > eth_fee.fee,
        "{token_fee:?} {eth_fee:?}"
    );
    assert_eq!((token_fee.energy, token_fee.bandwidth), (0, 0));

    let token_tx = evm.sign_transfer(&hot.secret, &pay_token).await.unwrap();
    let eth_tx = evm.sign_transfer(&hot.secret, &pay_eth).await.unwrap();
    assert_eq!((token_tx.nonce, eth_tx.nonce), (Some(0), Some(1)));
    assert!(token_tx.raw.starts_with("0x02"), "an EIP-1559 envelope");
    assert_eq!(token_tx.hash, token_tx.hash.to_lowercase());
    assert_eq!(
        evm.status(&token_tx.hash).await.unwrap(),
        TxStatus::Unknown,
        "not sent yet"
    );

    evm.broadcast(&token_tx).await.unwrap();
    evm.broadcast(&eth_tx).await.unwrap();
    evm.broadcast(&token_tx).await.unwrap(); // again, while pending
    assert_eq!(evm.status(&token_tx.hash).await.unwrap(), TxStatus::Pending);
    assert_eq!(evm.status(&eth_tx.hash).await.unwrap(), TxStatus::Pending);

    // Without a nonce the node's pending count is used: 2, after the two in the mempool.
    let pay_more = request(&hot.address, cold, Asset::Native, eth("0.25"), None);
    let third = evm.sign_transfer(&hot.secret, &pay_more).await.unwrap();
    assert_eq!(third.nonce, Some(2));
    evm.broadcast(&third).await.unwrap();

    anvil.mine(1).await;
    let head = evm.head().await.unwrap().number;
    for tx in [&token_tx, &eth_tx, &third] {
        assert_eq!(
            evm.status(&tx.hash).await.unwrap(),
            TxStatus::Included {
                block: head,
                success: true
            }
        );
    }
    evm.broadcast(&token_tx).await.unwrap(); // again, after inclusion

    let block = evm
        .block(head, std::slice::from_ref(&token))
        .await
        .unwrap()
        .unwrap();
    let moved: Vec<(String, Asset, BaseUnits)> = block
        .transfers
        .iter()
        .map(|t| {
            assert_eq!((t.from.as_str(), t.to.as_str()), (hot.address.as_str(), cold));
            (t.tx_hash.clone(), t.asset.clone(), t.amount)
        })
        .collect();
    assert_eq!(
        moved,
        vec![
            (token_tx.hash.clone(), token_asset(&token), usd("200")),
            (eth_tx.hash.clone(), Asset::Native, eth("1.5")),
            (third.hash.clone(), Asset::Native, eth("0.25")),
        ]
    );

    assert_eq!(evm.balance(cold, &token_asset(&token)).await.unwrap(), usd("200"));
    assert_eq!(
        evm.balance(&hot.address, &token_asset(&token)).await.unwrap(),
        usd("300")
    );
    assert_eq!(
        evm.balance(cold, &Asset::Native).await.unwrap(),
        cold_eth_before.checked_add(eth("1.75")).unwrap()
    );
    let mut fees = U256::ZERO;
    for tx in [&token_tx, &eth_tx, &third] {
        fees += fee_paid(&anvil, &tx.hash).await;
    }
    assert!(
        fee_paid(&anvil, &token_tx.hash).await <= token_fee.fee.0,
        "the estimate is a worst case"
    );
    let spent = eth("1.75").0 + fees;
    assert_eq!(
        evm.balance(&hot.address, &Asset::Native).await.unwrap(),
        BaseUnits(eth("10").0 - spent)
    );
}

#[tokio::test]
async fn reverted_and_refused_transfers_move_nothing() {
    let (anvil, evm, token) = with_token().await;
    let seed = seed();
    let hot = evm.derive(&seed, KeyPurpose::HotWallet, 3).unwrap();
    let cold = DEV_ACCOUNTS[2];
    let gas = anvil
        .send(DEV_ACCOUNTS[0], Some(&hot.address), eth("1").0, "0x")
        .await;
    anvil.receipt(&gas).await;
    anvil
        .receipt(&anvil.mint(&token, &hot.address, usd("100").0).await)
        .await;

    // Asking for more than held fails at estimation, before anything is signed.
    let too_much = request(&hot.address, cold, token_asset(&token), usd("100.000001"), None);
    match evm.sign_transfer(&hot.secret, &too_much).await {
        Err(ChainError::Rejected(message)) => assert!(message.contains("balance too low"), "{message}"),
        other => panic!("expected a refusal, got {other:?}"),
    }

    // Two payouts of 60 from 100, both signed (and estimated) before either is mined: the
    // second one reverts on chain, which costs gas but moves no token.
    anvil.set_automine(false).await;
    let first = request(&hot.address, cold, token_asset(&token), usd("60"), Some(0));
    let second = request(&hot.address, cold, token_asset(&token), usd("60"), Some(1));
    let first_tx = evm.sign_transfer(&hot.secret, &first).await.unwrap();
    let second_tx = evm.sign_transfer(&hot.secret, &second).await.unwrap();
    evm.broadcast(&first_tx).await.unwrap();
    evm.broadcast(&second_tx).await.unwrap();
    anvil.mine(1).await;
    let head = evm.head().await.unwrap().number;
    assert_eq!(
        evm.status(&first_tx.hash).await.unwrap(),
        TxStatus::Included {
            block: head,
            success: true
        }
    );
    assert_eq!(
        evm.status(&second_tx.hash).await.unwrap(),
        TxStatus::Included {
            block: head,
            success: false
        }
    );
    let block = evm
        .block(head, std::slice::from_ref(&token))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(block.transfers.len(), 1, "{:?}", block.transfers);
    assert_eq!(block.transfers[0].tx_hash, first_tx.hash);
    assert_eq!(
        evm.balance(&hot.address, &token_asset(&token)).await.unwrap(),
        usd("40")
    );

    // A used nonce, for another transaction than the one that used it: dead for good.
    let reuse = request(&hot.address, cold, Asset::Native, eth("0.1"), Some(0));
    let reused = evm.sign_transfer(&hot.secret, &reuse).await.unwrap();
    match evm.broadcast(&reused).await {
        Err(ChainError::Dead(message)) => assert!(message.contains("nonce"), "{message}"),
        other => panic!("expected it dead, got {other:?}"),
    }
    assert_eq!(evm.status(&reused.hash).await.unwrap(), TxStatus::Unknown);

    // More ether than held: the node refuses it.
    let broke = request(&hot.address, cold, Asset::Native, eth("5"), None);
    let refused = match evm.sign_transfer(&hot.secret, &broke).await {
        Ok(signed) => evm.broadcast(&signed).await,
        Err(e) => Err(e),
    };
    match refused {
        Err(ChainError::Rejected(message)) => {
            assert!(message.to_lowercase().contains("insufficient funds"), "{message}")
        }
        other => panic!("expected a refusal, got {other:?}"),
    }

    // Requests the adapter refuses itself.
    let other_key = evm.derive(&seed, KeyPurpose::HotWallet, 4).unwrap();
    let pay = request(&hot.address, cold, Asset::Native, eth("0.1"), None);
    assert!(matches!(
        evm.sign_transfer(&other_key.secret, &pay).await,
        Err(ChainError::Key(_))
    ));
    let nothing = request(&hot.address, cold, Asset::Native, BaseUnits::ZERO, None);
    assert!(matches!(
        evm.sign_transfer(&hot.secret, &nothing).await,
        Err(ChainError::Rejected(_))
    ));
    let tron = request(
        &hot.address,
        "TWer2Ygk5TEheHp3TPuYeqxmB6SsGZmaL6",
        Asset::Native,
        eth("1"),
        None,
    );
    assert_eq!(evm.estimate_fee(&tron).await, Err(ChainError::InvalidAddress));
    let burn = request(
        &hot.address,
        "0x0000000000000000000000000000000000000000",
        Asset::Native,
        eth("1"),
        None,
    );
    assert_eq!(
        evm.estimate_fee(&burn).await,
        Err(ChainError::InvalidAddress),
        "would burn"
    );
    let mut corrupt = first_tx.clone();
    corrupt.hash = second_tx.hash.clone();
    assert!(matches!(
        evm.broadcast(&corrupt).await,
        Err(ChainError::Protocol(_))
    ));
}
