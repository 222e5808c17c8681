//! `[[chains]]` as files and environment variables have always written it: the examples of the
//! documentation load into the family variants, and bad entries are refused with the same
//! messages as before the variants existed.

use figment::providers::{Env, Format, Toml};

use super::{defaults, ChainConfig, Config, EvmConfig, FamilyConfig, TronConfig};

fn chains(toml: &str) -> Result<Vec<ChainConfig>, String> {
    Config::from_figment(defaults().merge(Toml::string(toml)))
        .map(|c| c.chains)
        .map_err(|e| e.to_string())
}

/// The commented `[[chains]]` example of coffer.example.toml, uncommented.
fn documented_example() -> String {
    let example = include_str!("../../../../coffer.example.toml");
    let start = example
        .find("# [[chains]]")
        .expect("the example documents [[chains]]");
    example[start..]
        .lines()
        .take_while(|line| line.starts_with('#'))
        .map(|line| line.trim_start_matches('#').trim_start())
        .collect::<Vec<_>>()
        .join("\n")
}

const BASE: &str =
    "[[chains]]\nid = 5\nname = \"A\"\nsymbol = \"E\"\ndecimals = 18\nrpc_url = \"http://x\"\n";

#[test]
fn the_documented_example_loads() {
    let loaded = chains(&documented_example()).unwrap();
    assert_eq!(loaded.len(), 1);
    let chain = &loaded[0];
    assert_eq!(chain.id, 31337);
    assert_eq!(
        chain.family,
        FamilyConfig::Evm(EvmConfig {
            evm_chain_id: Some(31337)
        })
    );
    assert_eq!(chain.family.settings().family().name, "evm");
    assert_eq!((chain.confirmations, chain.scan_from_block), (Some(12), Some(0)));
    assert_eq!(chain.tokens[0].min_deposit.as_deref(), Some("0.01"));
}

#[test]
#[allow(clippy::result_large_err)] // figment's Jail API fixes the error type
fn a_tron_chain_loads_from_a_file_and_from_the_environment() {
    let file = chains(&format!("{BASE}family = \"tron\"\nfee_limit_sun = 5\n")).unwrap();
    assert_eq!(
        file[0].family,
        FamilyConfig::Tron(TronConfig {
            fee_limit_sun: Some(5)
        })
    );
    assert_eq!(file[0].family.settings().default_confirmations(), 19);
    figment::Jail::expect_with(|jail| {
        jail.set_env(
            "COFFER__CHAINS",
            "[{id=7,family=\"tron\",name=\"T\",symbol=\"TRX\",decimals=6,rpc_url=\"http://y\",\
             tokens=[{id=8,symbol=\"U\",contract=\"TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t\",decimals=6}]}]",
        );
        let config = Config::from_figment(defaults().merge(Env::prefixed("COFFER__").split("__")))
            .map_err(|e| e.to_string())?;
        assert_eq!(config.chains[0].family.settings().family().name, "tron");
        assert_eq!(config.chains[0].tokens[0].price, "1");
        Ok(())
    });
}

#[test]
fn another_familys_keys_are_accepted_and_ignored_as_before() {
    let loaded = chains(&format!("{BASE}family = \"tron\"\nevm_chain_id = 3\n")).unwrap();
    assert_eq!(loaded[0].family, FamilyConfig::Tron(TronConfig::default()));
}

#[test]
fn bad_entries_are_refused_with_the_messages_they_always_had() {
    for (extra, message) in [
        (
            "family = \"evm\"\nevm_chain_id = 1\nbogus = 1\n",
            "configuration: unknown field: found `bogus`, expected `one of `id`, `family`, `name`, \
             `symbol`, `decimals`, `txurl`, `rpc_url`, `evm_chain_id`, `fee_limit_sun`, \
             `confirmations`, `scan_from_block`, `tokens`` for key \"default.chains.0.bogus\" in TOML source string",
        ),
        (
            "family = \"btc\"\n",
            "configuration: unknown variant: found `btc`, expected ``evm` or `tron`` for key \
             \"default.chains.0.family\" in TOML source string",
        ),
        (
            "",
            "configuration: missing field `family` for key \"default.chains.0\" in TOML source string",
        ),
        (
            "family = \"evm\"\n",
            "configuration key `chains.evm_chain_id`: EVM chain 5 needs it",
        ),
        (
            "family = \"evm\"\nevm_chain_id = \"x\"\n",
            "configuration: invalid type: found string \"x\", expected u64 for key \
             \"default.chains.0.evm_chain_id\" in TOML source string",
        ),
        (
            "family = \"evm\"\nevm_chain_id = 1\n[[chains.tokens]]\nid = 9\nsymbol = \"U\"\n\
             contract = \"TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t\"\ndecimals = 6\n",
            "configuration key `chains.tokens.contract`: token 9: not an address of its chain",
        ),
        (
            "family = 3\n",
            "configuration: invalid type: found signed int `3`, expected enum ChainFamilyConfig for \
             key \"default.chains.0.family\" in TOML source string",
        ),
    ] {
        assert_eq!(chains(&format!("{BASE}{extra}")).unwrap_err(), message, "{extra}");
    }
}

#[test]
fn the_printed_configuration_keeps_its_keys_in_order() {
    let chain = &chains(&format!("{BASE}family = \"tron\"\nfee_limit_sun = 5\n")).unwrap()[0];
    assert_eq!(
        serde_json::to_string(chain).unwrap(),
        "{\"id\":5,\"family\":\"tron\",\"name\":\"A\",\"symbol\":\"E\",\"decimals\":18,\"txurl\":\"\",\
         \"rpc_url\":\"[redacted]\",\"evm_chain_id\":null,\"fee_limit_sun\":5,\"confirmations\":null,\
         \"scan_from_block\":null,\"tokens\":[]}"
    );
}
