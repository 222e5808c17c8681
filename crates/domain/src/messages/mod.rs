//! Every message a caller can read, in the three server languages. Texts quoted by the product
//! spec are kept exactly (English column).

use crate::Locale;

mod texts;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MsgKey {
    Success,
    BadRequest,
    Forbidden,
    NotFound,
    MethodNotAllowed,
    PayloadTooLarge,
    UnsupportedMediaType,
    Internal,
    Unavailable,
    SessionMissing,
    SessionExpired,
    InvalidCredentials,
    InvalidCode,
    AccountUnavailable,
    PasswordMismatch,
    ConfigKeysEmpty,
    EmailEmpty,
    EmailFormatIncorrect,
    PasswordEmpty,
    PasswordFormatError,
    TwoPasswordInconsistent,
    CodeEmpty,
    CodeFormat,
    CodeTypeUnsupported,
    DoNotResend,
    EmailTaken,
    RegistrationPending,
    AccountLocked,
    GoogleNotBound,
    GoogleAlreadyBound,
    GoogleCodeEmpty,
    ForbiddenSelf,
    RoleInUse,
    NoSuchRecord,
    NicknameEmpty,
    RoleNameEmpty,
    RoleNameTaken,
    UnknownMenu,
    TimeZoneRange,
    PageRange,
    InvalidIp,
    IpListed,
    IpLimit,
    RemarkTooLong,
    TokenAdded,
    UnknownChainOrToken,
    PaymentAddressEmpty,
    PaymentAddressNotHotWallet,
    InvalidAmount,
    InvalidCollectSettings,
    ColdAddressLimit,
    ColdAddressInvalid,
    RatioTotal,
    RequestPending,
    HotWalletLimit,
    InvalidStatus,
    InvalidOpenId,
    InvalidAddress,
    // Amounts and withdrawals
    AmountTooLarge,
    PayeeIsOwnAddress,
    StartAfterEnd,
    DepositStatusInvalid,
    // Keys and access (menu 8) and the merchant API.
    ApiKeyNone,
    ClientKeyInvalid,
    ClientKeyPrivate,
    ClientKeySize,
    CallbackUrlInvalid,
    AddressBlacklisted,
    ApiKeyInvalid,
    SignatureInvalid,
    TimestampOutOfWindow,
    NonceReused,
    IpNotAllowed,
    ClientKeyMissing,
    NonceInvalid,
    DatesRequired,
    DateRange,
    NothingToPush,
    TxHashInvalid,
    TxNotFound,
    TxFailed,
    TxPaysNoAddress,
    TxReorganised,
    TokenNotEnabled,
    PayeeBlacklisted,
    MerchantOrderNoInvalid,
    MerchantOrderNoReused,
    NotAwaitingReview,
    SelfApproval,
    ReviewAgainNotAllowed,
    RejectReasonRequired,
    TooManyRows,
    NotOwnHotWallet,
    SecurityCodeTooLong,
    // Permissions and accounts
    GrantBeyondOwn,
    AdminOnlyGrant,
    OwnRoleLocked,
    OutranksCaller,
    ReviewerCoolingOff,
    NameInvisibleCharacters,
    NicknameTooLong,
    RoleNameTooLong,
    NotInvited,
    // Guessable secrets
    GoogleLocked,
    // Callbacks
    CallbackUrlScheme,
    CallbackTargetPrivate,
    CallbackTargetEmbedded,
    CallbackNotLatest,
    CallbackUrlMissing,
    AllowIpUnspecified,
}

impl MsgKey {
    /// The spec's message key where it names one (clients may map on it).
    pub fn key(self) -> &'static str {
        match self {
            MsgKey::Success => "success",
            MsgKey::BadRequest => "bad_request",
            MsgKey::Forbidden => "forbidden",
            MsgKey::NotFound => "not_found",
            MsgKey::MethodNotAllowed => "method_not_allowed",
            MsgKey::PayloadTooLarge => "payload_too_large",
            MsgKey::UnsupportedMediaType => "unsupported_media_type",
            MsgKey::Internal => "internal_error",
            MsgKey::Unavailable => "service_unavailable",
            MsgKey::SessionMissing => "session_missing",
            MsgKey::SessionExpired => "login_expired",
            MsgKey::InvalidCredentials => "invalid_credentials",
            MsgKey::InvalidCode => "invalid_code",
            MsgKey::AccountUnavailable => "account_unavailable",
            MsgKey::PasswordMismatch => "old_password_incorrect",
            MsgKey::ConfigKeysEmpty => "config_keys_empty",
            MsgKey::EmailEmpty => "input_email_address",
            MsgKey::EmailFormatIncorrect => "email_format_incorrect",
            MsgKey::PasswordEmpty => "input_password",
            MsgKey::PasswordFormatError => "password_format_error",
            MsgKey::TwoPasswordInconsistent => "two_password_inconsistent",
            MsgKey::CodeEmpty => "title_input_code",
            MsgKey::CodeFormat => "code_format",
            MsgKey::CodeTypeUnsupported => "code_type_unsupported",
            MsgKey::DoNotResend => "do_not_resend",
            MsgKey::EmailTaken => "email_taken",
            MsgKey::RegistrationPending => "registration_pending",
            MsgKey::AccountLocked => "account_locked",
            MsgKey::GoogleNotBound => "bind_google_first",
            MsgKey::GoogleAlreadyBound => "google_already_bound",
            MsgKey::GoogleCodeEmpty => "input_google_code",
            MsgKey::ForbiddenSelf => "forbidden_self",
            MsgKey::RoleInUse => "role_in_use",
            MsgKey::NoSuchRecord => "no_such_record",
            MsgKey::NicknameEmpty => "nickname_empty",
            MsgKey::RoleNameEmpty => "role_name_empty",
            MsgKey::RoleNameTaken => "role_name_taken",
            MsgKey::UnknownMenu => "unknown_menu",
            MsgKey::TimeZoneRange => "time_zone_range",
            MsgKey::PageRange => "page_range",
            MsgKey::InvalidIp => "invalid_ip",
            MsgKey::IpListed => "ip_listed",
            MsgKey::IpLimit => "ip_limit",
            MsgKey::RemarkTooLong => "remark_too_long",
            MsgKey::TokenAdded => "token_already_added",
            MsgKey::UnknownChainOrToken => "unknown_chain_or_token",
            MsgKey::PaymentAddressEmpty => "payment_address_empty",
            MsgKey::PaymentAddressNotHotWallet => "payment_address_not_hot_wallet",
            MsgKey::InvalidAmount => "invalid_amount",
            MsgKey::InvalidCollectSettings => "invalid_collect_settings",
            MsgKey::ColdAddressLimit => "cold_address_limit",
            MsgKey::ColdAddressInvalid => "address_incorrect_or_duplicate",
            MsgKey::RatioTotal => "ratio_total",
            MsgKey::RequestPending => "request_pending",
            MsgKey::HotWalletLimit => "hot_wallet_limit",
            MsgKey::InvalidStatus => "invalid_status",
            MsgKey::InvalidOpenId => "invalid_open_id",
            MsgKey::InvalidAddress => "invalid_address",
            MsgKey::AmountTooLarge => "amount_too_large",
            MsgKey::PayeeIsOwnAddress => "payee_is_own_address",
            MsgKey::StartAfterEnd => "start_after_end",
            MsgKey::DepositStatusInvalid => "deposit_status_invalid",
            MsgKey::ApiKeyNone => "api_key_none",
            MsgKey::ClientKeyInvalid => "client_key_invalid",
            MsgKey::ClientKeyPrivate => "client_key_private",
            MsgKey::ClientKeySize => "client_key_size",
            MsgKey::CallbackUrlInvalid => "callback_url_invalid",
            MsgKey::AddressBlacklisted => "address_blacklisted",
            MsgKey::ApiKeyInvalid => "api_key_invalid",
            MsgKey::SignatureInvalid => "signature_invalid",
            MsgKey::TimestampOutOfWindow => "timestamp_out_of_window",
            MsgKey::NonceReused => "nonce_reused",
            MsgKey::IpNotAllowed => "ip_not_allowed",
            MsgKey::ClientKeyMissing => "client_key_missing",
            MsgKey::NonceInvalid => "nonce_invalid",
            MsgKey::DatesRequired => "dates_required",
            MsgKey::DateRange => "date_range",
            MsgKey::NothingToPush => "nothing_to_push",
            MsgKey::TxHashInvalid => "tx_hash_invalid",
            MsgKey::TxNotFound => "tx_not_found",
            MsgKey::TxFailed => "tx_failed",
            MsgKey::TxPaysNoAddress => "tx_pays_no_address",
            MsgKey::TxReorganised => "tx_reorganised",
            MsgKey::TokenNotEnabled => "token_not_enabled",
            MsgKey::PayeeBlacklisted => "payee_blacklisted",
            MsgKey::MerchantOrderNoInvalid => "merchant_order_no_invalid",
            MsgKey::MerchantOrderNoReused => "merchant_order_no_reused",
            MsgKey::NotAwaitingReview => "not_awaiting_review",
            MsgKey::SelfApproval => "self_approval",
            MsgKey::ReviewAgainNotAllowed => "review_again_not_allowed",
            MsgKey::RejectReasonRequired => "reject_reason_required",
            MsgKey::TooManyRows => "too_many_rows",
            MsgKey::NotOwnHotWallet => "not_own_hot_wallet",
            MsgKey::SecurityCodeTooLong => "security_code_too_long",
            // Permissions and accounts
            MsgKey::GrantBeyondOwn => "grant_beyond_own",
            MsgKey::AdminOnlyGrant => "admin_only_grant",
            MsgKey::OwnRoleLocked => "own_role_locked",
            MsgKey::OutranksCaller => "outranks_caller",
            MsgKey::ReviewerCoolingOff => "reviewer_cooling_off",
            MsgKey::NameInvisibleCharacters => "name_invisible_characters",
            MsgKey::NicknameTooLong => "nickname_too_long",
            MsgKey::RoleNameTooLong => "role_name_too_long",
            MsgKey::NotInvited => "not_invited",
            // Guessable secrets
            MsgKey::GoogleLocked => "google_locked",
            // Callbacks
            MsgKey::CallbackUrlScheme => "callback_url_scheme",
            MsgKey::CallbackTargetPrivate => "callback_target_private",
            MsgKey::CallbackTargetEmbedded => "callback_target_embedded",
            MsgKey::CallbackNotLatest => "callback_not_latest",
            MsgKey::CallbackUrlMissing => "callback_url_missing",
            MsgKey::AllowIpUnspecified => "allow_ip_unspecified",
        }
    }

    pub fn text(self, locale: Locale) -> &'static str {
        let [en, zh_cn, zh_hk] = self.texts();
        match locale {
            Locale::EnUs => en,
            Locale::ZhCn => zh_cn,
            Locale::ZhHk => zh_hk,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_texts_are_exact() {
        assert_eq!(
            MsgKey::SessionExpired.text(Locale::EnUs),
            "Login authorization expired"
        );
        assert_eq!(MsgKey::DoNotResend.text(Locale::EnUs), "Do Not Resend");
        assert_eq!(MsgKey::EmailFormatIncorrect.key(), "email_format_incorrect");
        assert_eq!(
            MsgKey::PasswordFormatError.text(Locale::EnUs),
            "Password Format Error"
        );
    }

    #[test]
    fn chinese_variants_differ_from_english() {
        for key in [
            MsgKey::Success,
            MsgKey::SessionExpired,
            MsgKey::InvalidCredentials,
        ] {
            assert_ne!(key.text(Locale::ZhCn), key.text(Locale::EnUs));
            assert_ne!(key.text(Locale::ZhHk), key.text(Locale::EnUs));
        }
        assert_ne!(
            MsgKey::SessionExpired.text(Locale::ZhCn),
            MsgKey::SessionExpired.text(Locale::ZhHk)
        );
    }
}
