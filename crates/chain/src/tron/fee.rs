//! Fee estimates, worst case: as if the sender had no free or staked bandwidth and energy left.
//!
//! - bandwidth = size of the signed transaction + 64 bytes (java-tron's result reserve);
//! - TRX: `bandwidth × getTransactionFee`, plus `getCreateAccountFee +
//!   getCreateNewAccountFeeInSystemContract` when the recipient account does not exist yet (a
//!   slight over-estimate: the creation fee replaces the bandwidth fee on chain);
//! - TRC20: `energy × getEnergyFee + bandwidth × getTransactionFee`, energy being `energy_used`
//!   (penalty included) of the transfer simulated by `triggerconstantcontract`. An energy cost
//!   above the fee limit is refused: the transfer would fail with OUT_OF_ENERGY and still burn
//!   the limit.

use std::time::{SystemTime, UNIX_EPOCH};

use coffer_domain::amount::BaseUnits;
use coffer_domain::ports::chain::{ChainError, ChainResult, FeeEstimate};
use ruint::aliases::U256;
use serde_json::{json, Value};

use super::http::{self, NodeClient};
use super::tx::{self, TronCall, TxHeader};
use crate::keys::tron_address;

struct Prices {
    energy: u64,
    bandwidth: u64,
    create_account: u64,
    create_account_in_contract: u64,
}

async fn chain_parameters(node: &NodeClient) -> ChainResult<Prices> {
    let answer = node.call("getchainparameters", json!({})).await?;
    let params = answer
        .get("chainParameter")
        .and_then(Value::as_array)
        .ok_or_else(|| ChainError::Protocol("getchainparameters: no chainParameter list".into()))?;
    let get = |key: &str| -> ChainResult<u64> {
        let entry = params
            .iter()
            .find(|p| p.get("key").and_then(Value::as_str) == Some(key))
            .ok_or_else(|| ChainError::Protocol(format!("getchainparameters: no {key}")))?;
        http::uint(entry, "value")
    };
    Ok(Prices {
        energy: get("getEnergyFee")?,
        bandwidth: get("getTransactionFee")?,
        create_account: get("getCreateAccountFee")?,
        create_account_in_contract: get("getCreateNewAccountFeeInSystemContract")?,
    })
}

async fn account_exists(node: &NodeClient, id: &[u8; 20]) -> ChainResult<bool> {
    let body = json!({"address": tron_address(id), "visible": true});
    Ok(!http::is_empty(&node.call("getaccount", body).await?))
}

/// Simulates a TRC20 `transfer(to, amount)` from the owner: the energy it would use, or
/// Rejected with the node's reason if it would fail (too few tokens, frozen account...).
async fn simulate_transfer(
    node: &NodeClient,
    owner: &[u8; 20],
    contract: &[u8; 20],
    to: &[u8; 20],
    amount: U256,
) -> ChainResult<u64> {
    let data = tx::trc20_transfer_data(to, amount);
    let body = json!({
        "owner_address": tron_address(owner),
        "contract_address": tron_address(contract),
        "function_selector": "transfer(address,uint256)",
        "parameter": hex::encode(&data[4..]),
        "visible": true,
    });
    let answer = node.call("triggerconstantcontract", body).await?;
    http::constant_call_ok(&answer)
        .map_err(|reason| ChainError::Rejected(format!("the token transfer would fail: {reason}")))?;
    http::uint(&answer, "energy_used")
}

fn mul(a: u64, b: u64) -> u128 {
    u128::from(a) * u128::from(b)
}

pub async fn estimate(node: &NodeClient, call: &TronCall) -> ChainResult<FeeEstimate> {
    let prices = chain_parameters(node).await?;
    // The size does not depend on the reference block; current times give the usual varint
    // lengths of expiration and timestamp.
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64);
    let header = TxHeader::for_block(&[0; 32], now, now);
    let bandwidth = tx::bandwidth(&tx::build(&header, call)?.raw_data);
    let mut fee = mul(bandwidth, prices.bandwidth);
    let mut energy = 0;
    match call {
        TronCall::Trx { to, .. } => {
            if !account_exists(node, to).await? {
                fee += u128::from(prices.create_account) + u128::from(prices.create_account_in_contract);
            }
        }
        TronCall::Trc20 {
            owner,
            contract,
            to,
            amount,
            fee_limit_sun,
        } => {
            energy = simulate_transfer(node, owner, contract, to, *amount).await?;
            let energy_fee = mul(energy, prices.energy);
            if energy_fee > u128::from(*fee_limit_sun) {
                return Err(ChainError::Rejected(format!(
                    "the transfer needs about {energy_fee} sun of energy, more than the fee limit of \
                     {fee_limit_sun} sun"
                )));
            }
            fee += energy_fee;
        }
    }
    Ok(FeeEstimate {
        fee: BaseUnits(U256::from(fee)),
        energy,
        bandwidth,
    })
}
