use chrono::{DateTime, Utc};
use coffer_domain::error::AppResult;
use coffer_domain::identity::{CodePurpose, Email};
use coffer_domain::ports::{CodeRecord, CodeRepo};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};

use crate::entities::email_code;
use crate::Store;

fn code(c: email_code::Model) -> CodeRecord {
    CodeRecord {
        id: c.id,
        code_digest: c.code_digest,
        created_at: c.created_at,
        expires_at: c.expires_at,
        failed_attempts: c.failed_attempts,
        consumed: c.consumed_at.is_some(),
    }
}

#[async_trait::async_trait]
impl CodeRepo for Store {
    async fn latest_code(&self, email: &Email, purpose: CodePurpose) -> AppResult<Option<CodeRecord>> {
        let row = email_code::Entity::find()
            .filter(email_code::Column::Email.eq(email.as_str()))
            .filter(email_code::Column::Purpose.eq(purpose.as_i32()))
            .order_by_desc(email_code::Column::Id)
            .one(self.connection())
            .await?;
        Ok(row.map(code))
    }

    async fn insert_code(
        &self,
        email: &Email,
        purpose: CodePurpose,
        code_digest: &str,
        created_at: DateTime<Utc>,
        expires_at: DateTime<Utc>,
    ) -> AppResult<()> {
        email_code::ActiveModel {
            email: Set(email.as_str().to_string()),
            purpose: Set(purpose.as_i32()),
            code_digest: Set(code_digest.to_string()),
            created_at: Set(created_at),
            expires_at: Set(expires_at),
            failed_attempts: Set(0),
            consumed_at: Set(None),
            ..Default::default()
        }
        .insert(self.connection())
        .await?;
        Ok(())
    }

    async fn record_failed_attempt(&self, id: i64) -> AppResult<()> {
        email_code::Entity::update_many()
            .col_expr(
                email_code::Column::FailedAttempts,
                Expr::col(email_code::Column::FailedAttempts).add(1),
            )
            .filter(email_code::Column::Id.eq(id))
            .exec(self.connection())
            .await?;
        Ok(())
    }

    async fn consume_code(&self, id: i64) -> AppResult<bool> {
        // Conditional update: of two concurrent redemptions only one changes the row.
        let result = email_code::Entity::update_many()
            .col_expr(email_code::Column::ConsumedAt, Expr::value(Utc::now()))
            .filter(email_code::Column::Id.eq(id))
            .filter(email_code::Column::ConsumedAt.is_null())
            .exec(self.connection())
            .await?;
        Ok(result.rows_affected == 1)
    }
}
