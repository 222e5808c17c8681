//! Signing in and out, sessions, and the e-mail codes of the second step.

use chrono::Duration;
use serde::Serialize;
use std::sync::Arc;

use crate::clock::Clock;
use crate::error::{AppError, AppResult};
use crate::identity::{self, CodePurpose, Email};
use crate::mail::{code_mail, Mailer};
use crate::menu::{MenuItem, Permissions};
use crate::messages::MsgKey;
use crate::ports::{CodeRepo, MerchantId, SessionRepo, UserId, UserRecord, UserRepo};
use crate::Locale;

#[derive(Debug, Clone)]
pub struct AuthSettings {
    pub code_ttl: Duration,
    pub code_resend_after: Duration,
    pub code_max_attempts: i32,
    pub session_idle: Duration,
    pub session_absolute: Duration,
}

impl Default for AuthSettings {
    fn default() -> Self {
        AuthSettings {
            code_ttl: Duration::minutes(10),
            code_resend_after: Duration::seconds(60),
            code_max_attempts: 5,
            session_idle: Duration::minutes(30),
            session_absolute: Duration::hours(12),
        }
    }
}

/// Which second step the console shows after the password is accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SecondFactor {
    EmailCode = 0,
    Authenticator = 1,
}

/// The signed-in caller, as every protected call sees it.
#[derive(Debug, Clone)]
pub struct AuthContext {
    pub session_id: i64,
    pub user_id: UserId,
    pub merchant_id: MerchantId,
    pub permissions: Permissions,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RoleEntry {
    pub menu_id: i64,
}

/// The user session of spec section 3.
#[derive(Debug, Clone, Serialize)]
pub struct UserSession {
    pub id: UserId,
    pub username: String,
    pub role: String,
    #[serde(rename = "sessionCode", skip_serializing_if = "Option::is_none")]
    pub session_code: Option<String>,
    #[serde(rename = "menuList")]
    pub menu_list: Vec<MenuItem>,
    #[serde(rename = "roleList")]
    pub role_list: Vec<RoleEntry>,
    pub useremail: String,
    pub usermobile: String,
    pub createtime: String,
    pub superadmin: bool,
    #[serde(rename = "userStatus")]
    pub user_status: i32,
    #[serde(rename = "bindGoogle")]
    pub bind_google: bool,
}

pub struct AuthService {
    users: Arc<dyn UserRepo>,
    sessions: Arc<dyn SessionRepo>,
    codes: Arc<dyn CodeRepo>,
    mailer: Arc<dyn Mailer>,
    clock: Arc<dyn Clock>,
    settings: AuthSettings,
}

/// Sessions are touched at most this often, so a busy console does not write on every call.
const TOUCH_EVERY_SECS: i64 = 60;

impl AuthService {
    pub fn new(
        users: Arc<dyn UserRepo>,
        sessions: Arc<dyn SessionRepo>,
        codes: Arc<dyn CodeRepo>,
        mailer: Arc<dyn Mailer>,
        clock: Arc<dyn Clock>,
        settings: AuthSettings,
    ) -> Self {
        AuthService {
            users,
            sessions,
            codes,
            mailer,
            clock,
            settings,
        }
    }

    /// Step one: the password. Answers which second step follows.
    pub async fn login_verify(&self, email: &str, password: &str) -> AppResult<SecondFactor> {
        let user = self.check_credentials(email, password).await?;
        // The authenticator path is added with Google binding (identity issue); until then no
        // account can have it bound.
        Ok(if user.google_bound {
            SecondFactor::Authenticator
        } else {
            SecondFactor::EmailCode
        })
    }

    /// Sends a code. The answer does not reveal whether the e-mail has an account.
    pub async fn send_email_code(&self, email: &str, code_type: i64, locale: Locale) -> AppResult<()> {
        let email = Email::parse(email)?;
        let purpose =
            CodePurpose::from_type(code_type).ok_or(AppError::Invalid(MsgKey::CodeTypeUnsupported))?;
        if purpose != CodePurpose::Login {
            return Err(AppError::Invalid(MsgKey::CodeTypeUnsupported));
        }
        let now = self.clock.now();
        if let Some(last) = self.codes.latest_code(&email, purpose).await? {
            if now - last.created_at < self.settings.code_resend_after {
                return Err(AppError::TooManyRequests(MsgKey::DoNotResend));
            }
        }
        let code = identity::new_verification_code();
        // Mail first: a code that never arrived must not hold the resend window shut.
        if self.users.find_by_email(&email).await?.is_some() {
            let mail = code_mail(
                email.as_str(),
                &code,
                purpose,
                self.settings.code_ttl.num_minutes(),
                locale,
            );
            self.mailer.send(mail).await.map_err(AppError::Unavailable)?;
        }
        let expires = now + self.settings.code_ttl;
        self.codes
            .insert_code(&email, purpose, &identity::secret_digest(&code), now, expires)
            .await?;
        Ok(())
    }

    /// Step two: password again plus the e-mail code. Returns the session token and the session.
    pub async fn login(&self, email: &str, password: &str, code: &str) -> AppResult<UserSession> {
        let user = self.check_credentials(email, password).await?;
        let code = identity::normalize_code(code)?;
        let email = Email::parse(&user.email)?;
        self.redeem_code(&email, CodePurpose::Login, &code).await?;
        let token = identity::new_session_token();
        let now = self.clock.now();
        self.sessions
            .create_session(&identity::secret_digest(&token), &user, now)
            .await?;
        tracing::info!(user_id = user.id, merchant_id = user.merchant_id, "signed in");
        let mut session = self.session_view(&user).await?;
        session.session_code = Some(token);
        Ok(session)
    }

    /// Resolves a session token; the way every protected call learns who is calling.
    pub async fn authenticate(&self, token: Option<&str>) -> AppResult<AuthContext> {
        let token = token
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .ok_or(AppError::SessionMissing)?;
        let session = self
            .sessions
            .find_session(&identity::secret_digest(token))
            .await?
            .ok_or(AppError::SessionMissing)?;
        let now = self.clock.now();
        let idle_over = now - session.last_seen_at > self.settings.session_idle;
        let absolute_over = now - session.created_at > self.settings.session_absolute;
        if idle_over || absolute_over {
            return Err(AppError::SessionExpired);
        }
        let user = self
            .users
            .find_by_id(session.user_id)
            .await?
            .ok_or(AppError::SessionMissing)?;
        if user.status != 1 || !user.merchant_active {
            return Err(AppError::AccountUnavailable);
        }
        if (now - session.last_seen_at).num_seconds() >= TOUCH_EVERY_SECS {
            self.sessions.touch_session(session.id, now).await?;
        }
        let menus = self.users.role_menus(user.role_id).await?;
        Ok(AuthContext {
            session_id: session.id,
            user_id: user.id,
            merchant_id: user.merchant_id,
            permissions: Permissions::new(menus.iter().map(|m| m.menu_id)),
        })
    }

    pub async fn logout(&self, ctx: &AuthContext) -> AppResult<()> {
        self.sessions.delete_session(ctx.session_id).await
    }

    pub async fn current_session(&self, ctx: &AuthContext) -> AppResult<UserSession> {
        let user = self
            .users
            .find_by_id(ctx.user_id)
            .await?
            .ok_or(AppError::SessionMissing)?;
        self.session_view(&user).await
    }

    pub async fn change_password(
        &self,
        ctx: &AuthContext,
        old: &str,
        new: &str,
        verify: &str,
    ) -> AppResult<()> {
        identity::check_password_policy(new)?;
        if new != verify {
            return Err(AppError::Invalid(MsgKey::TwoPasswordInconsistent));
        }
        let user = self
            .users
            .find_by_id(ctx.user_id)
            .await?
            .ok_or(AppError::SessionMissing)?;
        if !identity::verify_password(old, &user.password_hash) {
            return Err(AppError::PasswordMismatch);
        }
        self.users
            .set_password_hash(user.id, &identity::hash_password(new)?)
            .await?;
        self.sessions
            .delete_other_sessions(user.id, ctx.session_id)
            .await?;
        tracing::info!(user_id = user.id, "password changed; other sessions ended");
        Ok(())
    }

    async fn check_credentials(&self, email: &str, password: &str) -> AppResult<UserRecord> {
        let email = Email::parse(email)?;
        if password.is_empty() {
            return Err(AppError::Invalid(MsgKey::PasswordEmpty));
        }
        let user = self.users.find_by_email(&email).await?;
        let hash = user
            .as_ref()
            .map_or(identity::dummy_password_hash(), |u| u.password_hash.as_str());
        let password_ok = identity::verify_password(password, hash);
        match user {
            Some(user) if password_ok => {
                if user.status != 1 || !user.merchant_active {
                    return Err(AppError::AccountUnavailable);
                }
                Ok(user)
            }
            _ => Err(AppError::InvalidCredentials),
        }
    }

    async fn redeem_code(&self, email: &Email, purpose: CodePurpose, code: &str) -> AppResult<()> {
        let now = self.clock.now();
        let record = self
            .codes
            .latest_code(email, purpose)
            .await?
            .ok_or(AppError::InvalidCode)?;
        let usable = !record.consumed
            && record.expires_at > now
            && record.failed_attempts < self.settings.code_max_attempts;
        if !usable {
            return Err(AppError::InvalidCode);
        }
        if !identity::constant_time_eq(&identity::secret_digest(code), &record.code_digest) {
            self.codes.record_failed_attempt(record.id).await?;
            return Err(AppError::InvalidCode);
        }
        if !self.codes.consume_code(record.id).await? {
            return Err(AppError::InvalidCode);
        }
        Ok(())
    }

    async fn session_view(&self, user: &UserRecord) -> AppResult<UserSession> {
        let menus = self.users.role_menus(user.role_id).await?;
        let role_list = menus.iter().map(|m| RoleEntry { menu_id: m.menu_id }).collect();
        Ok(UserSession {
            id: user.id,
            username: user.username.clone(),
            role: user.role_name.clone(),
            session_code: None,
            menu_list: menus,
            role_list,
            useremail: user.email.clone(),
            usermobile: user.mobile.clone(),
            createtime: user.created_at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
            superadmin: user.superadmin,
            user_status: user.status,
            bind_google: user.google_bound,
        })
    }
}
