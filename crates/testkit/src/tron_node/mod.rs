//! A TRON full node double: the java-tron HTTP endpoints the TRON adapter uses, over an
//! in-memory chain. No TRON node can run on the test machines (see /work/shared/PEERS.md), so
//! this one is written to be strict rather than convenient.
//!
//! It verifies every broadcast on its own (it shares no code with the adapter's encoder): it
//! parses the `protocol.Transaction` protobuf, recomputes txID = sha256(raw_data), recovers the
//! signer from the 65-byte signature and requires it to be the contract's owner_address, checks
//! the TAPOS reference block, the expiration against the head block time and the balances, and
//! refuses with java-tron's answer shapes (`{"result": false, "code": "SIGERROR", "message"...}`).
//!
//! Endpoints (POST or GET, JSON): getnowblock, getblockbynum, getaccount, getaccountresource,
//! getchainparameters, triggerconstantcontract (dry run of any call of the two contracts),
//! broadcasthex, gettransactioninfobyid, gettransactioninfobyblocknum, gettransactionbyid,
//! gettransactionfrompending, getdelegatedresourcev2, getdelegatedresourceaccountindexv2,
//! getcandelegatedmaxsize. Anything else is a 404. [`TronNode::requests`] counts the calls
//! of each endpoint, so tests can check which round trips a client made.
//!
//! Chain model: blocks every `mine()`, 3 s of block time apart (or later: the wall clock plus
//! what [`TronNode::advance_time`] added), block ids whose first 8 bytes are the height (as on
//! TRON), accounts with TRX balances and daily free bandwidth, a TRC20 token and a payout
//! contract that pays through the token's `transferFrom` (contracts.rs). Transactions are
//! validated against the state with all pending transactions applied and executed in order
//! when mined; one whose expiration has passed is refused, and dropped from the pool when a
//! block passes it (never included). Each included one keeps its outcome and the event logs it
//! emitted, served in its TransactionInfo as java-tron prints them (`fee`, `receipt` with
//! `net_usage` / `net_fee`, `energy_usage_total`, `energy_penalty_total`, `energy_fee`).
//! Stake 2.0 (stake.rs, delegation.rs, resource.rs): TransferContract and TriggerSmartContract
//! aside, it takes FreezeBalanceV2 (54), UnfreezeBalanceV2 (55), WithdrawExpireUnfreeze (56),
//! DelegateResource (57, with lock and lock period) and UnDelegateResource (58), refused as
//! java-tron refuses them; a stake's energy is its share of the network's daily
//! `TotalEnergyLimit` by `TotalEnergyWeight` ([`TronNode::set_background_energy_weight`]) and
//! used energy recovers over 24 hours of block time; a contract call uses the caller's energy
//! first and burns TRX for the rest, within its fee limit. Staked bandwidth (`NetLimit`, own
//! or delegated) pays a transaction's bytes before the free allowance.
//! What each transaction costs is ledger.rs's (accounts, activation, bandwidth, energy at the
//! live parameters, [`TronNode::set_params`]); the token's energy, with the dynamic energy
//! factor, is energy.rs's (a USDT transfer: 64 285 energy to a holder, 130 285 to a new
//! holder). Failed transactions are included with their `contractRet`, emit no logs and still
//! burn their fee. [`TronNode::set_busy`] makes broadcasts answer SERVER_BUSY and
//! [`TronNode::set_down`] every endpoint HTTP 503, as a node that is overloaded or away.
//! What a test sets on the double is knobs.rs's; what it reads back, readers.rs's. A bench
//! that needs hundreds of full blocks mines each from its signed transactions at once
//! ([`TronNode::mine_signed`], bulk.rs), with the same checks as a broadcast.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::routing::post;
use axum::Router;
use sha2::{Digest, Sha256};

pub use contracts::Log;
pub use energy::{
    transfer_energy, DEFAULT_ENERGY_FACTOR, ENERGY_ALLOWANCE, ENERGY_APPROVE, ENERGY_EXISTING_HOLDER,
    ENERGY_NEW_HOLDER, ENERGY_PAYOUT_CALL, FACTOR_PRECISION,
};
use ledger::{Ledger, Outcome};
pub use ledger::{
    Params, CREATE_ACCOUNT_FEE, CREATE_ACCOUNT_IN_CONTRACT_FEE, ENERGY_FEE, FREE_NET_LIMIT, TRANSACTION_FEE,
};
use pb::ParsedTx;

/// Blocks are 3 s apart, as on TRON.
const BLOCK_INTERVAL_MS: u64 = 3_000;
/// java-tron refuses transactions expiring more than a day after the head block.
const MAX_EXPIRATION_MS: u64 = 86_400_000;

pub struct TronNode {
    url: String,
    token: [u8; 20],
    payout: [u8; 20],
    state: Arc<Mutex<Chain>>,
    server: tokio::task::JoinHandle<()>,
}

struct Chain {
    blocks: Vec<BlockRec>,
    /// Committed state (what the head block says).
    ledger: Ledger,
    pending: Vec<TxRec>,
    /// txID -> (block height, position) of every included transaction.
    included: HashMap<[u8; 32], (u64, usize)>,
    /// Calls served, per endpoint.
    requests: HashMap<String, usize>,
    /// Added to the wall clock for new blocks' times ([`TronNode::advance_time`]).
    offset_ms: u64,
    /// Broadcasts answer SERVER_BUSY.
    busy: bool,
    /// Every endpoint answers HTTP 503.
    down: bool,
    /// Every request waits unanswered until this is cleared (a node that hangs).
    stalled: bool,
}

#[derive(Clone)]
struct TxRec {
    id: [u8; 32],
    tx: ParsedTx,
    /// The bandwidth it uses: its serialized size + 64 bytes, as java-tron counts it.
    bandwidth: u64,
    outcome: Option<Outcome>,
}

struct BlockRec {
    number: u64,
    id: [u8; 32],
    parent: [u8; 32],
    timestamp_ms: u64,
    txs: Vec<TxRec>,
}

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("clock after 1970")
        .as_millis() as u64
}

/// A TRON block id: 8 bytes of height, then 24 bytes of a hash of the header.
fn block_id(number: u64, parent: &[u8; 32], timestamp_ms: u64, txs: &[TxRec]) -> [u8; 32] {
    let mut hasher = Sha256::new();
    hasher.update(parent);
    hasher.update(number.to_be_bytes());
    hasher.update(timestamp_ms.to_be_bytes());
    for tx in txs {
        hasher.update(tx.id);
    }
    let mut id: [u8; 32] = hasher.finalize().into();
    id[..8].copy_from_slice(&number.to_be_bytes());
    id
}

/// Parses a base58check T-address or 41-prefixed hex, the two forms java-tron accepts.
pub fn address_id(text: &str) -> Option<[u8; 20]> {
    let raw = if text.len() == 42 && text.starts_with("41") {
        hex::decode(text).ok()?
    } else {
        bs58::decode(text).with_check(None).into_vec().ok()?
    };
    match raw.split_first() {
        Some((0x41, id)) if id.len() == 20 => id.try_into().ok(),
        _ => None,
    }
}

pub fn base58(id: &[u8; 20]) -> String {
    let mut raw = vec![0x41];
    raw.extend_from_slice(id);
    bs58::encode(raw).with_check().into_string()
}

impl TronNode {
    /// Starts the node on 127.0.0.1 (a free port) with a genesis block and an empty ledger.
    pub async fn start() -> TronNode {
        let contract = |name: &[u8]| -> [u8; 20] {
            Sha256::digest(name).as_slice()[..20]
                .try_into()
                .expect("20 bytes")
        };
        let (token, payout) = (
            contract(b"coffer tron double TRC20"),
            contract(b"coffer tron double payout"),
        );
        let timestamp_ms = now_ms() / BLOCK_INTERVAL_MS * BLOCK_INTERVAL_MS;
        let parent = [0u8; 32];
        let genesis = BlockRec {
            number: 0,
            id: block_id(0, &parent, timestamp_ms, &[]),
            parent,
            timestamp_ms,
            txs: Vec::new(),
        };
        let state = Arc::new(Mutex::new(Chain {
            blocks: vec![genesis],
            ledger: Ledger::new(token, payout, timestamp_ms),
            pending: Vec::new(),
            included: HashMap::new(),
            requests: HashMap::new(),
            offset_ms: 0,
            busy: false,
            down: false,
            stalled: false,
        }));
        let app = Router::new()
            .route("/wallet/{method}", post(endpoints::handle).get(endpoints::handle))
            .with_state(state.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("binding the TRON node double");
        let url = format!("http://{}", listener.local_addr().expect("local address"));
        let server = tokio::spawn(async move {
            axum::serve(listener, app).await.expect("TRON node double");
        });
        TronNode {
            url,
            token,
            payout,
            state,
            server,
        }
    }

    pub fn url(&self) -> String {
        self.url.clone()
    }

    /// The TRC20 contract's base58 address.
    pub fn token(&self) -> String {
        base58(&self.token)
    }

    /// The payout contract's base58 address: `pay(address,uint256,address,uint256)` pays two
    /// recipients from the caller's tokens through `transferFrom` (approve it first), so the
    /// token transfers are logs of a transaction that calls no `transfer` (see contracts.rs).
    pub fn payout_contract(&self) -> String {
        base58(&self.payout)
    }

    fn chain(&self) -> std::sync::MutexGuard<'_, Chain> {
        self.state.lock().expect("TRON double state")
    }

    /// Produces a block with the pending transactions (those that became invalid are dropped,
    /// as java-tron does when packing). Returns its height.
    pub fn mine(&self) -> u64 {
        self.chain().mine()
    }
}

impl Chain {
    fn mine(&mut self) -> u64 {
        let parent = self.blocks.last().expect("genesis");
        let (number, parent_id) = (parent.number + 1, parent.id);
        let timestamp_ms = (parent.timestamp_ms + BLOCK_INTERVAL_MS).max(now_ms() + self.offset_ms);
        let pending = std::mem::take(&mut self.pending);
        let mut txs = Vec::new();
        for mut rec in pending {
            if rec.tx.expiration <= timestamp_ms {
                continue;
            }
            let executed = self
                .ledger
                .execute(&rec.tx.call, rec.tx.fee_limit, rec.bandwidth, timestamp_ms);
            if let Ok(outcome) = executed {
                rec.outcome = Some(outcome);
                self.included.insert(rec.id, (number, txs.len()));
                txs.push(rec);
            }
        }
        let id = block_id(number, &parent_id, timestamp_ms, &txs);
        self.blocks.push(BlockRec {
            number,
            id,
            parent: parent_id,
            timestamp_ms,
            txs,
        });
        number
    }
}

impl Drop for TronNode {
    fn drop(&mut self) {
        self.server.abort();
    }
}

/// Protobuf reading (`protocol.Transaction` and the two contracts) and signer recovery,
/// written for the double alone.
mod pb;

/// Balances and the execution of the two contract kinds.
mod ledger;

/// The token and the payout contract.
mod contracts;

/// Call data and event words, as the contracts read and write them.
mod abi;

/// What the contracts' calls cost in energy, with the dynamic energy factor.
mod energy;

/// The HTTP endpoints.
mod endpoints;

/// Stake 2.0: stakes, unstakes, delegations, the network's energy totals.
mod stake;

/// Delegating and undelegating resources.
mod delegation;

/// The resource arithmetic of Stake 2.0: a stake's share, 24-hour recovery.
pub mod resource;

/// The Stake 2.0 endpoints.
mod stake_endpoints;

/// What a test sets: parameters, clock, node trouble, credits.
mod knobs;

/// Whole blocks of signed transactions at once, for benches.
mod bulk;

/// What a test reads back: requests, balances, fees, logs, the pool, the head.
mod readers;

/// java-tron's JSON forms (`visible: false` prints addresses as 41-prefixed hex, byte strings as
/// hex; defaults are left out).
mod render;
