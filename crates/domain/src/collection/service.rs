//! What the console's collection screens ask: Fund collection's list of what waits per
//! deposit address and token, with whether the asset's automatic collection would take it.

use std::collections::HashMap;

use crate::amount::BaseUnits;
use crate::auth::AuthContext;
use crate::config::{chain_name, node_of};
use crate::error::AppResult;
use crate::ports::{AssetStatus, PageRequest, Paged, Ports, WaitingFilter, WaitingPair};

/// A pair with what the console shows beside it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WaitingEntry {
    pub pair: WaitingPair,
    pub chain_name: String,
    pub symbol: String,
    /// Its token is enabled and it waits at least the minimum collection amount: a run takes it.
    pub due: bool,
}

pub struct CollectionService {
    pub ports: Ports,
}

impl CollectionService {
    pub async fn waiting(
        &self,
        ctx: &AuthContext,
        filter: &WaitingFilter,
        page: PageRequest,
    ) -> AppResult<Paged<WaitingEntry>> {
        let nodes = self.ports.config.chain_nodes().await?;
        let minimums: HashMap<(i64, i64), BaseUnits> = self
            .ports
            .assets
            .assets(ctx.merchant_id, None)
            .await?
            .into_iter()
            .filter(|a| a.status == AssetStatus::Enabled)
            .filter_map(|a| {
                let decimals = token_of(&nodes, a.chain_id, a.token_id)?.1;
                let minimum = BaseUnits::from_decimal(&a.collect.min_collect_amount, decimals).ok()?;
                Some(((a.chain_id, a.token_id), minimum))
            })
            .collect();
        let found = self
            .ports
            .collection_queries
            .waiting_page(ctx.merchant_id, filter, page)
            .await?;
        Ok(Paged {
            total: found.total,
            list: found
                .list
                .into_iter()
                .map(|pair| WaitingEntry {
                    chain_name: chain_name(&nodes, pair.chain_id),
                    symbol: token_of(&nodes, pair.chain_id, pair.token_id)
                        .map(|(symbol, _)| symbol)
                        .unwrap_or_default(),
                    due: minimums
                        .get(&(pair.chain_id, pair.token_id))
                        .is_some_and(|minimum| pair.waiting >= *minimum),
                    pair,
                })
                .collect(),
        })
    }
}

/// A token's symbol and decimals from the chain nodes.
fn token_of(nodes: &[crate::config::ChainNode], chain_id: i64, token_id: i64) -> Option<(String, u8)> {
    let token = node_of(nodes, chain_id)?
        .tokens
        .iter()
        .find(|t| t.tokenid == token_id)?;
    Some((token.symbol.clone(), u8::try_from(token.decimals).ok()?))
}
