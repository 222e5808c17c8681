//! A merchant's calendar days as UTC instants. Every time zone a merchant may choose is a
//! whole number of hours from UTC, so a merchant's day is a run of whole hourly buckets and
//! a change of time zone regroups the same buckets without recomputing anything.

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveTime, Utc};

use crate::error::{AppError, AppResult};
use crate::messages::MsgKey;

/// A range of merchant days may span at most this many days (the lists' bound).
pub const MAX_RANGE_DAYS: i64 = 366;

/// Dates outside these years are refused: no order is older, and date arithmetic stays far
/// from the calendar's limits.
const EARLIEST_YEAR: i32 = 2000;
const LATEST_YEAR: i32 = 9999;

/// The start of the merchant's day containing `now` (UTC offset in whole hours).
pub fn day_start(now: DateTime<Utc>, time_zone_hours: i32) -> DateTime<Utc> {
    let offset = Duration::hours(i64::from(time_zone_hours));
    let local = (now + offset).date_naive().and_time(NaiveTime::MIN).and_utc();
    local - offset
}

/// The merchant's calendar date of an instant.
pub fn local_date(at: DateTime<Utc>, time_zone_hours: i32) -> NaiveDate {
    (at + Duration::hours(i64::from(time_zone_hours))).date_naive()
}

/// The first instant of a merchant's date.
pub fn date_start(date: NaiveDate, time_zone_hours: i32) -> DateTime<Utc> {
    date.and_time(NaiveTime::MIN).and_utc() - Duration::hours(i64::from(time_zone_hours))
}

/// Merchant dates `start..=end` in the merchant's zone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DayRange {
    pub start: NaiveDate,
    pub end: NaiveDate,
    pub time_zone: i32,
}

impl DayRange {
    /// Checks a range the console sent: both dates ("YYYY-MM-DD"), in order, at most
    /// [`MAX_RANGE_DAYS`] days.
    pub fn parse(start: Option<&str>, end: Option<&str>, time_zone: i32) -> AppResult<DayRange> {
        let date = |text: Option<&str>| {
            text.map(str::trim)
                .filter(|t| !t.is_empty())
                .map(|t| {
                    NaiveDate::parse_from_str(t, "%Y-%m-%d")
                        .ok()
                        .filter(|d| (EARLIEST_YEAR..=LATEST_YEAR).contains(&d.year()))
                        .ok_or(AppError::Invalid(MsgKey::DateRange))
                })
                .transpose()
        };
        let (Some(start), Some(end)) = (date(start)?, date(end)?) else {
            return Err(AppError::Invalid(MsgKey::DatesRequired));
        };
        if start > end {
            return Err(AppError::Invalid(MsgKey::StartAfterEnd));
        }
        let range = DayRange {
            start,
            end,
            time_zone,
        };
        if range.days() > MAX_RANGE_DAYS {
            return Err(AppError::Invalid(MsgKey::DateRange));
        }
        Ok(range)
    }

    /// The `days` merchant days ending with the one containing `now`.
    pub fn ending_today(now: DateTime<Utc>, time_zone: i32, days: i64) -> DayRange {
        let end = local_date(now, time_zone);
        DayRange {
            start: end - Duration::days(days - 1),
            end,
            time_zone,
        }
    }

    /// How many dates the range holds.
    pub fn days(&self) -> i64 {
        (self.end - self.start).num_days() + 1
    }

    /// The first instant of the range.
    pub fn utc_start(&self) -> DateTime<Utc> {
        date_start(self.start, self.time_zone)
    }

    /// The first instant after the range.
    pub fn utc_end(&self) -> DateTime<Utc> {
        date_start(self.end + Duration::days(1), self.time_zone)
    }

    /// Every date of the range, oldest first.
    pub fn dates(&self) -> impl Iterator<Item = NaiveDate> {
        let start = self.start;
        (0..self.days()).map(move |i| start + Duration::days(i))
    }

    /// Whether an instant falls in the range.
    pub fn contains(&self, at: DateTime<Utc>) -> bool {
        self.utc_start() <= at && at < self.utc_end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn date(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
    }

    fn utc(y: i32, m: u32, d: u32, h: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(y, m, d, h, 0, 0).unwrap()
    }

    #[test]
    fn a_merchant_day_is_shifted_by_its_offset_at_both_ends_of_the_zones() {
        // UTC+13: the 24th starts at 11:00 UTC on the 23rd.
        let east = DayRange::parse(Some("2026-11-24"), Some("2026-11-24"), 13).unwrap();
        assert_eq!(east.utc_start(), utc(2026, 11, 23, 11));
        assert_eq!(east.utc_end(), utc(2026, 11, 24, 11));
        // UTC-11: the 24th starts at 11:00 UTC on the 24th.
        let west = DayRange::parse(Some("2026-11-24"), Some("2026-11-24"), -11).unwrap();
        assert_eq!(west.utc_start(), utc(2026, 11, 24, 11));
        assert_eq!(west.utc_end(), utc(2026, 11, 25, 11));
        // Around UTC midnight: 23:00 UTC on the 23rd is already the 24th at +13, still the
        // 23rd at -11.
        assert_eq!(local_date(utc(2026, 11, 23, 23), 13), date("2026-11-24"));
        assert_eq!(local_date(utc(2026, 11, 23, 23), -11), date("2026-11-23"));
        assert_eq!(day_start(utc(2026, 11, 23, 23), 13), utc(2026, 11, 23, 11));
        assert_eq!(day_start(utc(2026, 11, 23, 23), -11), utc(2026, 11, 23, 11));
    }

    #[test]
    fn ranges_need_both_dates_in_order_and_at_most_366_days() {
        let code = |s: Option<&str>, e: Option<&str>| DayRange::parse(s, e, 0).unwrap_err().msg_key();
        assert_eq!(code(None, Some("2026-11-24")), MsgKey::DatesRequired);
        assert_eq!(code(Some("2026-11-24"), Some(" ")), MsgKey::DatesRequired);
        assert_eq!(
            code(Some("2026-11-25"), Some("2026-11-24")),
            MsgKey::StartAfterEnd
        );
        assert_eq!(code(Some("2025-11-23"), Some("2026-11-24")), MsgKey::DateRange);
        assert_eq!(code(Some("24/11/2026"), Some("2026-11-24")), MsgKey::DateRange);
        assert_eq!(
            code(Some("+262143-12-31"), Some("+262143-12-31")),
            MsgKey::DateRange
        );
        assert_eq!(code(Some("1999-12-31"), Some("2000-01-01")), MsgKey::DateRange);
        let year = DayRange::parse(Some("2025-11-24"), Some("2026-11-24"), 0).unwrap();
        assert_eq!(year.days(), 366);
        assert_eq!(year.dates().count(), 366);
        assert_eq!(year.dates().last(), Some(date("2026-11-24")));
    }

    #[test]
    fn the_last_days_end_with_the_merchants_today() {
        let range = DayRange::ending_today(utc(2026, 11, 24, 20), 8, 7);
        assert_eq!((range.start, range.end), (date("2026-11-19"), date("2026-11-25")));
        assert!(range.contains(utc(2026, 11, 18, 16)));
        assert!(!range.contains(utc(2026, 11, 18, 15)));
    }
}
