//! The EVM adapter against a real anvil node (npm @foundry-rs/anvil, started per test by
//! coffer-testkit): chain id check, derivation, deposit scanning, balances, signed transfers
//! (pending, included, reverted, rejected), nonces, rebroadcasts and a reorganisation; fee
//! quotes from the node's live fee data, what a signed transfer may pay against its quote and
//! what it did pay, and which refusals are final.

use coffer_chain::evm::{EvmAdapter, NATIVE_INDEX};
use coffer_chain::keys;
use coffer_domain::amount::BaseUnits;
use coffer_domain::ports::chain::{
    Asset, ChainAdapter, ChainError, KeyPurpose, Transfer, TransferRequest, TxStatus,
};
use coffer_testkit::anvil::{ANVIL_CHAIN_ID, DEV_ACCOUNTS, DEV_MNEMONIC};
use coffer_testkit::AnvilPeer;
use ruint::aliases::U256;
use serde_json::Value;

#[path = "evm/fees.rs"]
mod fees;

const CHAIN: i64 = 31337;

fn adapter(anvil: &AnvilPeer) -> EvmAdapter {
    EvmAdapter::new(CHAIN, &anvil.url, ANVIL_CHAIN_ID).unwrap()
}

fn seed() -> [u8; 64] {
    keys::seed(DEV_MNEMONIC, "").unwrap()
}

fn eth(text: &str) -> BaseUnits {
    BaseUnits::from_decimal(text, 18).unwrap()
}

fn usd(text: &str) -> BaseUnits {
    BaseUnits::from_decimal(text, 6).unwrap()
}

fn quantity(value: &Value) -> U256 {
    let text = value.as_str().expect("a quantity");
    U256::from_str_radix(text.trim_start_matches("0x"), 16).unwrap()
}

/// The fee a mined transaction paid: gas used × effective gas price.
async fn fee_paid(anvil: &AnvilPeer, hash: &str) -> U256 {
    let receipt = anvil.receipt(hash).await;
    quantity(&receipt["gasUsed"]) * quantity(&receipt["effectiveGasPrice"])
}

fn token_asset(contract: &str) -> Asset {
    Asset::Token {
        contract: contract.to_string(),
    }
}

fn request(from: &str, to: &str, asset: Asset, amount: BaseUnits, nonce: Option<u64>) -> TransferRequest {
    TransferRequest {
        from: from.to_string(),
        to: to.to_string(),
        asset,
        amount,
        nonce,
    }
}

/// Anvil with TestUSD deployed; returns the contract's canonical address.
async fn with_token() -> (AnvilPeer, EvmAdapter, String) {
    let anvil = AnvilPeer::start();
    let evm = adapter(&anvil);
    let token = evm.parse_address(&anvil.deploy_erc20().await).unwrap();
    (anvil, evm, token)
}

#[tokio::test]
async fn a_node_of_another_chain_or_no_node_is_refused() {
    let anvil = AnvilPeer::start();
    let mainnet = EvmAdapter::new(1, &anvil.url, 1).unwrap();
    let wrong = Err(ChainError::WrongChain {
        expected: "1".into(),
        actual: "31337".into(),
    });
    assert_eq!(mainnet.connect().await, wrong);
    assert_eq!(
        mainnet.head().await.map(|_| ()),
        wrong,
        "every call checks, not only connect"
    );
    assert_eq!(
        mainnet.balance(DEV_ACCOUNTS[0], &Asset::Native).await.map(|_| ()),
        wrong
    );

    let evm = adapter(&anvil);
    assert_eq!(evm.family().name, "evm");
    assert_eq!(evm.chain_id(), CHAIN);
    evm.connect().await.unwrap();
    assert_eq!(evm.head().await.unwrap().number, 0);

    drop(anvil);
    assert!(matches!(evm.head().await, Err(ChainError::Unavailable(_))));
    let nobody = EvmAdapter::new(CHAIN, "http://127.0.0.1:9", ANVIL_CHAIN_ID).unwrap();
    assert!(matches!(nobody.connect().await, Err(ChainError::Unavailable(_))));
    assert!(matches!(
        EvmAdapter::new(CHAIN, "not a url", ANVIL_CHAIN_ID),
        Err(ChainError::Protocol(_))
    ));
}

#[test]
fn keys_and_addresses_follow_bip44_and_eip55() {
    let evm = EvmAdapter::new(CHAIN, "http://127.0.0.1:9", ANVIL_CHAIN_ID).unwrap();
    let seed = seed();
    let first = evm.derive(&seed, KeyPurpose::Deposit, 0).unwrap();
    assert_eq!(first.address, DEV_ACCOUNTS[0], "anvil's first dev account");
    assert_eq!(first.path, "m/44'/60'/0'/0/0");
    assert_eq!(
        hex::encode(*first.secret.0),
        "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"
    );
    assert_eq!(
        evm.derive(&seed, KeyPurpose::Deposit, 1).unwrap().address,
        DEV_ACCOUNTS[1]
    );
    let hot = evm.derive(&seed, KeyPurpose::HotWallet, 0).unwrap();
    assert_eq!(hot.path, "m/44'/60'/1'/0/0");
    assert!(!DEV_ACCOUNTS.contains(&hot.address.as_str()));
    assert!(matches!(
        evm.derive(&seed, KeyPurpose::Deposit, 1 << 31),
        Err(ChainError::Key(_))
    ));

    let canonical = DEV_ACCOUNTS[0];
    assert_eq!(evm.parse_address(&canonical.to_lowercase()).unwrap(), canonical);
    assert_eq!(evm.parse_address(canonical).unwrap(), canonical);
    assert_eq!(evm.parse_address(&format!(" {canonical}\n")).unwrap(), canonical);
    for bad in [
        "0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266", // one letter's case wrong
        "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb922",   // 19 bytes
        "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb9226600",
        "f39Fd6e51aad88F6F4ce6aB8827279cffFb92266", // no 0x
        "TWer2Ygk5TEheHp3TPuYeqxmB6SsGZmaL6",       // TRON
        "0xg39fd6e51aad88f6f4ce6ab8827279cfffb92266",
        "",
    ] {
        assert_eq!(evm.parse_address(bad), Err(ChainError::InvalidAddress), "{bad:?}");
    }
}

#[tokio::test]
async fn deposits_of_ether_and_tokens_are_scanned_exactly() {
    let (anvil, evm, token) = with_token().await;
    let deposit = evm.derive(&seed(), KeyPurpose::Deposit, 107).unwrap().address;
    anvil
        .receipt(&anvil.mint(&token, DEV_ACCOUNTS[0], usd("1000").0).await)
        .await;

    // Both deposits in one block, plus a mint beyond u128 (from the zero address).
    anvil.set_automine(false).await;
    let eth_hash = anvil
        .send(
            DEV_ACCOUNTS[1],
            Some(&deposit),
            eth("1.234567890123456789").0,
            "0x",
        )
        .await;
    let token_hash = anvil
        .token_transfer(DEV_ACCOUNTS[0], &token, &deposit, usd("123.456789").0)
        .await;
    let huge = U256::from(1) << 200;
    let mint_hash = anvil.mint(&token, &deposit, huge).await;
    anvil.mine(1).await;

    let head = evm.head().await.unwrap();
    let block = evm
        .block(head.number, &[token.to_lowercase()])
        .await
        .unwrap()
        .unwrap();
    assert_eq!(block.number, head.number);
    assert_eq!(block.hash, head.hash);
    assert_eq!(block.hash, block.hash.to_lowercase());
    assert!(block.hash.starts_with("0x") && block.hash.len() == 66);
    let parent = evm.block(head.number - 1, &[]).await.unwrap().unwrap();
    assert_eq!(block.parent_hash, parent.hash);
    assert!(block.timestamp >= parent.timestamp && block.timestamp > 1_700_000_000);

    let native = Transfer {
        tx_hash: eth_hash.clone(),
        index: NATIVE_INDEX,
        from: DEV_ACCOUNTS[1].into(),
        to: deposit.clone(),
        asset: Asset::Native,
        amount: eth("1.234567890123456789"),
    };
    let tokens = Transfer {
        tx_hash: token_hash.clone(),
        index: 0,
        from: DEV_ACCOUNTS[0].into(),
        to: deposit.clone(),
        asset: token_asset(&token),
        amount: usd("123.456789"),
    };
    let minted = Transfer {
        tx_hash: mint_hash.clone(),
        index: 1,
        from: "0x0000000000000000000000000000000000000000".into(),
        to: deposit.clone(),
        asset: token_asset(&token),
        amount: BaseUnits(huge),
    };
    assert_eq!(block.transfers, vec![native.clone(), tokens, minted]);
    // Unwatched tokens are not reported.
    let without_tokens = evm.block(head.number, &[]).await.unwrap().unwrap();
    assert_eq!(without_tokens.transfers, vec![native]);
    assert_eq!(
        evm.block(head.number + 1, &[]).await.unwrap(),
        None,
        "above the head"
    );
    assert_eq!(
        evm.block(head.number, &["0x1234".into()]).await,
        Err(ChainError::InvalidAddress)
    );

    assert_eq!(
        evm.balance(&deposit, &Asset::Native).await.unwrap(),
        eth("1.234567890123456789")
    );
    let held = usd("123.456789").checked_add(BaseUnits(huge)).unwrap();
    assert_eq!(evm.balance(&deposit, &token_asset(&token)).await.unwrap(), held);
    assert_eq!(
        evm.balance(DEV_ACCOUNTS[0], &token_asset(&token)).await.unwrap(),
        usd("876.543211")
    );
    // An address without code is not a token.
    assert!(matches!(
        evm.balance(&deposit, &token_asset(DEV_ACCOUNTS[2])).await,
        Err(ChainError::Protocol(_))
    ));
}

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

#[tokio::test]
async fn a_reorganisation_changes_hashes_at_the_same_height() {
    let anvil = AnvilPeer::start();
    let evm = adapter(&anvil);
    let deposit = evm.derive(&seed(), KeyPurpose::Deposit, 109).unwrap().address;
    anvil.mine(2).await;
    let base = evm.head().await.unwrap();
    let snapshot = anvil.snapshot().await;

    let lost = anvil
        .send(DEV_ACCOUNTS[0], Some(&deposit), eth("1").0, "0x")
        .await;
    // Automine answers before its block exists: mine the next one only after it.
    anvil.receipt(&lost).await;
    anvil.mine(1).await;
    let old_1 = evm.block(base.number + 1, &[]).await.unwrap().unwrap();
    let old_2 = evm.block(base.number + 2, &[]).await.unwrap().unwrap();
    assert_eq!(old_1.transfers.len(), 1);
    assert_eq!(old_1.transfers[0].tx_hash, lost);
    assert_eq!(old_2.parent_hash, old_1.hash);

    anvil.revert(&snapshot).await;
    assert_eq!(evm.head().await.unwrap(), base);
    assert_eq!(
        evm.status(&lost).await.unwrap(),
        TxStatus::Unknown,
        "reorganised away"
    );
    let kept = anvil
        .send(DEV_ACCOUNTS[1], Some(&deposit), eth("2").0, "0x")
        .await;
    anvil.receipt(&kept).await;
    anvil.mine(1).await;

    let new_1 = evm.block(base.number + 1, &[]).await.unwrap().unwrap();
    let new_2 = evm.block(base.number + 2, &[]).await.unwrap().unwrap();
    assert_eq!(new_1.parent_hash, base.hash, "the fork point is unchanged");
    assert_eq!(old_1.parent_hash, base.hash);
    assert_ne!(new_1.hash, old_1.hash);
    assert_ne!(new_2.hash, old_2.hash);
    assert_eq!(new_2.parent_hash, new_1.hash);
    assert_ne!(
        new_2.parent_hash, old_2.parent_hash,
        "an indexer sees the parent chain change"
    );
    assert_eq!(new_1.transfers.len(), 1);
    assert_eq!(new_1.transfers[0].tx_hash, kept);
    assert_eq!(new_1.transfers[0].amount, eth("2"));
    assert_eq!(evm.balance(&deposit, &Asset::Native).await.unwrap(), eth("2"));
}
