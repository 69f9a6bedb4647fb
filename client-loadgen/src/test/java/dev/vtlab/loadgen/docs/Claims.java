package dev.vtlab.loadgen.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Test helper: docs/claims.md read once into its claims, so that a test checks a claim's figure against its data by
 * the claim's id ({@code Claims.of("sync-t-p99").statement()}), wherever the pages link it from.
 */
final class Claims {

    /** A claims table row: {@code | `id` | statement | verdict | [text](results/folder/README.md) |}. */
    static final Pattern ROW = Pattern.compile("^\\| `([a-z0-9-]+)` \\| (.+?) \\| (.+?) \\| (.+) \\|$");
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s#]+)(#[^)]*)?\\)");

    private Claims() {
    }

    /**
     * One claim.
     *
     * @param id        its id, named by the test that reads its figure from the data
     * @param statement what it says, with its figure or range
     * @param verdict   Holds, Holds on average (with the spread), or Does not hold (with the figure)
     * @param evidence  the evidence README it links, relative to docs/
     */
    record Claim(String id, String statement, String verdict, List<String> evidence) {
    }

    static Path page() {
        return CommandChecks.root().resolve("docs/claims.md");
    }

    /** The claim with this id; fails naming it when the list has none. */
    static Claim of(String id) throws IOException {
        Claim claim = all().get(id);
        assertThat(claim).as("claim `%s` in docs/claims.md", id).isNotNull();
        return claim;
    }

    /** The claim's statement with every run of whitespace as one space. */
    static String statement(String id) throws IOException {
        return of(id).statement();
    }

    static Map<String, Claim> all() throws IOException {
        return parse(Files.readAllLines(page()));
    }

    /** The claims of a page's lines, in order; a row that is not a claim is skipped (headers, separators). */
    static Map<String, Claim> parse(List<String> lines) {
        Map<String, Claim> claims = new LinkedHashMap<>();
        for (String line : lines) {
            Matcher row = ROW.matcher(line.strip());
            if (!row.matches()) {
                continue;
            }
            List<String> links = LINK.matcher(row.group(4)).results().map(m -> m.group(1)).toList();
            Claim claim = new Claim(row.group(1), row.group(2).replaceAll("\\s+", " "), row.group(3).strip(), links);
            if (claims.putIfAbsent(claim.id(), claim) != null) {
                throw new IllegalStateException("claim `" + claim.id() + "` twice in docs/claims.md");
            }
        }
        return claims;
    }
}
