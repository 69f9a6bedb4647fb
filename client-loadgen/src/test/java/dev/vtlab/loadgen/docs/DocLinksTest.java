package dev.vtlab.loadgen.docs;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every relative link of these pages leads somewhere: the file exists, and a {@code #anchor} is the slug of one of
 * its headings (as GitHub makes them: lower case, punctuation dropped, spaces to hyphens). A renamed heading or
 * moved page fails the build, naming the link.
 */
class DocLinksTest {

    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    private static final Pattern HEADING = Pattern.compile("(?m)^#{1,6} (.+)$");

    /** README.md, every page under docs/ and every evidence README beside the results. */
    static Stream<String> pages() throws IOException {
        Path root = CommandChecks.root();
        try (Stream<Path> docs = Files.walk(root.resolve("docs"))) {
            return Stream.concat(Stream.of("README.md"), docs.filter(p -> p.toString().endsWith(".md"))
                    .filter(p -> p.getParent().equals(root.resolve("docs")) || p.endsWith("README.md"))
                    .map(p -> root.relativize(p).toString()).sorted().toList().stream());
        }
    }

    @ParameterizedTest
    @MethodSource("pages")
    void every_relative_link_resolves_to_a_file_and_a_heading(String page) throws Exception {
        Path file = CommandChecks.root().resolve(page);
        List<String> checked = new ArrayList<>();
        Matcher link = LINK.matcher(Files.readString(file));
        while (link.find()) {
            String target = link.group(1);
            if (target.matches("^[a-z]+:.*")) {
                continue; // http(s), mailto: not this test's business
            }
            String path = target.contains("#") ? target.substring(0, target.indexOf('#')) : target;
            Path linked = path.isEmpty() ? file : file.getParent().resolve(path).normalize();
            assertThat(linked).as("%s: %s", page, target).exists();
            if (target.contains("#")) {
                String anchor = target.substring(target.indexOf('#') + 1);
                assertThat(slugs(linked)).as("%s: %s (headings of %s)", page, target, linked).contains(anchor);
            }
            checked.add(target);
        }
        assertThat(checked).as("links in %s", page).isNotEmpty();
    }

    private static List<String> slugs(Path markdown) throws Exception {
        List<String> slugs = new ArrayList<>();
        Matcher heading = HEADING.matcher(Files.readString(markdown));
        while (heading.find()) {
            slugs.add(heading.group(1).strip().toLowerCase(Locale.ROOT)
                    .replaceAll("[^\\p{L}\\p{N} _-]", "").replace(' ', '-'));
        }
        return slugs;
    }
}
