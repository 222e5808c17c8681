//! HD keys: a BIP39 mnemonic per merchant, BIP32/BIP44 derivation, and the address encodings of
//! EVM (EIP-55) and TRON (base58check with the 0x41 prefix). Both chains use secp256k1 and the
//! same 20-byte account id (keccak256 of the public key); only coin type and encoding differ.

use bip32::{DerivationPath, XPrv};
use sha3::{Digest, Keccak256};

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum KeyError {
    #[error("the mnemonic is not a valid BIP39 phrase")]
    BadMnemonic,
    #[error("bad derivation path {0}")]
    BadPath(String),
    #[error("derivation failed")]
    Derivation,
    #[error("not a valid {0} address")]
    BadAddress(&'static str),
}

/// BIP44 coin types.
pub const COIN_EVM: u32 = 60;
pub const COIN_TRON: u32 = 195;

/// A fresh 24-word English mnemonic (256 bits of entropy).
pub fn new_mnemonic() -> String {
    bip39::Mnemonic::generate(24)
        .expect("24 is a valid word count")
        .to_string()
}

/// The BIP39 seed of a mnemonic (no passphrase unless given).
pub fn seed(mnemonic: &str, passphrase: &str) -> Result<[u8; 64], KeyError> {
    let parsed = bip39::Mnemonic::parse_normalized(mnemonic).map_err(|_| KeyError::BadMnemonic)?;
    Ok(parsed.to_seed(passphrase))
}

/// The BIP44 path of an address: m/44'/coin'/0'/0/index.
pub fn bip44_path(coin: u32, index: u32) -> String {
    format!("m/44'/{coin}'/0'/0/{index}")
}

pub fn derive(seed: &[u8], path: &str) -> Result<XPrv, KeyError> {
    let path: DerivationPath = path.parse().map_err(|_| KeyError::BadPath(path.to_string()))?;
    XPrv::derive_from_path(seed, &path).map_err(|_| KeyError::Derivation)
}

/// The 20-byte account id shared by EVM and TRON: keccak256 of the uncompressed public key.
pub fn account_id(key: &XPrv) -> [u8; 20] {
    let public = key.public_key();
    let point = public.public_key().to_encoded_point(false);
    let hash = Keccak256::digest(&point.as_bytes()[1..]);
    hash[12..].try_into().expect("20 bytes")
}

/// EIP-55 mixed-case checksum address.
pub fn evm_address(id: &[u8; 20]) -> String {
    let lower = hex::encode(id);
    let hash = Keccak256::digest(lower.as_bytes());
    let mixed: String = lower
        .chars()
        .enumerate()
        .map(|(i, c)| {
            let nibble = (hash[i / 2] >> (if i % 2 == 0 { 4 } else { 0 })) & 0x0f;
            if c.is_ascii_alphabetic() && nibble >= 8 {
                c.to_ascii_uppercase()
            } else {
                c
            }
        })
        .collect();
    format!("0x{mixed}")
}

/// Parses an EVM address: all-lower or all-upper hex is accepted, mixed case must match EIP-55.
pub fn parse_evm_address(text: &str) -> Result<[u8; 20], KeyError> {
    let hex_part = text.strip_prefix("0x").ok_or(KeyError::BadAddress("EVM"))?;
    let bytes = hex::decode(hex_part).map_err(|_| KeyError::BadAddress("EVM"))?;
    let id: [u8; 20] = bytes.try_into().map_err(|_| KeyError::BadAddress("EVM"))?;
    let uniform = hex_part == hex_part.to_lowercase() || hex_part == hex_part.to_uppercase();
    if !uniform && evm_address(&id) != text {
        return Err(KeyError::BadAddress("EVM"));
    }
    Ok(id)
}

/// TRON's base58check address (0x41 prefix).
pub fn tron_address(id: &[u8; 20]) -> String {
    let mut raw = vec![0x41];
    raw.extend_from_slice(id);
    bs58::encode(raw).with_check().into_string()
}

pub fn parse_tron_address(text: &str) -> Result<[u8; 20], KeyError> {
    let raw = bs58::decode(text)
        .with_check(None)
        .into_vec()
        .map_err(|_| KeyError::BadAddress("TRON"))?;
    match raw.split_first() {
        Some((0x41, id)) if id.len() == 20 => Ok(id.try_into().expect("20 bytes")),
        _ => Err(KeyError::BadAddress("TRON")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The mnemonic of anvil's (and hardhat's) funded development accounts.
    const DEV_MNEMONIC: &str = "test test test test test test test test test test test junk";

    #[test]
    fn bip39_seed_matches_the_trezor_vector() {
        // BIP39 reference vectors (trezor/python-mnemonic vectors.json), passphrase "TREZOR".
        let seed = seed(
            "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about",
            "TREZOR",
        )
        .unwrap();
        assert_eq!(
            hex::encode(seed),
            "c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04"
        );
        assert_eq!(
            super::seed("abandon abandon about", ""),
            Err(KeyError::BadMnemonic)
        );
    }

    #[test]
    fn bip32_matches_test_vector_1() {
        // BIP32 test vector 1, seed 000102...0f.
        let seed = hex::decode("000102030405060708090a0b0c0d0e0f").unwrap();
        let master = derive(&seed, "m").unwrap();
        assert_eq!(
            master.to_string(bip32::Prefix::XPRV).as_str(),
            "xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi"
        );
        let child = derive(&seed, "m/0'/1/2'/2/1000000000").unwrap();
        assert_eq!(
            child.to_string(bip32::Prefix::XPRV).as_str(),
            "xprvA41z7zogVVwxVSgdKUHDy1SKmdb533PjDz7J6N6mV6uS3ze1ai8FHa8kmHScGpWmj4WggLyQjgPie1rFSruoUihUZREPSL39UNdE3BBDu76"
        );
    }

    #[test]
    fn evm_addresses_match_anvils_dev_accounts() {
        let seed = seed(DEV_MNEMONIC, "").unwrap();
        let expected = [
            "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
            "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
            "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
        ];
        for (index, want) in expected.iter().enumerate() {
            let key = derive(&seed, &bip44_path(COIN_EVM, index as u32)).unwrap();
            assert_eq!(evm_address(&account_id(&key)), *want, "account {index}");
        }
    }

    #[test]
    fn evm_parsing_checks_the_eip55_checksum() {
        let good = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
        let id = parse_evm_address(good).unwrap();
        assert_eq!(parse_evm_address(&good.to_lowercase()).unwrap(), id);
        assert!(
            parse_evm_address("0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266").is_err(),
            "one wrong case"
        );
        assert!(
            parse_evm_address("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb922").is_err(),
            "19 bytes"
        );
        assert!(
            parse_evm_address("f39Fd6e51aad88F6F4ce6aB8827279cffFb92266").is_err(),
            "no 0x"
        );
    }

    #[test]
    fn tron_addresses_match_tronweb() {
        // From tronweb 6: TronWeb.fromMnemonic(DEV_MNEMONIC, "m/44'/195'/0'/0/i").
        let seed = seed(DEV_MNEMONIC, "").unwrap();
        let expected = [
            (
                "TWer2Ygk5TEheHp3TPuYeqxmB6SsGZmaL6",
                "15f0bbb1774be40b7a8d7965d637f324bda2f711fc5726a3dcc19585c6950954",
            ),
            (
                "TPjjvMwjPoDC32V2dGDYTkLH4E5LAtBZ6C",
                "9b6ac6a6faf1dc64240f654475a7e668141e4205262367feb7269ef332113929",
            ),
        ];
        for (index, (address, private_key)) in expected.iter().enumerate() {
            let key = derive(&seed, &bip44_path(COIN_TRON, index as u32)).unwrap();
            assert_eq!(
                hex::encode(key.private_key().to_bytes()),
                *private_key,
                "key {index}"
            );
            assert_eq!(tron_address(&account_id(&key)), *address, "address {index}");
        }
    }

    #[test]
    fn tron_addresses_round_trip_and_reject_corruption() {
        let seed = seed(DEV_MNEMONIC, "").unwrap();
        let key = derive(&seed, &bip44_path(COIN_TRON, 0)).unwrap();
        let address = tron_address(&account_id(&key));
        assert_eq!(parse_tron_address(&address).unwrap(), account_id(&key));
        let mut corrupt = address.clone().into_bytes();
        corrupt[10] = if corrupt[10] == b'a' { b'b' } else { b'a' };
        assert!(parse_tron_address(std::str::from_utf8(&corrupt).unwrap()).is_err());
        let evm_key = derive(&seed, &bip44_path(COIN_EVM, 0)).unwrap();
        assert_ne!(
            account_id(&evm_key),
            account_id(&key),
            "coin types give different keys"
        );
    }

    #[test]
    fn new_mnemonics_are_valid_and_distinct() {
        let (a, b) = (new_mnemonic(), new_mnemonic());
        assert_eq!(a.split(' ').count(), 24);
        assert_ne!(a, b);
        assert!(seed(&a, "").is_ok());
    }
}
