use chrono::{DateTime, Utc};
use coffer_domain::error::AppResult;
use coffer_domain::ports::{SessionRecord, SessionRepo, UserId, UserRecord};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set};

use super::query::set_column;
use crate::entities::user_session;
use crate::Store;

fn session(s: user_session::Model) -> SessionRecord {
    SessionRecord {
        id: s.id,
        user_id: s.user_id,
        merchant_id: s.merchant_id,
        created_at: s.created_at,
        last_seen_at: s.last_seen_at,
    }
}

#[async_trait::async_trait]
impl SessionRepo for Store {
    async fn create_session(
        &self,
        token_digest: &str,
        user: &UserRecord,
        at: DateTime<Utc>,
    ) -> AppResult<i64> {
        let row = user_session::ActiveModel {
            token_digest: Set(token_digest.to_string()),
            user_id: Set(user.id),
            merchant_id: Set(user.merchant_id),
            created_at: Set(at),
            last_seen_at: Set(at),
            ..Default::default()
        }
        .insert(self.connection())
        .await?;
        Ok(row.id)
    }

    async fn find_session(&self, token_digest: &str) -> AppResult<Option<SessionRecord>> {
        let row = user_session::Entity::find()
            .filter(user_session::Column::TokenDigest.eq(token_digest))
            .one(self.connection())
            .await?;
        Ok(row.map(session))
    }

    async fn touch_session(&self, id: i64, at: DateTime<Utc>) -> AppResult<()> {
        use user_session::Column as S;
        Ok(set_column(self.connection(), S::LastSeenAt, S::Id, id, at).await?)
    }

    async fn delete_session(&self, id: i64) -> AppResult<()> {
        user_session::Entity::delete_by_id(id)
            .exec(self.connection())
            .await?;
        Ok(())
    }

    async fn delete_other_sessions(&self, user_id: UserId, keep: i64) -> AppResult<()> {
        user_session::Entity::delete_many()
            .filter(user_session::Column::UserId.eq(user_id))
            .filter(user_session::Column::Id.ne(keep))
            .exec(self.connection())
            .await?;
        Ok(())
    }

    async fn delete_user_sessions(&self, user_id: UserId) -> AppResult<()> {
        user_session::Entity::delete_many()
            .filter(user_session::Column::UserId.eq(user_id))
            .exec(self.connection())
            .await?;
        Ok(())
    }
}
