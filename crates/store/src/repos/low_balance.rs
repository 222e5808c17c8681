//! [`LowBalanceRepo`]: merchant accounts below their threshold (`point_account.low_notified`,
//! compared on the stored totals, so a transfer committed meanwhile is seen), and the admins the
//! notice goes to.

use chrono::{DateTime, Utc};
use coffer_domain::codes::StoredCode;
use coffer_domain::error::AppResult;
use coffer_domain::mail::Mail;
use coffer_domain::points::{AccountKind, PointAsset};
use coffer_domain::ports::{LowAccount, LowBalanceRepo, MerchantId};
use sea_orm::sea_query::{Expr, SimpleExpr};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

use super::access::enabled_admins;
use super::mail_queue::queue_mails;
use crate::entities::{app_user, point_account as account};
use crate::Store;

/// Posted less held: the available points, as `Balance::available` has them.
fn available() -> SimpleExpr {
    Expr::col(account::Column::CreditsPosted)
        .sub(Expr::col(account::Column::DebitsPosted))
        .sub(Expr::col(account::Column::DebitsPending))
}

#[async_trait::async_trait]
impl LowBalanceRepo for Store {
    async fn newly_low(
        &self,
        asset: PointAsset,
        threshold: i64,
        after: i64,
        limit: u64,
    ) -> AppResult<Vec<LowAccount>> {
        let rows = account::Entity::find()
            .filter(account::Column::Kind.eq(AccountKind::Merchant.code()))
            .filter(account::Column::Asset.eq(asset.code()))
            .filter(account::Column::LowNotified.eq(false))
            .filter(account::Column::Id.gt(after))
            .filter(Expr::expr(available()).lt(threshold))
            .order_by_asc(account::Column::Id)
            .limit(limit)
            .all(self.connection())
            .await?;
        Ok(rows
            .into_iter()
            .map(|row| LowAccount {
                account_id: row.id,
                merchant_id: row.merchant_id,
                available: row.credits_posted - row.debits_posted - row.debits_pending,
            })
            .collect())
    }

    async fn notify_low(
        &self,
        account_id: i64,
        threshold: i64,
        mails: &[Mail],
        at: DateTime<Utc>,
    ) -> AppResult<bool> {
        let tx = self.begin_write().await?;
        // The update is the claim: of two rounds, the second finds the mark set and queues
        // nothing; a recharge committed first leaves the account above and nothing is sent.
        let marked = account::Entity::update_many()
            .col_expr(account::Column::LowNotified, Expr::value(true))
            .filter(account::Column::Id.eq(account_id))
            .filter(account::Column::LowNotified.eq(false))
            .filter(Expr::expr(available()).lt(threshold))
            .exec(&tx)
            .await?;
        if marked.rows_affected != 1 {
            return Ok(false);
        }
        queue_mails(&tx, mails, at).await?;
        tx.commit().await?;
        Ok(true)
    }

    async fn clear_recovered(&self, asset: PointAsset, threshold: i64) -> AppResult<u64> {
        let cleared = account::Entity::update_many()
            .col_expr(account::Column::LowNotified, Expr::value(false))
            .filter(account::Column::Kind.eq(AccountKind::Merchant.code()))
            .filter(account::Column::Asset.eq(asset.code()))
            .filter(account::Column::LowNotified.eq(true))
            .filter(Expr::expr(available()).gte(threshold))
            .exec(self.connection())
            .await?;
        Ok(cleared.rows_affected)
    }

    async fn admin_emails(&self, merchant_id: MerchantId) -> AppResult<Vec<String>> {
        Ok(enabled_admins(self, merchant_id)
            .await?
            .select_only()
            .column(app_user::Column::Email)
            .order_by_asc(app_user::Column::Id)
            .into_tuple()
            .all(self.connection())
            .await?)
    }
}
