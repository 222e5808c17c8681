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
#[path = "evm/transfers.rs"]
mod transfers;

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
