//! One error type for the whole service. Codes and messages are declared once, in
//! [`crate::messages`]'s catalogue (docs/api.md lists every code); an error only names its
//! message, and the message decides the code. Internal details are kept for the log and never
//! shown to a caller.

mod fault;
#[cfg(test)]
mod tests;

pub use crate::messages::ErrorCode;
use crate::messages::MsgKey;
pub use fault::{recognise_unavailable, BoxError, Fault, UnavailableTest};

/// How a caller should take a code, and how the server logs it. Every answer is HTTP 200 with
/// the envelope; the class is the HTTP-facing meaning.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorClass {
    /// Code 1.
    Success,
    /// The call itself is wrong (path, method, body): fix the client.
    Request,
    /// Who calls is not established: sign in, or sign the merchant call right.
    Auth,
    /// A rule refused the call and nothing was done; `msg` says why.
    Refusal,
    /// Refused for now: the same call may pass after a while (`msg` may say when).
    Retry,
    /// A fault on the server's side or a dependency away: logged at error level; retry.
    Fault,
}

impl ErrorCode {
    pub fn value(self) -> i32 {
        self as i32
    }

    /// The code's name in docs/api.md and the OpenAPI document: the variant in snake case.
    pub fn name(self) -> String {
        let mut name = String::new();
        for (i, c) in format!("{self:?}").char_indices() {
            if c.is_ascii_uppercase() && i > 0 {
                name.push('_');
            }
            name.push(c.to_ascii_lowercase());
        }
        name
    }

    /// Every code, in the catalogue's order.
    pub fn all() -> impl Iterator<Item = ErrorCode> {
        MsgKey::ALL.iter().filter_map(|key| key.own_code())
    }
}

#[derive(Debug)]
pub enum AppError {
    /// The request could not be read: bad JSON, wrong field types. `detail` is the parser's
    /// description (names the field) and is safe to show.
    BadRequest {
        detail: String,
    },
    Forbidden,
    NotFound,
    MethodNotAllowed,
    PayloadTooLarge,
    UnsupportedMediaType,
    /// A business rule refused the call; the key names the rule's message, and the catalogue
    /// its code (10422 unless the message has its own).
    Invalid(MsgKey),
    TooManyRequests(MsgKey),
    SessionMissing,
    SessionExpired,
    InvalidCredentials,
    InvalidCode,
    AccountUnavailable,
    PasswordMismatch,
    ConfigKeysEmpty,
    EmailTaken,
    RegistrationPending,
    AccountLocked {
        retry_after_minutes: i64,
    },
    GoogleNotBound,
    GoogleAlreadyBound,
    ForbiddenSelf,
    RoleInUse,
    /// A merchant API call was not authenticated.
    MerchantApi(ApiRefusal),
    /// A dependency (the database, a chain node) is away; the text, with its causes, is logged.
    Unavailable(String),
    /// Anything unexpected. The source goes to the log only.
    Internal(Fault),
    /// The caller may not do this (grant beyond their own permissions, touch their own role):
    /// code 10403 with the rule's message.
    Refused(MsgKey),
    /// Too many wrong authenticator codes: every code, even a right one, is refused a while.
    GoogleLocked {
        retry_after_minutes: i64,
    },
}

impl AppError {
    /// An unexpected fault: an error (kept with its causes for the log) or a description.
    pub fn internal(source: impl Into<BoxError>) -> Self {
        AppError::Internal(Fault::new(source.into()))
    }

    pub fn code(&self) -> ErrorCode {
        let carrier = match self {
            AppError::Refused(_) => ErrorCode::Forbidden,
            AppError::TooManyRequests(_) => ErrorCode::TooManyRequests,
            _ => ErrorCode::InvalidInput,
        };
        self.msg_key().own_code().unwrap_or(carrier)
    }

    /// The message key a caller sees for this error.
    pub fn msg_key(&self) -> MsgKey {
        match self {
            AppError::BadRequest { .. } => MsgKey::BadRequest,
            AppError::Forbidden => MsgKey::Forbidden,
            AppError::NotFound => MsgKey::NotFound,
            AppError::MethodNotAllowed => MsgKey::MethodNotAllowed,
            AppError::PayloadTooLarge => MsgKey::PayloadTooLarge,
            AppError::UnsupportedMediaType => MsgKey::UnsupportedMediaType,
            AppError::Invalid(key) | AppError::TooManyRequests(key) | AppError::Refused(key) => *key,
            AppError::SessionMissing => MsgKey::SessionMissing,
            AppError::SessionExpired => MsgKey::SessionExpired,
            AppError::InvalidCredentials => MsgKey::InvalidCredentials,
            AppError::InvalidCode => MsgKey::InvalidCode,
            AppError::AccountUnavailable => MsgKey::AccountUnavailable,
            AppError::PasswordMismatch => MsgKey::PasswordMismatch,
            AppError::ConfigKeysEmpty => MsgKey::ConfigKeysEmpty,
            AppError::EmailTaken => MsgKey::EmailTaken,
            AppError::RegistrationPending => MsgKey::RegistrationPending,
            AppError::AccountLocked { .. } => MsgKey::AccountLocked,
            AppError::GoogleNotBound => MsgKey::GoogleNotBound,
            AppError::GoogleAlreadyBound => MsgKey::GoogleAlreadyBound,
            AppError::ForbiddenSelf => MsgKey::ForbiddenSelf,
            AppError::RoleInUse => MsgKey::RoleInUse,
            AppError::MerchantApi(refusal) => refusal.msg_key(),
            AppError::Unavailable(_) => MsgKey::Unavailable,
            AppError::Internal(_) => MsgKey::Internal,
            AppError::GoogleLocked { .. } => MsgKey::GoogleLocked,
        }
    }

    /// Detail that may be appended to the localized message (parser output, retry time).
    pub fn public_detail(&self) -> Option<String> {
        match self {
            AppError::BadRequest { detail } => Some(detail.clone()),
            AppError::AccountLocked { retry_after_minutes }
            | AppError::GoogleLocked { retry_after_minutes } => Some(format!("{retry_after_minutes} min")),
            _ => None,
        }
    }

    /// Faults the operator must see in the log at error level.
    pub fn is_server_fault(&self) -> bool {
        self.code().class() == ErrorClass::Fault
    }
}

/// For the log: the code's name, then what only the log may see (the causes of a fault, the
/// parser's detail, the rule's message key).
impl std::fmt::Display for AppError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.code().name())?;
        match self {
            AppError::Internal(fault) => write!(f, ": {fault}"),
            AppError::Unavailable(cause) => write!(f, ": {cause}"),
            AppError::BadRequest { detail } => write!(f, ": {detail}"),
            AppError::Invalid(key) | AppError::TooManyRequests(key) | AppError::Refused(key) => {
                write!(f, ": {}", key.key())
            }
            AppError::AccountLocked { retry_after_minutes }
            | AppError::GoogleLocked { retry_after_minutes } => {
                write!(f, " for {retry_after_minutes} more minutes")
            }
            _ => Ok(()),
        }
    }
}

pub type AppResult<T> = Result<T, AppError>;

/// Why a merchant API call was refused (docs/merchant-api.md). Each reason has its own code
/// (the catalogue's 13xxx rows).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ApiRefusal {
    /// `X-Api-Key` missing, or not the merchant's current key.
    ApiKeyInvalid,
    /// `X-Signature` missing, not base64, or not a signature of this request by the merchant's key.
    SignatureInvalid,
    /// `X-Timestamp` missing, not milliseconds, or too far from the server's clock.
    TimestampOutOfWindow,
    /// `X-Nonce` already used by this merchant within the replay window.
    NonceReused,
    /// The caller's address is on neither allow-list.
    IpNotAllowed,
    /// The merchant has not uploaded an RSA public key, so nothing can be verified.
    ClientKeyMissing,
    /// `X-Nonce` missing or not 16 to 64 of `A-Z a-z 0-9 - _`.
    NonceInvalid,
}

impl ApiRefusal {
    pub fn code(self) -> ErrorCode {
        AppError::MerchantApi(self).code()
    }

    pub fn msg_key(self) -> MsgKey {
        match self {
            ApiRefusal::ApiKeyInvalid => MsgKey::ApiKeyInvalid,
            ApiRefusal::SignatureInvalid => MsgKey::SignatureInvalid,
            ApiRefusal::TimestampOutOfWindow => MsgKey::TimestampOutOfWindow,
            ApiRefusal::NonceReused => MsgKey::NonceReused,
            ApiRefusal::IpNotAllowed => MsgKey::IpNotAllowed,
            ApiRefusal::ClientKeyMissing => MsgKey::ClientKeyMissing,
            ApiRefusal::NonceInvalid => MsgKey::NonceInvalid,
        }
    }
}
