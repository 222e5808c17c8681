//! E-mail codes and registration (password reset: crate::password_reset).

use crate::auth::AuthService;
use crate::error::{AppError, AppResult};
use crate::identity::{self, CodePurpose, Email};
use crate::mail::{already_registered_mail, code_mail};
use crate::messages::MsgKey;
use crate::Locale;

/// What register and reset submit.
pub struct NewPassword<'a> {
    pub email: &'a str,
    pub code: &'a str,
    pub password: &'a str,
    pub password_verify: &'a str,
}

impl AuthService {
    /// Sends a code. The answer never reveals whether the e-mail has an account.
    pub async fn send_email_code(&self, email: &str, code_type: i64, locale: Locale) -> AppResult<()> {
        let email = Email::parse(email)?;
        let purpose =
            CodePurpose::from_type(code_type).ok_or(AppError::Invalid(MsgKey::CodeTypeUnsupported))?;
        let now = self.ports.clock.now();
        if let Some(last) = self.ports.codes.latest_code(&email, purpose).await? {
            if now - last.created_at < self.settings.code_resend_after {
                return Err(AppError::TooManyRequests(MsgKey::DoNotResend));
            }
        }
        let registered = self.ports.users.find_by_email(&email).await?.is_some();
        let code = identity::new_verification_code();
        let ttl = self.settings.code_ttl.num_minutes();
        // Mail first: a code that never arrived must not hold the resend window shut.
        let mail = match (purpose, registered) {
            (CodePurpose::Register, true) => Some(already_registered_mail(email.as_str(), locale)),
            (CodePurpose::Register, false) | (_, true) => {
                Some(code_mail(email.as_str(), &code, purpose, ttl, locale))
            }
            (_, false) => None,
        };
        if let Some(mail) = mail {
            self.mailer.send(mail).await.map_err(AppError::Unavailable)?;
        }
        let expires = now + self.settings.code_ttl;
        self.ports
            .codes
            .insert_code(&email, purpose, &self.sealer.code_digest(&code), now, expires)
            .await?;
        Ok(())
    }

    /// A new merchant awaiting activation, with this e-mail as its admin.
    pub async fn register(&self, form: NewPassword<'_>) -> AppResult<()> {
        let (email, code) = check_form(&form)?;
        self.redeem_code(&email, CodePurpose::Register, &code).await?;
        let hash = identity::hash_password(form.password)?;
        let user_id = self
            .ports
            .users
            .register_merchant(&email, &hash, self.ports.clock.now())
            .await?;
        tracing::info!(user_id, "merchant registered; awaiting activation");
        Ok(())
    }
}

fn check_form(form: &NewPassword<'_>) -> AppResult<(Email, String)> {
    let email = Email::parse(form.email)?;
    let code = identity::normalize_code(form.code)?;
    identity::check_password_policy(form.password)?;
    if form.password != form.password_verify {
        return Err(AppError::Invalid(MsgKey::TwoPasswordInconsistent));
    }
    Ok((email, code))
}
