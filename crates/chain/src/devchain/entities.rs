//! The devchain's two tables (created by the service's migrations, crate coffer-store).

pub mod block {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "devchain_block")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub number: i64,
        pub hash: String,
        /// None for the genesis block.
        pub parent_hash: Option<String>,
        /// Unix seconds.
        pub timestamp: i64,
        pub salt: String,
        /// When the block was made, by the chain's clock; None for blocks made before it was
        /// recorded. The background miners of all processes make one block per interval by it.
        pub mined_at: Option<DateTimeUtc>,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod tx {
    use sea_orm::entity::prelude::*;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "devchain_tx")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i64,
        pub hash: String,
        pub sender: String,
        pub recipient: String,
        /// "" for the native coin, else the token contract.
        pub asset: String,
        /// Base units, decimal.
        pub amount: String,
        pub nonce: i64,
        /// Base units of the native coin, decimal; "0" for mints.
        pub fee: String,
        pub block_number: Option<i64>,
        pub position: Option<i32>,
        pub success: Option<bool>,
        pub raw: String,
        pub created_at: DateTimeUtc,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}
