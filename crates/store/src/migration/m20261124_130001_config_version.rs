//! A counter per scope of what the console caches from `/home/config`: the platform's chains
//! and tokens (scope 0) and each merchant's settings (scope = merchant id). Several coffer
//! processes share one database, so the counter lives there, not in memory.

use sea_orm_migration::prelude::*;

use super::schema::{big, big_key, table, tables_migration};

tables_migration![table("config_version").col(big_key("scope")).col(big("version"))];
