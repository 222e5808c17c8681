//! The TRON adapter: byte-for-byte against tronweb's transactions, and end to end against the
//! node double of coffer-testkit (which verifies signatures, txIDs, TAPOS and balances itself).
//!
//! The reference vectors are `tests/tron_vectors.json`, produced by scripts/tron-vectors. With
//! `COFFER_TRONWEB=1` (after `npm ci` in that folder) the test also runs tronweb and requires
//! its output to equal the checked-in file.

#[path = "tron/resources.rs"]
mod resources;
#[path = "tron/token_events.rs"]
mod token_events;

use std::path::PathBuf;

use coffer_chain::keys;
use coffer_chain::tron::{
    tx, RefBlock, TronAdapter, TronCall, TxHeader, DEFAULT_FEE_LIMIT_SUN, EXPIRATION_MS,
};
use coffer_domain::amount::BaseUnits;
use coffer_domain::ports::chain::{
    Asset, ChainAdapter, ChainError, KeyPurpose, SecretKey, SignedTx, TransferRequest, TxStatus,
};
use coffer_testkit::tron_node::{
    transfer_energy, CREATE_ACCOUNT_FEE, CREATE_ACCOUNT_IN_CONTRACT_FEE, DEFAULT_ENERGY_FACTOR, ENERGY_FEE,
    TRANSACTION_FEE,
};
use coffer_testkit::TronNode;
use ruint::aliases::U256;
use serde_json::Value;

const DEV_MNEMONIC: &str = "test test test test test test test test test test test junk";
const TRX: u64 = 1_000_000;

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn checked_in_vectors() -> Value {
    let path = manifest_dir().join("tests/tron_vectors.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    serde_json::from_str(&text).expect("tron_vectors.json is JSON")
}

/// The vectors tronweb produces now (COFFER_TRONWEB=1), or None.
fn tronweb_vectors() -> Option<Value> {
    if std::env::var("COFFER_TRONWEB").ok().as_deref() != Some("1") {
        return None;
    }
    let dir = manifest_dir().join("../../scripts/tron-vectors");
    assert!(
        dir.join("node_modules/tronweb").is_dir(),
        "COFFER_TRONWEB=1 but tronweb is not installed: run `npm ci` in {}",
        dir.display()
    );
    let output = std::process::Command::new("node")
        .arg("vectors.mjs")
        .current_dir(&dir)
        .output()
        .expect("running node scripts/tron-vectors/vectors.mjs");
    assert!(
        output.status.success(),
        "vectors.mjs failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    Some(serde_json::from_slice(&output.stdout).expect("vectors.mjs prints JSON"))
}

fn s<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key].as_str().unwrap_or_else(|| panic!("{key} in {v}"))
}

fn u(v: &Value, key: &str) -> u64 {
    v[key].as_u64().unwrap_or_else(|| panic!("{key} in {v}"))
}

fn id(address: &str) -> [u8; 20] {
    keys::parse_tron_address(address).unwrap()
}

fn bytes32(hex_text: &str) -> [u8; 32] {
    hex::decode(hex_text).unwrap().try_into().unwrap()
}

fn check_vectors(vectors: &Value) {
    for r in vectors["ref_blocks"].as_array().unwrap() {
        let header = TxHeader::for_block(&bytes32(s(r, "block_id")), u(r, "timestamp"), 0);
        assert_eq!(
            hex::encode(header.ref_block.bytes),
            s(r, "ref_block_bytes"),
            "{r}"
        );
        assert_eq!(hex::encode(header.ref_block.hash), s(r, "ref_block_hash"), "{r}");
        assert_eq!(header.expiration_ms, u(r, "expiration"), "{r}");
    }
    let txs = vectors["transactions"].as_array().unwrap();
    assert!(txs.len() >= 8, "too few vectors");
    for v in txs {
        let name = s(v, "name");
        let header = TxHeader {
            ref_block: RefBlock {
                bytes: hex::decode(s(v, "ref_block_bytes")).unwrap().try_into().unwrap(),
                hash: hex::decode(s(v, "ref_block_hash")).unwrap().try_into().unwrap(),
            },
            expiration_ms: u(v, "expiration"),
            timestamp_ms: u(v, "timestamp"),
        };
        let call = match s(v, "kind") {
            "trx" => TronCall::Trx {
                owner: id(s(v, "from")),
                to: id(s(v, "to")),
                amount_sun: s(v, "amount").parse().unwrap(),
            },
            "trc20" => TronCall::Trc20 {
                owner: id(s(v, "from")),
                contract: id(s(v, "contract")),
                to: id(s(v, "to")),
                amount: U256::from_str_radix(s(v, "amount"), 10).unwrap(),
                fee_limit_sun: u(v, "fee_limit"),
            },
            other => panic!("unknown kind {other}"),
        };
        let unsigned = tx::build(&header, &call).unwrap();
        assert_eq!(
            hex::encode(&unsigned.raw_data),
            s(v, "raw_data_hex"),
            "raw_data of {name}"
        );
        assert_eq!(hex::encode(unsigned.tx_id), s(v, "txID"), "txID of {name}");

        let secret = bytes32(s(v, "private_key"));
        let signature = tx::sign(&unsigned.tx_id, &secret).unwrap();
        let theirs = hex::decode(s(v, "signature")).unwrap();
        assert_eq!(theirs.len(), 65, "{name}");
        assert_eq!(
            hex::encode(&signature[..64]),
            hex::encode(&theirs[..64]),
            "r || s of {name}"
        );
        let normalise = |v: u8| if v >= 27 { v - 27 } else { v };
        assert_eq!(
            normalise(signature[64]),
            normalise(theirs[64]),
            "recovery id of {name}"
        );
        assert_eq!(
            tx::recover_signer(&unsigned.tx_id, &signature),
            Some(id(s(v, "from"))),
            "{name}"
        );

        let signed = tx::sign_call(&header, &call, &secret).unwrap();
        assert_eq!(signed.hash, s(v, "txID"), "{name}");
        assert!(
            signed.raw.contains(s(v, "raw_data_hex")),
            "{name}: raw carries raw_data"
        );
    }
}

#[test]
fn transactions_match_tronweb_byte_for_byte() {
    let checked_in = checked_in_vectors();
    check_vectors(&checked_in);
    match tronweb_vectors() {
        Some(fresh) => {
            assert_eq!(
                fresh, checked_in,
                "tronweb now produces other vectors than tests/tron_vectors.json; regenerate it with \
                 `node scripts/tron-vectors/vectors.mjs > crates/chain/tests/tron_vectors.json` and review"
            );
            check_vectors(&fresh);
        }
        None => eprintln!("COFFER_TRONWEB is not 1: compared with the checked-in tronweb vectors only"),
    }
}

fn adapter(url: &str) -> TronAdapter {
    TronAdapter::new(728126428, url, None).unwrap()
}

fn dev_seed() -> [u8; 64] {
    keys::seed(DEV_MNEMONIC, "").unwrap()
}

#[test]
fn derivation_matches_tronweb_from_mnemonic() {
    let vectors = checked_in_vectors();
    assert_eq!(s(&vectors, "mnemonic"), DEV_MNEMONIC);
    let tron = adapter("http://127.0.0.1:9");
    assert_eq!(tron.family().name, "tron");
    let seed = dev_seed();
    for k in vectors["keys"].as_array().unwrap() {
        let purpose = match u(k, "purpose") {
            0 => KeyPurpose::Deposit,
            1 => KeyPurpose::HotWallet,
            other => panic!("purpose {other}"),
        };
        let derived = tron.derive(&seed, purpose, u(k, "index") as u32).unwrap();
        assert_eq!(derived.path, s(k, "path"));
        assert_eq!(derived.address, s(k, "address"), "{}", s(k, "path"));
        assert_eq!(
            hex::encode(*derived.secret.0),
            s(k, "private_key"),
            "{}",
            s(k, "path")
        );
    }
    // The constants of keys.rs (also from tronweb) for the first deposit address.
    let first = tron.derive(&seed, KeyPurpose::Deposit, 0).unwrap();
    assert_eq!(first.address, "TWer2Ygk5TEheHp3TPuYeqxmB6SsGZmaL6");
}

#[test]
fn parse_address_accepts_only_tron_base58check() {
    let tron = adapter("http://127.0.0.1:9");
    let good = "TWer2Ygk5TEheHp3TPuYeqxmB6SsGZmaL6";
    assert_eq!(tron.parse_address(good).unwrap(), good);
    assert_eq!(
        tron.parse_address(&format!(" {good}\n")).unwrap(),
        good,
        "surrounding blanks"
    );
    let usdt = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
    assert_eq!(tron.parse_address(usdt).unwrap(), usdt);

    let mut bad_checksum = good.to_string().into_bytes();
    bad_checksum[33] = if bad_checksum[33] == b'6' { b'7' } else { b'6' };
    let short = bs58::encode([&[0x41u8][..], &[7u8; 19]].concat())
        .with_check()
        .into_string();
    let long = bs58::encode([&[0x41u8][..], &[7u8; 21]].concat())
        .with_check()
        .into_string();
    let wrong_prefix = bs58::encode([&[0x00u8][..], &[7u8; 20]].concat())
        .with_check()
        .into_string();
    let hex_form = format!("41{}", hex::encode(id(good)));
    for bad in [
        "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
        std::str::from_utf8(&bad_checksum).unwrap(),
        &short,
        &long,
        &wrong_prefix,
        &hex_form,
        "",
        "T",
    ] {
        assert_eq!(
            tron.parse_address(bad),
            Err(ChainError::InvalidAddress),
            "{bad:?} accepted"
        );
    }
}

/// A node with a funded hot wallet (m/44'/195'/1'/0/0) holding TRX and tokens.
struct World {
    node: TronNode,
    tron: TronAdapter,
    key: SecretKey,
    hot: String,
    token: String,
}

async fn world() -> World {
    let node = TronNode::start().await;
    // Free bandwidth resets with the double's day: start tests on a fresh one, far from its end.
    node.advance_to_next_day();
    let tron = adapter(&node.url());
    let hot_key = tron.derive(&dev_seed(), KeyPurpose::HotWallet, 0).unwrap();
    node.fund(&hot_key.address, 100 * TRX);
    node.fund_token(&hot_key.address, 1_000_000_000);
    World {
        token: node.token(),
        tron,
        key: hot_key.secret,
        hot: hot_key.address,
        node,
    }
}

fn deposit(index: u32) -> String {
    adapter("http://127.0.0.1:9")
        .derive(&dev_seed(), KeyPurpose::Deposit, index)
        .unwrap()
        .address
}

fn request(from: &str, to: &str, asset: Asset, amount: u128) -> TransferRequest {
    TransferRequest {
        from: from.into(),
        to: to.into(),
        asset,
        amount: BaseUnits::from_u128(amount),
        nonce: None,
    }
}

impl World {
    fn token_asset(&self) -> Asset {
        Asset::Token {
            contract: self.token.clone(),
        }
    }

    async fn trx(&self, address: &str) -> BaseUnits {
        self.tron.balance(address, &Asset::Native).await.unwrap()
    }

    async fn send(&self, to: &str, asset: Asset, amount: u128) -> SignedTx {
        let signed = self
            .tron
            .sign_transfer(&self.key, &request(&self.hot, to, asset, amount))
            .await
            .unwrap();
        self.tron.broadcast(&signed).await.unwrap();
        signed
    }
}

fn rejected(result: Result<(), ChainError>) -> String {
    match result {
        Err(ChainError::Rejected(reason)) => reason,
        other => panic!("expected a rejection, got {other:?}"),
    }
}

/// A refusal saying the transaction can never be included (expired, or its reference block
/// is not on the chain).
fn dead(result: Result<(), ChainError>) -> String {
    match result {
        Err(ChainError::Dead(reason)) => reason,
        other => panic!("expected it dead for good, got {other:?}"),
    }
}

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
