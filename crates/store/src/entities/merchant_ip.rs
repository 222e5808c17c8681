use coffer_domain::ports::ApplyStatus;
use sea_orm::entity::prelude::*;

use super::Stored;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
// The table keeps the name it was created with; the code says "merchant".
#[sea_orm(table_name = "partner_ip")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub merchant_id: i64,
    pub ip: String,
    pub remark: String,
    pub apply_status: Stored<ApplyStatus>,
    pub created_at: DateTimeUtc,
    pub reviewed_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
