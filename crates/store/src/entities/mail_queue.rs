use sea_orm::entity::prelude::*;

/// A mail a round queued, until its sender delivers it (see the migration).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "mail_queue")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub recipient: String,
    pub subject: String,
    pub body: String,
    pub attempts: i32,
    pub due_at: DateTimeUtc,
    pub sent_at: Option<DateTimeUtc>,
    pub last_error: String,
    pub lease_owner: String,
    pub lease_until: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
