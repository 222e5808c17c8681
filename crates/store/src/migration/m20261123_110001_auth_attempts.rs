//! Counters of failed guesses: sign-in passwords per account and client address,
//! authenticator codes per user. Replaces the lock columns of `app_user` for sign-in.

use sea_orm_migration::prelude::*;

use super::schema::{at_null, col, id, int, table, tables_migration};

tables_migration![table("auth_attempt")
    .col(id())
    // "password:<e-mail>" (known or not) or "totp:<user id>".
    .col(col("subject").string_len(300).not_null().to_owned())
    // The client address for per-address counters, "" for the subject as a whole.
    .col(col("source").string_len(64).not_null().to_owned())
    .col(int("failures"))
    .col(at_null("window_start"))
    .col(at_null("locked_until"))
    .unique("ux_auth_attempt_key", &["subject", "source"])];
