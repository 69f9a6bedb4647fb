package dev.vtlab.domain;

/**
 * Domain value: the name of a visitor, at most {@value #MAX_LENGTH} characters and free of control characters.
 *
 * @param value the name as it will appear in the greeting
 */
public record VisitorName(String value) {

    /**
     * Longest name accepted, in characters as a reader counts them (Unicode code points: an emoji is one, though
     * Java stores it as two {@code char}s); a longer one is a bad request, not something to truncate silently.
     */
    public static final int MAX_LENGTH = 64;

    /** The name used when a visitor gives none. */
    public static final VisitorName ANONYMOUS = new VisitorName("World");

    public VisitorName {
        if (value == null || value.isBlank()) {
            throw new InvalidVisitorNameException("must not be blank");
        }
        int characters = value.codePointCount(0, value.length());
        if (characters > MAX_LENGTH) {
            throw new InvalidVisitorNameException(
                    "must be at most " + MAX_LENGTH + " characters, was " + characters);
        }
        if (value.chars().anyMatch(Character::isISOControl)) {
            throw new InvalidVisitorNameException("must not contain control characters");
        }
    }

    /** The given name, or {@link #ANONYMOUS} when none was given. */
    public static VisitorName orAnonymous(String nameOrNull) {
        return nameOrNull == null || nameOrNull.isEmpty() ? ANONYMOUS : new VisitorName(nameOrNull);
    }
}
