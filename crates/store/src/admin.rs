//! Operator tasks behind `coffer admin`: the demo merchant, users, the mail outbox.

use chrono::Utc;
use coffer_domain::identity::{self, Email};
use coffer_domain::mail::{Mail, Mailer};
use coffer_domain::ports::{AccountStatus, MerchantStatus};
use coffer_domain::AppError;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseTransaction, EntityTrait, QueryFilter, QueryOrder, Set,
};

use crate::entities::{app_user, mail_outbox, menu, merchant, role, role_menu, Stored};
use crate::Store;

/// A merchant as the operator lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MerchantLine {
    pub id: i64,
    /// Its first user's e-mail (the one who registered it).
    pub admin_email: String,
    pub status: MerchantStatus,
    pub registered_at: chrono::DateTime<Utc>,
}

pub const DEMO_MERCHANT_NAME: &str = "Demo merchant";

#[derive(Debug)]
pub enum DemoOutcome {
    Created,
    /// The demo account existed; its password was set to the one given.
    PasswordReset,
}

impl Store {
    /// Creates the demo merchant with an admin user, or resets that user's password.
    pub async fn seed_demo(&self, email: &str, password: &str) -> Result<DemoOutcome, AppError> {
        let email = Email::parse(email)?;
        identity::check_password_policy(password)?;
        let hash = identity::hash_password(password)?;
        let db = self.connection();
        if let Some(user) = app_user::Entity::find()
            .filter(app_user::Column::Email.eq(email.as_str()))
            .one(db)
            .await?
        {
            let mut active: app_user::ActiveModel = user.into();
            active.password_hash = Set(hash);
            active.status = Set(Stored(AccountStatus::Enabled));
            active.update(db).await?;
            return Ok(DemoOutcome::PasswordReset);
        }
        self.create_merchant(DEMO_MERCHANT_NAME, &email, hash, "Demo admin")
            .await?;
        Ok(DemoOutcome::Created)
    }

    /// Creates an active merchant named `name` with one superadmin user; the merchant's id.
    pub async fn create_merchant(
        &self,
        name: &str,
        email: &Email,
        password_hash: String,
        username: &str,
    ) -> Result<i64, AppError> {
        let now = Utc::now();
        let txn = self.begin_write().await?;
        let merchant = merchant::ActiveModel {
            name: Set(name.into()),
            status: Set(Stored(MerchantStatus::Active)),
            time_zone: Set(8),
            multi_address_collect: Set(false),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        let role = insert_role(&txn, merchant.id, coffer_domain::ADMIN_ROLE, true).await?;
        let admin = NewUser {
            merchant_id: merchant.id,
            role_id: role,
            email,
            username,
            password_hash,
            superadmin: true,
        };
        insert_user(&txn, admin).await?;
        txn.commit().await?;
        Ok(merchant.id)
    }

    /// Adds a user to the merchant of `merchant_of` (an existing user's e-mail), with a role
    /// of its own holding exactly `menu_ids`.
    pub async fn add_user(
        &self,
        merchant_of: &str,
        email: &str,
        password: &str,
        menu_ids: &[i64],
    ) -> Result<i64, AppError> {
        let owner_email = Email::parse(merchant_of)?;
        let email = Email::parse(email)?;
        identity::check_password_policy(password)?;
        let db = self.connection();
        let owner = app_user::Entity::find()
            .filter(app_user::Column::Email.eq(owner_email.as_str()))
            .one(db)
            .await?
            .ok_or_else(|| AppError::internal(format!("no user {}", owner_email.as_str())))?;
        let known: Vec<i64> = menu::Entity::find().all(db).await?.iter().map(|m| m.id).collect();
        if let Some(unknown) = menu_ids.iter().find(|id| !known.contains(id)) {
            return Err(AppError::internal(format!("unknown menu id {unknown}")));
        }
        let txn = self.begin_write().await?;
        let role = insert_role(
            &txn,
            owner.merchant_id,
            &format!("role of {}", email.as_str()),
            false,
        )
        .await?;
        for menu_id in menu_ids {
            role_menu::ActiveModel {
                role_id: Set(role),
                menu_id: Set(*menu_id),
            }
            .insert(&txn)
            .await?;
        }
        let username = email.as_str().split('@').next().unwrap_or_default().to_string();
        let hash = identity::hash_password(password)?;
        let new = NewUser {
            merchant_id: owner.merchant_id,
            role_id: role,
            email: &email,
            username: &username,
            password_hash: hash,
            superadmin: false,
        };
        let user = insert_user(&txn, new).await?;
        txn.commit().await?;
        Ok(user)
    }

    /// Merchants awaiting activation: (admin e-mail, registered at).
    pub async fn pending_merchants(&self) -> Result<Vec<(String, chrono::DateTime<Utc>)>, AppError> {
        let pending = self.merchants(Some(MerchantStatus::Pending)).await?;
        Ok(pending
            .into_iter()
            .map(|m| (m.admin_email, m.registered_at))
            .collect())
    }

    /// Every merchant (or those of one status), oldest first, each with its first user's
    /// e-mail: the operator finds a merchant's id by its admin.
    pub async fn merchants(&self, only: Option<MerchantStatus>) -> Result<Vec<MerchantLine>, AppError> {
        let db = self.connection();
        let mut query = merchant::Entity::find().order_by_asc(merchant::Column::Id);
        if let Some(status) = only {
            query = query.filter(merchant::Column::Status.eq(Stored(status)));
        }
        let merchants = query.all(db).await?;
        let ids: Vec<i64> = merchants.iter().map(|m| m.id).collect();
        let mut admins = std::collections::HashMap::new();
        // In slices: one IN list for every merchant would pass the databases' bind limits.
        for slice in ids.chunks(500) {
            // Users oldest first: the first one seen of a merchant is the one who registered it.
            for user in app_user::Entity::find()
                .filter(app_user::Column::MerchantId.is_in(slice.iter().copied()))
                .order_by_asc(app_user::Column::Id)
                .all(db)
                .await?
            {
                admins.entry(user.merchant_id).or_insert(user.email);
            }
        }
        Ok(merchants
            .into_iter()
            .map(|m| MerchantLine {
                id: m.id,
                admin_email: admins.remove(&m.id).unwrap_or_default(),
                status: m.status.0,
                registered_at: m.created_at,
            })
            .collect())
    }

    /// Whether a merchant of this id exists.
    pub async fn merchant_exists(&self, merchant_id: i64) -> Result<bool, AppError> {
        Ok(merchant::Entity::find_by_id(merchant_id)
            .one(self.connection())
            .await?
            .is_some())
    }

    /// The merchant of the user with this e-mail.
    pub async fn merchant_of(&self, email: &str) -> Result<Option<i64>, AppError> {
        let email = Email::parse(email)?;
        let user = app_user::Entity::find()
            .filter(app_user::Column::Email.eq(email.as_str()))
            .one(self.connection())
            .await?;
        Ok(user.map(|u| u.merchant_id))
    }

    /// Activates (or disables) the merchant whose user has this e-mail; its id, None if none.
    pub async fn set_merchant_status(
        &self,
        email: &str,
        status: coffer_domain::ports::MerchantStatus,
    ) -> Result<Option<i64>, AppError> {
        let Some(merchant_id) = self.merchant_of(email).await? else {
            return Ok(None);
        };
        merchant::Entity::update_many()
            .col_expr(merchant::Column::Status, Stored(status).into())
            .filter(merchant::Column::Id.eq(merchant_id))
            .exec(self.connection())
            .await?;
        Ok(Some(merchant_id))
    }

    /// Mails kept in the outbox, oldest first, optionally for one recipient.
    pub async fn outbox(&self, to: Option<&str>) -> Result<Vec<mail_outbox::Model>, AppError> {
        let mut query = mail_outbox::Entity::find().order_by_asc(mail_outbox::Column::Id);
        if let Some(to) = to {
            query = query.filter(mail_outbox::Column::Recipient.eq(to.trim().to_ascii_lowercase()));
        }
        query.all(self.connection()).await.map_err(Into::into)
    }
}

pub(crate) struct NewUser<'a> {
    pub merchant_id: i64,
    pub role_id: i64,
    pub email: &'a Email,
    pub username: &'a str,
    pub password_hash: String,
    pub superadmin: bool,
}

pub(crate) async fn insert_role(
    txn: &DatabaseTransaction,
    merchant_id: i64,
    name: &str,
    is_admin: bool,
) -> Result<i64, AppError> {
    let role = role::ActiveModel {
        merchant_id: Set(merchant_id),
        name: Set(name.into()),
        is_admin: Set(is_admin),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(txn)
    .await?;
    Ok(role.id)
}

pub(crate) async fn insert_user(txn: &DatabaseTransaction, user: NewUser<'_>) -> Result<i64, AppError> {
    let row = app_user::ActiveModel {
        merchant_id: Set(user.merchant_id),
        email: Set(user.email.as_str().into()),
        username: Set(user.username.into()),
        mobile: Set(String::new()),
        password_hash: Set(user.password_hash),
        role_id: Set(user.role_id),
        status: Set(Stored(AccountStatus::Enabled)),
        superadmin: Set(user.superadmin),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(txn)
    .await
    .map_err(crate::email_taken_or)?;
    Ok(row.id)
}

/// The embedded default mailer: keeps every mail in the database (read it with
/// `coffer admin outbox`) and logs it, so a newcomer can sign in with no mail server.
pub struct OutboxMailer {
    store: Store,
}

impl OutboxMailer {
    pub fn new(store: Store) -> Self {
        OutboxMailer { store }
    }
}

#[async_trait::async_trait]
impl Mailer for OutboxMailer {
    async fn send(&self, mail: Mail) -> Result<(), String> {
        mail_outbox::ActiveModel {
            recipient: Set(mail.to.clone()),
            subject: Set(mail.subject.clone()),
            body: Set(mail.body.clone()),
            created_at: Set(Utc::now()),
            ..Default::default()
        }
        .insert(self.store.connection())
        .await
        .map_err(|e| e.to_string())?;
        // The outbox is for machines without a mail server, where the log is how a person
        // reads a code; configure SMTP wherever others can read the log.
        tracing::info!(to = %mail.to, subject = %mail.subject, body = %mail.body, "mail kept in the outbox (`coffer admin outbox`)");
        Ok(())
    }
}
