//! Counters of failed guesses: sign-in passwords per account and client address,
//! authenticator codes per user. Replaces the lock columns of `app_user` for sign-in.

use sea_orm_migration::prelude::*;

use super::schema::{at_null, col, create_tables, drop_created_tables, id, int, table, NewTable};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        create_tables(m, tables()).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_created_tables(m, tables()).await
    }
}

/// The tables this migration creates, in order.
fn tables() -> [NewTable; 1] {
    [table("auth_attempt")
        .col(id())
        // "password:<e-mail>" (known or not) or "totp:<user id>".
        .col(col("subject").string_len(300).not_null().to_owned())
        // The client address for per-address counters, "" for the subject as a whole.
        .col(col("source").string_len(64).not_null().to_owned())
        .col(int("failures"))
        .col(at_null("window_start"))
        .col(at_null("locked_until"))
        .unique("ux_auth_attempt_key", &["subject", "source"])]
}
