/**
 * An instant to the nanosecond, read from RFC 3339 text (a zone is required) or a `YYYY-MM-DD`
 * date meaning 00:00 UTC; compared exactly, never through a float.
 */
export interface Timestamp {
  /** Whole seconds since 1970-01-01T00:00:00Z. */
  readonly seconds: number;
  /** Nanoseconds past `seconds`. */
  readonly nanoseconds: number;
}

const pattern =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?([Zz]|[+-]\d{2}:\d{2}))?$/;

/** Days since 1970-01-01 of a proleptic Gregorian date. */
function daysFromCivil(year: number, month: number, day: number): number {
  const shifted = month <= 2 ? year - 1 : year;
  const era = Math.floor(shifted / 400);
  const yearOfEra = shifted - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

function daysInMonth(month: number, year: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Reads a timestamp, or returns undefined when the text is not one. */
export function parseTimestamp(text: string): Timestamp | undefined {
  const match = pattern.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(month, year)) return undefined;
  const midnight = daysFromCivil(year, month, day) * 86400;
  if (match[4] === undefined) return { seconds: midnight, nanoseconds: 0 };
  const [hour, minute, second] = [Number(match[4]), Number(match[5]), Number(match[6])];
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const fraction = match[7] ?? "";
  // A fraction finer than a nanosecond is refused, never truncated to an earlier instant.
  if (/[1-9]/.test(fraction.slice(9))) return undefined;
  const nanoseconds = Number(fraction.slice(0, 9).padEnd(9, "0"));
  let offset = 0;
  const zone = match[8];
  if (zone !== "Z" && zone !== "z") {
    const sign = zone[0] === "-" ? -1 : 1;
    const [offsetHour, offsetMinute] = [Number(zone.slice(1, 3)), Number(zone.slice(4, 6))];
    if (offsetHour > 23 || offsetMinute > 59) return undefined;
    offset = sign * (offsetHour * 3600 + offsetMinute * 60);
  }
  return { seconds: midnight + hour * 3600 + minute * 60 + second - offset, nanoseconds };
}

/** Negative, zero or positive as `a` is before, at or after `b`. */
export function compareTimestamps(a: Timestamp, b: Timestamp): number {
  if (a.seconds !== b.seconds) return a.seconds < b.seconds ? -1 : 1;
  return a.nanoseconds === b.nanoseconds ? 0 : a.nanoseconds < b.nanoseconds ? -1 : 1;
}

/** The instant of a JavaScript time in milliseconds. */
export function timestampFromMilliseconds(milliseconds: number): Timestamp {
  const seconds = Math.floor(milliseconds / 1000);
  return { seconds, nanoseconds: Math.round((milliseconds - seconds * 1000) * 1e6) };
}

/** The instant in milliseconds (to the millisecond). */
export function millisecondsOf(timestamp: Timestamp): number {
  return timestamp.seconds * 1000 + Math.floor(timestamp.nanoseconds / 1e6);
}

/** The civil date of a day number (days since 1970-01-01, proleptic Gregorian). */
function civilFromDays(days: number): [number, number, number] {
  const shifted = days + 719468;
  const era = Math.floor(shifted / 146097);
  const dayOfEra = shifted - era * 146097;
  const leap = Math.floor(dayOfEra / 1460) - Math.floor(dayOfEra / 36524) + Math.floor(dayOfEra / 146096);
  const yearOfEra = Math.floor((dayOfEra - leap) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthIndex = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthIndex + 2) / 5) + 1;
  const month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9;
  return [yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

/** The instant as RFC 3339 text in UTC, as herald writes it (a fraction only when there is one, unpadded). */
export function formatTimestamp(timestamp: Timestamp): string {
  const days = Math.floor(timestamp.seconds / 86400);
  const secondOfDay = timestamp.seconds - days * 86400;
  const [year, month, day] = civilFromDays(days);
  const two = (value: number) => String(value).padStart(2, "0");
  const fraction =
    timestamp.nanoseconds === 0 ? "" : "." + String(timestamp.nanoseconds).padStart(9, "0").replace(/0+$/, "");
  return (
    `${String(year).padStart(4, "0")}-${two(month)}-${two(day)}T${two(Math.floor(secondOfDay / 3600))}:` +
    `${two(Math.floor(secondOfDay / 60) % 60)}:${two(secondOfDay % 60)}${fraction}Z`
  );
}
