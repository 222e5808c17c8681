//! Mail sent by a background round (the low-balance notice, `repos/mail_queue.rs`): queued in
//! the transaction of the change that calls for it, so a crash neither loses it nor queues it
//! twice; the sender leases each row while it delivers and marks it sent, or due again later.

use sea_orm_migration::prelude::*;

use super::schema::{at, at_null, id, int, lease, string, table, tables_migration, text};

tables_migration![table("mail_queue")
    .col(id())
    .col(string("recipient"))
    .col(string("subject"))
    .col(text("body"))
    .col(int("attempts"))
    .col(at("due_at"))
    .col(at_null("sent_at"))
    .col(text("last_error"))
    .cols(lease())
    .col(at("created_at"))
    .index("ix_mail_queue_due", &["sent_at", "due_at"])
    .index("ix_mail_queue_lease", &["lease_owner", "lease_until"])];
