//! [`WithdrawalLeaseRepo`]: the executor claims due withdrawals and hot wallets under leases
//! (one conditional UPDATE each, so of several processes exactly one wins), and reads the
//! signed transactions a wallet has not sent yet.

use chrono::{DateTime, Utc};
use coffer_domain::error::AppResult;
use coffer_domain::ports::OrderStatus;
use coffer_domain::ports::{WithdrawalLeaseRepo, WithdrawalRecord};
use sea_orm::{ColumnTrait, Condition, EntityTrait, QueryFilter, QueryOrder};

use super::held::{hold, read_claimed};
use super::query::{claim_due, claimable, release_lease, take_lease};
use crate::entities::{hot_wallet, withdrawal, Stored};
use crate::Store;

async fn signed_from(
    store: &Store,
    chain_id: i64,
    address: &str,
    statuses: &[OrderStatus],
) -> AppResult<Vec<WithdrawalRecord>> {
    let rows = withdrawal::Entity::find()
        .filter(withdrawal::Column::ChainId.eq(chain_id))
        .filter(withdrawal::Column::FromAddress.eq(address))
        .filter(withdrawal::Column::Status.is_in(statuses.iter().copied().map(Stored)))
        .order_by_asc(withdrawal::Column::Id)
        .all(store.connection())
        .await?;
    Ok(rows.into_iter().map(WithdrawalRecord::from).collect())
}

#[async_trait::async_trait]
impl WithdrawalLeaseRepo for Store {
    async fn claim_withdrawals(
        &self,
        statuses: &[OrderStatus],
        owner: &str,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
        limit: u64,
    ) -> AppResult<Vec<WithdrawalRecord>> {
        let db = self.connection();
        let due = || {
            Condition::all()
                .add(withdrawal::Column::Status.is_in(statuses.iter().copied().map(Stored)))
                .add(withdrawal::Column::NextAttemptAt.lte(now))
                .add(claimable::<withdrawal::Entity>(owner, now))
        };
        let won = claim_due::<withdrawal::Entity>(
            db,
            withdrawal::Column::Id,
            due,
            &[withdrawal::Column::Id],
            owner,
            lease_until,
            limit,
        )
        .await?;
        let claimed = read_claimed::<withdrawal::Entity>(db, won, owner, now).await?;
        Ok(claimed.into_iter().map(WithdrawalRecord::from).collect())
    }

    async fn release_withdrawal(&self, id: i64, owner: &str) -> AppResult<()> {
        release_lease::<withdrawal::Entity>(owner)
            .filter(withdrawal::Column::Id.eq(id))
            .exec(self.connection())
            .await?;
        Ok(())
    }

    async fn hold_withdrawal(&self, id: i64, reason: &str, until: DateTime<Utc>) -> AppResult<()> {
        hold::<withdrawal::Entity>(self.connection(), id, reason, until).await
    }

    async fn lease_wallet(
        &self,
        chain_id: i64,
        address: &str,
        owner: &str,
        now: DateTime<Utc>,
        lease_until: DateTime<Utc>,
    ) -> AppResult<bool> {
        // One conditional update: the lease is taken when free, expired or already ours.
        let taken = take_lease::<hot_wallet::Entity>(owner, lease_until)
            .filter(hot_wallet::Column::ChainId.eq(chain_id))
            .filter(hot_wallet::Column::Address.eq(address))
            .filter(claimable::<hot_wallet::Entity>(owner, now))
            .exec(self.connection())
            .await?;
        Ok(taken.rows_affected == 1)
    }

    async fn release_wallet(&self, chain_id: i64, address: &str, owner: &str) -> AppResult<()> {
        release_lease::<hot_wallet::Entity>(owner)
            .filter(hot_wallet::Column::ChainId.eq(chain_id))
            .filter(hot_wallet::Column::Address.eq(address))
            .exec(self.connection())
            .await?;
        Ok(())
    }

    async fn signed_unsent(&self, chain_id: i64, address: &str) -> AppResult<Vec<WithdrawalRecord>> {
        signed_from(self, chain_id, address, &[OrderStatus::WaitingConfirm]).await
    }

    async fn signed_unmined(&self, chain_id: i64, address: &str) -> AppResult<Vec<WithdrawalRecord>> {
        signed_from(
            self,
            chain_id,
            address,
            &[OrderStatus::WaitingConfirm, OrderStatus::Processing],
        )
        .await
    }
}
