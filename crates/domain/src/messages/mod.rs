//! Every message a caller can read, in the three server languages, and the error codes: one
//! table in [`catalogue`] declares both.

use crate::Locale;

mod catalogue;
mod declare;
mod spacing;

pub use catalogue::{ErrorCode, MsgKey};
pub use spacing::chinese_spacing_faults;

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
    fn chinese_texts_are_spaced_natively() {
        let wrong: Vec<String> = MsgKey::ALL
            .iter()
            .flat_map(|key| [Locale::ZhCn, Locale::ZhHk].map(|locale| (key, key.text(locale))))
            .flat_map(|(key, text)| {
                chinese_spacing_faults(text)
                    .into_iter()
                    .map(move |fault| format!("{key:?}: «{fault}» in {text}"))
            })
            .collect();
        assert!(wrong.is_empty(), "{wrong:#?}");
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
