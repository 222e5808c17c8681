//! The java-tron servlets the double serves, over the shared [`Chain`].

use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use super::ledger::Ledger;
use super::pb;
use super::{address_id, base58, render, BlockRec, Chain, TxRec, MAX_EXPIRATION_MS};

type Shared = Arc<Mutex<Chain>>;

pub async fn handle(State(state): State<Shared>, Path(method): Path<String>, body: Bytes) -> Response {
    while state.lock().expect("TRON double state").stalled {
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
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
    *chain.requests.entry(method.clone()).or_insert(0) += 1;
    if chain.down {
        return (StatusCode::SERVICE_UNAVAILABLE, "the node is down").into_response();
    }
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
        "getaccountresource" => Some(chain.account_resource(&body)),
        "getdelegatedresourcev2" => Some(chain.delegated_resource(&body, visible)),
        "getdelegatedresourceaccountindexv2" => Some(chain.delegation_index(&body, visible)),
        "getcandelegatedmaxsize" => Some(chain.can_delegate_max(&body)),
        "getchainparameters" => Some(render::chain_parameters(&chain.ledger.params)),
        "triggerconstantcontract" => Some(chain.constant_call(&body, visible)),
        "broadcasthex" => Some(chain.broadcast_hex(&body)),
        "gettransactioninfobyid" => Some(chain.info(&body, visible)),
        "gettransactioninfobyblocknum" => Some(chain.infos_by_block(&body, visible)),
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

/// Why a broadcast is refused: java-tron's code and message.
pub(super) type Refusal = (&'static str, String);

impl TxRec {
    /// A broadcast's bytes (a `protocol.Transaction`) as the pool keeps them.
    pub(super) fn received(bytes: &[u8]) -> Result<TxRec, String> {
        let tx = pb::parse_transaction(bytes)?;
        // The id is the hash of the raw_data bytes as received, never of a re-encoding.
        let id: [u8; 32] = Sha256::digest(&tx.raw_data).into();
        Ok(TxRec {
            id,
            tx,
            bandwidth: bytes.len() as u64 + 64,
            outcome: None,
        })
    }
}

/// java-tron's `Return` answer of a broadcast.
fn refusal(code: &str, message: String, id: &[u8; 32]) -> Value {
    json!({"result": false, "code": code, "message": message, "txid": hex::encode(id)})
}

impl Chain {
    pub(super) fn head(&self) -> &BlockRec {
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
                let used = self.ledger.free_net_used(&id, self.head().timestamp_ms);
                if used > 0 {
                    account["free_net_usage"] = json!(used);
                    account["latest_consume_free_time"] = json!(self.head().timestamp_ms);
                }
                self.add_stake(&id, &mut account);
                account
            }
        }
    }

    /// `getaccountresource`: the free bandwidth used today and the day's allowance, the energy
    /// of the account's stake and bandwidth of the account's stake (stake_endpoints.rs); `{}` for an account that does not exist, as java-tron answers.
    fn account_resource(&self, body: &Value) -> Value {
        let Some(id) = body.get("address").and_then(Value::as_str).and_then(address_id) else {
            return json!({"Error": "class java.lang.IllegalArgumentException : invalid address"});
        };
        if self.ledger.trx(&id).is_none() {
            return json!({});
        }
        let mut answer = json!({
            "freeNetLimit": self.ledger.params.free_net_limit,
        });
        self.add_stake_resources(&id, &mut answer);
        let used = self.ledger.free_net_used(&id, self.head().timestamp_ms);
        if used > 0 {
            answer["freeNetUsed"] = json!(used);
        }
        answer
    }

    /// The state every pending transaction has been applied to: what a new one is checked against.
    pub(super) fn projected(&self) -> Ledger {
        let mut ledger = self.ledger.clone();
        let now = self.head().timestamp_ms;
        for rec in &self.pending {
            let _ = ledger.execute(&rec.tx.call, rec.tx.fee_limit, rec.bandwidth, now);
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
        if !self.ledger.is_contract(&contract) {
            return render::call_error(
                "CONTRACT_VALIDATE_ERROR",
                "No contract or not a valid smart contract",
                visible,
            );
        }
        self.projected().simulate(&owner, &contract, &data, visible)
    }

    fn broadcast_hex(&mut self, body: &Value) -> Value {
        let Some(bytes) = body
            .get("transaction")
            .and_then(Value::as_str)
            .and_then(|t| hex::decode(t).ok())
        else {
            return json!({"Error": "class java.lang.IllegalArgumentException : transaction is not hex"});
        };
        let rec = match TxRec::received(&bytes) {
            Ok(rec) => rec,
            Err(e) => {
                return json!({"Error": format!("class com.google.protobuf.InvalidProtocolBufferException : {e}")})
            }
        };
        let id = rec.id;
        if self.busy {
            return json!({"result": false, "code": "SERVER_BUSY", "message": "Server busy", "txid": hex::encode(id)});
        }
        if let Err((code, message)) = self.admit(&rec) {
            return refusal(code, message, &id);
        }
        let transaction = render::tx(&id, &rec.tx, None, true).to_string();
        self.pending.push(rec);
        json!({"result": true, "code": "SUCCESS", "message": "", "txid": hex::encode(id), "transaction": transaction})
    }

    /// java-tron's checks, in its order: recently seen (its txID cache, here the pending pool),
    /// TAPOS, expiration, already in a block, signature, the owner's account and bandwidth,
    /// contract (ledger.rs). So an old transaction that is
    /// long in a block comes back as expired, not as a duplicate, as on java-tron.
    fn admit(&self, rec: &TxRec) -> Result<(), Refusal> {
        self.check_received(rec)?;
        self.projected()
            .execute(
                &rec.tx.call,
                rec.tx.fee_limit,
                rec.bandwidth,
                self.head().timestamp_ms,
            )
            .map(|_| ())
    }

    /// [`Chain::admit`]'s checks up to the signature: what the transaction is on its own,
    /// before the state it runs on.
    pub(super) fn check_received(&self, rec: &TxRec) -> Result<(), Refusal> {
        let (id, tx) = (&rec.id, &rec.tx);
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
        Ok(())
    }

    pub(super) fn lookup(&self, id: &[u8; 32]) -> Option<(&BlockRec, &TxRec)> {
        let (number, index) = self.included.get(id)?;
        let block = self.blocks.iter().find(|b| b.number == *number)?;
        Some((block, &block.txs[*index]))
    }

    fn info(&self, body: &Value, visible: bool) -> Value {
        match txid_param(body).and_then(|id| self.lookup(&id)) {
            Some((block, rec)) => render::info(block.number, block.timestamp_ms, rec, visible),
            None => json!({}),
        }
    }

    /// `{"num": N}`: the infos of block N's transactions in block order; `[]` for a block without
    /// transactions or above the head, `{}` for N <= 0, as java-tron answers. Only `num` and
    /// `visible` are accepted, `num` as a JSON integer.
    fn infos_by_block(&self, body: &Value, visible: bool) -> Value {
        let fields = body.as_object().into_iter().flatten();
        if let Some((key, _)) = fields
            .into_iter()
            .find(|(k, _)| !matches!(k.as_str(), "num" | "visible"))
        {
            return json!({"Error": format!("class org.tron.core.services.http.JsonFormat$ParseException : \
                Message type \"protocol.NumberMessage\" has no field named \"{key}\".")});
        }
        let num = match body.get("num") {
            None => 0,
            Some(v) => match v.as_i64() {
                Some(n) => n,
                None => {
                    return json!({"Error": format!(
                        "class org.tron.core.services.http.JsonFormat$ParseException : Expected integer, got {v}"
                    )})
                }
            },
        };
        if num <= 0 {
            return json!({});
        }
        let infos: Vec<Value> = self
            .blocks
            .iter()
            .find(|b| b.number == num as u64)
            .map(|b| {
                b.txs
                    .iter()
                    .map(|rec| render::info(b.number, b.timestamp_ms, rec, visible))
                    .collect()
            })
            .unwrap_or_default();
        Value::Array(infos)
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

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};

    use crate::TronNode;

    async fn post(node: &TronNode, method: &str, body: Value) -> Value {
        let url = format!("{}/wallet/{method}", node.url());
        let answer = reqwest::Client::new().post(url).json(&body).send().await.unwrap();
        answer.json().await.unwrap()
    }

    #[tokio::test]
    async fn transaction_infos_by_block_answer_as_java_tron_does() {
        let node = TronNode::start().await;
        let number = node.mine();
        let infos = "gettransactioninfobyblocknum";
        assert_eq!(post(&node, infos, json!({"num": 0})).await, json!({}));
        assert_eq!(post(&node, infos, json!({})).await, json!({}));
        assert_eq!(post(&node, infos, json!({"num": number})).await, json!([]));
        assert_eq!(post(&node, infos, json!({"num": number + 5})).await, json!([]));
        let wrong_type = post(&node, infos, json!({"num": "1"})).await;
        assert!(
            wrong_type["Error"].as_str().unwrap().contains("ParseException"),
            "{wrong_type}"
        );
        let wrong_field = post(&node, infos, json!({"number": 1})).await;
        assert!(
            wrong_field["Error"].as_str().unwrap().contains("number"),
            "{wrong_field}"
        );
        assert_eq!(node.requests(infos), 6);
        assert_eq!(node.requests("getblockbynum"), 0);
    }
}
