package dev.vtlab.childprocess;

import picocli.CommandLine;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads {@code 250ms}, {@code 30s}, {@code 2m} (a bare number is milliseconds); rejects negative values. */
public final class DurationConverter implements CommandLine.ITypeConverter<Duration> {

    private static final Pattern DURATION = Pattern.compile("(\\d+)(ms|s|m)?");

    @Override
    public Duration convert(String value) {
        Matcher m = DURATION.matcher(value.strip());
        if (!m.matches()) {
            throw new CommandLine.TypeConversionException(
                    "'" + value + "' is not a duration such as 250ms, 30s or 2m");
        }
        long amount = Long.parseLong(m.group(1));
        return switch (m.group(2) == null ? "ms" : m.group(2)) {
            case "s" -> Duration.ofSeconds(amount);
            case "m" -> Duration.ofMinutes(amount);
            default -> Duration.ofMillis(amount);
        };
    }
}
