//! Per-merchant limits on calls that cost the service much, counted by this process: how many
//! run at once (exports) and how soon the same call may come again (the test callback).

use chrono::{DateTime, Duration, Utc};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::ports::MerchantId;

/// Exports one merchant may run at once (in this process); a finished, failed or dropped one
/// frees its place.
pub const EXPORTS_AT_ONCE: usize = 2;

/// The exports' places: [`EXPORTS_AT_ONCE`] per merchant.
pub fn export_slots() -> Slots {
    Slots::new(EXPORTS_AT_ONCE, MsgKey::ExportsRunning)
}

/// "Send test callback": once a second per merchant (each sends a signed request out).
pub fn test_callback_spacing() -> Spacing {
    Spacing::new(Duration::seconds(1), MsgKey::TestCallbackTooSoon)
}

/// At most `max` at once per merchant; beyond, 10429 with `refusal`.
pub struct Slots {
    max: usize,
    refusal: MsgKey,
    taken: Arc<Mutex<HashMap<MerchantId, usize>>>,
}

/// One of a merchant's slots, free again when dropped: whether what holds it finished, failed
/// or was dropped half way (a download the client left).
pub struct Slot {
    merchant_id: MerchantId,
    taken: Arc<Mutex<HashMap<MerchantId, usize>>>,
}

impl Slots {
    pub fn new(max: usize, refusal: MsgKey) -> Slots {
        Slots {
            max,
            refusal,
            taken: Arc::default(),
        }
    }

    pub fn take(&self, merchant_id: MerchantId) -> AppResult<Slot> {
        let mut taken = self.taken.lock().expect("slots");
        let held = taken.entry(merchant_id).or_default();
        if *held >= self.max {
            return Err(AppError::TooManyRequests(self.refusal));
        }
        *held += 1;
        Ok(Slot {
            merchant_id,
            taken: self.taken.clone(),
        })
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut taken = self.taken.lock().expect("slots");
        if let Some(held) = taken.get_mut(&self.merchant_id) {
            *held -= 1;
            if *held == 0 {
                taken.remove(&self.merchant_id);
            }
        }
    }
}

/// At most once per `gap` per merchant; sooner, 10429 with `refusal`.
pub struct Spacing {
    gap: Duration,
    refusal: MsgKey,
    last: Mutex<HashMap<MerchantId, DateTime<Utc>>>,
}

impl Spacing {
    pub fn new(gap: Duration, refusal: MsgKey) -> Spacing {
        Spacing {
            gap,
            refusal,
            last: Mutex::default(),
        }
    }

    /// Lets the call through at `now` (and counts it), or refuses it.
    pub fn pass(&self, merchant_id: MerchantId, now: DateTime<Utc>) -> AppResult<()> {
        let mut last = self.last.lock().expect("spacing");
        if last.get(&merchant_id).is_some_and(|at| now - *at < self.gap) {
            return Err(AppError::TooManyRequests(self.refusal));
        }
        // Forget merchants long quiet, so the map stays as small as the busy ones.
        last.retain(|_, at| now - *at < self.gap);
        last.insert(merchant_id, now);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slot_is_free_again_when_dropped() {
        let slots = Slots::new(2, MsgKey::ExportsRunning);
        let first = slots.take(1).unwrap();
        let second = slots.take(1).unwrap();
        assert!(matches!(
            slots.take(1),
            Err(AppError::TooManyRequests(MsgKey::ExportsRunning))
        ));
        let other_merchant = slots.take(2);
        assert!(other_merchant.is_ok());
        drop(first);
        let third = slots.take(1).unwrap();
        drop((second, third));
        assert!(slots.taken.lock().unwrap().get(&1).is_none());
    }

    #[test]
    fn a_call_passes_once_per_gap() {
        let spacing = Spacing::new(Duration::seconds(1), MsgKey::TestCallbackTooSoon);
        let at = "2026-11-22T08:00:00Z".parse::<DateTime<Utc>>().unwrap();
        assert!(spacing.pass(1, at).is_ok());
        assert!(spacing.pass(1, at + Duration::milliseconds(999)).is_err());
        assert!(spacing.pass(2, at).is_ok(), "each merchant its own");
        assert!(spacing.pass(1, at + Duration::seconds(1)).is_ok());
    }
}
