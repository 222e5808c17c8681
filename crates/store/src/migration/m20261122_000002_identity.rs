//! Identity: sign-in lockout and Google authenticator columns on users, the login log and the
//! operation log.

use sea_orm_migration::prelude::*;

use super::schema::{
    add_columns, at, at_null, big, big_null, col, create_tables, drop_columns, drop_created_tables, id, int,
    string, table, text, text_null, NewTable,
};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let user_columns = [
            col("failed_logins").integer().not_null().default(0).to_owned(),
            at_null("first_failed_at"),
            at_null("locked_until"),
            // Sealed (AES-256-GCM under the master key), never stored in clear.
            text_null("totp_secret"),
            text_null("totp_pending"),
            // The last accepted 30-second step: a code is accepted once.
            col("totp_last_step")
                .big_integer()
                .not_null()
                .default(0)
                .to_owned(),
            at_null("last_login_at"),
        ];
        add_columns(m, "app_user", user_columns).await?;
        create_tables(m, tables()).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        drop_created_tables(m, tables()).await?;
        let user_columns = [
            "failed_logins",
            "first_failed_at",
            "locked_until",
            "totp_secret",
            "totp_pending",
            "totp_last_step",
            "last_login_at",
        ];
        drop_columns(m, "app_user", &user_columns).await
    }
}

/// The tables this migration creates, in order.
fn tables() -> [NewTable; 2] {
    [
        table("login_log")
            .col(id())
            .col(big_null("merchant_id"))
            .col(big_null("user_id"))
            .col(string("email"))
            .col(string("ip"))
            .col(string("user_agent"))
            .col(string("result"))
            .col(string("reason"))
            .col(at("created_at"))
            .index("ix_login_log_merchant", &["merchant_id", "id"]),
        table("operation_log")
            .col(id())
            .col(big("merchant_id"))
            .col(big("user_id"))
            .col(string("email"))
            .col(string("action"))
            .col(string("target"))
            .col(text("before"))
            .col(text("after"))
            .col(string("ip"))
            .col(string("result"))
            .col(int("code"))
            .col(at("created_at"))
            .index("ix_operation_log_merchant", &["merchant_id", "id"]),
    ]
}
