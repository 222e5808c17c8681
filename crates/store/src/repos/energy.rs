//! [`EnergyRepo`]: the platform's energy accounts (`energy_account`, one per chain: a unique
//! key makes two processes saving one at once agree) and the transactions they sign
//! (`energy_tx`, stored before their broadcast; every state change is conditional on the state
//! it leaves, so of two processes following one transaction one moves it).

use chrono::{DateTime, Utc};
use coffer_domain::codes::StoredCode;
use coffer_domain::energy::{EnergyAccount, EnergyTx, EnergyTxKind, EnergyTxState, NewEnergyTx};
use coffer_domain::error::AppResult;
use coffer_domain::ports::EnergyRepo;
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set};

use super::query::all_as;
use crate::entities::{energy_account, energy_tx, Stored};
use crate::Store;

fn account(row: energy_account::Model) -> EnergyAccount {
    EnergyAccount {
        chain_id: row.chain_id,
        address: row.address,
        merchant_id: row.merchant_id,
        path: row.path,
        created_at: row.created_at,
    }
}

fn transaction(row: energy_tx::Model) -> EnergyTx {
    EnergyTx {
        id: row.id,
        chain_id: row.chain_id,
        owner: row.owner,
        kind: row.kind.0,
        resource: row.resource.0.into(),
        receiver: row.receiver,
        amount_sun: row.amount_sun.max(0) as u64,
        hash: row.hash,
        raw: row.raw,
        state: row.state.0,
        block: row.block.map(|b| b.max(0) as u64),
        reason: row.reason,
        created_at: row.created_at,
        updated_at: row.updated_at,
    }
}

/// Sun and heights are below 2^63 on TRON; one that is not is a fault, not a wrap.
fn stored_i64(value: u64, what: &str) -> AppResult<i64> {
    i64::try_from(value)
        .map_err(|_| coffer_domain::error::AppError::internal(format!("{what} {value} is out of range")))
}

#[async_trait::async_trait]
impl EnergyRepo for Store {
    async fn energy_account(&self, chain_id: i64) -> AppResult<Option<EnergyAccount>> {
        let row = energy_account::Entity::find()
            .filter(energy_account::Column::ChainId.eq(chain_id))
            .one(self.connection())
            .await?;
        Ok(row.map(account))
    }

    async fn save_energy_account(&self, a: EnergyAccount) -> AppResult<EnergyAccount> {
        let row = energy_account::ActiveModel {
            merchant_id: Set(a.merchant_id),
            chain_id: Set(a.chain_id),
            address: Set(a.address.clone()),
            path: Set(a.path.clone()),
            created_at: Set(a.created_at),
            ..Default::default()
        };
        energy_account::Entity::insert(row)
            .on_conflict(
                OnConflict::column(energy_account::Column::ChainId)
                    .do_nothing()
                    .to_owned(),
            )
            .exec_without_returning(self.connection())
            .await?;
        let saved = self.energy_account(a.chain_id).await?;
        saved.ok_or_else(|| coffer_domain::error::AppError::internal("the saved energy account is gone"))
    }

    async fn energy_accounts_at(&self, chain_id: i64, addresses: &[String]) -> AppResult<Vec<EnergyAccount>> {
        let query = energy_account::Entity::find()
            .filter(energy_account::Column::ChainId.eq(chain_id))
            .filter(energy_account::Column::Address.is_in(addresses.iter().cloned()));
        all_as(self, query, account).await
    }

    async fn record_energy_tx(&self, tx: NewEnergyTx) -> AppResult<i64> {
        let row = energy_tx::ActiveModel {
            chain_id: Set(tx.chain_id),
            owner: Set(tx.owner),
            kind: Set(Stored(tx.kind)),
            resource: Set(Stored(tx.resource.into())),
            receiver: Set(tx.receiver),
            amount_sun: Set(stored_i64(tx.amount_sun, "amount")?),
            hash: Set(tx.hash),
            raw: Set(tx.raw),
            state: Set(Stored(EnergyTxState::Signed)),
            block: Set(None),
            reason: Set(String::new()),
            created_at: Set(tx.at),
            updated_at: Set(tx.at),
            ..Default::default()
        };
        Ok(energy_tx::Entity::insert(row)
            .exec(self.connection())
            .await?
            .last_insert_id)
    }

    async fn energy_tx(&self, id: i64) -> AppResult<Option<EnergyTx>> {
        let row = energy_tx::Entity::find_by_id(id).one(self.connection()).await?;
        Ok(row.map(transaction))
    }

    async fn unsettled_energy_txs(&self, limit: u64) -> AppResult<Vec<EnergyTx>> {
        let open = [EnergyTxState::Signed.code(), EnergyTxState::Sent.code()];
        let query = energy_tx::Entity::find()
            .filter(energy_tx::Column::State.is_in(open))
            .order_by_asc(energy_tx::Column::Id)
            .limit(limit);
        all_as(self, query, transaction).await
    }

    async fn energy_txs_to(
        &self,
        chain_id: i64,
        receiver: &str,
        kind: EnergyTxKind,
    ) -> AppResult<Vec<EnergyTx>> {
        let query = energy_tx::Entity::find()
            .filter(energy_tx::Column::ChainId.eq(chain_id))
            .filter(energy_tx::Column::Receiver.eq(receiver))
            .filter(energy_tx::Column::Kind.eq(kind.code()))
            .order_by_desc(energy_tx::Column::Id)
            .limit(100);
        all_as(self, query, transaction).await
    }

    async fn recent_energy_txs(&self, chain_id: i64, limit: u64) -> AppResult<Vec<EnergyTx>> {
        let query = energy_tx::Entity::find()
            .filter(energy_tx::Column::ChainId.eq(chain_id))
            .order_by_desc(energy_tx::Column::Id)
            .limit(limit);
        all_as(self, query, transaction).await
    }

    async fn set_energy_tx_state(
        &self,
        id: i64,
        from: EnergyTxState,
        to: EnergyTxState,
        block: Option<u64>,
        reason: &str,
        at: DateTime<Utc>,
    ) -> AppResult<bool> {
        let block = block.map(|b| stored_i64(b, "block")).transpose()?;
        let moved = energy_tx::Entity::update_many()
            .col_expr(energy_tx::Column::State, Expr::value(to.code()))
            .col_expr(energy_tx::Column::Block, Expr::value(block))
            .col_expr(energy_tx::Column::Reason, Expr::value(reason))
            .col_expr(energy_tx::Column::UpdatedAt, Expr::value(at))
            .filter(energy_tx::Column::Id.eq(id))
            .filter(energy_tx::Column::State.eq(from.code()))
            .exec(self.connection())
            .await?;
        Ok(moved.rows_affected == 1)
    }
}
