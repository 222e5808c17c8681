//! [`ExchangePairs`] and [`ExchangeQuotes`]: the merchants' exchange pairs (`exchange_pair`)
//! and the quotes given (`exchange_quote`). A new pair is counted under the merchant's lock,
//! so two staff adding pairs at once cannot pass the limit; the unique (merchant, pair key)
//! keeps one pair per tokens.

use chrono::{DateTime, Utc};
use coffer_domain::error::AppResult;
use coffer_domain::exchange::pairs::{NewPair, PairInsert, PairRecord, PairTerms, StoredSource, MAX_PAIRS};
use coffer_domain::exchange::quotes::{NewQuote, QuoteRecord};
use coffer_domain::ports::{ExchangePairs, ExchangeQuotes, MerchantId};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, Set};

use super::query::{find_owned, lock_merchant, merchant_rows, merchant_rows_oldest_first};
use crate::entities::{exchange_pair, exchange_quote, Stored};
use crate::Store;

fn to_pair(row: exchange_pair::Model) -> PairRecord {
    PairRecord {
        id: row.id,
        merchant_id: row.merchant_id,
        chain_id: row.chain_id,
        token_in: row.token_in,
        token_out: row.token_out,
        terms: PairTerms {
            enabled: row.enabled,
            spread_bp: u32::try_from(row.spread_bp).unwrap_or_default(),
            tolerance_bp: u32::try_from(row.tolerance_bp).unwrap_or_default(),
            min_in: row.min_in.0,
            max_in: row.max_in.0,
            daily_limit: row.daily_limit.0,
            payout_wallet: row.payout_wallet,
            outside_rule: row.outside_rule.0,
        },
        source: StoredSource {
            kind: row.source_kind.0,
            fixed_rate: row.fixed_rate,
            feed_url: row.feed_url,
            feed_invert: row.feed_invert,
            feed_max_age_secs: u32::try_from(row.feed_max_age).unwrap_or_default(),
        },
        created_at: row.created_at,
        updated_at: row.updated_at,
    }
}

fn to_quote(row: exchange_quote::Model) -> QuoteRecord {
    QuoteRecord {
        id: row.id,
        order_id: row.order_id,
        quote: NewQuote {
            merchant_id: row.merchant_id,
            token: row.token,
            pair_id: row.pair_id,
            amount_in: row.amount_in.0,
            amount_out: row.amount_out.0,
            rate: row.rate,
            market_rate: row.market_rate,
            spread_bp: u32::try_from(row.spread_bp).unwrap_or_default(),
            source_kind: row.source_kind.0,
            source_label: row.source_label,
            price_at: row.price_at,
            created_at: row.created_at,
            expires_at: row.expires_at,
        },
    }
}

/// The terms' columns (inserted or updated alike).
fn set_terms(row: &mut exchange_pair::ActiveModel, terms: &PairTerms) {
    row.enabled = Set(terms.enabled);
    row.spread_bp = Set(terms.spread_bp as i32);
    row.tolerance_bp = Set(terms.tolerance_bp as i32);
    row.min_in = Set(Stored(terms.min_in));
    row.max_in = Set(Stored(terms.max_in));
    row.daily_limit = Set(Stored(terms.daily_limit));
    row.payout_wallet = Set(terms.payout_wallet.clone());
    row.outside_rule = Set(Stored(terms.outside_rule));
}

fn set_source(row: &mut exchange_pair::ActiveModel, source: &StoredSource) {
    row.source_kind = Set(Stored(source.kind));
    row.fixed_rate = Set(source.fixed_rate.clone());
    row.feed_url = Set(source.feed_url.clone());
    row.feed_invert = Set(source.feed_invert);
    row.feed_max_age = Set(source.feed_max_age_secs as i32);
}

#[async_trait::async_trait]
impl ExchangePairs for Store {
    async fn pairs(&self, merchant_id: MerchantId) -> AppResult<Vec<PairRecord>> {
        let rows = merchant_rows_oldest_first::<exchange_pair::Entity>(merchant_id)
            .all(self.connection())
            .await?;
        Ok(rows.into_iter().map(to_pair).collect())
    }

    async fn pair(&self, merchant_id: MerchantId, id: i64) -> AppResult<Option<PairRecord>> {
        Ok(find_owned::<exchange_pair::Entity>(self, merchant_id, id)
            .await?
            .map(to_pair))
    }

    async fn insert_pair(&self, new: &NewPair, now: DateTime<Utc>) -> AppResult<PairInsert> {
        let tx = self.begin_write().await?;
        lock_merchant(&tx, new.merchant_id).await?;
        let mine = merchant_rows::<exchange_pair::Entity>(new.merchant_id);
        if mine
            .clone()
            .filter(exchange_pair::Column::PairKey.eq(new.key()))
            .count(&tx)
            .await?
            > 0
        {
            return Ok(PairInsert::Exists);
        }
        if mine.count(&tx).await? >= MAX_PAIRS {
            return Ok(PairInsert::TooMany);
        }
        let mut row = exchange_pair::ActiveModel {
            merchant_id: Set(new.merchant_id),
            chain_id: Set(new.chain_id),
            token_in: Set(new.token_in),
            token_out: Set(new.token_out),
            pair_key: Set(new.key()),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        };
        set_terms(&mut row, &new.terms);
        set_source(&mut row, &StoredSource::unset());
        let row = row.insert(&tx).await?;
        tx.commit().await?;
        Ok(PairInsert::Inserted(row.id))
    }

    async fn update_terms(
        &self,
        merchant_id: MerchantId,
        id: i64,
        terms: &PairTerms,
        now: DateTime<Utc>,
    ) -> AppResult<bool> {
        update_pair(self, merchant_id, id, now, |row| set_terms(row, terms)).await
    }

    async fn set_source(
        &self,
        merchant_id: MerchantId,
        id: i64,
        source: &StoredSource,
        now: DateTime<Utc>,
    ) -> AppResult<bool> {
        update_pair(self, merchant_id, id, now, |row| set_source(row, source)).await
    }
}

/// Writes the columns `fill` sets on the merchant's pair `id`; false when it has no such pair.
async fn update_pair(
    store: &Store,
    merchant_id: MerchantId,
    id: i64,
    now: DateTime<Utc>,
    fill: impl FnOnce(&mut exchange_pair::ActiveModel),
) -> AppResult<bool> {
    let mut row = exchange_pair::ActiveModel {
        updated_at: Set(now),
        ..Default::default()
    };
    fill(&mut row);
    let done = exchange_pair::Entity::update_many()
        .set(row)
        .filter(exchange_pair::Column::Id.eq(id))
        .filter(exchange_pair::Column::MerchantId.eq(merchant_id))
        .exec(store.connection())
        .await?;
    Ok(done.rows_affected == 1)
}

#[async_trait::async_trait]
impl ExchangeQuotes for Store {
    async fn insert_quote(&self, quote: &NewQuote) -> AppResult<QuoteRecord> {
        let row = exchange_quote::ActiveModel {
            merchant_id: Set(quote.merchant_id),
            token: Set(quote.token.clone()),
            pair_id: Set(quote.pair_id),
            amount_in: Set(Stored(quote.amount_in)),
            amount_out: Set(Stored(quote.amount_out)),
            rate: Set(quote.rate.clone()),
            market_rate: Set(quote.market_rate.clone()),
            spread_bp: Set(quote.spread_bp as i32),
            source_kind: Set(Stored(quote.source_kind)),
            source_label: Set(quote.source_label.clone()),
            price_at: Set(quote.price_at),
            order_id: Set(None),
            created_at: Set(quote.created_at),
            expires_at: Set(quote.expires_at),
            ..Default::default()
        }
        .insert(self.connection())
        .await?;
        Ok(to_quote(row))
    }

    async fn quote(&self, merchant_id: MerchantId, token: &str) -> AppResult<Option<QuoteRecord>> {
        let row = merchant_rows::<exchange_quote::Entity>(merchant_id)
            .filter(exchange_quote::Column::Token.eq(token))
            .one(self.connection())
            .await?;
        Ok(row.map(to_quote))
    }

    async fn quote_by_row(&self, merchant_id: MerchantId, id: i64) -> AppResult<Option<QuoteRecord>> {
        let row = find_owned::<exchange_quote::Entity>(self, merchant_id, id).await?;
        Ok(row.map(to_quote))
    }
}
