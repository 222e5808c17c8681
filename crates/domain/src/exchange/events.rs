//! What an exchange tells the merchant in its callbacks (`exchange.*`): both legs, the price it
//! was made at and where it stands. The event itself is built by [`crate::callbacks::events`].

use serde_json::{json, Value};

use super::orders::ExchangeOrderRecord;
use crate::callbacks::events::chain_and_symbol;
use crate::codes::StoredCode;
use crate::config::ChainNode;
use crate::wallets::time;

pub(crate) fn payload(nodes: &[ChainNode], x: &ExchangeOrderRecord) -> Value {
    let o = &x.order;
    let (chainname, symbol_in) = chain_and_symbol(nodes, o.chain_id, o.token_in);
    let (_, symbol_out) = chain_and_symbol(nodes, o.chain_id, o.token_out);
    let decimals = |d: i32| u8::try_from(d).unwrap_or(18);
    let (d_in, d_out) = (decimals(o.decimals_in), decimals(o.decimals_out));
    json!({
        "orderNo": x.order_no,
        "merchantOrderNo": o.merchant_order_no.clone().unwrap_or_default(),
        "origin": o.origin.code(),
        "openId": o.open_id,
        "chainId": o.chain_id,
        "chainname": chainname,
        "tokenIn": o.token_in,
        "symbolIn": symbol_in,
        "tokenOut": o.token_out,
        "symbolOut": symbol_out,
        "payAddress": o.pay_address,
        "fromAddress": x.payer,
        "payoutAddress": o.payout_address,
        "amountIn": x.paid_in.to_decimal(d_in),
        "amountOut": o.amount_out.to_decimal(d_out),
        "minAmountOut": o.min_out.to_decimal(d_out),
        "rate": o.price.rate,
        "marketRate": o.price.market_rate,
        "source": o.price.source_label,
        "priceAt": o.price.price_at.map(time),
        "repriced": o.price.repriced,
        "inHash": x.in_hash,
        "outHash": x.out_hash,
        "status": o.status.code(),
        "reason": x.reason,
        "createdAt": time(x.created_at),
    })
}
