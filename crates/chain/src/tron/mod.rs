//! TRON over the java-tron full node HTTP API.
//!
//! - Addresses: base58check `T...` (0x41 + 20-byte account id); hashes: lowercase hex, no 0x.
//! - Keys: m/44'/195'/purpose'/0/index (purpose = [`KeyPurpose`] as u32).
//! - Transactions are built and signed here (see [`tx`]); the node is only asked for the head
//!   block (TAPOS reference) and is sent the signed protobuf via `/wallet/broadcasthex`.
//!   [`SignedTx::raw`] is the hex of that protobuf, [`SignedTx::hash`] its txID.
//! - Fees: estimates from the live chain parameters, the sender's bandwidth left today and a
//!   simulated call (formula in fee.rs); what a transaction cost is its TransactionInfo's `fee`
//!   (energy, bandwidth and account creation burnt, in sun). An address must be activated (sent
//!   TRX) before it can send: [`ChainAdapter::needs_activation`] asks the node.
//! - Scanning ([`ChainAdapter::block`]): TRX transfers are the successful TransferContract
//!   transactions of `/wallet/getblockbynum` (scan.rs); TRC20 transfers are the `Transfer`
//!   events of the watched contracts in `/wallet/gettransactioninfobyblocknum` (events.rs), so
//!   `transfer`, `transferFrom` and transfers made by other contracts are all seen, only from
//!   successful transactions. The second call is made only when tokens are watched and the
//!   block has a successful contract call; its infos must match the block's transactions.
//!   Not seen: TRX sent along a contract call or by a contract (internal transactions), TRC10.

mod events;
mod fee;
mod http;
pub mod proto;
mod resources;
mod scan;
pub mod stake;
pub mod tx;

use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use async_trait::async_trait;
use coffer_domain::amount::BaseUnits;
use coffer_domain::ports::chain::{
    AddressRule, Asset, Block, BlockRef, ChainAdapter, ChainError, ChainFamily, ChainResult, DerivedKey,
    FeeEstimate, KeyPurpose, SecretKey, SignedTx, TransferRequest, TxStatus,
};
use ruint::aliases::U256;
use serde_json::{json, Value};
use zeroize::{Zeroize, Zeroizing};

use crate::keys::{self, parse_tron_address, tron_address, COIN_TRON};
use http::NodeClient;
pub use tx::{RefBlock, TronCall, TxHeader, UnsignedTx, EXPIRATION_MS};

/// T + 33 base58 characters (no 0, O, I, l); base58 is case-sensitive. The checksum is
/// `parse_address`'s.
pub const ADDRESS_RULE: AddressRule = AddressRule {
    pattern: "^T[1-9A-HJ-NP-Za-km-z]{33}$",
    example: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
    case_sensitive: true,
};

pub const FAMILY: ChainFamily = ChainFamily {
    name: "tron",
    tx_hash_prefix: "",
    address: ADDRESS_RULE,
};

/// Default cap on the TRX a TRC20 transfer may burn for energy: 30 TRX.
pub const DEFAULT_FEE_LIMIT_SUN: u64 = 30_000_000;

pub struct TronAdapter {
    chain_id: i64,
    node: NodeClient,
    fee_limit_sun: u64,
    /// Last timestamp put in a transaction: kept strictly increasing so that two equal transfers
    /// signed in the same millisecond still get different txIDs (an equal txID would make the
    /// second payout look like a rebroadcast of the first).
    last_timestamp_ms: AtomicU64,
}

impl TronAdapter {
    /// `fee_limit_sun`: the most a TRC20 transfer may burn for energy (None: 30 TRX).
    pub fn new(chain_id: i64, base_url: &str, fee_limit_sun: Option<u64>) -> ChainResult<TronAdapter> {
        let fee_limit_sun = fee_limit_sun.unwrap_or(DEFAULT_FEE_LIMIT_SUN);
        if fee_limit_sun == 0 || fee_limit_sun > i64::MAX as u64 {
            return Err(ChainError::Protocol(format!(
                "fee limit {fee_limit_sun} sun is out of range"
            )));
        }
        Ok(TronAdapter {
            chain_id,
            node: NodeClient::new(base_url)?,
            fee_limit_sun,
            last_timestamp_ms: AtomicU64::new(0),
        })
    }

    pub fn fee_limit_sun(&self) -> u64 {
        self.fee_limit_sun
    }

    fn next_timestamp_ms(&self) -> u64 {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as u64);
        let previous = self
            .last_timestamp_ms
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |last| Some(now.max(last + 1)))
            .expect("the closure always returns Some");
        now.max(previous + 1)
    }

    async fn head_block(&self) -> ChainResult<scan::Header> {
        let block = self.node.call("getnowblock", json!({})).await?;
        if http::is_empty(&block) {
            return Err(ChainError::Protocol("getnowblock: the node has no block".into()));
        }
        scan::header(&block)
    }

    /// The header of a transaction signed now: the head block as its reference.
    async fn signing_header(&self) -> ChainResult<TxHeader> {
        let head = self.head_block().await?;
        Ok(TxHeader::for_block(
            &head.id,
            head.timestamp_ms,
            self.next_timestamp_ms(),
        ))
    }

    /// The call a transfer request asks for, with the amounts checked.
    fn call(&self, request: &TransferRequest) -> ChainResult<TronCall> {
        let owner = self.id(&request.from)?;
        let to = self.id(&request.to)?;
        if request.amount.is_zero() {
            return Err(ChainError::Rejected(
                "the amount must be greater than zero".into(),
            ));
        }
        match &request.asset {
            Asset::Native => {
                let amount_sun = u64::try_from(request.amount.0)
                    .ok()
                    .filter(|a| *a <= i64::MAX as u64)
                    .ok_or_else(|| {
                        ChainError::Rejected(format!("{} sun is more than TRON can move", request.amount))
                    })?;
                Ok(TronCall::Trx {
                    owner,
                    to,
                    amount_sun,
                })
            }
            Asset::Token { contract } => Ok(TronCall::Trc20 {
                owner,
                contract: self.id(contract)?,
                to,
                amount: request.amount.0,
                fee_limit_sun: self.fee_limit_sun,
            }),
        }
    }

    fn id(&self, address: &str) -> ChainResult<[u8; 20]> {
        parse_tron_address(address).map_err(|_| ChainError::InvalidAddress)
    }
}

#[async_trait]
impl ChainAdapter for TronAdapter {
    fn chain_id(&self) -> i64 {
        self.chain_id
    }

    fn family(&self) -> ChainFamily {
        FAMILY
    }

    fn parse_address(&self, text: &str) -> ChainResult<String> {
        let id = self.id(text.trim())?;
        Ok(tron_address(&id))
    }

    fn derive(&self, seed: &[u8; 64], purpose: KeyPurpose, index: u32) -> ChainResult<DerivedKey> {
        let path = format!("m/44'/{COIN_TRON}'/{}'/0/{index}", purpose as u32);
        let key = keys::derive(seed, &path).map_err(|e| ChainError::Key(e.to_string()))?;
        let address = tron_address(&keys::account_id(&key));
        // Copy the scalar straight into wiped memory and wipe the temporary too.
        let mut bytes = key.private_key().to_bytes();
        let mut secret = Zeroizing::new([0u8; 32]);
        secret.copy_from_slice(&bytes);
        bytes.as_mut_slice().zeroize();
        let secret = SecretKey(secret);
        Ok(DerivedKey {
            address,
            path,
            secret,
        })
    }

    async fn head(&self) -> ChainResult<BlockRef> {
        let head = self.head_block().await?;
        Ok(BlockRef {
            number: head.number,
            hash: hex::encode(head.id),
        })
    }

    async fn block(&self, number: u64, tokens: &[String]) -> ChainResult<Option<Block>> {
        let watched = tokens
            .iter()
            .map(|t| self.id(t))
            .collect::<ChainResult<HashSet<_>>>()?;
        let Ok(num) = i64::try_from(number) else {
            return Ok(None);
        };
        let answer = self.node.call("getblockbynum", json!({"num": num})).await?;
        if http::is_empty(&answer) {
            return Ok(None);
        }
        let scanned = scan::block(&answer)?;
        if scanned.head.number != number {
            return Err(ChainError::Protocol(format!(
                "asked for block {number}, the node answered block {}",
                scanned.head.number
            )));
        }
        // Token transfers are in the logs, which only successful contract calls have.
        let tokens = if watched.is_empty() || !scanned.may_have_logs() {
            Vec::new()
        } else {
            let infos = self
                .node
                .call("gettransactioninfobyblocknum", json!({"num": num}))
                .await?;
            events::token_transfers(&infos, number, &scanned.txs, &watched)?
        };
        scanned.into_block(tokens).map(Some)
    }

    async fn balance(&self, address: &str, asset: &Asset) -> ChainResult<BaseUnits> {
        let owner = self.id(address)?;
        match asset {
            Asset::Native => {
                let account = self
                    .node
                    .call(
                        "getaccount",
                        json!({"address": tron_address(&owner), "visible": true}),
                    )
                    .await?;
                Ok(BaseUnits(U256::from(http::uint(&account, "balance")?)))
            }
            Asset::Token { contract } => {
                let contract = self.id(contract)?;
                let mut parameter = [0u8; 32];
                parameter[12..].copy_from_slice(&owner);
                let answer = self
                    .node
                    .call(
                        "triggerconstantcontract",
                        json!({
                            "owner_address": tron_address(&owner),
                            "contract_address": tron_address(&contract),
                            "function_selector": "balanceOf(address)",
                            "parameter": hex::encode(parameter),
                            "visible": true,
                        }),
                    )
                    .await?;
                http::constant_call_ok(&answer)
                    .map_err(|reason| ChainError::Protocol(format!("balanceOf failed: {reason}")))?;
                let word = answer
                    .pointer("/constant_result/0")
                    .and_then(Value::as_str)
                    .and_then(|h| hex::decode(h).ok())
                    .filter(|b| b.len() == 32)
                    .ok_or_else(|| {
                        ChainError::Protocol("balanceOf did not return one 32-byte word".into())
                    })?;
                Ok(BaseUnits(U256::from_be_slice(&word)))
            }
        }
    }

    async fn estimate_fee(&self, request: &TransferRequest) -> ChainResult<FeeEstimate> {
        fee::estimate(&self.node, &self.call(request)?).await
    }

    async fn sign_transfer(&self, key: &SecretKey, request: &TransferRequest) -> ChainResult<SignedTx> {
        let call = self.call(request)?;
        // Check the key before asking the node anything.
        if tx::key_account_id(&key.0)? != *call.owner() {
            return Err(ChainError::Key(format!("the key does not own {}", request.from)));
        }
        tx::sign_call(&self.signing_header().await?, &call, &key.0)
    }

    async fn broadcast(&self, signed: &SignedTx) -> ChainResult<()> {
        // A record whose bytes do not hash to its id must not reach the chain: the id is what
        // the payout is tracked by.
        let bytes = hex::decode(&signed.raw)
            .map_err(|_| ChainError::Protocol("a TRON signed transaction must be hex".into()))?;
        if tx::tx_id_of_signed(&bytes).map(hex::encode).as_deref() != Some(signed.hash.as_str()) {
            return Err(ChainError::Protocol(format!(
                "the stored transaction {} does not hash to its id",
                signed.hash
            )));
        }
        let answer = self
            .node
            .call("broadcasthex", json!({"transaction": signed.raw}))
            .await?;
        if answer.get("result").and_then(Value::as_bool) == Some(true) {
            return match answer.get("txid").and_then(Value::as_str) {
                Some(txid) if !txid.eq_ignore_ascii_case(&signed.hash) => Err(ChainError::Protocol(format!(
                    "the node computed txID {txid} for transaction {}",
                    signed.hash
                ))),
                _ => Ok(()),
            };
        }
        let code = answer
            .get("code")
            .and_then(Value::as_str)
            .unwrap_or("OTHER_ERROR");
        let reason = format!("{code}: {}", http::message(&answer));
        match code {
            "DUP_TRANSACTION_ERROR" => Ok(()),
            "SERVER_BUSY" | "NO_CONNECTION" | "NOT_ENOUGH_EFFECTIVE_CONNECTION" | "BLOCK_UNSOLIDIFIED" => {
                Err(ChainError::Unavailable(reason))
            }
            // A transaction already in a block can come back as expired or TAPOS-failed rather
            // than duplicate; it is only a rejection if the node does not know it.
            _ => match self.status(&signed.hash).await? {
                // Past its expiration, or its reference block is not on the chain: no node
                // can ever include it.
                TxStatus::Unknown if matches!(code, "TRANSACTION_EXPIRATION_ERROR" | "TAPOS_ERROR") => {
                    Err(ChainError::Dead(reason))
                }
                TxStatus::Unknown => Err(ChainError::Rejected(reason)),
                _ => Ok(()),
            },
        }
    }

    async fn fee_paid(&self, hash: &str) -> ChainResult<Option<BaseUnits>> {
        let id = http::hash32(hash, "transaction id").map_err(|_| {
            ChainError::Protocol(format!("{hash:?} is not a TRON transaction id (64 hex digits)"))
        })?;
        let info = self
            .node
            .call("gettransactioninfobyid", json!({"value": hex::encode(id)}))
            .await?;
        if http::is_empty(&info) {
            return Ok(None);
        }
        // Everything burnt: energy_fee + net_fee (+ the activation of a new recipient).
        Ok(Some(BaseUnits(U256::from(http::uint(&info, "fee")?))))
    }

    async fn needs_activation(&self, address: &str) -> ChainResult<bool> {
        Ok(!fee::account_exists(&self.node, &self.id(address)?).await?)
    }

    async fn status(&self, hash: &str) -> ChainResult<TxStatus> {
        let id = http::hash32(hash, "transaction id").map_err(|_| {
            ChainError::Protocol(format!("{hash:?} is not a TRON transaction id (64 hex digits)"))
        })?;
        let value = json!({"value": hex::encode(id)});
        let info = self.node.call("gettransactioninfobyid", value.clone()).await?;
        if !http::is_empty(&info) {
            let block = http::uint(&info, "blockNumber")?;
            let failed = info.get("result").and_then(Value::as_str) == Some("FAILED");
            // TRX transfers have no receipt result; contract calls say SUCCESS or why they failed.
            let receipt_ok = matches!(
                info.pointer("/receipt/result").and_then(Value::as_str),
                None | Some("SUCCESS") | Some("DEFAULT")
            );
            return Ok(TxStatus::Included {
                block,
                success: !failed && receipt_ok,
            });
        }
        let pending = self.node.call("gettransactionfrompending", value.clone()).await?;
        if !http::is_empty(&pending) {
            return Ok(TxStatus::Pending);
        }
        // In a block whose execution info is not there yet: not final either.
        let stored = self.node.call("gettransactionbyid", value).await?;
        if !http::is_empty(&stored) {
            return Ok(TxStatus::Pending);
        }
        Ok(TxStatus::Unknown)
    }
}
