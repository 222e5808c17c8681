//! One error type for the whole service, with stable numeric codes (docs/api.md lists them).
//! Internal details are kept for the log and never shown to a caller.

use crate::messages::MsgKey;

/// Stable codes of the envelope. A code never changes meaning once released.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(i32)]
pub enum ErrorCode {
    Success = 1,
    BadRequest = 10400,
    Forbidden = 10403,
    NotFound = 10404,
    MethodNotAllowed = 10405,
    PayloadTooLarge = 10413,
    UnsupportedMediaType = 10415,
    InvalidInput = 10422,
    TooManyRequests = 10429,
    Internal = 10500,
    Unavailable = 10503,
    SessionMissing = 10506,
    SessionExpired = 10512,
    InvalidCredentials = 11001,
    InvalidCode = 11002,
    AccountUnavailable = 11003,
    PasswordMismatch = 11004,
    EmailTaken = 11005,
    RegistrationPending = 11006,
    AccountLocked = 11007,
    GoogleNotBound = 11008,
    GoogleAlreadyBound = 11009,
    ForbiddenSelf = 11010,
    RoleInUse = 11011,
    ConfigKeysEmpty = 12001,
    // Merchant API (server to server) refusals: one code per reason, see [`ApiRefusal`].
    ApiKeyInvalid = 13001,
    SignatureInvalid = 13002,
    TimestampOutOfWindow = 13003,
    NonceReused = 13004,
    IpNotAllowed = 13005,
    ClientKeyMissing = 13006,
    NonceInvalid = 13007,
    // Guessable secrets
    GoogleLocked = 11012,
}

impl ErrorCode {
    pub fn value(self) -> i32 {
        self as i32
    }
}

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// The request could not be read: bad JSON, wrong field types. `detail` is the parser's
    /// description (names the field) and is safe to show.
    #[error("bad request: {detail}")]
    BadRequest { detail: String },
    #[error("forbidden")]
    Forbidden,
    #[error("not found")]
    NotFound,
    #[error("method not allowed")]
    MethodNotAllowed,
    #[error("payload too large")]
    PayloadTooLarge,
    #[error("unsupported media type")]
    UnsupportedMediaType,
    /// A field broke a business rule; the key names the rule's message.
    #[error("invalid input: {0:?}")]
    Invalid(MsgKey),
    #[error("too many requests: {0:?}")]
    TooManyRequests(MsgKey),
    #[error("session missing")]
    SessionMissing,
    #[error("session expired")]
    SessionExpired,
    #[error("invalid credentials")]
    InvalidCredentials,
    #[error("invalid code")]
    InvalidCode,
    #[error("account unavailable")]
    AccountUnavailable,
    #[error("old password mismatch")]
    PasswordMismatch,
    #[error("config keys empty")]
    ConfigKeysEmpty,
    #[error("e-mail taken")]
    EmailTaken,
    #[error("registration pending")]
    RegistrationPending,
    #[error("account locked for {retry_after_minutes} more minutes")]
    AccountLocked { retry_after_minutes: i64 },
    #[error("google authenticator not bound")]
    GoogleNotBound,
    #[error("google authenticator already bound")]
    GoogleAlreadyBound,
    #[error("operator would lock themselves out")]
    ForbiddenSelf,
    #[error("role in use or protected")]
    RoleInUse,
    /// A merchant API call was not authenticated.
    #[error("merchant API call refused: {0:?}")]
    MerchantApi(ApiRefusal),
    #[error("dependency unavailable: {0}")]
    Unavailable(String),
    /// Anything unexpected. The text goes to the log only.
    #[error("internal: {0}")]
    Internal(String),
    // Permissions and accounts
    /// The caller may not do this (grant beyond their own permissions, touch their own role):
    /// code 10403 with the rule's message.
    #[error("refused: {0:?}")]
    Refused(MsgKey),
    // Guessable secrets
    /// Too many wrong authenticator codes: every code, even a right one, is refused a while.
    #[error("google authenticator checks paused for {retry_after_minutes} more minutes")]
    GoogleLocked { retry_after_minutes: i64 },
}

impl AppError {
    pub fn internal(err: impl std::fmt::Display) -> Self {
        AppError::Internal(err.to_string())
    }

    pub fn code(&self) -> ErrorCode {
        match self {
            AppError::BadRequest { .. } => ErrorCode::BadRequest,
            AppError::Forbidden => ErrorCode::Forbidden,
            AppError::NotFound => ErrorCode::NotFound,
            AppError::MethodNotAllowed => ErrorCode::MethodNotAllowed,
            AppError::PayloadTooLarge => ErrorCode::PayloadTooLarge,
            AppError::UnsupportedMediaType => ErrorCode::UnsupportedMediaType,
            AppError::Invalid(_) => ErrorCode::InvalidInput,
            AppError::TooManyRequests(_) => ErrorCode::TooManyRequests,
            AppError::SessionMissing => ErrorCode::SessionMissing,
            AppError::SessionExpired => ErrorCode::SessionExpired,
            AppError::InvalidCredentials => ErrorCode::InvalidCredentials,
            AppError::InvalidCode => ErrorCode::InvalidCode,
            AppError::AccountUnavailable => ErrorCode::AccountUnavailable,
            AppError::PasswordMismatch => ErrorCode::PasswordMismatch,
            AppError::ConfigKeysEmpty => ErrorCode::ConfigKeysEmpty,
            AppError::EmailTaken => ErrorCode::EmailTaken,
            AppError::RegistrationPending => ErrorCode::RegistrationPending,
            AppError::AccountLocked { .. } => ErrorCode::AccountLocked,
            AppError::GoogleNotBound => ErrorCode::GoogleNotBound,
            AppError::GoogleAlreadyBound => ErrorCode::GoogleAlreadyBound,
            AppError::ForbiddenSelf => ErrorCode::ForbiddenSelf,
            AppError::RoleInUse => ErrorCode::RoleInUse,
            AppError::MerchantApi(refusal) => refusal.code(),
            AppError::Unavailable(_) => ErrorCode::Unavailable,
            AppError::Internal(_) => ErrorCode::Internal,
            // Permissions and accounts
            AppError::Refused(_) => ErrorCode::Forbidden,
            // Guessable secrets
            AppError::GoogleLocked { .. } => ErrorCode::GoogleLocked,
        }
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
            AppError::Invalid(key) | AppError::TooManyRequests(key) => *key,
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
            // Permissions and accounts
            AppError::Refused(key) => *key,
            // Guessable secrets
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
        matches!(self, AppError::Internal(_) | AppError::Unavailable(_))
    }
}

pub type AppResult<T> = Result<T, AppError>;

/// Why a merchant API call was refused (docs/merchant-api.md). Each reason has its own code.
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
        match self {
            ApiRefusal::ApiKeyInvalid => ErrorCode::ApiKeyInvalid,
            ApiRefusal::SignatureInvalid => ErrorCode::SignatureInvalid,
            ApiRefusal::TimestampOutOfWindow => ErrorCode::TimestampOutOfWindow,
            ApiRefusal::NonceReused => ErrorCode::NonceReused,
            ApiRefusal::IpNotAllowed => ErrorCode::IpNotAllowed,
            ApiRefusal::ClientKeyMissing => ErrorCode::ClientKeyMissing,
            ApiRefusal::NonceInvalid => ErrorCode::NonceInvalid,
        }
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
