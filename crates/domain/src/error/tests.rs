use std::collections::HashSet;
use std::error::Error;
use std::fmt;

use super::*;
use crate::ports::chain::ChainError;

/// A storage error with a cause, as a driver would return it.
#[derive(Debug)]
struct Outer(Inner);
#[derive(Debug)]
struct Inner(&'static str);

impl fmt::Display for Outer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("query failed")
    }
}
impl Error for Outer {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        Some(&self.0)
    }
}
impl fmt::Display for Inner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}
impl Error for Inner {}

fn lookup(fail: Outer) -> AppResult<()> {
    Err(fail)?;
    Ok(())
}

#[test]
fn question_mark_keeps_the_cause_chain_for_the_log() {
    let err = lookup(Outer(Inner("disk I/O error"))).unwrap_err();
    assert_eq!(err.code(), ErrorCode::Internal);
    assert!(err.is_server_fault());
    assert_eq!(err.to_string(), "internal: query failed: disk I/O error");
    let AppError::Internal(fault) = &err else {
        panic!("{err:?}")
    };
    assert!(fault.source().downcast_ref::<Outer>().is_some());
}

#[test]
fn a_registered_test_makes_an_adapters_error_unavailable_anywhere_in_the_chain() {
    fn pool_closed(err: &(dyn Error + 'static)) -> bool {
        err.downcast_ref::<Inner>()
            .is_some_and(|inner| inner.0 == "pool closed")
    }
    recognise_unavailable(pool_closed);
    recognise_unavailable(pool_closed);
    let err = lookup(Outer(Inner("pool closed"))).unwrap_err();
    assert_eq!(err.code(), ErrorCode::Unavailable);
    assert!(err.is_server_fault());
    assert_eq!(err.to_string(), "unavailable: query failed: pool closed");
    assert_eq!(
        lookup(Outer(Inner("other"))).unwrap_err().code(),
        ErrorCode::Internal
    );
}

#[test]
fn chain_nodes_away_are_unavailable_and_other_chain_errors_internal() {
    let away = AppError::from(ChainError::Unavailable("timeout".into()));
    assert_eq!(away.code(), ErrorCode::Unavailable);
    assert_eq!(
        AppError::from(ChainError::InvalidAddress).code(),
        ErrorCode::Internal
    );
}

#[test]
fn internal_takes_a_description_or_an_error() {
    assert_eq!(
        AppError::internal("seed vanished").to_string(),
        "internal: seed vanished"
    );
    let parse = "x".parse::<i64>().unwrap_err();
    let err = AppError::internal(parse);
    let AppError::Internal(fault) = &err else {
        panic!("{err:?}")
    };
    assert!(fault.source().downcast_ref::<std::num::ParseIntError>().is_some());
}

#[test]
fn the_message_decides_the_code_and_the_carrier_gives_the_default() {
    assert_eq!(AppError::Invalid(MsgKey::EmailEmpty).code().value(), 10422);
    assert_eq!(AppError::Refused(MsgKey::GrantBeyondOwn).code().value(), 10403);
    assert_eq!(
        AppError::TooManyRequests(MsgKey::DoNotResend).code().value(),
        10429
    );
    assert_eq!(AppError::Invalid(MsgKey::PayeeBlacklisted).code().value(), 14001);
    assert_eq!(AppError::Invalid(MsgKey::NoSuchRecord).code().value(), 17001);
    assert_eq!(
        AppError::MerchantApi(ApiRefusal::NonceInvalid).code().value(),
        13007
    );
    assert_eq!(
        AppError::AccountLocked {
            retry_after_minutes: 3
        }
        .code()
        .value(),
        11007
    );
    assert!(!AppError::Invalid(MsgKey::NoSuchRecord).is_server_fault());
}

#[test]
fn codes_names_and_wire_keys_are_unique() {
    let codes: Vec<ErrorCode> = ErrorCode::all().collect();
    let values: HashSet<i32> = codes.iter().map(|c| c.value()).collect();
    let names: HashSet<String> = codes.iter().map(|c| c.name()).collect();
    assert_eq!(values.len(), codes.len());
    assert_eq!(names.len(), codes.len());
    let wire: HashSet<&str> = MsgKey::ALL.iter().map(|k| k.key()).collect();
    assert_eq!(wire.len(), MsgKey::ALL.len());
    assert_eq!(ErrorCode::InvalidInput.name(), "invalid_input");
    assert_eq!(ErrorCode::Success.class(), ErrorClass::Success);
    assert_eq!(ErrorCode::Unavailable.class(), ErrorClass::Fault);
}
