/** When quota weeks roll over: a weekday (0 Sunday ... 6 Saturday) and a wall-clock time in an IANA time zone. */
export interface QuotaWeekSettings {
  startDay: number;
  /** HH:MM, 24-hour. */
  startTime: string;
  timeZone: string;
}

export interface QuotaWeek {
  start: Date;
  end: Date;
  /** The local calendar days of the week, first to last (YYYY-MM-DD), for time off. */
  firstDay: string;
  lastDay: string;
}

const DAY_MS = 24 * 60 * 60_000;

/** The wall-clock parts of an instant in a time zone (Intl is part of the language, not a framework). */
function wallClock(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((part) => part.type === type)!.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** The zone's offset from UTC at an instant, in ms (local = UTC + offset). */
function offsetMs(at: Date, timeZone: string): number {
  const w = wallClock(at, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant a local wall-clock time happens in the zone (the later reading when a DST change repeats it). */
function instantOf(localMs: number, timeZone: string): Date {
  let guess = localMs - offsetMs(new Date(localMs), timeZone);
  // Twice is enough: the offset at the guess settles unless the wall time falls in a DST gap.
  guess = localMs - offsetMs(new Date(guess), timeZone);
  return new Date(guess);
}

const isoDay = (localMs: number) => new Date(localMs).toISOString().slice(0, 10);

/**
 * The quota week holding `at`: from the configured weekday and time (local to the zone) to the same moment seven
 * local days later, so a DST change makes that week 167 or 169 hours long rather than moving the rollover.
 */
export function quotaWeekOf(at: Date, settings: QuotaWeekSettings): QuotaWeek {
  const [hours, minutes] = settings.startTime.split(':').map(Number) as [number, number];
  const w = wallClock(at, settings.timeZone);
  const localNow = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  const localMidnight = Date.UTC(w.year, w.month - 1, w.day);
  const weekday = new Date(localMidnight).getUTCDay();
  let startLocal = localMidnight - ((weekday - settings.startDay + 7) % 7) * DAY_MS + (hours * 60 + minutes) * 60_000;
  if (startLocal > localNow) startLocal -= 7 * DAY_MS;
  const endLocal = startLocal + 7 * DAY_MS;
  return {
    start: instantOf(startLocal, settings.timeZone),
    end: instantOf(endLocal, settings.timeZone),
    firstDay: isoDay(startLocal),
    lastDay: isoDay(endLocal - 1),
  };
}
