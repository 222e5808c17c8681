//! The chains the tests configure besides the devchain: an EVM chain (anvil) and TRON, each
//! with one USDT token, built from one description so a test states only what differs.

use coffer::config::{ChainConfig, Config, EvmConfig, FamilyConfig, Secret, TokenConfig, TronConfig};

pub const EVM: i64 = 31337;
pub const TRON: i64 = 728126428;
/// The USDT token id on each chain.
pub const EVM_USDT_ID: i64 = 101;
pub const TRON_USDT_ID: i64 = 201;

/// A USDT token (6 decimals, priced at 1) at `contract`, without a deposit minimum.
pub fn usdt(id: i64, contract: &str) -> TokenConfig {
    TokenConfig {
        id,
        symbol: "USDT".into(),
        contract: contract.into(),
        decimals: 6,
        price: "1".into(),
        min_deposit: None,
    }
}

/// The EVM chain at `rpc_url` (anvil's chain id), its confirmations the family's default.
pub fn evm(rpc_url: &str, tokens: Vec<TokenConfig>) -> ChainConfig {
    ChainConfig {
        id: EVM,
        family: FamilyConfig::Evm(EvmConfig {
            evm_chain_id: Some(31337),
        }),
        name: "Anvil".into(),
        symbol: "ETH".into(),
        decimals: 18,
        txurl: String::new(),
        rpc_url: Secret::new(rpc_url),
        confirmations: None,
        // Like a real deployment: the scanner starts where the chain is when it first runs.
        scan_from_block: None,
        tokens,
    }
}

/// The TRON chain at `rpc_url`, its confirmations the family's default.
pub fn tron(rpc_url: &str, tokens: Vec<TokenConfig>) -> ChainConfig {
    ChainConfig {
        id: TRON,
        family: FamilyConfig::Tron(TronConfig::default()),
        name: "TRON".into(),
        symbol: "TRX".into(),
        decimals: 6,
        txurl: "https://tronscan.org/#/transaction/".into(),
        rpc_url: Secret::new(rpc_url),
        confirmations: None,
        scan_from_block: None,
        tokens,
    }
}

/// Only the EVM chain, on a running anvil with the ERC20 `contract`: three confirmations.
pub fn anvil_chain(config: &mut Config, url: &str, contract: &str) {
    config.chains = vec![ChainConfig {
        confirmations: Some(3),
        ..evm(url, vec![usdt(EVM_USDT_ID, contract)])
    }];
}

/// Only TRON, on the node double with its TRC20 `contract`: two confirmations, and deposits
/// below 1 USDT are dust.
pub fn tron_chain(config: &mut Config, url: &str, contract: &str) {
    let usdt = TokenConfig {
        min_deposit: Some("1".into()),
        ..usdt(TRON_USDT_ID, contract)
    };
    config.chains = vec![ChainConfig {
        confirmations: Some(2),
        ..tron(url, vec![usdt])
    }];
}
