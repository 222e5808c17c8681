//! A quote through the merchant API: the pair of the two tokens, the amount within its limits,
//! the price read live (a stopped pair refuses with its reason), the spread taken, the amount out
//! rounded down, and the payout wallet able to cover it (its last reading, or the chain read
//! now when the reading falls short: `inventory.rs`). Valid 30 seconds.

use chrono::Duration;
use rand::RngCore;

use super::pairs::pair_key;
use super::quotes::{NewQuote, QuoteRecord, QUOTE_LIFE_SECS};
use super::service::ExchangeService;
use super::sides;
use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::ports::MerchantId;

#[derive(Debug, Clone, Default)]
pub struct QuoteRequest {
    pub chain_id: i64,
    /// None: the chain's native coin.
    pub token_in: Option<i64>,
    pub token_out: Option<i64>,
    /// Decimal text in token in.
    pub amount_in: String,
}

impl ExchangeService {
    pub async fn quote(&self, merchant_id: MerchantId, req: &QuoteRequest) -> AppResult<QuoteRecord> {
        let key = pair_key(req.chain_id, req.token_in, req.token_out);
        let pairs = self.ports.exchange_pairs.pairs(merchant_id).await?;
        let pair = pairs
            .into_iter()
            .find(|p| pair_key(p.chain_id, p.token_in, p.token_out) == key && p.terms.enabled)
            .ok_or(AppError::Invalid(MsgKey::ExchangePairUnavailable))?;
        let nodes = self.ports.config.chain_nodes().await?;
        let sides = sides::named(
            nodes.iter().find(|n| n.chainid == pair.chain_id),
            pair.token_in,
            pair.token_out,
        );
        let amount_in = super::service::amount(&req.amount_in, sides.token_in.decimals)?;
        if amount_in < pair.terms.min_in || amount_in > pair.terms.max_in {
            return Err(AppError::Invalid(MsgKey::ExchangeAmountOutside));
        }
        // The feed is read next: the cheap refusals above come first and are not counted.
        crate::limits::pass_exchange_quote(&*self.ports.attempts, merchant_id, self.ports.clock.now())
            .await?;
        let live = self.live_price(&pair).await?;
        let amount_out = live
            .quote_rate
            .amount_out(amount_in, sides.token_in.decimals, sides.token_out.decimals)
            .filter(|out| !out.is_zero())
            .ok_or(AppError::Invalid(MsgKey::ExchangeAmountOutside))?;
        if self.payout_available(&pair, amount_out).await? < amount_out {
            return Err(AppError::Invalid(MsgKey::ExchangeInventoryShort));
        }
        let now = self.ports.clock.now();
        let mut token = [0u8; 16];
        rand::thread_rng().fill_bytes(&mut token);
        let quote = NewQuote {
            merchant_id,
            token: format!("q{}", hex::encode(token)),
            pair_id: pair.id,
            amount_in,
            amount_out,
            rate: live.quote_rate.text(),
            market_rate: live.market.rate.text(),
            spread_bp: pair.terms.spread_bp,
            source_kind: pair.source.kind,
            source_label: pair.source.label(),
            price_at: live.market.at,
            created_at: now,
            expires_at: now + Duration::seconds(QUOTE_LIFE_SECS),
        };
        self.ports.exchange_quotes.insert_quote(&quote).await
    }
}
