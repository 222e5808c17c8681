//! Byte for byte against tronweb: the reference blocks and transactions (raw_data, txID,
//! signature) of `tests/tron_vectors.json`, which tronweb itself must still produce when
//! `COFFER_TRONWEB=1`; the keys derived from the dev mnemonic; the addresses `parse_address`
//! accepts (TRON base58check only).

use std::path::PathBuf;

use coffer_chain::tron::stake::{self, Resource, StakeCall};
use coffer_chain::tron::{tx, RefBlock, TronCall};

use super::*;

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

/// A Stake 2.0 vector's call (tronweb's freezeBalanceV2, unfreezeBalanceV2,
/// withdrawExpireUnfreeze, delegateResource, undelegateResource).
fn stake_call(v: &Value) -> StakeCall {
    let owner = id(s(v, "from"));
    let amount_sun = || s(v, "amount").parse().unwrap();
    let resource = || match s(v, "resource") {
        "ENERGY" => Resource::Energy,
        "BANDWIDTH" => Resource::Bandwidth,
        other => panic!("resource {other}"),
    };
    match s(v, "kind") {
        "freeze" => StakeCall::Freeze {
            owner,
            amount_sun: amount_sun(),
            resource: resource(),
        },
        "unfreeze" => StakeCall::Unfreeze {
            owner,
            amount_sun: amount_sun(),
            resource: resource(),
        },
        "withdraw_unfrozen" => StakeCall::WithdrawUnfrozen { owner },
        "delegate" => StakeCall::Delegate {
            owner,
            receiver: id(s(v, "to")),
            amount_sun: amount_sun(),
            resource: resource(),
            lock_blocks: v["lock"]
                .as_bool()
                .unwrap_or(false)
                .then(|| v["lock_period"].as_u64().unwrap_or(0)),
        },
        "undelegate" => StakeCall::Undelegate {
            owner,
            receiver: id(s(v, "to")),
            amount_sun: amount_sun(),
            resource: resource(),
        },
        other => panic!("unknown kind {other}"),
    }
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
        let secret = bytes32(s(v, "private_key"));
        let transfer = |call: TronCall| {
            (
                tx::build(&header, &call).unwrap(),
                tx::sign_call(&header, &call, &secret).unwrap(),
            )
        };
        let staking = |call: StakeCall| {
            (
                stake::build(&header, &call).unwrap(),
                stake::sign(&header, &call, &secret).unwrap(),
            )
        };
        let (unsigned, signed) = match s(v, "kind") {
            "trx" => transfer(TronCall::Trx {
                owner: id(s(v, "from")),
                to: id(s(v, "to")),
                amount_sun: s(v, "amount").parse().unwrap(),
            }),
            "trc20" => transfer(TronCall::Trc20 {
                owner: id(s(v, "from")),
                contract: id(s(v, "contract")),
                to: id(s(v, "to")),
                amount: U256::from_str_radix(s(v, "amount"), 10).unwrap(),
                fee_limit_sun: u(v, "fee_limit"),
            }),
            _ => staking(stake_call(v)),
        };
        assert_eq!(
            hex::encode(&unsigned.raw_data),
            s(v, "raw_data_hex"),
            "raw_data of {name}"
        );
        assert_eq!(hex::encode(unsigned.tx_id), s(v, "txID"), "txID of {name}");

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
