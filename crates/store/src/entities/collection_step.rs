use coffer_domain::amount::BaseUnits;
use coffer_domain::ports::{StepKind, StepState};
use sea_orm::entity::prelude::*;

use super::Stored;

/// One on-chain step of a collection, its signed transaction stored before it is sent (see
/// the migration).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "collection_step")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub merchant_id: i64,
    pub collection_id: i64,
    pub chain_id: i64,
    pub kind: Stored<StepKind>,
    pub part: i32,
    pub from_address: String,
    pub to_address: String,
    pub token_id: i64,
    pub amount: Stored<BaseUnits>,
    pub fee_estimated: Stored<BaseUnits>,
    pub fee_paid: Option<Stored<BaseUnits>>,
    pub tx_hash: String,
    pub signed_raw: String,
    pub nonce: Option<i64>,
    /// "chain:sender:nonce" while live, NULL once dead (unique).
    pub nonce_key: Option<String>,
    pub state: Stored<StepState>,
    pub block_number: Option<i64>,
    pub reason: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub broadcast_at: Option<DateTimeUtc>,
    pub confirmed_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
