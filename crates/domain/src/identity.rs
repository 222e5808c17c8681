//! Who a user is: e-mail and password rules, password hashing, session tokens and one-time codes.

use argon2::password_hash::{rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use base64::Engine;
use rand::Rng;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;

/// A syntactically valid e-mail address, lower-cased so that one mailbox is one account.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Email(String);

impl Email {
    /// The spec's format: letters, digits, dot, underscore or hyphen, then @, then a domain
    /// whose top-level part has at least 2 letters.
    pub fn parse(raw: &str) -> AppResult<Email> {
        let raw = raw.trim();
        if raw.is_empty() {
            return Err(AppError::Invalid(MsgKey::EmailEmpty));
        }
        if raw.len() > 254 || !is_valid_email(raw) {
            return Err(AppError::Invalid(MsgKey::EmailFormatIncorrect));
        }
        Ok(Email(raw.to_ascii_lowercase()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

fn is_valid_email(s: &str) -> bool {
    let Some((local, domain)) = s.split_once('@') else {
        return false;
    };
    let local_ok = !local.is_empty()
        && local
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'));
    let labels: Vec<&str> = domain.split('.').collect();
    let domain_ok = labels.len() >= 2
        && labels
            .iter()
            .all(|l| !l.is_empty() && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'));
    let tld = labels.last().copied().unwrap_or_default();
    local_ok && domain_ok && tld.len() >= 2 && tld.chars().all(|c| c.is_ascii_alphabetic())
}

/// At least 8 characters with an uppercase letter, a lowercase letter and a digit.
pub fn check_password_policy(password: &str) -> AppResult<()> {
    if password.is_empty() {
        return Err(AppError::Invalid(MsgKey::PasswordEmpty));
    }
    let long_enough = password.chars().count() >= 8;
    let upper = password.chars().any(|c| c.is_ascii_uppercase());
    let lower = password.chars().any(|c| c.is_ascii_lowercase());
    let digit = password.chars().any(|c| c.is_ascii_digit());
    // Hashing cost grows with length; a cap also stops abuse of the hasher.
    let bounded = password.len() <= 128;
    if long_enough && upper && lower && digit && bounded {
        Ok(())
    } else {
        Err(AppError::Invalid(MsgKey::PasswordFormatError))
    }
}

pub fn hash_password(password: &str) -> AppResult<String> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(AppError::internal)
}

/// Constant-time verification (argon2 compares digests in constant time).
pub fn verify_password(password: &str, phc_hash: &str) -> bool {
    match PasswordHash::new(phc_hash) {
        Ok(parsed) => Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok(),
        Err(_) => false,
    }
}

/// A hash to verify against when the account does not exist, so that an unknown e-mail costs
/// the same time as a wrong password (no account discovery by timing).
pub fn dummy_password_hash() -> &'static str {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DUMMY.get_or_init(|| hash_password("Dummy-password-0").expect("hashing a constant"))
}

/// A fresh session token (256 bits, URL-safe). Only its hash is stored.
pub fn new_session_token() -> String {
    let bytes: [u8; 32] = rand::thread_rng().gen();
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// How a token or code is kept at rest: a lookup key that does not reveal the secret.
pub fn secret_digest(secret: &str) -> String {
    hex::encode(Sha256::digest(secret.as_bytes()))
}

pub fn constant_time_eq(a: &str, b: &str) -> bool {
    a.as_bytes().ct_eq(b.as_bytes()).into()
}

/// Six random digits.
pub fn new_verification_code() -> String {
    format!("{:06}", rand::thread_rng().gen_range(0..1_000_000))
}

/// Trims a submitted code and checks it is 6 digits.
pub fn normalize_code(raw: &str) -> AppResult<String> {
    let code = raw.trim();
    if code.is_empty() {
        return Err(AppError::Invalid(MsgKey::CodeEmpty));
    }
    if code.len() != 6 || !code.chars().all(|c| c.is_ascii_digit()) {
        return Err(AppError::Invalid(MsgKey::CodeFormat));
    }
    Ok(code.to_string())
}

/// Purposes of an e-mail code (spec section 7: type 1 register, 2 login, 8 reset).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodePurpose {
    Register = 1,
    Login = 2,
    ResetPassword = 8,
    /// an invited sub-account sets its password.
    AcceptInvite = 9,
}

impl CodePurpose {
    pub fn from_type(t: i64) -> Option<CodePurpose> {
        match t {
            1 => Some(CodePurpose::Register),
            2 => Some(CodePurpose::Login),
            8 => Some(CodePurpose::ResetPassword),
            9 => Some(CodePurpose::AcceptInvite),
            _ => None,
        }
    }

    pub fn as_i32(self) -> i32 {
        self as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn invalid_key(r: AppResult<impl std::fmt::Debug>) -> MsgKey {
        match r {
            Err(AppError::Invalid(k)) => k,
            other => panic!("expected a rule error, got {other:?}"),
        }
    }

    #[test]
    fn email_format_follows_the_spec() {
        assert_eq!(
            Email::parse(" Demo.User_1-x@Example.COM ").unwrap().as_str(),
            "demo.user_1-x@example.com"
        );
        assert!(Email::parse("a@b.co").is_ok());
        assert_eq!(invalid_key(Email::parse("")), MsgKey::EmailEmpty);
        for bad in [
            "plain",
            "a@b",
            "a@b.c",
            "a+b@c.com",
            "a@b.c0m1",
            "@b.com",
            "a@.com",
            "a b@c.com",
        ] {
            assert_eq!(
                invalid_key(Email::parse(bad)),
                MsgKey::EmailFormatIncorrect,
                "{bad}"
            );
        }
    }

    #[test]
    fn password_policy_needs_length_upper_lower_digit() {
        assert!(check_password_policy("Abcdefg1").is_ok());
        for bad in ["Abcdef1", "abcdefg1", "ABCDEFG1", "Abcdefgh"] {
            assert_eq!(
                invalid_key(check_password_policy(bad)),
                MsgKey::PasswordFormatError,
                "{bad}"
            );
        }
        assert_eq!(invalid_key(check_password_policy("")), MsgKey::PasswordEmpty);
    }

    #[test]
    fn hashes_verify_only_the_right_password() {
        let hash = hash_password("Correct-Horse-1").unwrap();
        assert!(hash.starts_with("$argon2id$"));
        assert!(verify_password("Correct-Horse-1", &hash));
        assert!(!verify_password("Correct-Horse-2", &hash));
        assert!(!verify_password("Correct-Horse-1", "not a hash"));
    }

    #[test]
    fn codes_are_six_digits_and_trimmed() {
        let code = new_verification_code();
        assert_eq!(code.len(), 6);
        assert_eq!(normalize_code(" 012345 ").unwrap(), "012345");
        assert_eq!(invalid_key(normalize_code("12345")), MsgKey::CodeFormat);
        assert_eq!(invalid_key(normalize_code("12a456")), MsgKey::CodeFormat);
        assert_eq!(invalid_key(normalize_code("  ")), MsgKey::CodeEmpty);
    }

    #[test]
    fn tokens_are_unique_and_stored_as_digests() {
        let (a, b) = (new_session_token(), new_session_token());
        assert_ne!(a, b);
        assert_eq!(a.len(), 43);
        assert_ne!(secret_digest(&a), a);
        assert_eq!(secret_digest(&a), secret_digest(&a));
    }
}
