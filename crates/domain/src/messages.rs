//! Every message a caller can read, in the three server languages. Texts quoted by the product
//! spec are kept exactly (English column).

use crate::Locale;

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

    fn texts(self) -> [&'static str; 3] {
        match self {
            MsgKey::Success => ["Success", "成功", "成功"],
            MsgKey::BadRequest => ["Malformed request", "请求格式错误", "請求格式錯誤"],
            MsgKey::Forbidden => [
                "You do not have permission for this action",
                "您没有执行此操作的权限",
                "您沒有執行此操作的權限",
            ],
            MsgKey::NotFound => ["No such API path", "接口路径不存在", "接口路徑不存在"],
            MsgKey::MethodNotAllowed => [
                "This path does not accept that HTTP method",
                "此路径不支持该请求方法",
                "此路徑不支持該請求方法",
            ],
            MsgKey::PayloadTooLarge => ["Request body too large", "请求体过大", "請求體過大"],
            MsgKey::UnsupportedMediaType => [
                "Send the body as JSON with content-type application/json",
                "请以 JSON 格式发送请求体（content-type: application/json）",
                "請以 JSON 格式發送請求體（content-type: application/json）",
            ],
            MsgKey::Internal => [
                "Something went wrong on our side; please try again",
                "服务器内部错误，请稍后重试",
                "伺服器內部錯誤，請稍後重試",
            ],
            MsgKey::Unavailable => [
                "Service temporarily unavailable; please try again",
                "服务暂时不可用，请稍后重试",
                "服務暫時不可用，請稍後重試",
            ],
            MsgKey::SessionMissing => ["Please sign in", "请先登录", "請先登錄"],
            MsgKey::SessionExpired => ["Login authorization expired", "登录授权已过期", "登錄授權已過期"],
            MsgKey::InvalidCredentials => {
                ["Incorrect e-mail or password", "邮箱或密码错误", "郵箱或密碼錯誤"]
            }
            MsgKey::InvalidCode => [
                "Verification code is incorrect or has expired",
                "验证码错误或已过期",
                "驗證碼錯誤或已過期",
            ],
            MsgKey::AccountUnavailable => [
                "This account is not active; please contact support",
                "该账户未启用，请联系客服",
                "該賬戶未啟用，請聯繫客服",
            ],
            MsgKey::PasswordMismatch => ["The current password is incorrect", "原密码错误", "原密碼錯誤"],
            MsgKey::ConfigKeysEmpty => [
                "At least one configuration key is required",
                "至少需要一个配置键",
                "至少需要一個配置鍵",
            ],
            MsgKey::EmailEmpty => ["Email address is empty", "邮箱地址为空", "郵箱地址為空"],
            MsgKey::EmailFormatIncorrect => ["Email Format Incorrect", "邮箱格式不正确", "郵箱格式不正確"],
            MsgKey::PasswordEmpty => ["Password cannot be empty", "密码不能为空", "密碼不能為空"],
            MsgKey::PasswordFormatError => ["Password Format Error", "密码格式错误", "密碼格式錯誤"],
            MsgKey::TwoPasswordInconsistent => [
                "The two passwords are inconsistent",
                "两次输入的密码不一致",
                "兩次輸入的密碼不一致",
            ],
            MsgKey::CodeEmpty => [
                "Verification code cannot be empty",
                "验证码不能为空",
                "驗證碼不能為空",
            ],
            MsgKey::CodeFormat => ["Must be a 6-digit number", "必须是6位数字", "必須是6位數字"],
            MsgKey::CodeTypeUnsupported => [
                "This verification type is not available",
                "暂不支持该验证类型",
                "暫不支持該驗證類型",
            ],
            MsgKey::DoNotResend => ["Do Not Resend", "请勿重复发送", "請勿重複發送"],
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
