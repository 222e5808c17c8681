//! What a deposit's callbacks tell the merchant (the event itself is built by
//! [`crate::callbacks::events`]).

use crate::codes::StoredCode;
use serde_json::{json, Value};

use crate::callbacks::events::chain_and_symbol;
use crate::config::ChainNode;
use crate::ports::DepositRecord;

/// The deposit's fields in its callbacks. None: the merchant is not told (dust and unsupported
/// tokens are recorded for the operator, not announced).
pub(crate) fn payload(nodes: &[ChainNode], d: &DepositRecord) -> Option<Value> {
    if !d.note.is_empty() {
        return None;
    }
    let (chainname, symbol) = chain_and_symbol(nodes, d.chain_id, d.token_id);
    let decimals = u8::try_from(d.decimals).unwrap_or(18);
    Some(json!({
        "orderNo": d.order_no,
        "openId": d.open_id,
        "chainId": d.chain_id,
        "chainname": chainname,
        "tokenId": d.token_id,
        "symbol": symbol,
        "hash": d.tx_hash,
        "index": d.tx_index,
        "fromAddress": d.from_address,
        "toAddress": d.to_address,
        "amount": d.amount.to_decimal(decimals),
        "status": d.status.code(),
        "blockNumber": d.block_number,
        "requiredConfirmations": d.required_confirmations,
        "createdAt": crate::wallets::time(d.created_at),
    }))
}
