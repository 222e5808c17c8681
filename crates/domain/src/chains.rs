//! The chains this deployment talks to, by platform chain id.

use std::collections::HashMap;
use std::sync::Arc;

use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::ports::chain::{ChainAdapter, ChainFamily};
use crate::ports::tron_resources::TronResources;

/// A TRON chain's general adapter and its resource port.
pub type TronChain<'a> = (&'a Arc<dyn ChainAdapter>, &'a Arc<dyn TronResources>);

#[derive(Default, Clone)]
pub struct ChainRegistry {
    adapters: HashMap<i64, Arc<dyn ChainAdapter>>,
    /// The chains whose family stakes for resources (TRON), by chain id.
    tron_resources: HashMap<i64, Arc<dyn TronResources>>,
}

impl ChainRegistry {
    pub fn new(adapters: Vec<Arc<dyn ChainAdapter>>) -> ChainRegistry {
        ChainRegistry {
            adapters: adapters.into_iter().map(|a| (a.chain_id(), a)).collect(),
            tron_resources: HashMap::new(),
        }
    }

    pub fn with_tron_resources(mut self, ports: Vec<Arc<dyn TronResources>>) -> ChainRegistry {
        self.tron_resources = ports.into_iter().map(|p| (p.chain_id(), p)).collect();
        self
    }

    /// A TRON chain's resource port; None for a chain of another family.
    pub fn tron_resources(&self, chain_id: i64) -> Option<&Arc<dyn TronResources>> {
        self.tron_resources.get(&chain_id)
    }

    /// A TRON chain's general adapter and its resource port; None for another family.
    pub fn tron(&self, chain_id: i64) -> Option<TronChain<'_>> {
        Some((self.adapters.get(&chain_id)?, self.tron_resources.get(&chain_id)?))
    }

    /// The chains with a resource port, in id order.
    pub fn tron_resource_chains(&self) -> Vec<i64> {
        let mut ids: Vec<i64> = self.tron_resources.keys().copied().collect();
        ids.sort_unstable();
        ids
    }

    pub fn get(&self, chain_id: i64) -> Option<&Arc<dyn ChainAdapter>> {
        self.adapters.get(&chain_id)
    }

    /// The adapter of a chain a caller named; an unconfigured chain is the caller's mistake.
    pub fn require(&self, chain_id: i64) -> AppResult<&Arc<dyn ChainAdapter>> {
        self.get(chain_id)
            .ok_or(AppError::Invalid(MsgKey::UnknownChainOrToken))
    }

    pub fn ids(&self) -> Vec<i64> {
        let mut ids: Vec<i64> = self.adapters.keys().copied().collect();
        ids.sort_unstable();
        ids
    }

    /// Each chain's family, by chain id.
    pub fn families(&self) -> Vec<(i64, ChainFamily)> {
        let family = |id: i64| (id, self.adapters[&id].family());
        self.ids().into_iter().map(family).collect()
    }
}
