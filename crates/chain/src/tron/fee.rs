//! Fee estimates from the live chain parameters (`getchainparameters`), the sender's bandwidth
//! left today (`getaccountresource`) and a simulation of the call (`triggerconstantcontract`);
//! no figure is a constant here. The sender is assumed to have no staked energy (TRX burns for
//! it); staked bandwidth counts.
//!
//! - bandwidth = size of the signed transaction + 64 bytes (java-tron's result reserve). It is
//!   free when what the sender has left of its daily free allowance (or of staked bandwidth)
//!   covers the whole transaction, as java-tron takes either whole or burns
//!   `bandwidth × getTransactionFee`. Decided live: a deposit address sends one or two
//!   transactions a day, so its sweep's bandwidth is free, and counting it as burnt would
//!   strand 0.345 TRX (plus the margin) per sweep. An account that does not exist yet is counted
//!   with the full allowance (`getFreeNetLimit`): it cannot send before it is activated, and
//!   activation brings it. If the allowance is used up between the quote and the transaction,
//!   bandwidth burns from the margin the top-up carries.
//! - TRX to an account that does not exist: its activation, `getCreateAccountFee` (burnt
//!   instead of bandwidth; staked bandwidth could pay it, which is not looked at: at most 0.1
//!   TRX too much) + `getCreateNewAccountFeeInSystemContract`, and no bandwidth fee.
//! - TRC20: `energy × getEnergyFee` + the bandwidth fee above, energy being `energy_used` of the
//!   transfer simulated now, the dynamic energy penalty included (a USDT transfer to an address
//!   that holds none costs about twice the energy). An energy cost above the fee limit is
//!   refused: the transfer would fail with OUT_OF_ENERGY and still burn the limit.

use std::time::{SystemTime, UNIX_EPOCH};

use coffer_domain::amount::BaseUnits;
use coffer_domain::ports::chain::{ChainError, ChainResult, FeeEstimate};
use ruint::aliases::U256;
use serde_json::{json, Value};

use super::http::{self, NodeClient};
use super::tx::{self, TronCall, TxHeader};
use crate::keys::tron_address;

pub struct Prices {
    pub energy: u64,
    bandwidth: u64,
    create_account: u64,
    create_account_in_contract: u64,
    /// The daily free bandwidth of an account (0 if the node does not say).
    free_bandwidth: u64,
}

pub async fn chain_parameters(node: &NodeClient) -> ChainResult<Prices> {
    let answer = node.call("getchainparameters", json!({})).await?;
    let params = answer
        .get("chainParameter")
        .and_then(Value::as_array)
        .ok_or_else(|| ChainError::Protocol("getchainparameters: no chainParameter list".into()))?;
    let find = |key: &str| {
        params
            .iter()
            .find(|p| p.get("key").and_then(Value::as_str) == Some(key))
    };
    let get = |key: &str| -> ChainResult<u64> {
        let entry = find(key).ok_or_else(|| ChainError::Protocol(format!("getchainparameters: no {key}")))?;
        http::uint(entry, "value")
    };
    Ok(Prices {
        energy: get("getEnergyFee")?,
        bandwidth: get("getTransactionFee")?,
        create_account: get("getCreateAccountFee")?,
        create_account_in_contract: get("getCreateNewAccountFeeInSystemContract")?,
        // Without it, no free bandwidth is assumed (the worst case).
        free_bandwidth: match find("getFreeNetLimit") {
            Some(entry) => http::uint(entry, "value")?,
            None => 0,
        },
    })
}

pub async fn account_exists(node: &NodeClient, id: &[u8; 20]) -> ChainResult<bool> {
    let body = json!({"address": tron_address(id), "visible": true});
    Ok(!http::is_empty(&node.call("getaccount", body).await?))
}

/// What `bytes` of the owner's bandwidth cost now: nothing when its free allowance left today or
/// its staked bandwidth covers them whole, else `bytes × getTransactionFee`.
async fn bandwidth_fee(
    node: &NodeClient,
    owner: &[u8; 20],
    bytes: u64,
    prices: &Prices,
) -> ChainResult<u128> {
    let body = json!({"address": tron_address(owner), "visible": true});
    let resource = node.call("getaccountresource", body).await?;
    let left = |limit: &str, used: &str| -> ChainResult<u64> {
        Ok(http::uint(&resource, limit)?.saturating_sub(http::uint(&resource, used)?))
    };
    let (free, staked) = if http::is_empty(&resource) {
        // Not activated yet: it cannot send before it is, and then it has the whole allowance.
        (prices.free_bandwidth, 0)
    } else {
        (left("freeNetLimit", "freeNetUsed")?, left("NetLimit", "NetUsed")?)
    };
    if bytes <= free || bytes <= staked {
        return Ok(0);
    }
    Ok(mul(bytes, prices.bandwidth))
}

/// Simulates a TRC20 `transfer(to, amount)` from the owner: the energy it would use, or
/// Rejected with the node's reason if it would fail (too few tokens, frozen account...).
pub async fn simulate_transfer(
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
    let mut fee = 0;
    let mut energy = 0;
    match call {
        TronCall::Trx { owner, to, .. } => {
            fee += if account_exists(node, to).await? {
                bandwidth_fee(node, owner, bandwidth, &prices).await?
            } else {
                // The activation, burnt in place of bandwidth.
                u128::from(prices.create_account) + u128::from(prices.create_account_in_contract)
            };
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
            fee += energy_fee + bandwidth_fee(node, owner, bandwidth, &prices).await?;
        }
    }
    Ok(FeeEstimate {
        fee: BaseUnits(U256::from(fee)),
        energy,
        bandwidth,
    })
}
