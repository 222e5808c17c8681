//! Sub-accounts join by invitation: the inviter names an e-mail, a nickname and a role; the
//! invitee gets a code by mail and sets their own password. E-mails are unique across
//! merchants, so the inviter's answer is the same whether or not the address has an account
//! elsewhere; only the address's owner is told.

use chrono::Duration;

use super::{grants, names, AccessService};
use crate::auth::AuthContext;
use crate::error::{AppError, AppResult};
use crate::identity::{self, CodePurpose, Email};
use crate::mail::Mail;
use crate::messages::MsgKey;
use crate::ports::{AccountStatus, NewAccount};
use crate::registration::NewPassword;
use crate::Locale;

/// How long an invitation code may be used (the invitee may ask for a new one, code type 9).
pub const INVITE_TTL_HOURS: i64 = 72;

pub struct Invitation<'a> {
    pub email: &'a str,
    pub username: &'a str,
    pub role_id: i64,
    pub google_code: &'a str,
}

impl AccessService {
    /// Invites an account into the caller's merchant. An address of this merchant is refused
    /// (the inviter sees it in the list); an address of another merchant answers as a new one.
    pub async fn invite(&self, ctx: &AuthContext, form: Invitation<'_>, locale: Locale) -> AppResult<()> {
        let email = Email::parse(form.email)?;
        let username = names::nickname(form.username)?;
        let role = self.own_role(ctx, form.role_id).await?;
        grants::may_grant_role(ctx, &role)?;
        let existing = self.ports.users.find_by_email(&email).await?;
        if existing
            .as_ref()
            .is_some_and(|u| u.merchant_id == ctx.merchant_id)
        {
            return Err(AppError::EmailTaken);
        }
        let auth = &self.auth;
        let now = self.ports.clock.now();
        if let Some(last) = self
            .ports
            .codes
            .latest_code(&email, CodePurpose::AcceptInvite)
            .await?
        {
            if now - last.created_at < auth.settings.code_resend_after {
                return Err(AppError::TooManyRequests(MsgKey::DoNotResend));
            }
        }
        auth.require_google(ctx, form.google_code).await?;
        let code = identity::new_verification_code();
        // Mail first: an invitation that never arrived must not hold the resend window shut.
        let mail = match existing {
            Some(_) => already_has_account_mail(email.as_str(), locale),
            None => invitation_mail(email.as_str(), &code, locale),
        };
        auth.mailer.send(mail).await.map_err(AppError::Unavailable)?;
        if existing.is_none() {
            let pass_granted_at = grants::gains_pass(None, &role).then_some(now);
            let account = NewAccount {
                merchant_id: ctx.merchant_id,
                email: &email,
                username: &username,
                // No password until the invitee sets one; this never verifies.
                password_hash: "!invited",
                role_id: role.id,
                at: now,
                status: AccountStatus::Invited,
                pass_granted_at,
            };
            self.ports.access.create_user(account).await?;
        }
        // Recorded for taken addresses too, so the resend window answers alike.
        let expires = now + Duration::hours(INVITE_TTL_HOURS);
        self.ports
            .codes
            .insert_code(
                &email,
                CodePurpose::AcceptInvite,
                &auth.sealer.code_digest(&code),
                now,
                expires,
            )
            .await
    }

    /// The invitee sets a password with the mailed code; the account is enabled.
    pub async fn accept_invitation(&self, form: NewPassword<'_>) -> AppResult<()> {
        let email = Email::parse(form.email)?;
        let code = identity::normalize_code(form.code)?;
        identity::check_password_policy(form.password)?;
        if form.password != form.password_verify {
            return Err(AppError::Invalid(MsgKey::TwoPasswordInconsistent));
        }
        self.auth
            .redeem_code(&email, CodePurpose::AcceptInvite, &code)
            .await?;
        let invited = self
            .ports
            .users
            .find_by_email(&email)
            .await?
            .filter(|u| u.status == AccountStatus::Invited)
            .ok_or(AppError::Invalid(MsgKey::NotInvited))?;
        let hash = identity::hash_password(form.password)?;
        if !self.ports.access.accept_invitation(invited.id, &hash).await? {
            return Err(AppError::Invalid(MsgKey::NotInvited));
        }
        tracing::info!(user_id = invited.id, "invitation accepted");
        Ok(())
    }
}

fn invitation_mail(to: &str, code: &str, locale: Locale) -> Mail {
    let hours = INVITE_TTL_HOURS;
    let (subject, body) = match locale {
        Locale::EnUs => (
            "You are invited to Coffer".to_string(),
            format!("You have been invited to a merchant's Coffer console. Your invitation code is {code}. On the sign-in page choose \"Accept invitation\", enter this address, the code and a password of your choice. The code expires in {hours} hours."),
        ),
        Locale::ZhCn => (
            "邀请您加入 Coffer".to_string(),
            format!("您已被邀请加入某商户的 Coffer 控制台。邀请码是 {code}。请在登录页选择“接受邀请”，输入此邮箱、邀请码和您自己设置的密码。邀请码 {hours} 小时内有效。"),
        ),
        Locale::ZhHk => (
            "邀請您加入 Coffer".to_string(),
            format!("您已被邀請加入某商戶的 Coffer 控制台。邀請碼是 {code}。請在登錄頁選擇「接受邀請」，輸入此郵箱、邀請碼和您自己設定的密碼。邀請碼 {hours} 小時內有效。"),
        ),
    };
    Mail::to(to, subject, body)
}

/// To an address that already has an account (with another merchant): the inviter is not told.
fn already_has_account_mail(to: &str, locale: Locale) -> Mail {
    let (subject, body) = match locale {
        Locale::EnUs => (
            "Your Coffer account",
            "Someone invited this address to a merchant's Coffer console, but it already has a Coffer account, and an address can belong to one merchant only. Ask them to invite another address. If you did not expect this, ignore this mail.",
        ),
        Locale::ZhCn => ("您的 Coffer 账户", "有人邀请此邮箱加入某商户的 Coffer 控制台，但该邮箱已有 Coffer 账户，一个邮箱只能属于一个商户。请让对方邀请其他邮箱。如非预期，请忽略此邮件。"),
        Locale::ZhHk => ("您的 Coffer 賬戶", "有人邀請此郵箱加入某商戶的 Coffer 控制台，但該郵箱已有 Coffer 賬戶，一個郵箱只能屬於一個商戶。請讓對方邀請其他郵箱。如非預期，請忽略此郵件。"),
    };
    Mail::to(to, subject, body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::messages::chinese_spacing_faults;

    #[test]
    fn chinese_invitation_mails_are_spaced_natively() {
        for locale in [Locale::ZhCn, Locale::ZhHk] {
            for mail in [
                invitation_mail("a@b.example", "AB12CD", locale),
                already_has_account_mail("a@b.example", locale),
            ] {
                for text in [&mail.subject, &mail.body] {
                    assert_eq!(chinese_spacing_faults(text), Vec::<String>::new(), "{text}");
                }
            }
        }
    }
}
