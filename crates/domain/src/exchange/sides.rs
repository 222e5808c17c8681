//! A pair's two sides as the merchant knows them: the token (or the chain's coin), its symbol
//! and decimals, checked against what the merchant has enabled on the chain.

use crate::config::ChainNode;
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::ports::{AssetRecord, AssetStatus};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Side {
    /// None: the chain's native coin.
    pub token_id: Option<i64>,
    pub symbol: String,
    pub decimals: u8,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairSides {
    pub chain_name: String,
    pub token_in: Side,
    pub token_out: Side,
}

/// A side of the chain as configured; None when the chain has no such token.
pub fn side(node: &ChainNode, token_id: Option<i64>) -> Option<Side> {
    let (symbol, decimals) = match token_id {
        None => (node.symbol.clone(), node.decimals),
        Some(id) => node
            .tokens
            .iter()
            .find(|t| t.tokenid == id)
            .map(|t| (t.symbol.clone(), t.decimals))?,
    };
    Some(Side {
        token_id,
        symbol,
        decimals: u8::try_from(decimals).ok()?,
    })
}

/// Both sides of a pair on `node`, named (a token the configuration no longer has reads "?").
pub fn named(node: Option<&ChainNode>, token_in: Option<i64>, token_out: Option<i64>) -> PairSides {
    let unknown = |token_id| Side {
        token_id,
        symbol: "?".into(),
        decimals: 0,
    };
    PairSides {
        chain_name: node.map(|n| n.chainname.clone()).unwrap_or_default(),
        token_in: node
            .and_then(|n| side(n, token_in))
            .unwrap_or_else(|| unknown(token_in)),
        token_out: node
            .and_then(|n| side(n, token_out))
            .unwrap_or_else(|| unknown(token_out)),
    }
}

/// The sides of a new pair: two different tokens the merchant has enabled on the chain (the
/// coin counts as enabled where the merchant has a token enabled, as for payouts).
pub fn checked(
    node: &ChainNode,
    assets: &[AssetRecord],
    token_in: Option<i64>,
    token_out: Option<i64>,
) -> AppResult<PairSides> {
    let enabled = |token_id: Option<i64>| match token_id {
        Some(id) => assets
            .iter()
            .any(|a| a.token_id == id && a.status == AssetStatus::Enabled),
        None => assets.iter().any(|a| a.status == AssetStatus::Enabled),
    };
    if token_in == token_out || !enabled(token_in) || !enabled(token_out) {
        return Err(AppError::Invalid(MsgKey::ExchangePairTokens));
    }
    let sides = named(Some(node), token_in, token_out);
    if sides.token_in.symbol == "?" || sides.token_out.symbol == "?" {
        return Err(AppError::Invalid(MsgKey::ExchangePairTokens));
    }
    Ok(sides)
}
