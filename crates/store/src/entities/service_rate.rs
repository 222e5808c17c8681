use coffer_domain::rates::{ChargeMode, PayMode, Service};
use sea_orm::entity::prelude::*;

use super::Stored;

/// One row of a merchant's rate card (see the migration).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "service_rate")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub merchant_id: i64,
    pub service: Stored<Service>,
    pub charge_mode: Stored<ChargeMode>,
    pub percent_ppm: i64,
    pub fixed: i64,
    pub min_charge: Option<i64>,
    pub max_charge: Option<i64>,
    pub pay_mode: Stored<PayMode>,
    pub valid_from: DateTimeUtc,
    pub valid_to: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
