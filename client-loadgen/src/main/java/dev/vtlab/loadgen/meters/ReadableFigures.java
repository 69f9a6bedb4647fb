package dev.vtlab.loadgen.meters;

import java.util.Locale;

/**
 * Figures as a reader reads them on a console or in a report: to the digits a measurement carries, never a raw
 * double ({@code 0.3439153439153439}). JSON keeps the exact values.
 */
public final class ReadableFigures {

    private ReadableFigures() {
    }

    /** Whole requests per second from 100 up, tenths below. */
    public static String rate(double rate) {
        return rate >= 100 ? String.format(Locale.ROOT, "%,.0f", rate) : String.format(Locale.ROOT, "%.1f", rate);
    }

    /** A meter's reading: whole when it is (a count), else three significant digits; {@code -} when not read. */
    public static String count(Double value) {
        if (value == null) {
            return "-";
        }
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? String.format(Locale.ROOT, "%,d",
                value.longValue()) : significant(value, "");
    }

    /** A time in milliseconds, three significant digits: {@code 0.312 ms}, {@code 13.8 ms}, {@code 201 ms}. */
    public static String millis(double ms) {
        return significant(ms, " ms");
    }

    private static String significant(double value, String unit) {
        double magnitude = Math.abs(value);
        String pattern = magnitude >= 100 ? "%,.0f" : magnitude >= 10 ? "%.1f" : magnitude >= 1 ? "%.2f" : "%.3f";
        return String.format(Locale.ROOT, pattern, value) + unit;
    }
}
