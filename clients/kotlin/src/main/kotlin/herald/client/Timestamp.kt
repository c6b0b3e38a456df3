package herald.client

/**
 * An instant to the nanosecond, read from RFC 3339 text (a zone is required) or a `YYYY-MM-DD`
 * date meaning 00:00 UTC; compared exactly, never through a floating-point number.
 */
class Timestamp(
    /** Whole seconds since 1970-01-01T00:00:00Z. */
    val seconds: Long,
    /** Nanoseconds past [seconds], from 0 to 999,999,999. */
    val nanoseconds: Int = 0
) : Comparable<Timestamp> {

    init {
        require(nanoseconds in 0..999_999_999) { "nanoseconds $nanoseconds is not between 0 and 999999999" }
    }

    /** The instant in milliseconds since 1970 (to the millisecond, rounded down). */
    val epochMilliseconds: Long get() = seconds * 1000 + nanoseconds / 1_000_000

    override fun compareTo(other: Timestamp): Int =
        if (seconds != other.seconds) java.lang.Long.compare(seconds, other.seconds)
        else Integer.compare(nanoseconds, other.nanoseconds)

    override fun equals(other: Any?): Boolean =
        other is Timestamp && seconds == other.seconds && nanoseconds == other.nanoseconds

    override fun hashCode(): Int = (seconds * 1_000_000_007L + nanoseconds).hashCode()

    /** The instant as RFC 3339 text in UTC (`2026-11-30T12:00:00Z`, a fraction only when there is one). */
    override fun toString(): String {
        val days = Math.floorDiv(seconds, 86_400L)
        val secondOfDay = Math.floorMod(seconds, 86_400L)
        val (year, month, day) = civilFromDays(days)
        val text = StringBuilder()
        text.append(pad(year, 4)).append('-').append(pad(month.toLong(), 2)).append('-').append(pad(day.toLong(), 2))
        text.append('T').append(pad(secondOfDay / 3600, 2)).append(':').append(pad(secondOfDay / 60 % 60, 2))
        text.append(':').append(pad(secondOfDay % 60, 2))
        if (nanoseconds != 0) text.append('.').append(pad(nanoseconds.toLong(), 9).trimEnd('0'))
        return text.append('Z').toString()
    }

    /** The instant a given number of milliseconds later (earlier when negative). */
    fun plusMilliseconds(milliseconds: Long): Timestamp {
        val total = nanoseconds + Math.floorMod(milliseconds, 1000L) * 1_000_000
        return Timestamp(seconds + Math.floorDiv(milliseconds, 1000L) + total / 1_000_000_000, (total % 1_000_000_000).toInt())
    }

    companion object {
        private val pattern = Regex(
            "^(\\d{4})-(\\d{2})-(\\d{2})(?:[Tt](\\d{2}):(\\d{2}):(\\d{2})(?:\\.(\\d+))?([Zz]|[+-]\\d{2}:\\d{2}))?$"
        )

        /** Reads a timestamp, or returns null when the text is not one. */
        @JvmStatic
        fun parse(text: String): Timestamp? {
            val match = pattern.find(text) ?: return null
            val groups = match.groupValues
            val year = groups[1].toLong()
            val month = groups[2].toInt()
            val day = groups[3].toInt()
            if (month < 1 || month > 12 || day < 1 || day > daysInMonth(month, year)) return null
            val midnight = daysFromCivil(year, month, day) * 86_400L
            if (groups[4].length == 0) return Timestamp(midnight)
            val hour = groups[4].toInt()
            val minute = groups[5].toInt()
            val second = groups[6].toInt()
            if (hour > 23 || minute > 59 || second > 59) return null
            val fraction = groups[7]
            // A fraction finer than a nanosecond is refused, never truncated to an earlier instant.
            if (fraction.length > 9 && fraction.substring(9).any { it != '0' }) return null
            val nanoseconds = (fraction.take(9) + "000000000".substring(Math.min(9, fraction.length))).toInt()
            var offset = 0L
            val zone = groups[8]
            if (zone != "Z" && zone != "z") {
                val sign = if (zone[0] == '-') -1 else 1
                val offsetHour = zone.substring(1, 3).toInt()
                val offsetMinute = zone.substring(4, 6).toInt()
                if (offsetHour > 23 || offsetMinute > 59) return null
                offset = sign * (offsetHour * 3600L + offsetMinute * 60L)
            }
            return Timestamp(midnight + hour * 3600L + minute * 60L + second - offset, nanoseconds)
        }

        /** The instant of a time in milliseconds since 1970 (`System.currentTimeMillis()`, `Date.getTime()`). */
        @JvmStatic
        fun ofEpochMilliseconds(milliseconds: Long): Timestamp =
            Timestamp(Math.floorDiv(milliseconds, 1000L), (Math.floorMod(milliseconds, 1000L) * 1_000_000).toInt())

        /** Days since 1970-01-01 of a proleptic Gregorian date. */
        private fun daysFromCivil(year: Long, month: Int, day: Int): Long {
            val shifted = if (month <= 2) year - 1 else year
            val era = Math.floorDiv(shifted, 400L)
            val yearOfEra = shifted - era * 400
            val dayOfYear = (153 * (month + (if (month > 2) -3 else 9)) + 2) / 5 + day - 1
            val dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
            return era * 146_097 + dayOfEra - 719_468
        }

        private fun civilFromDays(days: Long): Triple<Long, Int, Int> {
            val shifted = days + 719_468
            val era = Math.floorDiv(shifted, 146_097L)
            val dayOfEra = shifted - era * 146_097
            val yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
            val dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
            val monthIndex = (5 * dayOfYear + 2) / 153
            val day = (dayOfYear - (153 * monthIndex + 2) / 5 + 1).toInt()
            val month = (if (monthIndex < 10) monthIndex + 3 else monthIndex - 9).toInt()
            return Triple(yearOfEra + era * 400 + (if (month <= 2) 1 else 0), month, day)
        }

        private fun daysInMonth(month: Int, year: Long): Int = when (month) {
            2 -> if ((year % 4 == 0L && year % 100 != 0L) || year % 400 == 0L) 29 else 28
            4, 6, 9, 11 -> 30
            else -> 31
        }

        private fun pad(value: Long, width: Int): String {
            val digits = value.toString()
            return if (digits.length >= width) digits else "0".repeat(width - digits.length) + digits
        }
    }
}
