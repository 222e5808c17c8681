//! Transactions the devchain refuses, and one it includes as failed: nothing changes but the
//! fee a failed transfer pays.

use super::*;

async fn bad_transactions_are_rejected_and_change_nothing(db: TestDb) {
    let f = fixture(db).await;
    let (alice, bob) = (key(&f.chain, 0), key(&f.chain, 1));
    fund_with_fees(&f.chain, &alice.address, "10").await;
    f.chain.fund(&bob.address, &usdt(), usd("10")).await.unwrap();
    f.chain.mine().await.unwrap();
    let good = sign(&f.chain, &alice, &bob.address, usdt(), usd("1")).await;

    let mut bad_signature = good.clone();
    let flipped = if bad_signature.raw.contains("\"signature\":\"0x1") {
        "0x2"
    } else {
        "0x1"
    };
    bad_signature.raw =
        bad_signature
            .raw
            .replacen("\"signature\":\"0x", &format!("\"signature\":\"{flipped}"), 1);
    let mut other_amount = good.clone();
    other_amount.raw = other_amount
        .raw
        .replace("\"amount\":\"1000000\"", "\"amount\":\"9000000\"");
    let wrong_nonce = {
        let request = TransferRequest {
            from: alice.address.clone(),
            to: bob.address.clone(),
            asset: usdt(),
            amount: usd("1"),
            nonce: Some(3),
        };
        f.chain.sign_transfer(&alice.secret, &request).await.unwrap()
    };
    let too_much = sign(&f.chain, &alice, &bob.address, usdt(), usd("10.000001")).await;
    let all_dev = sign(&f.chain, &alice, &bob.address, Asset::Native, dev("1")).await;
    let no_fee = sign(&f.chain, &bob, &alice.address, usdt(), usd("1")).await;
    let mut other_chain = good.clone();
    other_chain.raw = other_chain.raw.replace("\"chainId\":1337", "\"chainId\":1");
    let cases = [
        ("bad signature", bad_signature, "signature"),
        ("tampered amount", other_amount, "does not match"),
        ("wrong nonce", wrong_nonce, "nonce 3"),
        ("insufficient tokens", too_much, "insufficient funds"),
        ("amount + fee over the balance", all_dev, "insufficient funds"),
        ("no DEV for the fee", no_fee, "fee"),
        ("another chain", other_chain, "chain 1"),
    ];
    for (what, tx, expect) in cases {
        match f.chain.broadcast(&tx).await {
            Err(ChainError::Rejected(message)) => {
                assert!(message.contains(expect), "{what}: {message}")
            }
            other => panic!("{what}: {other:?}"),
        }
        assert_eq!(
            f.chain.status(&tx.hash).await.unwrap(),
            TxStatus::Unknown,
            "{what}"
        );
    }
    let foreign = TransferRequest {
        from: bob.address.clone(),
        to: alice.address.clone(),
        asset: Asset::Native,
        amount: dev("1"),
        nonce: None,
    };
    assert!(matches!(
        f.chain.sign_transfer(&alice.secret, &foreign).await,
        Err(ChainError::Key(_))
    ));
    let fake_token = TransferRequest {
        asset: Asset::Token {
            contract: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8".into(),
        },
        ..foreign.clone()
    };
    assert!(matches!(
        f.chain.sign_transfer(&bob.secret, &fake_token).await,
        Err(ChainError::Rejected(_))
    ));

    let block = f.chain.mine().await.unwrap();
    assert!(block_watching_usdt(&f.chain, block.number)
        .await
        .transfers
        .is_empty());
    assert_eq!(balances(&f.chain, &alice.address).await, (dev("1"), usd("10")));
    assert_eq!(
        balances(&f.chain, &bob.address).await,
        (BaseUnits::ZERO, usd("10"))
    );
    // The good transaction still goes through with nonce 0.
    let rival = sign(&f.chain, &alice, &bob.address, usdt(), usd("2")).await;
    f.chain.broadcast(&good).await.unwrap();
    // Nonce 0 taken by a transaction still pending: refused, not yet provably dead.
    assert!(matches!(
        f.chain.broadcast(&rival).await,
        Err(ChainError::Rejected(_))
    ));
    f.chain.mine().await.unwrap();
    assert_eq!(
        balances(&f.chain, &bob.address).await,
        (BaseUnits::ZERO, usd("11"))
    );
    // Taken in a block: it can never be included.
    match f.chain.broadcast(&rival).await {
        Err(ChainError::Dead(message)) => assert!(message.contains("nonce 0"), "{message}"),
        other => panic!("expected it dead, got {other:?}"),
    }
}

async fn a_transfer_that_can_no_longer_pay_is_included_as_failed(db: TestDb) {
    let f = fixture(db).await;
    let (alice, bob) = (key(&f.chain, 0), key(&f.chain, 1));
    let mint = fund_with_fees(&f.chain, &alice.address, "10").await;
    f.chain.mine().await.unwrap();
    let tx = sign(&f.chain, &alice, &bob.address, usdt(), usd("10")).await;
    f.chain.broadcast(&tx).await.unwrap();
    // The funds vanish before inclusion (as if another process had spent them): the pending
    // transfer can no longer pay.
    f.store
        .connection()
        .execute_unprepared(&format!("DELETE FROM devchain_tx WHERE hash = '{mint}'"))
        .await
        .unwrap();
    let block = f.chain.mine().await.unwrap();
    assert_eq!(
        f.chain.status(&tx.hash).await.unwrap(),
        TxStatus::Included {
            block: block.number,
            success: false
        }
    );
    assert!(block_watching_usdt(&f.chain, block.number)
        .await
        .transfers
        .is_empty());
    assert_eq!(
        balances(&f.chain, &alice.address).await,
        (dev("1"), BaseUnits::ZERO),
        "no fee paid"
    );
    assert_eq!(
        balances(&f.chain, &bob.address).await,
        (BaseUnits::ZERO, BaseUnits::ZERO)
    );
    let next = sign(&f.chain, &alice, &bob.address, Asset::Native, dev("0.1")).await;
    assert_eq!(next.nonce, Some(1), "the failed transfer took its nonce");
}

each_database!(
    bad_transactions_are_rejected_and_change_nothing,
    a_transfer_that_can_no_longer_pay_is_included_as_failed,
);
