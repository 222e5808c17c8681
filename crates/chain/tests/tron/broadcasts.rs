//! Sending: a broadcast pending then included (or included as failed), what the node refuses
//! (tampered, foreign or mislabelled signatures, an unknown reference block, an expired
//! transaction, overspending), the same transaction sent again, equal transfers signed back to
//! back, and a node that cannot be reached.

use coffer_chain::tron::{tx, TronCall};

use super::*;

#[tokio::test]
async fn a_broadcast_goes_pending_then_included() {
    let w = world().await;
    let alice = deposit(0);
    w.node.fund(&alice, TRX);
    let signed = w
        .tron
        .sign_transfer(&w.key, &request(&w.hot, &alice, w.token_asset(), 42))
        .await
        .unwrap();
    assert_eq!(signed.nonce, None);
    assert_eq!(w.tron.status(&signed.hash).await.unwrap(), TxStatus::Unknown);
    w.tron.broadcast(&signed).await.unwrap();
    assert_eq!(w.tron.status(&signed.hash).await.unwrap(), TxStatus::Pending);
    let number = w.node.mine();
    assert_eq!(
        w.tron.status(&signed.hash).await.unwrap(),
        TxStatus::Included {
            block: number,
            success: true
        }
    );
    assert!(w.tron.status("0xnothex").await.is_err());
}

#[tokio::test]
async fn a_reverted_token_transfer_is_included_as_failed_and_moves_nothing() {
    let w = world().await;
    let alice = deposit(0);
    // sign_transfer does not simulate: a transfer of more tokens than held reaches the chain.
    let signed = w.send(&alice, w.token_asset(), 5_000_000_000).await;
    let number = w.node.mine();
    assert_eq!(
        w.tron.status(&signed.hash).await.unwrap(),
        TxStatus::Included {
            block: number,
            success: false
        }
    );
    let block = w
        .tron
        .block(number, std::slice::from_ref(&w.token))
        .await
        .unwrap()
        .unwrap();
    assert!(block.transfers.is_empty(), "{:?}", block.transfers);
    assert_eq!(
        w.tron.balance(&alice, &w.token_asset()).await.unwrap(),
        BaseUnits::ZERO
    );
}

/// A TRX transfer from the hot wallet, built by hand so it can be tampered with.
async fn hand_built(w: &World, amount_sun: u64) -> (TxHeader, TronCall) {
    let head = w.tron.head().await.unwrap();
    let block = w.tron.block(head.number, &[]).await.unwrap().unwrap();
    let now = block.timestamp as u64 * 1000 + 1;
    let header = TxHeader::for_block(&bytes32(&head.hash), block.timestamp as u64 * 1000, now);
    let call = TronCall::Trx {
        owner: id(&w.hot),
        to: id(&deposit(3)),
        amount_sun,
    };
    (header, call)
}

#[tokio::test]
async fn tampered_or_foreign_signed_transactions_are_rejected() {
    let w = world().await;
    let (header, call) = hand_built(&w, TRX).await;
    let unsigned = tx::build(&header, &call).unwrap();
    let signature = tx::sign(&unsigned.tx_id, &w.key.0).unwrap();

    // Amount changed after signing: the old signature recovers another address.
    let TronCall::Trx { owner, to, .. } = call.clone() else {
        unreachable!()
    };
    let more = TronCall::Trx {
        owner,
        to,
        amount_sun: 50 * TRX,
    };
    let tampered = tx::signed_tx(&tx::build(&header, &more).unwrap(), &signature);
    let reason = rejected(w.tron.broadcast(&tampered).await);
    assert!(reason.starts_with("SIGERROR"), "{reason}");

    // Signed by a key that does not own the sending address.
    let other = w.tron.derive(&dev_seed(), KeyPurpose::Deposit, 9).unwrap();
    let foreign = tx::signed_tx(&unsigned, &tx::sign(&unsigned.tx_id, &other.secret.0).unwrap());
    let reason = rejected(w.tron.broadcast(&foreign).await);
    assert!(reason.starts_with("SIGERROR"), "{reason}");

    // A flipped byte in the signature.
    let mut bad_sig = signature;
    bad_sig[10] ^= 0x01;
    let reason = rejected(w.tron.broadcast(&tx::signed_tx(&unsigned, &bad_sig)).await);
    assert!(reason.starts_with("SIGERROR"), "{reason}");

    // sign_transfer refuses a key that does not own `from` before signing anything.
    let not_mine = w
        .tron
        .sign_transfer(&other.secret, &request(&w.hot, &deposit(3), Asset::Native, 1))
        .await;
    assert!(matches!(not_mine, Err(ChainError::Key(_))), "{not_mine:?}");

    // A record whose id does not match its bytes is not sent at all.
    let honest = tx::signed_tx(&unsigned, &signature);
    let mislabelled = SignedTx {
        hash: tampered.hash.clone(),
        ..honest.clone()
    };
    let refused = w.tron.broadcast(&mislabelled).await;
    assert!(matches!(refused, Err(ChainError::Protocol(_))), "{refused:?}");
    assert_eq!(w.node.pending_count(), 0);

    // The honest one goes through, and nothing else was accepted.
    w.tron.broadcast(&honest).await.unwrap();
    assert_eq!(w.node.pending_count(), 1);
}

#[tokio::test]
async fn unknown_reference_blocks_expiry_and_overspending_are_rejected() {
    let w = world().await;
    let (header, call) = hand_built(&w, TRX).await;

    let mut foreign_fork = header;
    foreign_fork.ref_block.hash = [0xee; 8];
    let signed = tx::sign_call(&foreign_fork, &call, &w.key.0).unwrap();
    let reason = dead(w.tron.broadcast(&signed).await);
    assert!(reason.starts_with("TAPOS_ERROR"), "{reason}");

    let overspend = request(&w.hot, &deposit(3), Asset::Native, 100 * TRX as u128);
    let signed = w.tron.sign_transfer(&w.key, &overspend).await.unwrap();
    let reason = rejected(w.tron.broadcast(&signed).await);
    assert!(
        reason.starts_with("CONTRACT_VALIDATE_ERROR") && reason.contains("balance"),
        "{reason}"
    );

    // Signed now, broadcast after the chain moved past its expiration.
    let late = tx::sign_call(&header, &call, &w.key.0).unwrap();
    for _ in 0..=EXPIRATION_MS / 3_000 {
        w.node.mine();
    }
    let reason = dead(w.tron.broadcast(&late).await);
    assert!(reason.starts_with("TRANSACTION_EXPIRATION_ERROR"), "{reason}");
    assert_eq!(w.node.pending_count(), 0);
}

#[tokio::test]
async fn broadcasting_the_same_transaction_again_is_not_an_error() {
    let w = world().await;
    let alice = deposit(0);
    let signed = w.send(&alice, Asset::Native, TRX as u128).await;
    w.tron.broadcast(&signed).await.unwrap();
    assert_eq!(w.node.pending_count(), 1, "one transaction, however often sent");
    w.node.mine();
    w.tron.broadcast(&signed).await.unwrap();
    // Long after: the node would call it expired, but it is in a block.
    for _ in 0..25 {
        w.node.mine();
    }
    w.tron.broadcast(&signed).await.unwrap();
    assert_eq!(w.node.trx_balance(&alice), TRX, "paid once");
}

#[tokio::test]
async fn equal_transfers_signed_back_to_back_get_distinct_ids() {
    let w = world().await;
    let req = request(&w.hot, &deposit(0), Asset::Native, 7);
    let a = w.tron.sign_transfer(&w.key, &req).await.unwrap();
    let b = w.tron.sign_transfer(&w.key, &req).await.unwrap();
    assert_ne!(a.hash, b.hash);
    let zero = w
        .tron
        .sign_transfer(&w.key, &request(&w.hot, &deposit(0), Asset::Native, 0))
        .await;
    assert!(matches!(zero, Err(ChainError::Rejected(_))), "{zero:?}");
    let bad_to = w
        .tron
        .sign_transfer(&w.key, &request(&w.hot, "0x00", Asset::Native, 1))
        .await;
    assert!(matches!(bad_to, Err(ChainError::InvalidAddress)), "{bad_to:?}");
}

#[tokio::test]
async fn an_unreachable_node_is_unavailable() {
    let tron = adapter("http://127.0.0.1:9");
    assert!(matches!(tron.head().await, Err(ChainError::Unavailable(_))));
    assert_eq!(DEFAULT_FEE_LIMIT_SUN, 30 * TRX);
    assert_eq!(tron.fee_limit_sun(), DEFAULT_FEE_LIMIT_SUN);
    assert!(TronAdapter::new(1, "not a url", None).is_err());
    assert!(TronAdapter::new(1, "http://127.0.0.1:9", Some(0)).is_err());
}
