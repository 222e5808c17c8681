//! A real EVM node for tests: anvil (Foundry) from the npm registry, one per test, on a free
//! port, killed on drop. `scripts/setup.sh test` installs it under `.tmp/peers`;
//! `COFFER_ANVIL_BIN` points elsewhere.
//!
//! Anvil starts with 10 funded, unlocked dev accounts (the "test ... junk" mnemonic), so tests
//! fund addresses with `eth_sendTransaction` from them, no signing needed on this side.

use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use ruint::aliases::U256;
use serde_json::{json, Value};

pub const ANVIL_BIN_VAR: &str = "COFFER_ANVIL_BIN";
pub const ANVIL_CHAIN_ID: u64 = 31337;
/// The mnemonic of anvil's dev accounts.
pub const DEV_MNEMONIC: &str = "test test test test test test test test test test test junk";
/// The first dev accounts (m/44'/60'/0'/0/0..2), 10000 ETH each at start.
pub const DEV_ACCOUNTS: [&str; 3] = [
    "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
    "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
];

/// Creation bytecode of contracts/TestUSD.sol (6 decimals, open `mint`), built by
/// contracts/build.mjs.
const TEST_USD_BIN: &str = include_str!("../../../contracts/TestUSD.bin");
/// ERC20 selectors: mint(address,uint256) of TestUSD, transfer(address,uint256),
/// balanceOf(address).
const MINT: &str = "40c10f19";
const TRANSFER: &str = "a9059cbb";
const BALANCE_OF: &str = "70a08231";

pub struct AnvilPeer {
    pub port: u16,
    /// http://127.0.0.1:port
    pub url: String,
    child: Child,
    http: reqwest::Client,
}

impl AnvilPeer {
    /// The anvil binary: `COFFER_ANVIL_BIN`, else the npm install under `.tmp/peers`. Spawned
    /// directly, not through node_modules/.bin (a Node wrapper that would outlive a kill).
    pub fn bin() -> PathBuf {
        if let Some(path) = std::env::var_os(ANVIL_BIN_VAR) {
            return PathBuf::from(path);
        }
        let arch = if cfg!(target_arch = "aarch64") {
            "arm64"
        } else {
            "amd64"
        };
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../.tmp/peers/node_modules/@foundry-rs")
            .join(format!("anvil-linux-{arch}/bin/anvil"))
    }

    /// Starts anvil with chain id 31337 and waits until it listens (~0.2 s).
    pub fn start() -> AnvilPeer {
        let bin = Self::bin();
        assert!(
            bin.is_file(),
            "anvil not found at {}: run `scripts/setup.sh test` (installs npm @foundry-rs/anvil under \
             .tmp/peers) or set {ANVIL_BIN_VAR}",
            bin.display()
        );
        // Another process may take the free port between our probe and anvil's bind: retry.
        for _ in 0..5 {
            let port = TcpListener::bind("127.0.0.1:0")
                .and_then(|l| l.local_addr())
                .expect("a free port")
                .port();
            let mut child = Command::new(&bin)
                .args(["--host", "127.0.0.1", "--port", &port.to_string()])
                .args(["--chain-id", &ANVIL_CHAIN_ID.to_string(), "--silent"])
                .stdout(Stdio::null())
                .stderr(Stdio::inherit())
                .spawn()
                .unwrap_or_else(|e| panic!("starting {}: {e}", bin.display()));
            let deadline = Instant::now() + Duration::from_secs(15);
            loop {
                if TcpStream::connect(("127.0.0.1", port)).is_ok() {
                    return AnvilPeer {
                        port,
                        url: format!("http://127.0.0.1:{port}"),
                        child,
                        http: reqwest::Client::new(),
                    };
                }
                if child.try_wait().ok().flatten().is_some() {
                    break; // exited, most likely the port was taken: try another
                }
                assert!(
                    Instant::now() < deadline,
                    "anvil did not listen on port {port} within 15 s"
                );
                std::thread::sleep(Duration::from_millis(25));
            }
        }
        panic!("anvil exited at start five times");
    }

    /// A JSON-RPC call; Err carries the node's error object.
    pub async fn try_rpc(&self, method: &str, params: Value) -> Result<Value, Value> {
        let body = json!({ "jsonrpc": "2.0", "id": 1, "method": method, "params": params });
        let answer: Value = self
            .http
            .post(&self.url)
            .json(&body)
            .send()
            .await
            .unwrap_or_else(|e| panic!("{method}: {e}"))
            .json()
            .await
            .unwrap_or_else(|e| panic!("{method}: {e}"));
        match answer.get("error") {
            Some(error) => Err(error.clone()),
            None => Ok(answer["result"].clone()),
        }
    }

    /// A JSON-RPC call that must succeed.
    pub async fn rpc(&self, method: &str, params: Value) -> Value {
        self.try_rpc(method, params)
            .await
            .unwrap_or_else(|e| panic!("{method} failed: {e}"))
    }

    /// Sends a transaction from an unlocked dev account; returns its hash.
    pub async fn send(&self, from: &str, to: Option<&str>, value: U256, data: &str) -> String {
        let mut tx = json!({ "from": from, "value": format!("{value:#x}"), "data": data });
        if let Some(to) = to {
            tx["to"] = json!(to);
        }
        let hash = self.rpc("eth_sendTransaction", json!([tx])).await;
        hash.as_str().expect("a transaction hash").to_string()
    }

    /// The receipt of a transaction, waiting up to 10 s for it: with automine on, anvil may
    /// answer eth_sendTransaction a moment before the receipt is readable.
    pub async fn receipt(&self, hash: &str) -> Value {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let receipt = self.rpc("eth_getTransactionReceipt", json!([hash])).await;
            if !receipt.is_null() {
                return receipt;
            }
            assert!(Instant::now() < deadline, "no receipt for {hash} within 10 s");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Deploys TestUSD from the first dev account (automine must be on); returns the contract
    /// address (lowercase 0x-hex).
    pub async fn deploy_erc20(&self) -> String {
        let hash = self
            .send(DEV_ACCOUNTS[0], None, U256::ZERO, TEST_USD_BIN.trim())
            .await;
        let receipt = self.receipt(&hash).await;
        assert_eq!(receipt["status"], "0x1", "TestUSD deployment reverted");
        receipt["contractAddress"]
            .as_str()
            .expect("a contract address")
            .to_string()
    }

    /// TestUSD.mint(to, amount), sent by the first dev account; returns the tx hash.
    pub async fn mint(&self, token: &str, to: &str, amount: U256) -> String {
        self.send(
            DEV_ACCOUNTS[0],
            Some(token),
            U256::ZERO,
            &call_data(MINT, to, amount),
        )
        .await
    }

    /// ERC20 transfer(to, amount) sent by a dev account; returns the tx hash.
    pub async fn token_transfer(&self, from: &str, token: &str, to: &str, amount: U256) -> String {
        self.send(from, Some(token), U256::ZERO, &call_data(TRANSFER, to, amount))
            .await
    }

    /// Sends 1 ETH for gas from the first dev account to `to` and waits for its block.
    pub async fn fund_gas(&self, to: &str) {
        let one_eth = U256::from(10u64).pow(U256::from(18u64));
        let hash = self.send(DEV_ACCOUNTS[0], Some(to), one_eth, "0x").await;
        self.receipt(&hash).await;
    }

    /// The ERC20 balance of `who` at the head (`balanceOf`).
    pub async fn erc20_balance(&self, token: &str, who: &str) -> U256 {
        let data = format!(
            "0x{BALANCE_OF}{:0>64}",
            who.trim_start_matches("0x").to_lowercase()
        );
        let answer = self
            .rpc("eth_call", json!([{"to": token, "data": data}, "latest"]))
            .await;
        let hex = answer.as_str().expect("a balance").trim_start_matches("0x");
        U256::from_str_radix(hex, 16).expect("a hex balance")
    }

    pub async fn block_number(&self) -> u64 {
        let n = self.rpc("eth_blockNumber", json!([])).await;
        u64::from_str_radix(n.as_str().expect("a quantity").trim_start_matches("0x"), 16).expect("hex")
    }

    pub async fn mine(&self, blocks: u64) {
        self.rpc("anvil_mine", json!([format!("{blocks:#x}")])).await;
    }

    /// Off: sent transactions wait in the mempool until [`AnvilPeer::mine`].
    pub async fn set_automine(&self, on: bool) {
        self.rpc("evm_setAutomine", json!([on])).await;
    }

    pub async fn snapshot(&self) -> String {
        let id = self.rpc("evm_snapshot", json!([])).await;
        id.as_str().expect("a snapshot id").to_string()
    }

    /// Rolls the chain back to a snapshot; mining again then yields other blocks at the same
    /// heights (a reorg, as an indexer sees it).
    pub async fn revert(&self, snapshot: &str) {
        let done = self.rpc("evm_revert", json!([snapshot])).await;
        assert_eq!(done, json!(true), "evm_revert {snapshot}");
    }
}

impl Drop for AnvilPeer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// selector + address + uint256, ABI-encoded.
fn call_data(selector: &str, address: &str, amount: U256) -> String {
    let address = address.trim_start_matches("0x").to_ascii_lowercase();
    assert_eq!(address.len(), 40, "an address: {address}");
    format!("0x{selector}{address:0>64}{amount:064x}")
}

#[cfg(test)]
mod tests {
    #[test]
    fn call_data_is_abi_encoded() {
        let data = super::call_data(
            super::TRANSFER,
            super::DEV_ACCOUNTS[1],
            ruint::aliases::U256::from(5),
        );
        assert_eq!(
            data,
            "0xa9059cbb00000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c8\
             0000000000000000000000000000000000000000000000000000000000000005"
        );
    }
}
