//! When automatic collection runs (spec 9: off by default; daily at a fixed time, 00:00 by
//! default, every interval, or on each deposit), as time slots in UTC. A slot is a run's
//! identity: the planner claims (asset, slot) once, so two processes never plan the same run.
//!
//! Times are the merchant's wall clock: the zone (whole hours, spec 9) only turns them into UTC.
//! - Daily at `HH:MM`: one slot a day at that local time (UTC+13 at 00:00 is 11:00 UTC the day
//!   before).
//! - Every N hours: slots at `HH:MM` + k × N hours, counted from `HH:MM` on 1970-01-01 local
//!   time, so with N dividing 24 they fall at the same local times every day (00:00 every 6 h:
//!   00, 06, 12, 18) and otherwise follow on without a gap across midnight.
//! - On each deposit: no slots; a credited deposit starts the run of its address.

use chrono::{DateTime, Utc};

use crate::ports::CollectSettings;

/// How an asset's automatic collection is started.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CollectMode {
    /// Minutes after local midnight.
    Daily {
        at_minute: u32,
    },
    /// Every `hours` (1..=168) from a local time of day, in minutes after midnight.
    EveryHours {
        hours: u32,
        from_minute: u32,
    },
    OnDeposit,
}

impl CollectMode {
    /// The mode of stored settings (checked by `wallets::rules::check_collect`); None when they
    /// are not valid, so a bad row collects nothing rather than at a guessed time.
    pub fn of(settings: &CollectSettings) -> Option<CollectMode> {
        let (h, m) = settings.start_time.split_once(':')?;
        let (h, m): (u32, u32) = (h.parse().ok()?, m.parse().ok()?);
        if h >= 24 || m >= 60 {
            return None;
        }
        let minute = h * 60 + m;
        match settings.collect_type {
            1 => Some(CollectMode::Daily { at_minute: minute }),
            2 => {
                let hours = u32::try_from(settings.interval_hours)
                    .ok()
                    .filter(|h| (1..=168).contains(h))?;
                Some(CollectMode::EveryHours {
                    hours,
                    from_minute: minute,
                })
            }
            3 => Some(CollectMode::OnDeposit),
            _ => None,
        }
    }

    /// (period, offset of the slots from a local midnight), in seconds; None without slots.
    fn grid(self) -> Option<(i64, i64)> {
        match self {
            CollectMode::Daily { at_minute } => Some((86_400, i64::from(at_minute) * 60)),
            CollectMode::EveryHours { hours, from_minute } => {
                Some((i64::from(hours) * 3600, i64::from(from_minute) * 60))
            }
            CollectMode::OnDeposit => None,
        }
    }

    /// The latest slot at or before `now`, for a merchant `zone_hours` from UTC.
    pub fn slot_at(self, zone_hours: i32, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
        let (period, offset) = self.grid()?;
        let zone = i64::from(zone_hours) * 3600;
        let local = now.timestamp() + zone;
        let slot_local = offset + (local - offset).div_euclid(period) * period;
        DateTime::from_timestamp(slot_local - zone, 0)
    }

    /// The first slot after `now`.
    pub fn next_slot(self, zone_hours: i32, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
        let (period, _) = self.grid()?;
        Some(self.slot_at(zone_hours, now)? + chrono::Duration::seconds(period))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{TimeZone, Timelike};
    use proptest::prelude::*;

    fn settings(collect_type: i32, start_time: &str, interval_hours: i32) -> CollectSettings {
        CollectSettings {
            auto_collect: true,
            collect_type,
            start_time: start_time.into(),
            interval_hours,
            min_collect_amount: "0".into(),
            min_split_amount: "0".into(),
        }
    }

    fn utc(y: i32, mo: u32, d: u32, h: u32, mi: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(y, mo, d, h, mi, 0).unwrap()
    }

    #[test]
    fn daily_at_midnight_at_utc_plus_13_runs_at_11_utc_the_day_before() {
        let mode = CollectMode::of(&settings(1, "00:00", 24)).unwrap();
        // 01:00 on the 25th in the merchant's zone.
        let now = utc(2026, 11, 24, 12, 0);
        assert_eq!(mode.slot_at(13, now), Some(utc(2026, 11, 24, 11, 0)));
        assert_eq!(mode.next_slot(13, now), Some(utc(2026, 11, 25, 11, 0)));
        // The slot itself is its own slot; a second before it, the day before's.
        assert_eq!(
            mode.slot_at(13, utc(2026, 11, 24, 11, 0)),
            Some(utc(2026, 11, 24, 11, 0))
        );
        assert_eq!(
            mode.slot_at(13, utc(2026, 11, 24, 11, 0) - chrono::Duration::seconds(1)),
            Some(utc(2026, 11, 23, 11, 0))
        );
    }

    #[test]
    fn daily_at_a_time_west_of_utc() {
        let mode = CollectMode::of(&settings(1, "23:30", 24)).unwrap();
        // UTC-12: 23:30 local is 11:30 UTC the next day.
        assert_eq!(
            mode.slot_at(-12, utc(2026, 11, 25, 12, 0)),
            Some(utc(2026, 11, 25, 11, 30))
        );
    }

    #[test]
    fn every_six_hours_from_midnight_falls_at_the_same_local_times_each_day() {
        let mode = CollectMode::of(&settings(2, "00:00", 6)).unwrap();
        // UTC+8: local 00, 06, 12, 18 are UTC 16, 22, 04, 10.
        assert_eq!(
            mode.slot_at(8, utc(2026, 11, 25, 3, 59)),
            Some(utc(2026, 11, 24, 22, 0))
        );
        assert_eq!(
            mode.next_slot(8, utc(2026, 11, 25, 3, 59)),
            Some(utc(2026, 11, 25, 4, 0))
        );
    }

    #[test]
    fn on_each_deposit_has_no_slots_and_bad_settings_no_mode() {
        let mode = CollectMode::of(&settings(3, "00:00", 24)).unwrap();
        assert_eq!(mode, CollectMode::OnDeposit);
        assert_eq!(mode.slot_at(0, utc(2026, 11, 25, 0, 0)), None);
        for bad in [
            settings(4, "00:00", 24),
            settings(1, "24:00", 24),
            settings(1, "7:5x", 24),
            settings(2, "00:00", 0),
            settings(2, "00:00", 169),
        ] {
            assert_eq!(CollectMode::of(&bad), None, "{bad:?}");
        }
    }

    proptest! {
        #[test]
        fn every_moment_lies_in_exactly_one_slot(
            collect_type in 1i32..=2,
            hour in 0u32..24,
            minute in 0u32..60,
            interval in 1i32..=168,
            zone in -12i32..=13,
            at in 0i64..4_102_444_800, // 1970 to 2100
        ) {
            let mode = CollectMode::of(&settings(collect_type, &format!("{hour:02}:{minute:02}"), interval)).unwrap();
            let now = DateTime::from_timestamp(at, 0).unwrap();
            let slot = mode.slot_at(zone, now).unwrap();
            let next = mode.next_slot(zone, now).unwrap();
            prop_assert!(slot <= now && now < next);
            // The next slot's own slot is itself: slots are fixed points, not moving with `now`.
            prop_assert_eq!(mode.slot_at(zone, next), Some(next));
            prop_assert_eq!(mode.slot_at(zone, slot), Some(slot));
            if collect_type == 1 {
                // Daily: the merchant's wall clock reads the start time at every slot.
                let local = slot + chrono::Duration::hours(i64::from(zone));
                prop_assert_eq!((local.hour(), local.minute()), (hour, minute));
                prop_assert_eq!(next - slot, chrono::Duration::days(1));
            }
        }
    }
}
