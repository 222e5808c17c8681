use coffer_domain::points::{Cause, PointAsset, TransferKind};
use sea_orm::entity::prelude::*;

use super::columns::Stored;

/// One ledger transfer, never updated (see the migration).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "point_transfer")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub transfer_key: String,
    pub kind: Stored<TransferKind>,
    pub asset: Stored<PointAsset>,
    pub debit_account_id: i64,
    pub credit_account_id: i64,
    pub amount: i64,
    pub pending_id: Option<i64>,
    pub hold_until: Option<DateTimeUtc>,
    pub merchant_id: i64,
    pub cause: Stored<Cause>,
    pub reference: String,
    pub rate_id: Option<i64>,
    pub chain: Option<String>,
    pub tx_hash: Option<String>,
    pub volume: Option<String>,
    pub volume_symbol: Option<String>,
    pub available_after: i64,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
