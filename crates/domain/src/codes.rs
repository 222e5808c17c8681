//! Codes stored and sent as integers (statuses, sources, actions): typed in the code, the same
//! integers in the database and on the wire. Each enum is declared once with its values by
//! [`stored_codes!`]; the store maps its columns to them and the api writes `.code()`.

/// An enum stored and sent as an integer.
pub trait StoredCode: Copy + Send + Sync + 'static {
    fn code(self) -> i32;
    /// None for an integer the enum does not name.
    fn from_code(code: i32) -> Option<Self>;
}

/// Declares enums of integer codes, each value once, and their [`StoredCode`].
#[macro_export]
macro_rules! stored_codes {
    ($(
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $($(#[$variant_meta:meta])* $variant:ident = $value:literal,)+
        }
    )+) => {$(
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        $vis enum $name {
            $($(#[$variant_meta])* $variant = $value,)+
        }

        impl $crate::codes::StoredCode for $name {
            fn code(self) -> i32 {
                self as i32
            }
            fn from_code(code: i32) -> Option<Self> {
                match code {
                    $($value => Some(Self::$variant),)+
                    _ => None,
                }
            }
        }
    )+};
}

/// Whether a state machine's table of allowed changes (from, to) holds `from` -> `to`.
pub fn allowed<S: PartialEq>(table: &[(S, S)], from: S, to: S) -> bool {
    table.iter().any(|(f, t)| *f == from && *t == to)
}

/// The states a table lets `to` be entered from, in the table's order.
pub fn sources<S: Copy + PartialEq>(table: &[(S, S)], to: S) -> Vec<S> {
    table.iter().filter(|(_, t)| *t == to).map(|(f, _)| *f).collect()
}

/// A code a client filters by: one the enum names, or one it does not, which selects nothing
/// (a list answers an empty page for it, as it always has, unless its rule refuses it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeFilter<T> {
    Known(T),
    Unknown(i32),
}

impl<T: StoredCode> CodeFilter<T> {
    pub fn from_code(code: i32) -> CodeFilter<T> {
        T::from_code(code).map_or(CodeFilter::Unknown(code), CodeFilter::Known)
    }

    pub fn code(self) -> i32 {
        match self {
            CodeFilter::Known(known) => known.code(),
            CodeFilter::Unknown(code) => code,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::StoredCode;

    stored_codes! {
        enum Light {
            Off = 0,
            On = 3,
        }
    }

    #[test]
    fn codes_round_trip_and_unknown_ones_are_none() {
        assert_eq!(Light::On.code(), 3);
        assert_eq!(Light::from_code(0), Some(Light::Off));
        assert_eq!(Light::from_code(1), None);
    }

    #[test]
    fn a_filter_keeps_an_unknown_code() {
        assert_eq!(
            super::CodeFilter::<Light>::from_code(3),
            super::CodeFilter::Known(Light::On)
        );
        assert_eq!(super::CodeFilter::<Light>::from_code(9).code(), 9);
    }
}
