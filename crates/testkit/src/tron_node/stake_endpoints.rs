//! The Stake 2.0 side of the servlets: the stake fields of `getaccount` and
//! `getaccountresource`, and `getdelegatedresourcev2`, `getdelegatedresourceaccountindexv2`,
//! `getcandelegatedmaxsize`, in java-tron's shapes (protobuf defaults left out).

use serde_json::{json, Map, Value};

use super::pb::{BANDWIDTH, ENERGY};
use super::render::addr;
use super::resource::SLOT_MS;
use super::{address_id, Chain};

const INVALID_ADDRESS: &str = "class java.lang.IllegalArgumentException : invalid address";

fn put(object: &mut Map<String, Value>, key: &str, value: u64) {
    if value > 0 {
        object.insert(key.into(), json!(value));
    }
}

fn resource_name(resource: u64) -> Option<&'static str> {
    (resource == ENERGY).then_some("ENERGY")
}

fn param<'a>(body: &'a Value, keys: &[&str]) -> Option<&'a str> {
    keys.iter().find_map(|k| body.get(*k).and_then(Value::as_str))
}

impl Chain {
    fn now(&self) -> u64 {
        self.blocks.last().expect("genesis").timestamp_ms
    }

    /// Adds an existing account's stake to its `getaccount` answer: `frozenV2` (bandwidth, energy,
    /// tron power), `unfrozenV2`, `delegated_frozenV2_balance_for_bandwidth`, its acquired twin,
    /// and `account_resource` with the energy used (recovered to the head block) and the
    /// delegated and acquired energy stake.
    pub(super) fn add_stake(&self, id: &[u8; 20], account: &mut Value) {
        let ledger = &self.ledger;
        let Some(stake) = ledger.accounts.get(id).map(|a| &a.stake) else {
            return;
        };
        let object = account.as_object_mut().expect("an account object");
        let frozen = [(BANDWIDTH, stake.frozen.bandwidth), (ENERGY, stake.frozen.energy)];
        if frozen.iter().any(|(_, a)| *a > 0) || !stake.unfrozen.is_empty() {
            let mut list: Vec<Value> = frozen
                .iter()
                .map(|(resource, amount)| {
                    let mut entry = Map::new();
                    if let Some(name) = resource_name(*resource) {
                        entry.insert("type".into(), json!(name));
                    }
                    put(&mut entry, "amount", *amount);
                    Value::Object(entry)
                })
                .collect();
            list.push(json!({"type": "TRON_POWER"}));
            object.insert("frozenV2".into(), Value::Array(list));
        }
        if !stake.unfrozen.is_empty() {
            let list: Vec<Value> = stake
                .unfrozen
                .iter()
                .map(|u| {
                    let mut entry = Map::new();
                    if let Some(name) = resource_name(u.resource) {
                        entry.insert("type".into(), json!(name));
                    }
                    put(&mut entry, "unfreeze_amount", u.amount);
                    put(&mut entry, "unfreeze_expire_time", u.expire_ms);
                    Value::Object(entry)
                })
                .collect();
            object.insert("unfrozenV2".into(), Value::Array(list));
        }
        put(object, "net_usage", stake.net.at(ledger.slot(self.now())));
        if stake.net.usage > 0 {
            let consumed = self.blocks[0].timestamp_ms + stake.net.slot * SLOT_MS;
            put(object, "latest_consume_time", consumed);
            put(object, "net_window_size", stake.net.window);
        }
        put(
            object,
            "delegated_frozenV2_balance_for_bandwidth",
            stake.delegated.bandwidth,
        );
        put(
            object,
            "acquired_delegated_frozenV2_balance_for_bandwidth",
            stake.acquired.bandwidth,
        );
        let now = self.now();
        let mut resource = Map::new();
        let used = stake.energy_used(ledger.slot(now));
        put(&mut resource, "energy_usage", used);
        if stake.energy.usage > 0 {
            let consumed = self.blocks[0].timestamp_ms + stake.energy.slot * SLOT_MS;
            put(&mut resource, "latest_consume_time_for_energy", consumed);
            put(&mut resource, "energy_window_size", stake.energy.window);
        }
        put(
            &mut resource,
            "delegated_frozenV2_balance_for_energy",
            stake.delegated.energy,
        );
        put(
            &mut resource,
            "acquired_delegated_frozenV2_balance_for_energy",
            stake.acquired.energy,
        );
        if !resource.is_empty() {
            object.insert("account_resource".into(), Value::Object(resource));
        }
    }

    /// Adds `NetLimit`, `NetUsed`, `EnergyLimit`, `EnergyUsed` and the network's totals to
    /// `getaccountresource`.
    pub(super) fn add_stake_resources(&self, id: &[u8; 20], answer: &mut Value) {
        let (ledger, now) = (&self.ledger, self.now());
        let object = answer.as_object_mut().expect("a resource object");
        let n = &ledger.network;
        put(object, "NetUsed", ledger.used(id, BANDWIDTH, now));
        put(object, "NetLimit", ledger.limit(id, BANDWIDTH));
        object.insert("TotalNetLimit".into(), json!(n.total_net_limit));
        object.insert("TotalNetWeight".into(), json!(n.total_net_weight()));
        put(object, "EnergyUsed", ledger.used(id, ENERGY, now));
        put(object, "EnergyLimit", ledger.limit(id, ENERGY));
        object.insert("TotalEnergyLimit".into(), json!(n.total_energy_limit));
        object.insert("TotalEnergyWeight".into(), json!(n.total_energy_weight()));
    }

    /// `getdelegatedresourcev2 {fromAddress, toAddress}`: the unlocked then the locked record.
    pub(super) fn delegated_resource(&self, body: &Value, visible: bool) -> Value {
        let from = param(body, &["fromAddress", "from_address"]).and_then(address_id);
        let to = param(body, &["toAddress", "to_address"]).and_then(address_id);
        let (Some(from), Some(to)) = (from, to) else {
            return json!({"Error": INVALID_ADDRESS});
        };
        let list: Vec<Value> = [false, true]
            .iter()
            .filter_map(|locked| self.ledger.network.delegations.get(&(from, to, *locked)))
            .map(|record| {
                let mut entry = Map::new();
                entry.insert("from".into(), json!(addr(&from, visible)));
                entry.insert("to".into(), json!(addr(&to, visible)));
                put(
                    &mut entry,
                    "frozen_balance_for_bandwidth",
                    record.amount.bandwidth,
                );
                put(&mut entry, "frozen_balance_for_energy", record.amount.energy);
                put(&mut entry, "expire_time_for_bandwidth", record.expire.bandwidth);
                put(&mut entry, "expire_time_for_energy", record.expire.energy);
                Value::Object(entry)
            })
            .collect();
        if list.is_empty() {
            json!({})
        } else {
            json!({"delegatedResource": list})
        }
    }

    /// `getdelegatedresourceaccountindexv2 {value}`: who the account delegates to and who to it.
    pub(super) fn delegation_index(&self, body: &Value, visible: bool) -> Value {
        let Some(id) = param(body, &["value"]).and_then(address_id) else {
            return json!({"Error": INVALID_ADDRESS});
        };
        let network = &self.ledger.network;
        let list = |map: &std::collections::HashMap<[u8; 20], Vec<[u8; 20]>>| -> Vec<Value> {
            map.get(&id)
                .into_iter()
                .flatten()
                .map(|a| json!(addr(a, visible)))
                .collect()
        };
        let (froms, tos) = (list(&network.from_accounts), list(&network.to_accounts));
        if froms.is_empty() && tos.is_empty() {
            return json!({});
        }
        let mut answer = json!({"account": addr(&id, visible)});
        if !froms.is_empty() {
            answer["fromAccounts"] = json!(froms);
        }
        if !tos.is_empty() {
            answer["toAccounts"] = json!(tos);
        }
        answer
    }

    /// `getcandelegatedmaxsize {owner_address, type}`: `{"max_size": sun}` (`{}` for 0).
    pub(super) fn can_delegate_max(&self, body: &Value) -> Value {
        let Some(id) = param(body, &["owner_address"]).and_then(address_id) else {
            return json!({"Error": INVALID_ADDRESS});
        };
        let resource = body.get("type").and_then(Value::as_u64).unwrap_or(BANDWIDTH);
        let mut answer = Map::new();
        put(
            &mut answer,
            "max_size",
            self.ledger.can_delegate(&id, resource, self.now()),
        );
        Value::Object(answer)
    }
}
