//! [`MailQueue`]: the mail background rounds queue (`mail_queue`), leased by its sender
//! (`query.rs`'s `claim_due`), marked sent or due again. Rows are queued by the change that
//! calls for them (`low_balance.rs`'s `notify_low`), through [`queue_mails`].

use chrono::{DateTime, Utc};
use coffer_domain::error::AppResult;
use coffer_domain::mail::Mail;
use coffer_domain::ports::{MailQueue, QueuedMail};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter, Set};

use super::query::{claim_due, claimable, release_lease};
use crate::entities::mail_queue as queue;
use crate::Store;

/// Queues `mails`, due at once, in the caller's transaction.
pub(crate) async fn queue_mails(
    db: &impl ConnectionTrait,
    mails: &[Mail],
    at: DateTime<Utc>,
) -> AppResult<()> {
    if mails.is_empty() {
        return Ok(());
    }
    let rows = mails.iter().map(|mail| queue::ActiveModel {
        recipient: Set(mail.to.clone()),
        subject: Set(mail.subject.clone()),
        body: Set(mail.body.clone()),
        attempts: Set(0),
        due_at: Set(at),
        sent_at: Set(None),
        last_error: Set(String::new()),
        lease_owner: Set(String::new()),
        lease_until: Set(None),
        created_at: Set(at),
        ..Default::default()
    });
    queue::Entity::insert_many(rows).exec(db).await?;
    Ok(())
}

#[async_trait::async_trait]
impl MailQueue for Store {
    async fn claim_mails(
        &self,
        owner: &str,
        now: DateTime<Utc>,
        until: DateTime<Utc>,
        limit: u64,
    ) -> AppResult<Vec<QueuedMail>> {
        let due = || {
            Condition::all()
                .add(queue::Column::SentAt.is_null())
                .add(queue::Column::DueAt.lte(now))
                .add(claimable::<queue::Entity>(owner, now))
        };
        let db = self.connection();
        let won = claim_due::<queue::Entity>(
            db,
            queue::Column::Id,
            due,
            &[queue::Column::DueAt, queue::Column::Id],
            owner,
            until,
            limit,
        )
        .await?;
        let rows = queue::Entity::find()
            .filter(queue::Column::Id.is_in(won.iter().copied()))
            .all(db)
            .await?;
        let mut mails: Vec<QueuedMail> = rows
            .into_iter()
            .map(|row| QueuedMail {
                id: row.id,
                mail: Mail::to(&row.recipient, row.subject, row.body),
                attempts: row.attempts,
            })
            .collect();
        mails.sort_by_key(|m| won.iter().position(|id| *id == m.id));
        Ok(mails)
    }

    async fn mail_sent(&self, id: i64, owner: &str, at: DateTime<Utc>) -> AppResult<()> {
        release_lease::<queue::Entity>(owner)
            .col_expr(queue::Column::SentAt, Expr::value(at))
            .col_expr(queue::Column::Attempts, Expr::col(queue::Column::Attempts).add(1))
            .filter(queue::Column::Id.eq(id))
            .exec(self.connection())
            .await?;
        Ok(())
    }

    async fn mail_failed(&self, id: i64, owner: &str, retry_at: DateTime<Utc>, error: &str) -> AppResult<()> {
        release_lease::<queue::Entity>(owner)
            .col_expr(queue::Column::DueAt, Expr::value(retry_at))
            .col_expr(queue::Column::LastError, Expr::value(error))
            .col_expr(queue::Column::Attempts, Expr::col(queue::Column::Attempts).add(1))
            .filter(queue::Column::Id.eq(id))
            .exec(self.connection())
            .await?;
        Ok(())
    }
}
