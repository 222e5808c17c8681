//! Counters of failed guesses: sign-in passwords per account and client address,
//! authenticator codes per user. Replaces the lock columns of `app_user` for sign-in.

use sea_orm_migration::prelude::*;

use super::schema::{at_null, col, id, index};

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m20261123_110001_auth_attempts"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Alias::new("auth_attempt"))
                .col(id())
                // "password:<e-mail>" (known or not) or "totp:<user id>".
                .col(col("subject").string_len(300).not_null())
                // The client address for per-address counters, "" for the subject as a whole.
                .col(col("source").string_len(64).not_null())
                .col(col("failures").integer().not_null())
                .col(at_null("window_start"))
                .col(at_null("locked_until"))
                .to_owned(),
        )
        .await?;
        index(
            m,
            "auth_attempt",
            "ux_auth_attempt_key",
            &["subject", "source"],
            true,
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(Alias::new("auth_attempt")).to_owned())
            .await
    }
}
