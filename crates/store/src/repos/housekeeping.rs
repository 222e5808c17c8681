//! Deleting what has expired (see the domain's `Housekeeping` port).

use coffer_domain::error::AppResult;
use coffer_domain::ports::{Cutoffs, Housekeeping, Pruned};
use sea_orm::{ColumnTrait, Condition, EntityTrait, QueryFilter};

use crate::entities::{
    auth_attempt, email_code, energy_quote, exchange_quote, merchant_api_nonce, user_session,
};
use crate::Store;

#[async_trait::async_trait]
impl Housekeeping for Store {
    async fn prune(&self, c: &Cutoffs) -> AppResult<Pruned> {
        let db = self.connection();
        let sessions = user_session::Entity::delete_many()
            .filter(
                Condition::any()
                    .add(user_session::Column::LastSeenAt.lt(c.sessions_seen_before))
                    .add(user_session::Column::CreatedAt.lt(c.sessions_created_before)),
            )
            .exec(db)
            .await?;
        let codes = email_code::Entity::delete_many()
            .filter(email_code::Column::ExpiresAt.lt(c.codes_expired_before))
            .exec(db)
            .await?;
        let nonces = merchant_api_nonce::Entity::delete_many()
            .filter(merchant_api_nonce::Column::ExpiresAt.lt(c.nonces_expired_before))
            .exec(db)
            .await?;
        // A quote an order used stays with it (its price is the order's record).
        let exchange_quotes = exchange_quote::Entity::delete_many()
            .filter(exchange_quote::Column::OrderId.is_null())
            .filter(exchange_quote::Column::ExpiresAt.lt(c.quotes_expired_before))
            .exec(db)
            .await?;
        let energy_quotes = energy_quote::Entity::delete_many()
            .filter(energy_quote::Column::OrderId.is_null())
            .filter(energy_quote::Column::ExpiresAt.lt(c.quotes_expired_before))
            .exec(db)
            .await?;
        // Guess counters whose window and lock ended a day ago count nothing any
        // more (every e-mail tried leaves one, known or not).
        let idle = |column: auth_attempt::Column| {
            Condition::any()
                .add(column.is_null())
                .add(column.lt(c.codes_expired_before))
        };
        auth_attempt::Entity::delete_many()
            .filter(idle(auth_attempt::Column::WindowStart))
            .filter(idle(auth_attempt::Column::LockedUntil))
            .exec(db)
            .await?;
        Ok(Pruned {
            sessions: sessions.rows_affected,
            codes: codes.rows_affected,
            nonces: nonces.rows_affected,
            quotes: exchange_quotes.rows_affected + energy_quotes.rows_affected,
        })
    }
}
