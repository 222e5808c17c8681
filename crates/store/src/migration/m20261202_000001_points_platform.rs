//! Recharges (`repos/recharge.rs`): which merchant is the platform's own, whose deposit
//! addresses with OpenID `points:<merchant>` are the merchants' recharge addresses. One row, id
//! 1; it is set once (`coffer admin points platform`) and never changed, since the addresses
//! already handed out are that merchant's.

use sea_orm_migration::prelude::*;

use super::schema::{at, table, tables_migration};

tables_migration![table("points_platform").owned_by_merchant().col(at("created_at"))];
