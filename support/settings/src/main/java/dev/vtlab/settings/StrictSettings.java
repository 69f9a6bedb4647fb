package dev.vtlab.settings;

import org.springframework.boot.convert.DurationStyle;
import org.springframework.boot.origin.Origin;
import org.springframework.boot.origin.OriginLookup;
import org.springframework.boot.origin.TextResourceOrigin;
import dev.vtlab.redaction.Secrets;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.EnumerablePropertySource;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.PropertySource;
import org.springframework.core.env.StandardEnvironment;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Set;

/**
 * Configuration reader: reads vtlab's settings strictly. Spring would read {@code yes} as true and ignore a
 * mistyped key; a lab must not, so anything but an exact value stops start-up with a message naming the key and
 * where it was set.
 */
final class StrictSettings {

    /** A UTF-8 byte order mark as a properties file (ISO-8859-1) reads it, and as a UTF-8 reader would. */
    private static final List<String> BYTE_ORDER_MARKS = List.of("\u00EF\u00BB\u00BF", "\uFEFF");

    private final ConfigurableEnvironment environment;

    StrictSettings(ConfigurableEnvironment environment) {
        this.environment = environment;
    }

    /** Exactly {@code true} or {@code false} (surrounding blanks ignored); absent means {@code fallback}. */
    boolean bool(String key, boolean fallback) {
        String raw = environment.getProperty(key);
        if (raw == null) {
            return fallback;
        }
        return switch (raw.strip()) {
            case "true" -> true;
            case "false" -> false;
            default -> throw invalid(key, raw, ": allowed values are true and false.");
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
            throw invalid(key, raw, ": expected a duration such as 250ms or 1s.");
        }
        if (value.isNegative() || value.compareTo(max) > 0) {
            throw invalid(key, raw, ": must be between 0ms and " + max.toSeconds() + "s.");
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
            throw invalid(key, raw, ": allowed values are " + String.join(allowed.size() == 2 ? " and " : ", ", allowed)
                    + ".");
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
                    && uri.getRawUserInfo() == null
                    && (uri.getRawPath() == null || uri.getRawPath().isEmpty() || uri.getRawPath().equals("/"))
                    && uri.getRawQuery() == null && uri.getRawFragment() == null) {
                return uri;
            }
        } catch (URISyntaxException malformed) {
            // reported below, with the expected form
        }
        throw invalid(key, raw, ": expected an http URL with host and port, such as http://127.0.0.1:8081 (no user "
                + "info: the store takes no credentials, and a URL is logged and reported).");
    }

    /** A TCP port, 1 to 65535, or 0 for any free one; absent means {@code null}. */
    Integer port(String key) {
        return integer(key, null, 0, 65535);
    }

    /** A whole number within [min, max]; absent means {@code fallback}. */
    Integer integer(String key, Integer fallback, int min, int max) {
        String raw = environment.getProperty(key);
        if (raw == null) {
            return fallback;
        }
        try {
            int value = Integer.parseInt(raw.strip());
            if (value >= min && value <= max) {
                return value;
            }
        } catch (NumberFormatException notANumber) {
            // reported below
        }
        throw invalid(key, raw, ": expected a whole number between " + min + " and " + max + ".");
    }

    /** The value as given (surrounding blanks removed); absent means {@code fallback}. */
    String text(String key, String fallback) {
        String raw = environment.getProperty(key);
        return raw == null ? fallback : raw.strip();
    }

    /** Refuses each of {@code keys} that is set, naming it and {@code why} it cannot be. */
    void rejectSetWithout(List<String> keys, String why) {
        for (String key : keys) {
            String raw = environment.getProperty(key);
            if (raw != null) {
                throw invalid(key, raw, ": " + why + ".");
            }
        }
    }

    /** Whether any property source was loaded from a file with this name. */
    boolean loaded(String fileName) {
        return environment.getPropertySources().stream().anyMatch(source -> source.getName().contains(fileName));
    }

    /**
     * A flags file saved with a UTF-8 byte order mark (what some Windows editors write) has the mark glued to its
     * first key, since properties files are read as ISO-8859-1. The key is made available without it, in a
     * property source placed just before the file's, so that the file works as its author sees it.
     */
    void acceptByteOrderMark(String flagsFileName) {
        for (PropertySource<?> source : environment.getPropertySources().stream().toList()) {
            if (!(source instanceof EnumerablePropertySource<?> enumerable) || !source.getName().contains(flagsFileName)) {
                continue;
            }
            Map<String, Object> withoutMark = new LinkedHashMap<>();
            for (String key : enumerable.getPropertyNames()) {
                for (String mark : BYTE_ORDER_MARKS) {
                    String unmarked = key.startsWith(mark) ? key.substring(mark.length()) : null;
                    // A first line that is a comment was read as a key only because of the mark before it.
                    if (unmarked != null && !unmarked.startsWith("#") && !unmarked.startsWith("!")) {
                        withoutMark.put(unmarked, source.getProperty(key));
                    }
                }
            }
            if (!withoutMark.isEmpty()) {
                environment.getPropertySources().addBefore(source.getName(),
                        new MapPropertySource(source.getName() + " (byte order mark removed)", withoutMark));
            }
        }
    }

    /**
     * In a flags file, a key given twice silently takes the last value: a lab must say so, naming both lines.
     * The file is read again from where Spring loaded it (its origin), line by line.
     */
    void rejectDuplicateKeys(String flagsFileName) {
        for (PropertySource<?> source : environment.getPropertySources()) {
            if (!(source instanceof EnumerablePropertySource<?> enumerable) || !source.getName().contains(flagsFileName)
                    || enumerable.getPropertyNames().length == 0) {
                continue;
            }
            Origin origin = OriginLookup.getOrigin(source, enumerable.getPropertyNames()[0]);
            if (!(origin instanceof TextResourceOrigin text) || text.getResource() == null) {
                continue;
            }
            Map<String, Integer> firstLine = new LinkedHashMap<>();
            List<String> lines = readLines(text);
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i).strip();
                int separator = line.indexOf('=') >= 0 ? line.indexOf('=') : line.indexOf(':');
                if (line.isEmpty() || line.startsWith("#") || line.startsWith("!") || separator < 0) {
                    continue;
                }
                String key = withoutMark(line.substring(0, separator).strip());
                Integer earlier = firstLine.putIfAbsent(key, i + 1);
                if (earlier != null) {
                    throw new InvalidSettingException(key, "Duplicate key " + key + " in " + text.getResource()
                            + " (lines " + earlier + " and " + (i + 1) + "): a properties file keeps only the last "
                            + "one; delete the line you do not mean.");
                }
            }
        }
    }

    /**
     * An environment variable that looks like a vtlab setting ({@code VTLAB_...}) but names none, such as
     * {@code VTLAB_VIRTUAL_THREADS_TOMCATT}, would silently change nothing: refuse it like a mistyped key.
     */
    void rejectUnknownEnvironmentVariables(String prefix, Set<String> known) {
        Set<String> knownVariables = new LinkedHashSet<>();
        known.forEach(key -> knownVariables.add(key.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_')));
        String variablePrefix = prefix.toUpperCase(Locale.ROOT).replace('.', '_');
        PropertySource<?> variables = environment.getPropertySources()
                .get(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME);
        if (!(variables instanceof EnumerablePropertySource<?> enumerable)) {
            return;
        }
        for (String name : enumerable.getPropertyNames()) {
            if (name.startsWith(variablePrefix) && !knownVariables.contains(name)) {
                throw new InvalidSettingException(name, "Unknown environment variable " + name + ": known ones are "
                        + String.join(", ", knownVariables) + ".");
            }
        }
    }

    private static String withoutMark(String key) {
        for (String mark : BYTE_ORDER_MARKS) {
            if (key.startsWith(mark)) {
                return key.substring(mark.length());
            }
        }
        return key;
    }

    private static List<String> readLines(TextResourceOrigin origin) {
        try (InputStream in = origin.getResource().getInputStream()) {
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1).lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + origin.getResource(), e);
        }
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
                if (flagsFile && !withoutMark(key).equals(key)) {
                    continue; // made available without the mark by acceptByteOrderMark
                }
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

    /** The one message for a bad value: which key, what was given, where it was set, and what is expected. */
    InvalidSettingException invalid(String key, String raw, String expected) {
        return new InvalidSettingException(key, "Invalid value '" + Secrets.redact(raw) + "' for " + key + where(key)
                + expected);
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
