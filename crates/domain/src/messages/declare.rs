//! How the catalogue's table becomes types: one row per message makes a [`MsgKey`] variant
//! with its wire key and texts, and a row with a code makes the [`ErrorCode`] variant of the
//! same name with its class. Adding an error is adding a row.
//!
//! [`MsgKey`]: super::MsgKey
//! [`ErrorCode`]: super::ErrorCode

macro_rules! declare_messages {
    (@own_code $key:ident) => { None };
    (@own_code $key:ident $code:literal) => { Some(ErrorCode::$key) };
    ($(
        $key:ident $(= $code:literal $class:ident)? $wire:literal
            [$en:literal, $zh_cn:literal, $zh_hk:literal $(,)?]
    ),* $(,)?) => {
        /// Every message a caller can read.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum MsgKey {
            $($key,)*
        }

        /// Stable codes of the envelope. A code never changes meaning once released.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[repr(i32)]
        pub enum ErrorCode {
            $($($key = $code,)?)*
        }

        impl MsgKey {
            /// Every message, in the table's order.
            pub const ALL: &'static [MsgKey] = &[$(MsgKey::$key,)*];

            /// The spec's message key where it names one (clients may map on it).
            pub fn key(self) -> &'static str {
                match self {
                    $(MsgKey::$key => $wire,)*
                }
            }

            /// The code of a message that has its own; the others take the code of the
            /// error that carries them.
            pub fn own_code(self) -> Option<ErrorCode> {
                match self {
                    $(MsgKey::$key => declare_messages!(@own_code $key $($code)?),)*
                }
            }

            /// [English, zh-CN, zh-HK].
            pub(super) fn texts(self) -> [&'static str; 3] {
                match self {
                    $(MsgKey::$key => [$en, $zh_cn, $zh_hk],)*
                }
            }
        }

        impl ErrorCode {
            pub fn class(self) -> $crate::error::ErrorClass {
                match self {
                    $($(ErrorCode::$key => $crate::error::ErrorClass::$class,)?)*
                }
            }
        }
    };
}

pub(super) use declare_messages;
