//! EVM chains (Ethereum, BSC, Polygon, anvil...) over JSON-RPC.
//!
//! - Addresses: EIP-55 mixed case; input may be all lower (or all upper) case, mixed case must
//!   carry a correct checksum. Hashes: 0x + lowercase hex.
//! - Keys: m/44'/60'/purpose'/0/index (purpose = [`KeyPurpose`] as u32).
//! - The node must serve the configured EVM chain id: checked by [`EvmAdapter::connect`] or
//!   before the first call, so a misconfigured URL can never see a transaction signed for it.
//! - Blocks: see [`scan`] for what counts as a transfer and how [`Transfer::index`] is set.
//! - Transfers: EIP-1559 (type 2) transactions with max fee = 2 × the next block's base fee +
//!   a tip read from recent blocks, gas limit = estimate + [`tx::GAS_MARGIN_PERCENT`]. The fee
//!   estimate is the worst case, gas limit × max fee, which is also what the sender must hold;
//!   the fee charged is usually under half of it (see `node::EvmAdapter::plan`).
//! - A refused broadcast is dead for good only when its nonce is used by another transaction
//!   (see `node::EvmAdapter::refused`).
//!
//!   [`Transfer::index`]: coffer_domain::ports::chain::Transfer::index

mod node;
mod rpc;
pub mod scan;
#[cfg(test)]
mod stub_tests;
pub mod tx;

use std::collections::{HashMap, HashSet};
use std::sync::atomic::AtomicU8;

use alloy_primitives::{Address, Bytes, B256, U256, U64};
use alloy_sol_types::{SolCall, SolEvent};
use async_trait::async_trait;
use coffer_domain::amount::BaseUnits;
use coffer_domain::ports::chain::{
    AddressRule, Asset, Block, BlockRef, ChainAdapter, ChainError, ChainFamily, ChainResult, DerivedKey,
    FeeEstimate, KeyPurpose, SecretKey, SignedTx, TransferRequest, TxStatus,
};
use serde_json::{json, Value};
use tokio::sync::OnceCell;
use zeroize::Zeroizing;

use crate::keys::{self, evm_address, parse_evm_address, COIN_EVM};
use rpc::{hex0x, quantity, Rpc, RpcBlock, RpcError, RpcLog, RpcTx};
pub use scan::NATIVE_INDEX;
use tx::{Call, Unsigned};

/// 0x + 40 hex digits in any case; the EIP-55 checksum of mixed case is `parse_address`'s.
pub const ADDRESS_RULE: AddressRule = AddressRule {
    pattern: "^0x[0-9a-fA-F]{40}$",
    example: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
    case_sensitive: false,
};

pub const FAMILY: ChainFamily = ChainFamily {
    name: "evm",
    tx_hash_prefix: "0x",
    address: ADDRESS_RULE,
};

/// Whether the node has eth_getBlockReceipts (one call per block instead of one per tx).
const RECEIPTS_UNKNOWN: u8 = 0;
const RECEIPTS_PER_BLOCK: u8 = 1;
const RECEIPTS_PER_TX: u8 = 2;

pub struct EvmAdapter {
    chain_id: i64,
    evm_chain_id: u64,
    rpc: Rpc,
    /// Set once the node has shown the expected chain id; a failed check is retried next call.
    verified: OnceCell<()>,
    block_receipts: AtomicU8,
}

/// A transfer request resolved to addresses and a call.
struct Resolved {
    from: Address,
    call: Call,
}

impl EvmAdapter {
    /// `chain_id`: the platform's catalogue id; `evm_chain_id`: the id the node must serve
    /// (1 Ethereum, 56 BSC, 31337 anvil...), also the one signed into every transaction.
    pub fn new(chain_id: i64, rpc_url: &str, evm_chain_id: u64) -> ChainResult<EvmAdapter> {
        Ok(EvmAdapter {
            chain_id,
            evm_chain_id,
            rpc: Rpc::new(rpc_url)?,
            verified: OnceCell::new(),
            block_receipts: AtomicU8::new(RECEIPTS_UNKNOWN),
        })
    }

    pub fn evm_chain_id(&self) -> u64 {
        self.evm_chain_id
    }

    /// Checks the node serves the expected chain (eth_chainId); WrongChain when not.
    pub async fn connect(&self) -> ChainResult<()> {
        self.verified
            .get_or_try_init(|| async {
                let actual: U64 = self
                    .rpc
                    .call("eth_chainId", json!([]))
                    .await
                    .map_err(|e| e.into_chain("eth_chainId"))?;
                if actual.to::<u64>() != self.evm_chain_id {
                    return Err(ChainError::WrongChain {
                        expected: self.evm_chain_id.to_string(),
                        actual: actual.to_string(),
                    });
                }
                Ok(())
            })
            .await
            .map(|_| ())
    }

    /// A call on the verified node, with the general error mapping.
    async fn call<T: serde::de::DeserializeOwned>(&self, method: &str, params: Value) -> ChainResult<T> {
        self.raw_call(method, params)
            .await?
            .map_err(|e| e.into_chain(method))
    }

    /// A call on the verified node, leaving its error to the caller to interpret.
    async fn raw_call<T: serde::de::DeserializeOwned>(
        &self,
        method: &str,
        params: Value,
    ) -> ChainResult<Result<T, RpcError>> {
        self.connect().await?;
        Ok(self.rpc.call(method, params).await)
    }

    fn address(&self, text: &str) -> ChainResult<Address> {
        parse_evm_address(text.trim())
            .map(Address::from)
            .map_err(|_| ChainError::InvalidAddress)
    }

    fn resolve(&self, request: &TransferRequest) -> ChainResult<Resolved> {
        let from = self.address(&request.from)?;
        let to = self.address(&request.to)?;
        // Valid, but nobody holds its key: whatever is sent there is burnt.
        if to == Address::ZERO {
            return Err(ChainError::InvalidAddress);
        }
        if request.amount.is_zero() {
            return Err(ChainError::Rejected(
                "the amount must be greater than zero".into(),
            ));
        }
        let call = match &request.asset {
            Asset::Native => Call::native(to, request.amount.0),
            Asset::Token { contract } => Call::token(self.address(contract)?, to, request.amount.0),
        };
        Ok(Resolved { from, call })
    }
}

#[async_trait]
impl ChainAdapter for EvmAdapter {
    fn chain_id(&self) -> i64 {
        self.chain_id
    }

    fn family(&self) -> ChainFamily {
        FAMILY
    }

    fn parse_address(&self, text: &str) -> ChainResult<String> {
        Ok(evm_address(&self.address(text)?.0 .0))
    }

    fn derive(&self, seed: &[u8; 64], purpose: KeyPurpose, index: u32) -> ChainResult<DerivedKey> {
        // Non-hardened child numbers stop at 2^31 - 1; above, the index would alias a hardened key.
        if index >= 1 << 31 {
            return Err(ChainError::Key(format!("index {index} is out of range")));
        }
        let path = format!("m/44'/{COIN_EVM}'/{}'/0/{index}", purpose as u32);
        let key = keys::derive(seed, &path).map_err(|e| ChainError::Key(e.to_string()))?;
        Ok(DerivedKey {
            address: evm_address(&keys::account_id(&key)),
            path,
            secret: SecretKey(Zeroizing::new(key.private_key().to_bytes().into())),
        })
    }

    async fn head(&self) -> ChainResult<BlockRef> {
        let block: RpcBlock = self
            .call("eth_getBlockByNumber", json!(["latest", false]))
            .await?;
        Ok(BlockRef {
            number: block.number.to(),
            hash: hex0x(block.hash.as_slice()),
        })
    }

    async fn block(&self, number: u64, tokens: &[String]) -> ChainResult<Option<Block>> {
        let watched = tokens
            .iter()
            .map(|t| self.address(t))
            .collect::<ChainResult<HashSet<Address>>>()?;
        let block: Option<RpcBlock<RpcTx>> = self
            .call("eth_getBlockByNumber", json!([quantity(number), true]))
            .await?;
        let Some(block) = block else {
            return Ok(None);
        };
        if block.number.to::<u64>() != number {
            return Err(ChainError::Protocol(format!(
                "asked block {number}, got {}",
                block.number
            )));
        }
        // Everything below is asked by block hash, so a reorg in between fails loudly instead
        // of mixing two blocks.
        let candidates = scan::value_txs(&block.transactions);
        let native = if candidates.is_empty() {
            Vec::new()
        } else {
            let receipts = self.receipts(block.hash, &candidates).await?;
            scan::native_transfers(&candidates, &receipts, block.hash)?
        };
        let token = if watched.is_empty() {
            Vec::new()
        } else {
            let filter = json!([{
                "blockHash": block.hash,
                "address": watched.iter().collect::<Vec<_>>(),
                "topics": [tx::Transfer::SIGNATURE_HASH],
            }]);
            let logs: Vec<RpcLog> = self.call("eth_getLogs", filter).await?;
            scan::token_transfers(&logs, &watched, block.hash)?
        };
        let positions: HashMap<B256, u64> = block
            .transactions
            .iter()
            .enumerate()
            .map(|(i, tx)| (tx.hash, i as u64))
            .collect();
        Ok(Some(Block {
            number,
            hash: hex0x(block.hash.as_slice()),
            parent_hash: hex0x(block.parent_hash.as_slice()),
            timestamp: i64::try_from(block.timestamp.to::<u64>())
                .map_err(|_| ChainError::Protocol(format!("timestamp {} out of range", block.timestamp)))?,
            transfers: scan::ordered(&positions, native, token),
        }))
    }

    async fn balance(&self, address: &str, asset: &Asset) -> ChainResult<BaseUnits> {
        let owner = self.address(address)?;
        match asset {
            Asset::Native => {
                let wei: U256 = self.call("eth_getBalance", json!([owner, "latest"])).await?;
                Ok(BaseUnits(wei))
            }
            Asset::Token { contract } => {
                let contract = self.address(contract)?;
                let data: Bytes = tx::balanceOfCall { owner }.abi_encode().into();
                let answer: Bytes = self
                    .call("eth_call", json!([{ "to": contract, "data": data }, "latest"]))
                    .await?;
                // An address without code answers empty: not a token at all.
                let units = tx::balanceOfCall::abi_decode_returns_validate(&answer).map_err(|_| {
                    ChainError::Protocol(format!("{contract} did not answer balanceOf like an ERC20"))
                })?;
                Ok(BaseUnits(units))
            }
        }
    }

    async fn estimate_fee(&self, request: &TransferRequest) -> ChainResult<FeeEstimate> {
        let resolved = self.resolve(request)?;
        let plan = self.plan(resolved.from, &resolved.call).await?;
        Ok(FeeEstimate {
            fee: BaseUnits(tx::worst_case_fee(plan.gas_limit, plan.caps)),
            energy: 0,
            bandwidth: 0,
        })
    }

    async fn sign_transfer(&self, key: &SecretKey, request: &TransferRequest) -> ChainResult<SignedTx> {
        let resolved = self.resolve(request)?;
        // Fail before any network call when the key is not the sender's.
        let (_, owner) = tx::key_address(key)?;
        if owner != resolved.from {
            return Err(ChainError::Key(format!("the key does not own {}", request.from)));
        }
        let plan = self.plan(resolved.from, &resolved.call).await?;
        let nonce = match request.nonce {
            Some(nonce) => nonce,
            None => {
                let count: U64 = self
                    .call("eth_getTransactionCount", json!([resolved.from, "pending"]))
                    .await?;
                count.to()
            }
        };
        let unsigned = Unsigned {
            chain_id: self.evm_chain_id,
            nonce,
            gas_limit: plan.gas_limit,
            caps: plan.caps,
            call: resolved.call,
        };
        let signed = tx::sign(&unsigned, key, resolved.from)?;
        Ok(SignedTx {
            hash: hex0x(signed.hash.as_slice()),
            raw: hex0x(&signed.raw),
            nonce: Some(nonce),
        })
    }

    async fn broadcast(&self, tx: &SignedTx) -> ChainResult<()> {
        self.send_raw(tx).await
    }

    async fn status(&self, hash: &str) -> ChainResult<TxStatus> {
        let hash = scan::parse_hash(hash)
            .ok_or_else(|| ChainError::Protocol(format!("{hash:?} is not a transaction hash")))?;
        self.status_of(hash).await
    }

    /// Gas used × effective gas price from the receipt, exact in wei.
    async fn fee_paid(&self, hash: &str) -> ChainResult<Option<BaseUnits>> {
        let hash = scan::parse_hash(hash)
            .ok_or_else(|| ChainError::Protocol(format!("{hash:?} is not a transaction hash")))?;
        Ok(self.fee_of(hash).await?.map(BaseUnits))
    }
}
