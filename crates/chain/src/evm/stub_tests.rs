//! The adapter against a scripted JSON-RPC server, for what anvil never does: answers that are
//! broken, rate limited or without `result`, a node lacking eth_getBlockReceipts, a receipt
//! from another block.

use std::sync::{Arc, Mutex};

use coffer_domain::amount::BaseUnits;
use coffer_domain::ports::chain::{Asset, ChainAdapter, ChainError};
use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

use super::{EvmAdapter, NATIVE_INDEX};

type Handler = Arc<dyn Fn(&str, &Value) -> (u16, String) + Send + Sync>;

/// Serves HTTP/1.1 JSON-RPC on a free port with `handler`; records the methods called.
async fn stub(handler: Handler) -> (String, Arc<Mutex<Vec<String>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let calls = Arc::new(Mutex::new(Vec::new()));
    let seen = calls.clone();
    tokio::spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
            let (handler, seen) = (handler.clone(), seen.clone());
            tokio::spawn(async move {
                let mut socket = BufReader::new(socket);
                loop {
                    let mut length = 0;
                    loop {
                        let mut line = String::new();
                        if socket.read_line(&mut line).await.unwrap_or(0) == 0 {
                            return;
                        }
                        if line == "\r\n" {
                            break;
                        }
                        let lower = line.to_ascii_lowercase();
                        if let Some(v) = lower.strip_prefix("content-length:") {
                            length = v.trim().parse().unwrap();
                        }
                    }
                    let mut body = vec![0; length];
                    socket.read_exact(&mut body).await.unwrap();
                    let request: Value = serde_json::from_slice(&body).unwrap();
                    let method = request["method"].as_str().unwrap().to_string();
                    seen.lock().unwrap().push(method.clone());
                    let (status, text) = handler(&method, &request["params"]);
                    let head = format!(
                        "HTTP/1.1 {status} X\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n",
                        text.len()
                    );
                    let socket = socket.get_mut();
                    socket.write_all(head.as_bytes()).await.unwrap();
                    socket.write_all(text.as_bytes()).await.unwrap();
                }
            });
        }
    });
    (url, calls)
}

fn ok(result: Value) -> (u16, String) {
    (
        200,
        json!({ "jsonrpc": "2.0", "id": 1, "result": result }).to_string(),
    )
}

fn error(code: i64, message: &str) -> (u16, String) {
    let error = json!({ "code": code, "message": message });
    (
        200,
        json!({ "jsonrpc": "2.0", "id": 1, "error": error }).to_string(),
    )
}

fn hash(byte: u8) -> String {
    format!("0x{}", hex::encode([byte; 32]))
}

const ALICE: &str = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266";
const BOB: &str = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";

/// A node without eth_getBlockReceipts; block 5 has a paid, a reverted and a 0-value tx.
fn old_node(method: &str, params: &Value) -> (u16, String) {
    let tx = |h: u8, value: &str| json!({ "hash": hash(h), "from": ALICE, "to": BOB, "value": value });
    let receipt = |h: u8, status: &str, block: u8| {
        json!({ "transactionHash": hash(h), "blockHash": hash(block), "blockNumber": "0x5",
                "status": status, "gasUsed": "0x5208" })
    };
    match method {
        "eth_chainId" => ok(json!("0x7a69")),
        "eth_getBlockByNumber" => ok(json!({
            "number": "0x5", "hash": hash(5), "parentHash": hash(4), "timestamp": "0x6553f100",
            "transactions": [tx(1, "0xde0b6b3a7640000"), tx(2, "0x1"), tx(3, "0x0")]
        })),
        "eth_getBlockReceipts" => error(-32601, "the method eth_getBlockReceipts does not exist"),
        "eth_getTransactionReceipt" => match params[0].as_str() {
            Some(h) if h == hash(1) => ok(receipt(1, "0x1", 5)),
            Some(h) if h == hash(2) => ok(receipt(2, "0x0", 5)),
            _ => ok(Value::Null),
        },
        _ => error(-32601, "not scripted"),
    }
}

#[tokio::test]
async fn without_block_receipts_each_paying_transaction_is_asked() {
    let (url, calls) = stub(Arc::new(old_node)).await;
    let evm = EvmAdapter::new(1, &url, 31337).unwrap();
    for _ in 0..2 {
        let block = evm.block(5, &[]).await.unwrap().unwrap();
        assert_eq!(block.parent_hash, hash(4));
        assert_eq!(block.timestamp, 0x6553f100);
        assert_eq!(
            block.transfers.len(),
            1,
            "the reverted and the 0-value one are not transfers"
        );
        let transfer = &block.transfers[0];
        assert_eq!(
            (transfer.tx_hash.as_str(), transfer.index),
            (hash(1).as_str(), NATIVE_INDEX)
        );
        assert_eq!(transfer.amount, BaseUnits::from_u128(1_000_000_000_000_000_000));
        assert_eq!(transfer.asset, Asset::Native);
        assert_eq!(transfer.to, "0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
    }
    let calls = calls.lock().unwrap().clone();
    let asked = |m: &str| calls.iter().filter(|c| *c == m).count();
    assert_eq!(asked("eth_chainId"), 1, "checked once");
    assert_eq!(
        asked("eth_getBlockReceipts"),
        1,
        "not asked again once known missing"
    );
    assert_eq!(
        asked("eth_getTransactionReceipt"),
        4,
        "two paying transactions, twice"
    );
}

#[tokio::test]
async fn a_receipt_of_another_block_fails_the_scan() {
    let (url, _) = stub(Arc::new(|method: &str, params: &Value| match method {
        "eth_getTransactionReceipt" => ok(json!({
            "transactionHash": params[0], "blockHash": hash(6), "blockNumber": "0x5",
            "status": "0x1", "gasUsed": "0x5208" })),
        _ => old_node(method, params),
    }))
    .await;
    let evm = EvmAdapter::new(1, &url, 31337).unwrap();
    assert!(matches!(evm.block(5, &[]).await, Err(ChainError::Protocol(m)) if m.contains("reorganised")));
}

#[tokio::test]
async fn broken_answers_are_told_apart_from_an_empty_one() {
    let answers: Vec<(u16, String)> = vec![
        (503, "busy".into()),
        error(-32005, "daily request count exceeded"),
        (200, "<html>proxy error</html>".into()),
        (200, json!({ "jsonrpc": "2.0", "id": 1 }).to_string()),
        (
            200,
            json!({ "jsonrpc": "2.0", "id": 1, "result": "0xzz" }).to_string(),
        ),
        error(-32000, "header not found"),
    ];
    let step = Arc::new(Mutex::new(0usize));
    let (url, _) = stub(Arc::new(move |method: &str, _: &Value| {
        if method == "eth_chainId" {
            return ok(json!("0x7a69"));
        }
        let mut step = step.lock().unwrap();
        *step += 1;
        answers[*step - 1].clone()
    }))
    .await;
    let evm = EvmAdapter::new(1, &url, 31337).unwrap();
    let balance = || evm.balance(ALICE, &Asset::Native);
    assert!(matches!(balance().await, Err(ChainError::Unavailable(m)) if m.contains("503")));
    assert!(matches!(balance().await, Err(ChainError::Unavailable(m)) if m.contains("rate limited")));
    assert!(matches!(balance().await, Err(ChainError::Protocol(m)) if m.contains("proxy error")));
    assert!(
        matches!(balance().await, Err(ChainError::Protocol(_))),
        "no result is not null"
    );
    assert!(
        matches!(balance().await, Err(ChainError::Protocol(_))),
        "not a quantity"
    );
    assert!(matches!(balance().await, Err(ChainError::Protocol(m)) if m.contains("header not found")));
}
