package dev.vtlab.loadgen.docs;

import tools.jackson.databind.JsonNode;

import java.util.Locale;

/** Numbers as the pages print them, so that a test compares a page's cell with the result file's value. */
final class Printed {

    private Printed() {
    }

    /** Whole (milliseconds, requests per second). */
    static String whole(double value) {
        return String.format(Locale.ROOT, "%.0f", value);
    }

    static String whole(JsonNode value) {
        return whole(value.asDouble());
    }

    static String oneDecimal(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }

    static String twoDecimals(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }
}
