//! What Token > Trade and the merchant API ask of the exchange: the pairs with their live
//! prices and payout balances, a pair's terms saved (Google code), the operator's price source,
//! quotes (`quote.rs`).

use std::sync::Arc;

use chrono::{DateTime, Utc};

use super::pairs::{
    NewPair, OutsideRule, PairInsert, PairRecord, PairTerms, MAX_SPREAD_BP, MAX_TOLERANCE_BP,
};
use super::price::{read_price, Price, PriceStop, Rate};
use super::sides::{self, PairSides};
use crate::amount::{AmountError, BaseUnits};
use crate::auth::{AuthContext, AuthService};
use crate::codes::StoredCode;
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::ports::{MerchantId, Ports, PriceFeeds};

pub struct ExchangeService {
    pub ports: Ports,
    /// The Google code a pair's change needs.
    pub auth: Arc<AuthService>,
    /// Price feeds, read live for every price shown or quoted.
    pub feeds: Arc<dyn PriceFeeds>,
    /// The chains' address rules (a payout address).
    pub chains: Arc<crate::chains::ChainRegistry>,
    /// The end users' exchange addresses.
    pub wallets: Arc<crate::wallets::WalletService>,
}

/// A pair as the merchant edits it (the console's body).
#[derive(Debug, Clone, Default)]
pub struct PairRequest {
    /// None: a new pair.
    pub id: Option<i64>,
    pub chain_id: i64,
    pub token_in: Option<i64>,
    pub token_out: Option<i64>,
    pub enabled: bool,
    pub spread_bp: i64,
    pub tolerance_bp: i64,
    /// Decimal texts in token in.
    pub min_in: String,
    pub max_in: String,
    pub daily_limit: String,
    pub payout_wallet: String,
    pub outside_rule: i32,
}

/// The live price of a pair: the market rate and the rate a quote would give.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LivePrice {
    pub market: Price,
    pub quote_rate: Rate,
    pub age_secs: i64,
}

/// A pair as Token > Trade shows it.
#[derive(Debug, Clone)]
pub struct PairStatus {
    pub pair: PairRecord,
    pub sides: PairSides,
    /// Read live; why the pair is stopped otherwise.
    pub price: Result<LivePrice, PriceStop>,
    /// Token out held by the payout wallet, as last read, and when.
    pub payout_balance: Option<(BaseUnits, DateTime<Utc>)>,
}

pub(super) fn amount(text: &str, decimals: u8) -> AppResult<BaseUnits> {
    BaseUnits::order_amount(text.trim(), decimals).map_err(|e| match e {
        AmountError::Overflow => AppError::Invalid(MsgKey::AmountTooLarge),
        _ => AppError::Invalid(MsgKey::InvalidAmount),
    })
}

fn basis_points(value: i64, max: u32, refusal: MsgKey) -> AppResult<u32> {
    u32::try_from(value)
        .ok()
        .filter(|bp| *bp <= max)
        .ok_or(AppError::Invalid(refusal))
}

impl ExchangeService {
    pub(super) async fn found(&self, merchant_id: MerchantId, id: i64) -> AppResult<PairRecord> {
        self.ports
            .exchange_pairs
            .pair(merchant_id, id)
            .await?
            .ok_or(AppError::Invalid(MsgKey::NoSuchRecord))
    }

    /// The merchant's pair `id` and its named sides (another merchant's reads as missing).
    pub async fn pair(&self, merchant_id: MerchantId, id: i64) -> AppResult<(PairRecord, PairSides)> {
        let pair = self.found(merchant_id, id).await?;
        let nodes = self.ports.config.chain_nodes().await?;
        let node = nodes.iter().find(|n| n.chainid == pair.chain_id);
        let sides = sides::named(node, pair.token_in, pair.token_out);
        Ok((pair, sides))
    }

    /// The pair's market price now and the rate after its spread.
    pub(super) async fn live_price(&self, pair: &PairRecord) -> Result<LivePrice, PriceStop> {
        let now = self.ports.clock.now();
        let source = pair.source.price_source().map_err(|_| PriceStop::NoSource)?;
        let market = read_price(&source, &*self.feeds, now).await?;
        let quote_rate = market
            .rate
            .less_spread(pair.terms.spread_bp)
            .ok_or_else(|| PriceStop::BadPrice("nothing is left of the rate after the spread".into()))?;
        Ok(LivePrice {
            age_secs: (now - market.at).num_seconds().max(0),
            market,
            quote_rate,
        })
    }

    /// The merchant's pairs, each price read live (at once) and the payout wallets' last
    /// readings.
    pub async fn pairs(&self, merchant_id: MerchantId) -> AppResult<Vec<PairStatus>> {
        let (pairs, nodes, readings) = futures::try_join!(
            self.ports.exchange_pairs.pairs(merchant_id),
            self.ports.config.chain_nodes(),
            self.ports.balances.balances(merchant_id),
        )?;
        let prices = futures::future::join_all(pairs.iter().map(|p| self.live_price(p))).await;
        Ok(pairs
            .into_iter()
            .zip(prices)
            .map(|(pair, price)| {
                let node = nodes.iter().find(|n| n.chainid == pair.chain_id);
                let payout_balance =
                    super::inventory::payout_reading(&readings, &pair).map(|r| (r.amount, r.read_at));
                PairStatus {
                    sides: sides::named(node, pair.token_in, pair.token_out),
                    pair,
                    price,
                    payout_balance,
                }
            })
            .collect())
    }

    /// Adds a pair or changes its terms (its chain and tokens stay); the Google code first.
    pub async fn save_pair(&self, ctx: &AuthContext, req: &PairRequest, google_code: &str) -> AppResult<i64> {
        self.auth.require_google(ctx, google_code).await?;
        let merchant_id = ctx.merchant_id;
        let (chain_id, token_in, token_out) = match req.id {
            Some(id) => {
                let stored = self.found(merchant_id, id).await?;
                (stored.chain_id, stored.token_in, stored.token_out)
            }
            None => (req.chain_id, req.token_in, req.token_out),
        };
        let nodes = self.ports.config.chain_nodes().await?;
        let node = nodes
            .iter()
            .find(|n| n.chainid == chain_id)
            .ok_or(AppError::Invalid(MsgKey::UnknownChainOrToken))?;
        let assets = self.ports.assets.assets(merchant_id, Some(chain_id)).await?;
        let sides = sides::checked(node, &assets, token_in, token_out)?;
        let terms = self.checked_terms(merchant_id, chain_id, &sides, req).await?;
        let now = self.ports.clock.now();
        let payout_wallet = [terms.payout_wallet.clone()];
        let saved = self
            .store_pair(merchant_id, req.id, (chain_id, token_in, token_out), terms)
            .await?;
        // The pair's quotes need its payout wallet's balance: read it at the next round, not at
        // its next scheduled read (the merchant has likely just funded it).
        self.ports
            .balances
            .read_soon(merchant_id, chain_id, &payout_wallet, now)
            .await?;
        Ok(saved)
    }

    /// Stores a pair's new terms, or a new pair.
    async fn store_pair(
        &self,
        merchant_id: MerchantId,
        id: Option<i64>,
        (chain_id, token_in, token_out): (i64, Option<i64>, Option<i64>),
        terms: PairTerms,
    ) -> AppResult<i64> {
        let now = self.ports.clock.now();
        let pairs = &self.ports.exchange_pairs;
        match id {
            Some(id) => match pairs.update_terms(merchant_id, id, &terms, now).await? {
                true => Ok(id),
                false => Err(AppError::Invalid(MsgKey::NoSuchRecord)),
            },
            None => {
                let new = NewPair {
                    merchant_id,
                    chain_id,
                    token_in,
                    token_out,
                    terms,
                };
                match pairs.insert_pair(&new, now).await? {
                    PairInsert::Inserted(id) => Ok(id),
                    PairInsert::Exists => Err(AppError::Invalid(MsgKey::ExchangePairExists)),
                    PairInsert::TooMany => Err(AppError::Invalid(MsgKey::ExchangeTooManyPairs)),
                }
            }
        }
    }

    async fn checked_terms(
        &self,
        merchant_id: MerchantId,
        chain_id: i64,
        sides: &PairSides,
        req: &PairRequest,
    ) -> AppResult<PairTerms> {
        let decimals = sides.token_in.decimals;
        let min_in = amount(&req.min_in, decimals)?;
        let max_in = amount(&req.max_in, decimals)?;
        if min_in > max_in {
            return Err(AppError::Invalid(MsgKey::RateMinAboveMax));
        }
        let daily_limit = match req.daily_limit.trim() {
            "" | "0" => BaseUnits(ruint::aliases::U256::ZERO),
            text => amount(text, decimals)?,
        };
        let outside_rule =
            OutsideRule::from_code(req.outside_rule).ok_or(AppError::Invalid(MsgKey::ExchangeOutsideRule))?;
        let wallets = self
            .ports
            .hot_wallets
            .hot_wallets_on(merchant_id, chain_id)
            .await?;
        let payout_wallet = req.payout_wallet.trim();
        if !wallets.iter().any(|w| w.address == payout_wallet) {
            return Err(AppError::Invalid(MsgKey::NotOwnHotWallet));
        }
        Ok(PairTerms {
            enabled: req.enabled,
            spread_bp: basis_points(req.spread_bp, MAX_SPREAD_BP, MsgKey::ExchangeSpreadRange)?,
            tolerance_bp: basis_points(req.tolerance_bp, MAX_TOLERANCE_BP, MsgKey::ExchangeToleranceRange)?,
            min_in,
            max_in,
            daily_limit,
            payout_wallet: payout_wallet.to_string(),
            outside_rule,
        })
    }
}
