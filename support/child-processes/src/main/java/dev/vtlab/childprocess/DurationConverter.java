package dev.vtlab.childprocess;

import picocli.CommandLine;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads {@code 250ms}, {@code 30s}, {@code 2m}, {@code 1h} (a bare number is milliseconds); rejects negative values
 * and anything else naming the units it takes. Limits (such as a rate run's 60 minutes) are the caller's.
 */
public final class DurationConverter implements CommandLine.ITypeConverter<Duration> {

    private static final Pattern DURATION = Pattern.compile("(\\d+)(ms|s|m|h)?");

    @Override
    public Duration convert(String value) {
        Matcher m = DURATION.matcher(value.strip());
        if (!m.matches()) {
            throw new CommandLine.TypeConversionException("'" + value + "' is not a duration: a whole number "
                    + "followed by ms, s, m or h (milliseconds without one), such as 250ms, 30s, 2m or 1h");
        }
        long amount = Long.parseLong(m.group(1));
        return switch (m.group(2) == null ? "ms" : m.group(2)) {
            case "s" -> Duration.ofSeconds(amount);
            case "m" -> Duration.ofMinutes(amount);
            case "h" -> Duration.ofHours(amount);
            default -> Duration.ofMillis(amount);
        };
    }
}
