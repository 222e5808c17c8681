//! Errors of the layers below (storage, chains, libraries) turned into [`AppError`] by `?`,
//! with their causes kept for the log. A dependency that is away answers 10503, anything else
//! 10500; the domain cannot name the store's error types, so each adapter registers once a
//! test that recognises its own "away" errors ([`recognise_unavailable`]).

use std::error::Error;
use std::fmt;
use std::sync::RwLock;

use super::AppError;
use crate::ports::chain::ChainError;

pub type BoxError = Box<dyn Error + Send + Sync + 'static>;

/// Whether an error (one link of a cause chain) means a dependency is away.
pub type UnavailableTest = fn(&(dyn Error + 'static)) -> bool;

static UNAVAILABLE_TESTS: RwLock<Vec<UnavailableTest>> = RwLock::new(Vec::new());

/// Registers an adapter's test (idempotent: registering the same test again does nothing).
pub fn recognise_unavailable(test: UnavailableTest) {
    let mut tests = UNAVAILABLE_TESTS.write().unwrap_or_else(|e| e.into_inner());
    if !tests.iter().any(|known| std::ptr::fn_addr_eq(*known, test)) {
        tests.push(test);
    }
}

/// The domain's own: a chain node that cannot be reached.
fn chain_node_away(err: &(dyn Error + 'static)) -> bool {
    matches!(err.downcast_ref::<ChainError>(), Some(ChainError::Unavailable(_)))
}

fn is_unavailable(err: &(dyn Error + 'static)) -> bool {
    let tests = UNAVAILABLE_TESTS.read().unwrap_or_else(|e| e.into_inner());
    causes(err).any(|link| chain_node_away(link) || tests.iter().any(|test| test(link)))
}

/// The error and every error it was caused by.
fn causes<'a>(err: &'a (dyn Error + 'static)) -> impl Iterator<Item = &'a (dyn Error + 'static)> {
    std::iter::successors(Some(err), |&link| link.source())
}

/// Writes the error and its causes, `outer: inner: innermost`, skipping a cause whose text
/// its wrapper already shows (`#[error(transparent)]`, `"...: {0}"`).
fn write_chain(f: &mut fmt::Formatter<'_>, err: &(dyn Error + 'static)) -> fmt::Result {
    let mut shown = err.to_string();
    write!(f, "{shown}")?;
    for cause in causes(err).skip(1) {
        let text = cause.to_string();
        if !shown.contains(&text) {
            write!(f, ": {text}")?;
        }
        shown = text;
    }
    Ok(())
}

/// An unexpected error, kept whole (with its causes) for the log.
pub struct Fault(BoxError);

impl Fault {
    pub fn new(source: BoxError) -> Self {
        Fault(source)
    }

    pub fn source(&self) -> &(dyn Error + Send + Sync + 'static) {
        &*self.0
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_chain(f, &*self.0)
    }
}

impl fmt::Debug for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Fault({self})")
    }
}

/// `?` on any error: 10503 when a registered test (or the domain's own, for chain nodes)
/// recognises a dependency away anywhere in its causes, 10500 otherwise. This is why
/// [`AppError`] is no `std::error::Error` itself.
impl<E: Error + Send + Sync + 'static> From<E> for AppError {
    fn from(err: E) -> Self {
        if is_unavailable(&err) {
            AppError::Unavailable(Fault(Box::new(err)).to_string())
        } else {
            AppError::Internal(Fault(Box::new(err)))
        }
    }
}
