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
//! Endpoints (POST or GET, JSON): getnowblock, getblockbynum, getaccount, getchainparameters,
//! triggerconstantcontract (balanceOf, transfer dry run), broadcasthex, gettransactioninfobyid,
//! gettransactionbyid, gettransactionfrompending. Anything else is a 404.
//!
//! Chain model: blocks every `mine()`, block ids whose first 8 bytes are the height (as on
//! TRON), accounts with TRX balances, one TRC20 token. Transactions are validated against the
//! state with all pending transactions applied and executed in order when mined. Bandwidth is
//! free (as with the daily free allowance); sending TRX to a new account costs 1.1 TRX (0.1 TRX
//! account creation + 1 TRX system contract fee); a TRC20 transfer burns energy × 210 sun, with
//! 29 650 energy to a new holder and 14 650 to an existing one; over the fee limit (or the
//! sender's TRX) it fails with OUT_OF_ENERGY, with too few tokens it REVERTs. Failed
//! transactions are included with their `contractRet` and still burn their fee.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use ruint::aliases::U256;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use ledger::{Ledger, Outcome};
pub use ledger::{
    CREATE_ACCOUNT_FEE, CREATE_ACCOUNT_IN_CONTRACT_FEE, ENERGY_EXISTING_HOLDER, ENERGY_FEE,
    ENERGY_NEW_HOLDER, TRANSACTION_FEE,
};
use pb::{Call, ParsedTx};

/// Blocks are 3 s apart, as on TRON.
const BLOCK_INTERVAL_MS: u64 = 3_000;
/// java-tron refuses transactions expiring more than a day after the head block.
const MAX_EXPIRATION_MS: u64 = 86_400_000;

pub struct TronNode {
    url: String,
    token: [u8; 20],
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
}

#[derive(Clone)]
struct TxRec {
    id: [u8; 32],
    tx: ParsedTx,
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
        let token: [u8; 20] = Sha256::digest(b"coffer tron double TRC20").as_slice()[..20]
            .try_into()
            .expect("20 bytes");
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
            ledger: Ledger::new(token),
            pending: Vec::new(),
            included: HashMap::new(),
        }));
        let app = Router::new()
            .route("/wallet/{method}", post(handle).get(handle))
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

    fn chain(&self) -> std::sync::MutexGuard<'_, Chain> {
        self.state.lock().expect("TRON double state")
    }

    /// Credits TRX (creating the account), as a genesis allocation would.
    pub fn fund(&self, address: &str, sun: u64) {
        let id = address_id(address).expect("a TRON address to fund");
        self.chain().ledger.credit_trx(&id, sun);
    }

    /// Credits TRC20 units.
    pub fn fund_token(&self, address: &str, units: u128) {
        let id = address_id(address).expect("a TRON address to fund");
        self.chain().ledger.credit_token(&id, U256::from(units));
    }

    pub fn trx_balance(&self, address: &str) -> u64 {
        let id = address_id(address).expect("a TRON address");
        self.chain().ledger.trx(&id).unwrap_or(0)
    }

    pub fn token_balance(&self, address: &str) -> U256 {
        let id = address_id(address).expect("a TRON address");
        self.chain().ledger.token(&id)
    }

    pub fn pending_count(&self) -> usize {
        self.chain().pending.len()
    }

    pub fn head_number(&self) -> u64 {
        self.chain().blocks.last().expect("genesis").number
    }

    /// Produces a block with the pending transactions (those that became invalid are dropped,
    /// as java-tron does when packing). Returns its height.
    pub fn mine(&self) -> u64 {
        let mut chain = self.chain();
        let parent = chain.blocks.last().expect("genesis");
        let (number, parent_id) = (parent.number + 1, parent.id);
        let timestamp_ms = (parent.timestamp_ms + BLOCK_INTERVAL_MS).max(now_ms());
        let pending = std::mem::take(&mut chain.pending);
        let mut txs = Vec::new();
        for mut rec in pending {
            if rec.tx.expiration <= timestamp_ms {
                continue;
            }
            if let Ok(outcome) = chain.ledger.execute(&rec.tx.call, rec.tx.fee_limit) {
                rec.outcome = Some(outcome);
                chain.included.insert(rec.id, (number, txs.len()));
                txs.push(rec);
            }
        }
        let id = block_id(number, &parent_id, timestamp_ms, &txs);
        chain.blocks.push(BlockRec {
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

type Shared = Arc<Mutex<Chain>>;

async fn handle(State(state): State<Shared>, Path(method): Path<String>, body: Bytes) -> Response {
    let body: Value = if body.iter().all(u8::is_ascii_whitespace) {
        json!({})
    } else {
        match serde_json::from_slice(&body) {
            Ok(v) => v,
            Err(e) => {
                return Json(json!({"Error": format!("class com.alibaba.fastjson.JSONException : {e}")}))
                    .into_response()
            }
        }
    };
    let mut chain = state.lock().expect("TRON double state");
    let visible = body.get("visible").and_then(Value::as_bool) == Some(true);
    let answer = match method.as_str() {
        "getnowblock" => Some(chain.render_block(chain.blocks.len() - 1, visible)),
        "getblockbynum" => {
            let num = body.get("num").and_then(Value::as_u64).unwrap_or(0);
            Some(match chain.blocks.iter().position(|b| b.number == num) {
                Some(i) => chain.render_block(i, visible),
                None => json!({}),
            })
        }
        "getaccount" => Some(chain.account(&body, visible)),
        "getchainparameters" => Some(render::chain_parameters()),
        "triggerconstantcontract" => Some(chain.constant_call(&body, visible)),
        "broadcasthex" => Some(chain.broadcast_hex(&body)),
        "gettransactioninfobyid" => Some(chain.info(&body)),
        "gettransactionbyid" => Some(chain.find(&body, false, visible)),
        "gettransactionfrompending" => Some(chain.find(&body, true, visible)),
        _ => None,
    };
    match answer {
        Some(value) => Json(value).into_response(),
        None => (StatusCode::NOT_FOUND, format!("no servlet for /wallet/{method}")).into_response(),
    }
}

fn txid_param(body: &Value) -> Option<[u8; 32]> {
    let text = body.get("value")?.as_str()?;
    hex::decode(text).ok()?.try_into().ok()
}

/// java-tron's `Return` answer of a broadcast.
fn refusal(code: &str, message: String, id: &[u8; 32]) -> Value {
    json!({"result": false, "code": code, "message": message, "txid": hex::encode(id)})
}

impl Chain {
    fn head(&self) -> &BlockRec {
        self.blocks.last().expect("genesis")
    }

    fn render_block(&self, index: usize, visible: bool) -> Value {
        let b = &self.blocks[index];
        render::block(b.number, &b.id, &b.parent, b.timestamp_ms, &b.txs, visible)
    }

    fn account(&self, body: &Value, visible: bool) -> Value {
        let Some(id) = body.get("address").and_then(Value::as_str).and_then(address_id) else {
            return json!({"Error": "class java.lang.IllegalArgumentException : invalid address"});
        };
        match self.ledger.trx(&id) {
            None => json!({}),
            Some(balance) => {
                let mut account = json!({"address": render::addr(&id, visible), "create_time": self.blocks[0].timestamp_ms});
                if balance > 0 {
                    account["balance"] = json!(balance);
                }
                account
            }
        }
    }

    /// The state every pending transaction has been applied to: what a new one is checked against.
    fn projected(&self) -> Ledger {
        let mut ledger = self.ledger.clone();
        for rec in &self.pending {
            let _ = ledger.execute(&rec.tx.call, rec.tx.fee_limit);
        }
        ledger
    }

    fn constant_call(&self, body: &Value, visible: bool) -> Value {
        let text = |k: &str| body.get(k).and_then(Value::as_str);
        let owner = text("owner_address").and_then(address_id);
        let contract = text("contract_address").and_then(address_id);
        let data = match (text("function_selector"), text("data")) {
            (Some(selector), _) => hex::decode(text("parameter").unwrap_or("")).ok().map(|p| {
                let mut d = pb::selector(selector).to_vec();
                d.extend(p);
                d
            }),
            (None, Some(data)) => hex::decode(data).ok(),
            (None, None) => None,
        };
        let (Some(owner), Some(contract), Some(data)) = (owner, contract, data) else {
            return render::call_error(
                "CONTRACT_VALIDATE_ERROR",
                "bad owner, contract or call data",
                visible,
            );
        };
        if contract != self.ledger.token_contract() {
            return render::call_error(
                "CONTRACT_VALIDATE_ERROR",
                "No contract or not a valid smart contract",
                visible,
            );
        }
        self.projected().simulate(&owner, &data, visible)
    }

    fn broadcast_hex(&mut self, body: &Value) -> Value {
        let Some(bytes) = body
            .get("transaction")
            .and_then(Value::as_str)
            .and_then(|t| hex::decode(t).ok())
        else {
            return json!({"Error": "class java.lang.IllegalArgumentException : transaction is not hex"});
        };
        let tx = match pb::parse_transaction(&bytes) {
            Ok(tx) => tx,
            Err(e) => {
                return json!({"Error": format!("class com.google.protobuf.InvalidProtocolBufferException : {e}")})
            }
        };
        // The id is the hash of the raw_data bytes as received, never of a re-encoding.
        let id: [u8; 32] = Sha256::digest(&tx.raw_data).into();
        if let Err((code, message)) = self.admit(&id, &tx) {
            return refusal(code, message, &id);
        }
        let transaction = render::tx(&id, &tx, None, true).to_string();
        self.pending.push(TxRec {
            id,
            tx,
            outcome: None,
        });
        json!({"result": true, "code": "SUCCESS", "message": "", "txid": hex::encode(id), "transaction": transaction})
    }

    /// java-tron's checks, in its order: recently seen (its txID cache, here the pending pool),
    /// TAPOS, expiration, already in a block, signature, contract. So an old transaction that is
    /// long in a block comes back as expired, not as a duplicate, as on java-tron.
    fn admit(&self, id: &[u8; 32], tx: &ParsedTx) -> Result<(), (&'static str, String)> {
        let dup = || ("DUP_TRANSACTION_ERROR", "dup transaction".to_string());
        if self.pending.iter().any(|p| p.id == *id) {
            return Err(dup());
        }
        let tapos_ok = tx.ref_block_bytes.len() == 2
            && tx.ref_block_hash.len() == 8
            && self
                .blocks
                .iter()
                .rev()
                .take(65_536)
                .any(|b| b.id[6..8] == tx.ref_block_bytes[..] && b.id[8..16] == tx.ref_block_hash[..]);
        if !tapos_ok {
            return Err((
                "TAPOS_ERROR",
                format!(
                    "Tapos check error, transaction ref block bytes {} hash {} not found",
                    hex::encode(&tx.ref_block_bytes),
                    hex::encode(&tx.ref_block_hash)
                ),
            ));
        }
        let head_time = self.head().timestamp_ms;
        if tx.expiration <= head_time || tx.expiration > head_time + MAX_EXPIRATION_MS {
            return Err((
                "TRANSACTION_EXPIRATION_ERROR",
                format!(
                    "Transaction expiration, transaction expiration time is {}, but headBlockTime is {head_time}",
                    tx.expiration
                ),
            ));
        }
        if self.included.contains_key(id) {
            return Err(dup());
        }
        let owner = tx.call.owner();
        match tx.signatures.as_slice() {
            [sig] => match pb::recover(id, sig) {
                Some(signer) if signer == owner => {}
                Some(signer) => {
                    return Err((
                        "SIGERROR",
                        format!(
                        "Validate signature error: {} is signed by {} but it is not contained of permission.",
                        base58(&owner),
                        base58(&signer)
                    ),
                    ))
                }
                None => return Err(("SIGERROR", "Validate signature error: bad signature".into())),
            },
            _ => {
                return Err((
                    "SIGERROR",
                    format!("Validate signature error: {} signatures", tx.signatures.len()),
                ))
            }
        }
        self.projected()
            .execute(&tx.call, tx.fee_limit)
            .map(|_| ())
            .map_err(|message| ("CONTRACT_VALIDATE_ERROR", message))
    }

    fn lookup(&self, id: &[u8; 32]) -> Option<(&BlockRec, &TxRec)> {
        let (number, index) = self.included.get(id)?;
        let block = self.blocks.iter().find(|b| b.number == *number)?;
        Some((block, &block.txs[*index]))
    }

    fn info(&self, body: &Value) -> Value {
        match txid_param(body).and_then(|id| self.lookup(&id)) {
            Some((block, rec)) => render::info(block.number, block.timestamp_ms, &self.ledger, rec),
            None => json!({}),
        }
    }

    fn find(&self, body: &Value, pending: bool, visible: bool) -> Value {
        let Some(id) = txid_param(body) else {
            return json!({});
        };
        let rec = if pending {
            self.pending.iter().find(|p| p.id == id)
        } else {
            self.lookup(&id).map(|(_, rec)| rec)
        };
        rec.map_or_else(
            || json!({}),
            |r| render::tx(&r.id, &r.tx, r.outcome.as_ref(), visible),
        )
    }
}

impl Call {
    fn owner(&self) -> [u8; 20] {
        match self {
            Call::Transfer { owner, .. } | Call::Trigger { owner, .. } => *owner,
        }
    }
}

/// Protobuf reading (`protocol.Transaction` and the two contracts) and signer recovery,
/// written for the double alone.
mod pb;

/// Balances and the execution of the two contract kinds.
mod ledger;

/// java-tron's JSON forms (`visible: false` prints addresses as 41-prefixed hex, byte strings as
/// hex; defaults are left out).
mod render;
