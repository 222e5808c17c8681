//! Every message a caller can read, in the three server languages, and the error codes: one
//! table in [`catalogue`] declares both.

use crate::Locale;

mod catalogue;
mod declare;

pub use catalogue::{ErrorCode, MsgKey};

impl MsgKey {
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
