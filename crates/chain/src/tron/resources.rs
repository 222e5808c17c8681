//! The TRON-only resource port ([`TronResources`]): Stake 2.0 transactions (stake.rs) signed like
//! transfers, and resources read from java-tron's `getaccount`, `getaccountresource`,
//! `getdelegatedresourcev2`, `getdelegatedresourceaccountindexv2` and `getcandelegatedmaxsize`.

use async_trait::async_trait;
use coffer_domain::amount::BaseUnits;
use coffer_domain::ports::chain::{ChainError, ChainResult, SecretKey, SignedTx};
use coffer_domain::ports::tron_resources::{
    AccountResources, EnergyDelegation, StakeAction, StakeResource, TronResources, Unstaking,
};
use serde_json::{json, Value};

use super::stake::{self, Resource, StakeCall};
use super::{fee, http, tx, TronAdapter};
use crate::keys::tron_address;

fn resource(of: StakeResource) -> Resource {
    match of {
        StakeResource::Bandwidth => Resource::Bandwidth,
        StakeResource::Energy => Resource::Energy,
    }
}

/// java-tron names a resource in `frozenV2` / `unfrozenV2` by `type`, leaving out BANDWIDTH
/// (the enum's default).
fn resource_named(entry: &Value) -> Option<StakeResource> {
    match entry.get("type").and_then(Value::as_str) {
        None | Some("BANDWIDTH") => Some(StakeResource::Bandwidth),
        Some("ENERGY") => Some(StakeResource::Energy),
        _ => None,
    }
}

fn list<'a>(value: &'a Value, field: &str) -> &'a [Value] {
    value
        .get(field)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

/// The stake side of `getaccount`.
fn read_account(account: &Value, into: &mut AccountResources) -> ChainResult<()> {
    into.activated = true;
    into.balance_sun = http::uint(account, "balance")?;
    for entry in list(account, "frozenV2") {
        match resource_named(entry) {
            Some(StakeResource::Energy) => into.staked_energy_sun += http::uint(entry, "amount")?,
            Some(StakeResource::Bandwidth) => into.staked_bandwidth_sun += http::uint(entry, "amount")?,
            None => {}
        }
    }
    for entry in list(account, "unfrozenV2") {
        if let Some(resource) = resource_named(entry) {
            into.unstaking.push(Unstaking {
                resource,
                amount_sun: http::uint(entry, "unfreeze_amount")?,
                expires_at_ms: http::uint(entry, "unfreeze_expire_time")?,
            });
        }
    }
    into.staked_bandwidth_sun += http::uint(account, "delegated_frozenV2_balance_for_bandwidth")?;
    if let Some(resource) = account.get("account_resource") {
        into.delegated_energy_sun = http::uint(resource, "delegated_frozenV2_balance_for_energy")?;
        into.acquired_energy_sun = http::uint(resource, "acquired_delegated_frozenV2_balance_for_energy")?;
        // frozenV2 counts what is not delegated; the stake is both.
        into.staked_energy_sun += into.delegated_energy_sun;
    }
    Ok(())
}

/// `getaccountresource`: energy and staked bandwidth with their use, and the network's totals.
fn read_resources(answer: &Value, into: &mut AccountResources) -> ChainResult<()> {
    into.energy_limit = http::uint(answer, "EnergyLimit")?;
    into.energy_used = http::uint(answer, "EnergyUsed")?;
    into.net_limit = http::uint(answer, "NetLimit")?;
    into.net_used = http::uint(answer, "NetUsed")?;
    into.total_energy_limit = http::uint(answer, "TotalEnergyLimit")?;
    into.total_energy_weight = http::uint(answer, "TotalEnergyWeight")?;
    Ok(())
}

impl TronAdapter {
    fn stake_call(&self, action: &StakeAction) -> ChainResult<StakeCall> {
        Ok(match action {
            StakeAction::Stake {
                owner,
                amount_sun,
                resource: r,
            } => StakeCall::Freeze {
                owner: self.id(owner)?,
                amount_sun: *amount_sun,
                resource: resource(*r),
            },
            StakeAction::Unstake {
                owner,
                amount_sun,
                resource: r,
            } => StakeCall::Unfreeze {
                owner: self.id(owner)?,
                amount_sun: *amount_sun,
                resource: resource(*r),
            },
            StakeAction::WithdrawUnstaked { owner } => StakeCall::WithdrawUnfrozen {
                owner: self.id(owner)?,
            },
            StakeAction::Delegate {
                owner,
                receiver,
                amount_sun,
                resource: r,
                lock_blocks,
            } => StakeCall::Delegate {
                owner: self.id(owner)?,
                receiver: self.id(receiver)?,
                amount_sun: *amount_sun,
                resource: resource(*r),
                lock_blocks: *lock_blocks,
            },
            StakeAction::Undelegate {
                owner,
                receiver,
                amount_sun,
                resource: r,
            } => StakeCall::Undelegate {
                owner: self.id(owner)?,
                receiver: self.id(receiver)?,
                amount_sun: *amount_sun,
                resource: resource(*r),
            },
        })
    }

    fn visible(&self, address: &str) -> ChainResult<String> {
        Ok(tron_address(&self.id(address)?))
    }
}

#[async_trait]
impl TronResources for TronAdapter {
    fn chain_id(&self) -> i64 {
        self.chain_id
    }

    fn random_address(&self) -> String {
        tron_address(&rand::random::<[u8; 20]>())
    }

    async fn account(&self, address: &str) -> ChainResult<AccountResources> {
        let body = json!({"address": self.visible(address)?, "visible": true});
        let mut resources = AccountResources::default();
        let account = self.node.call("getaccount", body.clone()).await?;
        if !http::is_empty(&account) {
            read_account(&account, &mut resources)?;
        }
        // The network's totals come with it, also for an account that does not exist yet.
        read_resources(&self.node.call("getaccountresource", body).await?, &mut resources)?;
        Ok(resources)
    }

    async fn energy_delegation(&self, from: &str, to: &str) -> ChainResult<Option<EnergyDelegation>> {
        let body = json!({
            "fromAddress": self.visible(from)?,
            "toAddress": self.visible(to)?,
            "visible": true,
        });
        let answer = self.node.call("getdelegatedresourcev2", body).await?;
        let mut delegation = EnergyDelegation::default();
        for record in list(&answer, "delegatedResource") {
            let amount = http::uint(record, "frozen_balance_for_energy")?;
            let expires = http::uint(record, "expire_time_for_energy")?;
            delegation.amount_sun += amount;
            // The locked record is the one with an expiry; an expired lock no longer holds.
            if expires > 0 {
                delegation.locked_sun += amount;
                delegation.lock_expires_at_ms = delegation.lock_expires_at_ms.max(expires);
            }
        }
        Ok((delegation.amount_sun > 0).then_some(delegation))
    }

    async fn delegation_receivers(&self, owner: &str) -> ChainResult<Vec<String>> {
        let body = json!({"value": self.visible(owner)?, "visible": true});
        let answer = self.node.call("getdelegatedresourceaccountindexv2", body).await?;
        list(&answer, "toAccounts")
            .iter()
            .map(|a| {
                let text = a
                    .as_str()
                    .ok_or_else(|| ChainError::Protocol("toAccounts holds a non-string".into()))?;
                Ok(tron_address(&http::address(text)?))
            })
            .collect()
    }

    async fn can_delegate_max(&self, owner: &str, of: StakeResource) -> ChainResult<u64> {
        let body = json!({
            "owner_address": self.visible(owner)?,
            "type": resource(of) as u64,
            "visible": true,
        });
        http::uint(&self.node.call("getcandelegatedmaxsize", body).await?, "max_size")
    }

    async fn energy_price_sun(&self) -> ChainResult<u64> {
        Ok(fee::chain_parameters(&self.node).await?.energy)
    }

    async fn transfer_energy(
        &self,
        contract: &str,
        from: &str,
        to: &str,
        amount: &BaseUnits,
    ) -> ChainResult<u64> {
        fee::simulate_transfer(
            &self.node,
            &self.id(from)?,
            &self.id(contract)?,
            &self.id(to)?,
            amount.0,
        )
        .await
    }

    async fn sign_stake(&self, key: &SecretKey, action: &StakeAction) -> ChainResult<SignedTx> {
        let call = self.stake_call(action)?;
        // Check the key before asking the node anything.
        if tx::key_account_id(&key.0)? != *call.owner() {
            return Err(ChainError::Key(format!(
                "the key does not own {}",
                action.owner()
            )));
        }
        stake::sign(&self.signing_header().await?, &call, &key.0)
    }
}
