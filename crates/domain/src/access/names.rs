//! Names people read in lists (nicknames, role names): one canonical form, nothing invisible,
//! so no two names look alike yet differ, and no name reorders the text around it.

use unicode_normalization::UnicodeNormalization;
use unicode_security::confusable_detection::skeleton;

use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;

/// Characters of a nickname or a role name, after normalisation.
pub const MAX_NAME_CHARS: usize = 32;

/// Zero-width characters and the bidirectional controls (embeddings, overrides, isolates, marks).
fn invisible(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{200B}'..='\u{200F}'
                | '\u{2028}'..='\u{202E}'
                | '\u{2060}'..='\u{2069}'
                | '\u{061C}'
                | '\u{FEFF}'
        )
}

/// NFKC form, trimmed; refused when empty, too long or holding an invisible character.
fn name(raw: &str, empty: MsgKey, too_long: MsgKey) -> AppResult<String> {
    let normalised: String = raw.nfkc().collect();
    if normalised.chars().any(invisible) {
        return Err(AppError::Invalid(MsgKey::NameInvisibleCharacters));
    }
    let trimmed = normalised.trim();
    if trimmed.is_empty() {
        return Err(AppError::Invalid(empty));
    }
    if trimmed.chars().count() > MAX_NAME_CHARS {
        return Err(AppError::Invalid(too_long));
    }
    Ok(trimmed.to_string())
}

pub fn nickname(raw: &str) -> AppResult<String> {
    name(raw, MsgKey::NicknameEmpty, MsgKey::NicknameTooLong)
}

pub fn role_name(raw: &str) -> AppResult<String> {
    name(raw, MsgKey::RoleNameEmpty, MsgKey::RoleNameTooLong)
}

/// What a name looks like, whatever its case: the confusables skeleton (Unicode TR39) of its
/// lower case and of its upper case, each lowered. Both, because capitals and small letters
/// have look-alikes of their own ('ADMlN' passes for 'ADMIN', 'adrnin' for 'admin').
fn looks(name: &str) -> [String; 2] {
    let seen = |cased: String| skeleton(&cased).collect::<String>().to_lowercase();
    [seen(name.to_lowercase()), seen(name.to_uppercase())]
}

/// Two names a reader could take for each other (a Cyrillic 'А' for a Latin 'A', 'rn' for
/// 'm', a capital 'I' for a small 'l'), case aside.
pub fn look_alike(a: &str, b: &str) -> bool {
    let (a, b) = (looks(a), looks(b));
    a.iter().any(|x| b.contains(x))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(r: AppResult<String>) -> MsgKey {
        match r {
            Err(AppError::Invalid(key)) => key,
            other => panic!("expected a refusal, got {other:?}"),
        }
    }

    #[test]
    fn names_are_nfkc_and_trimmed() {
        assert_eq!(nickname("  Ａｌｉｃｅ ").unwrap(), "Alice");
        assert_eq!(role_name("ﬁnance").unwrap(), "finance");
        assert_eq!(nickname(&"é".repeat(32)).unwrap().chars().count(), 32);
    }

    #[test]
    fn invisible_empty_and_long_names_are_refused() {
        for bad in [
            "ad\u{200B}min",
            "a\u{202E}b",
            "\u{FEFF}x",
            "a\u{2060}",
            "a\tb",
            "x\u{200D}",
        ] {
            assert_eq!(refusal(nickname(bad)), MsgKey::NameInvisibleCharacters, "{bad:?}");
        }
        assert_eq!(refusal(nickname("   ")), MsgKey::NicknameEmpty);
        assert_eq!(refusal(role_name("")), MsgKey::RoleNameEmpty);
        assert_eq!(refusal(nickname(&"a".repeat(33))), MsgKey::NicknameTooLong);
        assert_eq!(refusal(role_name(&"r".repeat(33))), MsgKey::RoleNameTooLong);
    }

    #[test]
    fn look_alikes_are_found_whatever_the_script_or_case() {
        for twin in [
            "\u{0410}dmin",
            "ADMIN",
            "adrnin",
            "ADMlN",
            "\u{0430}\u{0501}min",
            "Ａdmin",
        ] {
            assert!(look_alike(twin, "admin"), "{twin:?}");
        }
        assert!(look_alike("Finance", "finance"));
        assert!(look_alike("Fin\u{0430}nce", "FINANCE"));
        for other in ["admins", "auditor", "Finance 2", "账务"] {
            assert!(!look_alike(other, "admin"), "{other:?}");
        }
        assert!(!look_alike("财务", "账务"));
    }
}
