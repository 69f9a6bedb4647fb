package dev.vtlab.redaction;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one rule that takes credentials out of text before it leaves the process that holds them: a log line, a
 * report, a problem detail, a results file, a command line. People share reports; a database's password must never
 * be in one.
 *
 * <p>Text is read word by word (words are what white space separates: a URL, one argument of a command line).
 * In each word it hides, keeping the word's shape so that a reader still sees what was given:
 * <ul>
 *   <li>the user info of a URL: {@code postgresql://vtlab:s3cret@host} becomes {@code postgresql://***@host};</li>
 *   <li>the value of every parameter whose name says password, secret, key or token, in a query string
 *       ({@code ?password=...&api_key=...}), in H2's settings ({@code ;PASSWORD=...}) or as a {@code name=value}
 *       argument ({@code --vtlab.repository.password=...}), whatever the case;</li>
 *   <li>the user name ({@code user=}, {@code username=}) where the same word sets a password: with the password
 *       gone, the pair would still tell half of it.</li>
 * </ul>
 * An empty value stays empty: {@code PASSWORD=} hides nothing and says there is none.
 */
public final class Secrets {

    /** What a hidden value reads as. */
    public static final String HIDDEN = "***";
    /**
     * The environment variable that gives the database's password to the server ({@code vtlab.repository.password})
     * and to {@code vtlab-downstream database --url}, so that it is on no command line; the matrix's children
     * inherit it.
     */
    public static final String DATABASE_PASSWORD_VARIABLE = "VTLAB_REPOSITORY_PASSWORD";

    private static final Pattern WORD = Pattern.compile("\\S+");
    private static final Pattern USER_INFO = Pattern.compile("(?<=://)[^/@?#\\s]+@");
    /**
     * A parameter's name and its {@code =}: a name starts a word or follows {@code ? & ; =} (the last for an
     * argument whose value is itself {@code name=value}, as {@code --server-arg=vtlab.repository.password=...}).
     */
    private static final Pattern NAME = Pattern.compile("(?<=^|[?&;=])([A-Za-z0-9_.\\-]+)=");
    private static final Pattern SECRET_NAME = Pattern.compile("(?i).*(pass|pwd|secret|key|token).*");
    private static final Pattern USER_NAME = Pattern.compile("(?i)(.*[._\\-])?user(name)?");

    private Secrets() {
    }

    /** {@code text} with every credential it carries hidden; {@code null} stays {@code null}. */
    public static String redact(String text) {
        if (text == null) {
            return null;
        }
        return WORD.matcher(text).replaceAll(word -> Matcher.quoteReplacement(redactWord(word.group())));
    }

    /**
     * Where a URL points, as a problem detail, a log line or a report names a database: {@link #redact redacted},
     * then cut before its query string or {@code ;} settings, which only make the line longer.
     */
    public static String address(String url) {
        String redacted = redact(url);
        int cut = redacted.length();
        for (char separator : new char[] {'?', ';'}) {
            int at = redacted.indexOf(separator);
            if (at >= 0) {
                cut = Math.min(cut, at);
            }
        }
        return redacted.substring(0, cut);
    }

    /** A parameter found in a word: its name, and where its value starts and ends (before {@code & ;} or the end). */
    private record Parameter(String name, int valueStart, int valueEnd) {
        boolean hasValue() {
            return valueEnd > valueStart;
        }
    }

    private static String redactWord(String word) {
        String text = USER_INFO.matcher(word).replaceAll(Matcher.quoteReplacement(HIDDEN + "@"));
        List<Parameter> parameters = new ArrayList<>();
        Matcher name = NAME.matcher(text);
        for (int from = 0; from < text.length() && name.find(from); from = name.end()) {
            int valueEnd = name.end();
            while (valueEnd < text.length() && text.charAt(valueEnd) != '&' && text.charAt(valueEnd) != ';') {
                valueEnd++;
            }
            parameters.add(new Parameter(name.group(1), name.end(), valueEnd));
        }
        boolean setsPassword = parameters.stream()
                .anyMatch(p -> p.hasValue() && SECRET_NAME.matcher(p.name()).matches());
        StringBuilder redacted = new StringBuilder();
        int copied = 0;
        for (Parameter p : parameters) {
            boolean hide = p.valueStart() >= copied && p.hasValue() && (SECRET_NAME.matcher(p.name()).matches()
                    || setsPassword && USER_NAME.matcher(p.name()).matches());
            if (hide) { // a name inside a hidden value is hidden with it
                redacted.append(text, copied, p.valueStart()).append(HIDDEN);
                copied = p.valueEnd();
            }
        }
        redacted.append(text, copied, text.length());
        return redacted.toString();
    }
}
