//! Password reset by e-mail code, in two steps: step 1 checks the code without using it up and
//! answers a proof; step 2 sets the password with that proof (or, as before, with the code).
//!
//! The proof is `r1.<code id>.<expiry, unix seconds>.<mac>`, the mac an HMAC under a key
//! derived from the master key over the e-mail, the code's row and the expiry. It holds no
//! code and needs no storage: it is bound to the e-mail and to the newest code, and it works
//! once because step 2 uses the code up (a newer code makes it void too).

use chrono::{DateTime, Utc};

use crate::auth::AuthService;
use crate::error::{AppError, AppResult};
use crate::identity::{self, CodePurpose, Email};
use crate::messages::MsgKey;
use crate::ports::CodeRecord;

const PROOF_VERSION: &str = "r1";
/// Longer than any proof the server issues; a longer one is refused unread.
const MAX_PROOF_LEN: usize = 128;

/// What step 2 carries to show the mailed code is the caller's.
pub enum ResetProof<'a> {
    /// The code itself (the one-call contract: checked and used up here).
    Code(&'a str),
    /// The proof step 1 answered.
    Token(&'a str),
}

/// A proof whose code, if any, is well formed.
enum CheckedProof<'a> {
    Code(String),
    Token(&'a str),
}

/// What step 2 submits.
pub struct PasswordReset<'a> {
    pub email: &'a str,
    pub proof: ResetProof<'a>,
    pub password: &'a str,
    pub password_verify: &'a str,
}

/// Step 1's answer: the proof and until when it works.
pub struct ResetToken {
    pub token: String,
    pub expires_at: DateTime<Utc>,
}

impl AuthService {
    /// Step 1: checks the reset code (type 8) without using it up. A wrong code counts toward
    /// the code's attempt limit exactly as at step 2. The proof lives as long as a code does.
    pub async fn verify_reset_code(&self, email: &str, code: &str) -> AppResult<ResetToken> {
        let email = Email::parse(email)?;
        let code = identity::normalize_code(code)?;
        let record = self.check_code(&email, CodePurpose::ResetPassword, &code).await?;
        let expires_at = self.ports.clock.now() + self.settings.code_ttl;
        let expires = expires_at.timestamp();
        let mac = self.sealer.proof_mac(&proof_message(&email, &record, expires));
        Ok(ResetToken {
            token: format!("{PROOF_VERSION}.{}.{expires}.{mac}", record.id),
            expires_at,
        })
    }

    /// Step 2: sets the new password; ends every session and any sign-in lock.
    pub async fn reset_password(&self, form: PasswordReset<'_>) -> AppResult<()> {
        let email = Email::parse(form.email)?;
        // The code's format is checked first, as before the proof existed.
        let proof = match form.proof {
            ResetProof::Code(code) => CheckedProof::Code(identity::normalize_code(code)?),
            ResetProof::Token(token) => CheckedProof::Token(token),
        };
        identity::check_password_policy(form.password)?;
        if form.password != form.password_verify {
            return Err(AppError::Invalid(MsgKey::TwoPasswordInconsistent));
        }
        match proof {
            CheckedProof::Code(code) => {
                self.redeem_code(&email, CodePurpose::ResetPassword, &code)
                    .await?
            }
            CheckedProof::Token(token) => self.redeem_reset_proof(&email, token).await?,
        }
        // A code is only mailed to registered addresses, so a redeemed one has its account.
        let user = self
            .ports
            .users
            .find_by_email(&email)
            .await?
            .ok_or(AppError::InvalidCode)?;
        self.ports
            .users
            .set_password_hash(user.id, &identity::hash_password(form.password)?)
            .await?;
        self.ports
            .users
            .save_login_failures(user.id, Default::default())
            .await?;
        // the sign-in lock lives in the attempt counters.
        self.ports
            .attempts
            .clear_attempts(&crate::guessing::password_subject(&email))
            .await?;
        self.ports.sessions.delete_user_sessions(user.id).await?;
        tracing::info!(user_id = user.id, "password reset by e-mail code; sessions ended");
        Ok(())
    }

    /// Accepts a proof of step 1 for this e-mail once: it must be unexpired, name the newest
    /// reset code, carry the right mac, and that code must still be unused (then it is used).
    async fn redeem_reset_proof(&self, email: &Email, token: &str) -> AppResult<()> {
        let refused = || AppError::Invalid(MsgKey::ResetProofInvalid);
        let (code_id, expires, mac) = parse_proof(token).ok_or_else(refused)?;
        if expires <= self.ports.clock.now().timestamp() {
            return Err(refused());
        }
        let record = self
            .ports
            .codes
            .latest_code(email, CodePurpose::ResetPassword)
            .await?
            .ok_or_else(refused)?;
        if record.id != code_id || record.consumed {
            return Err(refused());
        }
        let expected = self.sealer.proof_mac(&proof_message(email, &record, expires));
        if !identity::constant_time_eq(&expected, mac) {
            return Err(refused());
        }
        if !self.ports.codes.consume_code(record.id).await? {
            return Err(refused());
        }
        Ok(())
    }
}

fn proof_message(email: &Email, code: &CodeRecord, expires: i64) -> Vec<u8> {
    format!(
        "reset-password\n{}\n{}\n{}\n{expires}",
        email.as_str(),
        code.id,
        code.code_digest
    )
    .into_bytes()
}

/// The code id, expiry and mac of a proof, or None when it is not one.
fn parse_proof(token: &str) -> Option<(i64, i64, &str)> {
    if token.len() > MAX_PROOF_LEN {
        return None;
    }
    let mut parts = token.trim().split('.');
    let (version, id, expires, mac) = (parts.next()?, parts.next()?, parts.next()?, parts.next()?);
    if version != PROOF_VERSION || parts.next().is_some() {
        return None;
    }
    Some((id.parse().ok()?, expires.parse().ok()?, mac))
}

#[cfg(test)]
mod tests {
    use super::parse_proof;

    #[test]
    fn only_well_formed_proofs_parse() {
        assert_eq!(
            parse_proof("r1.7.1700000000.ab12"),
            Some((7, 1_700_000_000, "ab12"))
        );
        assert_eq!(parse_proof("r2.7.1700000000.ab12"), None, "another version");
        assert_eq!(parse_proof("r1.7.1700000000"), None, "no mac");
        assert_eq!(parse_proof("r1.7.1700000000.ab.cd"), None, "extra part");
        assert_eq!(parse_proof("r1.x.1700000000.ab"), None, "id not a number");
        assert_eq!(
            parse_proof(&format!("r1.7.1.{}", "a".repeat(200))),
            None,
            "too long"
        );
    }
}
