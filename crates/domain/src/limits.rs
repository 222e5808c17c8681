//! Per-merchant limits on calls that cost the service much: how many run at once (exports,
//! counted by this process) and how soon the same call may come again (the test callback,
//! counted in the database by `ports::attempts`, so every process sharing it counts together).

use chrono::{DateTime, Duration, Utc};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;
use crate::ports::{AttemptKey, AttemptRepo, AttemptRule, MerchantId};

/// Exports one merchant may run at once (in this process); a finished, failed or dropped one
/// frees its place.
pub const EXPORTS_AT_ONCE: usize = 2;

/// The exports' places: [`EXPORTS_AT_ONCE`] per merchant.
pub fn export_slots() -> Slots {
    Slots::new(EXPORTS_AT_ONCE, MsgKey::ExportsRunning)
}

/// "Send test callback": once a second per merchant (each sends a signed request out); sooner,
/// 10429. Its counter's subject never meets a sign-in's (`password:`, `totp:`).
pub async fn pass_test_callback(
    attempts: &dyn AttemptRepo,
    merchant_id: MerchantId,
    now: DateTime<Utc>,
) -> AppResult<()> {
    let subject = format!("test_callback:{merchant_id}");
    let key = AttemptKey {
        subject: &subject,
        source: "",
    };
    let rule = AttemptRule {
        limit: 1,
        window: Duration::seconds(1),
        // Never locked: a call within the second is refused, the next second passes.
        lock: Duration::zero(),
    };
    match attempts.reserve_attempt(key, rule, now).await? {
        Ok(()) => Ok(()),
        Err(_) => Err(AppError::TooManyRequests(MsgKey::TestCallbackTooSoon)),
    }
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
}
