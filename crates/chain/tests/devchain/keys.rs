//! Key derivation and address parsing, against independently computed values.

use super::*;

/// A devchain on a fresh SQLite database, for the tests that need no runtime of their own.
fn devchain_on_sqlite() -> Fixture {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async { fixture(TestDb::new(coffer_testkit::DbKind::Sqlite).await).await })
}

/// Computed independently of this crate with a stdlib-only Python implementation of BIP39,
/// BIP32, secp256k1, keccak256 and EIP-55 (which reproduces anvil's 0xf39F...2266 at
/// m/44'/60'/0'/0/0 of the same mnemonic).
#[test]
fn derive_gives_the_documented_addresses() {
    let chain_seed = seed(DEV_MNEMONIC, "").unwrap();
    let vectors = [
        (
            KeyPurpose::Deposit,
            0,
            "m/44'/1'/0'/0/0",
            "0x22310Bf73bC88ae2D2c9a29Bd87bC38FBAc9e6b0",
            "7c299dda7c704f9d474b6ca5d7fee0b490c8decca493b5764541fe5ec6b65114",
        ),
        (
            KeyPurpose::Deposit,
            1,
            "m/44'/1'/0'/0/1",
            "0x5AEC774E6ae749DBB17A2EBA03648207A5bd7dDd",
            "50064dccbc8b9d9153e340ee2759b0fc4936ffe70cb451dad5563754d33c34a8",
        ),
        (
            KeyPurpose::HotWallet,
            0,
            "m/44'/1'/1'/0/0",
            "0xAd4e5a21374eD7F7ca205870eB2073D21D7e6FE1",
            "dbcec35c5ac5ce0737572b08ba7bcc2f8ad9bd49107a765d5408b504b06e8e88",
        ),
    ];
    let f = devchain_on_sqlite();
    for (purpose, index, path, address, secret) in vectors {
        let key = f.chain.derive(&chain_seed, purpose, index).unwrap();
        assert_eq!(derivation_path(purpose, index), path);
        assert_eq!((key.path.as_str(), key.address.as_str()), (path, address));
        assert_eq!(hex::encode(*key.secret.0), secret);
    }
}

#[test]
fn parse_address_follows_eip55() {
    let f = devchain_on_sqlite();
    let good = "0x22310Bf73bC88ae2D2c9a29Bd87bC38FBAc9e6b0";
    assert_eq!(f.chain.parse_address(good).unwrap(), good);
    assert_eq!(f.chain.parse_address(&good.to_lowercase()).unwrap(), good);
    assert_eq!(f.chain.parse_address(&format!(" {good}\n")).unwrap(), good);
    for bad in [
        "0x22310bf73bC88ae2D2c9a29Bd87bC38FBAc9e6b0",
        "0x22310Bf73bC88ae2D2c9a29Bd87bC38FBAc9e6",
        "0x22310Bf73bC88ae2D2c9a29Bd87bC38FBAc9e6b000",
        "22310Bf73bC88ae2D2c9a29Bd87bC38FBAc9e6b0",
        "TWer2Ygk5TEheHp3TPuYeqxmB6SsGZmaL6",
        "0xZZ310Bf73bC88ae2D2c9a29Bd87bC38FBAc9e6b0",
        "",
    ] {
        assert_eq!(
            f.chain.parse_address(bad),
            Err(ChainError::InvalidAddress),
            "{bad:?}"
        );
    }
    assert_eq!(
        evm_address(&parse_evm_address(USDT_CONTRACT).unwrap()),
        USDT_CONTRACT
    );
    assert_eq!(f.chain.parse_address(USDT_CONTRACT).unwrap(), USDT_CONTRACT);
}
