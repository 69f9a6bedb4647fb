package dev.vtlab.adapters.config;

import org.springframework.boot.convert.DurationStyle;
import org.springframework.boot.origin.Origin;
import org.springframework.boot.origin.OriginLookup;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.EnumerablePropertySource;
import org.springframework.core.env.PropertySource;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;

/**
 * Configuration reader: reads vtlab's settings strictly. Spring would read {@code yes} as true and ignore a
 * mistyped key; a lab must not, so anything but an exact value stops start-up with a message naming the key and
 * where it was set.
 */
final class StrictSettings {

    private final ConfigurableEnvironment environment;

    StrictSettings(ConfigurableEnvironment environment) {
        this.environment = environment;
    }

    /** {@code true} or {@code false} (any case, surrounding blanks ignored); absent means {@code fallback}. */
    boolean bool(String key, boolean fallback) {
        String raw = environment.getProperty(key);
        if (raw == null) {
            return fallback;
        }
        return switch (raw.strip().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new InvalidSettingException(key, "Invalid value '" + raw + "' for " + key + where(key)
                    + ": allowed values are true and false.");
        };
    }

    /** A duration such as {@code 250ms} or {@code 1s} (a bare number is milliseconds) within [0, max]. */
    Duration duration(String key, Duration fallback, Duration max) {
        String raw = environment.getProperty(key);
        if (raw == null) {
            return fallback;
        }
        Duration value;
        try {
            value = DurationStyle.detectAndParse(raw.strip());
        } catch (IllegalArgumentException e) {
            throw new InvalidSettingException(key, "Invalid value '" + raw + "' for " + key + where(key)
                    + ": expected a duration such as 250ms or 1s.");
        }
        if (value.isNegative() || value.compareTo(max) > 0) {
            throw new InvalidSettingException(key, "Invalid value '" + raw + "' for " + key + where(key)
                    + ": must be between 0ms and " + max.toSeconds() + "s.");
        }
        return value;
    }

    /** One of {@code allowed} (exactly, surrounding blanks ignored); absent means {@code fallback}. */
    String choice(String key, String fallback, Set<String> allowed) {
        String raw = environment.getProperty(key);
        if (raw == null) {
            return fallback;
        }
        if (!allowed.contains(raw.strip())) {
            throw new InvalidSettingException(key, "Invalid value '" + raw + "' for " + key + where(key)
                    + ": allowed values are " + String.join(" and ", allowed) + ".");
        }
        return raw.strip();
    }

    /** An absolute {@code http://host:port} URL with nothing after the authority; absent means {@code fallback}. */
    URI httpUrl(String key, URI fallback) {
        String raw = environment.getProperty(key);
        if (raw == null) {
            return fallback;
        }
        try {
            URI uri = new URI(raw.strip());
            if ("http".equals(uri.getScheme()) && uri.getHost() != null && uri.getPort() > 0
                    && (uri.getRawPath() == null || uri.getRawPath().isEmpty() || uri.getRawPath().equals("/"))
                    && uri.getRawQuery() == null && uri.getRawFragment() == null) {
                return uri;
            }
        } catch (URISyntaxException malformed) {
            // reported below, with the expected form
        }
        throw new InvalidSettingException(key, "Invalid value '" + raw + "' for " + key + where(key)
                + ": expected an http URL with host and port, such as http://127.0.0.1:8081.");
    }

    /**
     * Every key under {@code prefix} in any property source (file, argument, system property) must be known, so
     * that {@code vtlab.virtual-threads.tomcatt=true} fails instead of silently changing nothing. In the flags
     * file, a line that is not a {@code vtlab.}, {@code spring.}, {@code server.} or {@code logging.} key is
     * malformed.
     */
    void rejectUnknownKeys(String prefix, Set<String> known, String flagsFileName) {
        for (PropertySource<?> source : environment.getPropertySources()) {
            if (!(source instanceof EnumerablePropertySource<?> enumerable)) {
                continue;
            }
            boolean flagsFile = source.getName().contains(flagsFileName);
            for (String key : enumerable.getPropertyNames()) {
                if (key.startsWith(prefix) && !known.contains(key)) {
                    throw new InvalidSettingException(key, "Unknown setting " + key + where(source, key)
                            + ": known settings are " + String.join(", ", known) + ".");
                }
                if (flagsFile && !key.matches("(vtlab|spring|server|logging)\\..+")) {
                    throw new InvalidSettingException(key, "Malformed line in " + flagsFileName + where(source, key)
                            + ": expected key=value with a key such as " + known.iterator().next()
                            + ", found key '" + key + "'.");
                }
            }
        }
    }

    private String where(String key) {
        for (PropertySource<?> source : environment.getPropertySources()) {
            if (source.containsProperty(key)) {
                return where(source, key);
            }
        }
        return "";
    }

    private static String where(PropertySource<?> source, String key) {
        Origin origin = OriginLookup.getOrigin(source, key);
        return " (" + (origin != null ? origin : source.getName()) + ")";
    }
}
