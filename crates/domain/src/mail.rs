//! Outgoing mail. The service only composes; a [`Mailer`] delivers (SMTP or the outbox).

use crate::identity::CodePurpose;
use crate::Locale;

#[derive(Debug, Clone)]
pub struct Mail {
    pub to: String,
    pub subject: String,
    pub body: String,
}

impl Mail {
    pub fn to(to: &str, subject: impl Into<String>, body: impl Into<String>) -> Mail {
        Mail {
            to: to.to_string(),
            subject: subject.into(),
            body: body.into(),
        }
    }
}

#[async_trait::async_trait]
pub trait Mailer: Send + Sync {
    async fn send(&self, mail: Mail) -> Result<(), String>;
}

/// The verification-code mail in the recipient's language.
pub fn code_mail(to: &str, code: &str, purpose: CodePurpose, ttl_minutes: i64, locale: Locale) -> Mail {
    let (subject, body) = match (locale, purpose) {
        (Locale::EnUs, CodePurpose::Login) => (
            "Your Coffer sign-in code".to_string(),
            format!("Your sign-in verification code is {code}. It expires in {ttl_minutes} minutes. If you did not try to sign in, change your password."),
        ),
        (Locale::EnUs, _) => (
            "Your Coffer verification code".to_string(),
            format!("Your verification code is {code}. It expires in {ttl_minutes} minutes."),
        ),
        (Locale::ZhCn, CodePurpose::Login) => (
            "Coffer 登录验证码".to_string(),
            format!("您的登录验证码是 {code}，{ttl_minutes} 分钟内有效。如非本人操作，请立即修改密码。"),
        ),
        (Locale::ZhCn, _) => (
            "Coffer 验证码".to_string(),
            format!("您的验证码是 {code}，{ttl_minutes} 分钟内有效。"),
        ),
        (Locale::ZhHk, CodePurpose::Login) => (
            "Coffer 登錄驗證碼".to_string(),
            format!("您的登錄驗證碼是 {code}，{ttl_minutes} 分鐘內有效。如非本人操作，請立即修改密碼。"),
        ),
        (Locale::ZhHk, _) => (
            "Coffer 驗證碼".to_string(),
            format!("您的驗證碼是 {code}，{ttl_minutes} 分鐘內有效。"),
        ),
    };
    Mail::to(to, subject, body)
}

/// The answer to a registration code request for an address that already has an account.
pub fn already_registered_mail(to: &str, locale: Locale) -> Mail {
    let (subject, body) = match locale {
        Locale::EnUs => (
            "Your Coffer account",
            "Someone asked to register this address with Coffer, but it already has an account. Sign in, or reset your password if you forgot it. If it was not you, ignore this mail.",
        ),
        Locale::ZhCn => ("您的 Coffer 账户", "有人申请用此邮箱注册 Coffer，但该邮箱已有账户。请直接登录，忘记密码可重置。如非本人操作，请忽略此邮件。"),
        Locale::ZhHk => ("您的 Coffer 賬戶", "有人申請用此郵箱註冊 Coffer，但該郵箱已有賬戶。請直接登錄，忘記密碼可重置。如非本人操作，請忽略此郵件。"),
    };
    Mail::to(to, subject, body)
}

/// The low-balance notice to one of the merchant's admins. A background round has no reader's
/// language, so one mail carries the three (en, zh-CN, zh-HK); `asset` is the points' symbol
/// (USDT, TRX), the amounts exact decimal points.
pub fn low_balance_mail(to: &str, asset: &str, available: &str, threshold: &str) -> Mail {
    let subject = format!("Coffer: {asset} points low / {asset} 点数不足 / {asset} 點數不足");
    let body = [
        format!("Your {asset} points are below {threshold}: {available} available. Fees are paid from them; recharge in the console's Points list before work waits for points."),
        format!("您的 {asset} 点数低于 {threshold}，当前可用 {available}。手续费从点数扣除，请在控制台的点数列表中充值，以免业务因点数不足而等待。"),
        format!("您的 {asset} 點數低於 {threshold}，當前可用 {available}。手續費從點數扣除，請在控制台的點數列表中充值，以免業務因點數不足而等待。"),
    ]
    .join("\n\n");
    Mail::to(to, subject, body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::messages::chinese_spacing_faults;

    #[test]
    fn chinese_mails_are_spaced_natively() {
        for locale in [Locale::ZhCn, Locale::ZhHk] {
            let mails = [
                code_mail("a@b.example", "123456", CodePurpose::Login, 10, locale),
                code_mail("a@b.example", "123456", CodePurpose::Register, 10, locale),
                already_registered_mail("a@b.example", locale),
                low_balance_mail("a@b.example", "USDT", "9.5", "10"),
            ];
            for mail in mails {
                for text in [&mail.subject, &mail.body] {
                    assert_eq!(chinese_spacing_faults(text), Vec::<String>::new(), "{text}");
                }
            }
        }
    }
}
