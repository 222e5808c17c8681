//! What the domain needs from a blockchain. One trait, three implementations in the chain
//! crate: the embedded devchain, EVM over JSON-RPC and TRON over its HTTP API.
//!
//! Addresses cross this boundary as canonical strings (EIP-55 for EVM and devchain, base58check
//! for TRON), amounts as [`BaseUnits`], hashes as lowercase hex without 0x for TRON and with 0x
//! for EVM (each chain's own convention, so explorers' `txurl` + hash works).

use async_trait::async_trait;
use zeroize::Zeroizing;

use crate::amount::BaseUnits;

pub type ChainResult<T> = Result<T, ChainError>;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChainError {
    /// The node could not be reached or timed out; try again later.
    #[error("chain node unavailable: {0}")]
    Unavailable(String),
    /// The node answered something we cannot use.
    #[error("unexpected answer from the chain node: {0}")]
    Protocol(String),
    /// The node serves another chain than configured (EVM chain id, TRON genesis).
    #[error("the node serves chain {actual}, configured {expected}")]
    WrongChain { expected: String, actual: String },
    /// The node refused a transaction (bad signature, insufficient funds, nonce too low...).
    /// A transaction sent before and refused now may still be in other nodes' pools.
    #[error("transaction rejected: {0}")]
    Rejected(String),
    /// The transaction provably can never be included: its nonce is used on chain by another
    /// one (EVM, devchain), or it is past its expiration or its reference block is gone
    /// (TRON). Only such a transaction is ever replaced or given up once it was sent.
    #[error("transaction can never be included: {0}")]
    Dead(String),
    #[error("not a valid address for this chain")]
    InvalidAddress,
    #[error("key derivation failed: {0}")]
    Key(String),
}

/// What sets a chain family apart, as data: each family's adapter module declares one, so the
/// domain and the console read it instead of matching on the family.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChainFamily {
    /// The stored name: key counters, the chain catalogue, the console ("dev", "evm", "tron").
    pub name: &'static str,
    /// Written before the 64 lowercase hex digits of a transaction hash ("0x", or nothing).
    pub tx_hash_prefix: &'static str,
    pub address: AddressRule,
}

/// The shape of an address a person types, for a form to check before asking the server. The
/// adapter's `parse_address` still decides (checksums, the chain's own prefix byte).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AddressRule {
    /// A regular expression, valid in Rust and JavaScript, the trimmed text must match whole.
    pub pattern: &'static str,
    pub example: &'static str,
    /// False when two spellings differing only in letter case are the same address (hex).
    pub case_sensitive: bool,
}

/// What moves: the chain's native coin or a token contract (canonical address).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Asset {
    Native,
    Token { contract: String },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockRef {
    pub number: u64,
    pub hash: String,
}

/// A transfer seen in a block: a native payment or a token Transfer event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Transfer {
    pub tx_hash: String,
    /// Position of the transfer in its transaction (the log index for token events; for a native
    /// payment a value no event uses, e.g. u32::MAX on EVM), so (tx_hash, index) identifies a
    /// transfer even when one transaction pays many addresses.
    pub index: u32,
    pub from: String,
    pub to: String,
    pub asset: Asset,
    pub amount: BaseUnits,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    pub number: u64,
    pub hash: String,
    pub parent_hash: String,
    /// Unix seconds.
    pub timestamp: i64,
    /// Successful transfers only; a reverted transaction moves nothing.
    pub transfers: Vec<Transfer>,
}

/// A private key, wiped from memory when dropped.
pub struct SecretKey(pub Zeroizing<[u8; 32]>);

/// A key derived from a merchant seed, with its address on the chain.
pub struct DerivedKey {
    pub address: String,
    pub path: String,
    pub secret: SecretKey,
}

/// BIP44 account numbers: one for end users' deposit addresses, one for hot (payout) wallets,
/// one for the platform's energy account (TRON staking, under the platform merchant's seed), so
/// no two share an index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyPurpose {
    Deposit = 0,
    HotWallet = 1,
    Energy = 2,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TransferRequest {
    pub from: String,
    pub to: String,
    pub asset: Asset,
    pub amount: BaseUnits,
    /// EVM only: the nonce to use; None asks the node for the pending count. The caller keeps
    /// assigned nonces in its database so a restart never reuses one.
    pub nonce: Option<u64>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeeEstimate {
    /// Worst-case fee in the native coin's base units.
    pub fee: BaseUnits,
    /// TRON resources the transfer consumes (0 elsewhere).
    pub energy: u64,
    pub bandwidth: u64,
}

/// A signed transaction, ready to (re)broadcast. Stored before broadcasting, so a crash after
/// signing broadcasts the same transaction again instead of signing a second one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignedTx {
    pub hash: String,
    /// The encoding the node accepts (EVM: 0x-hex RLP; TRON: the transaction JSON; devchain: JSON).
    pub raw: String,
    pub nonce: Option<u64>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TxStatus {
    /// Not known to the node (never broadcast, dropped, or reorganised away).
    Unknown,
    /// In the mempool.
    Pending,
    /// In a block; `success` is false for a reverted / failed transaction.
    Included { block: u64, success: bool },
}

#[async_trait]
pub trait ChainAdapter: Send + Sync {
    /// The chain id of the platform's catalogue (table `chain`).
    fn chain_id(&self) -> i64;
    fn family(&self) -> ChainFamily;
    /// The canonical form of an address typed by a person, or InvalidAddress (wrong chain,
    /// bad checksum, wrong length).
    fn parse_address(&self, text: &str) -> ChainResult<String>;
    /// The key at m/44'/coin'/purpose'/0/index of a BIP39 seed.
    fn derive(&self, seed: &[u8; 64], purpose: KeyPurpose, index: u32) -> ChainResult<DerivedKey>;

    /// The newest block the node has.
    async fn head(&self) -> ChainResult<BlockRef>;
    /// A block with its transfers of the native coin and of the given token contracts; None
    /// above the head.
    async fn block(&self, number: u64, tokens: &[String]) -> ChainResult<Option<Block>>;
    async fn balance(&self, address: &str, asset: &Asset) -> ChainResult<BaseUnits>;
    async fn estimate_fee(&self, request: &TransferRequest) -> ChainResult<FeeEstimate>;
    /// Builds and signs a transfer with `key` (which must own `request.from`).
    async fn sign_transfer(&self, key: &SecretKey, request: &TransferRequest) -> ChainResult<SignedTx>;
    /// Sends a signed transaction; sending one the node already has is not an error.
    async fn broadcast(&self, tx: &SignedTx) -> ChainResult<()>;
    async fn status(&self, hash: &str) -> ChainResult<TxStatus>;
    /// What an included transaction cost in the native coin, as the chain recorded it; None
    /// when it is not included or the adapter cannot tell (the estimate is kept then).
    async fn fee_paid(&self, _hash: &str) -> ChainResult<Option<BaseUnits>> {
        Ok(None)
    }
    /// Whether `address` must be activated before it can send anything (TRON: an account
    /// exists only once it received the native coin, and a token it holds does not create it);
    /// a native transfer to it activates it, at the cost its fee quote includes.
    async fn needs_activation(&self, _address: &str) -> ChainResult<bool> {
        Ok(false)
    }
}
