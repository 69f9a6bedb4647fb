package dev.vtlab.loadgen.docs;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/claims.md is one list of claims, each checked against its data: every row has an id, a statement, a verdict
 * of the three words and a link to its evidence README; that README says, in this order, the claim, the command,
 * the environment, the runs and the log, and links the list back; a test names every claim's id (the test that
 * reads its figure from the data); and every folder of results is linked from a claim or its evidence. Each check
 * also runs against a fixture that breaks it.
 */
class ClaimsListTest {

    static final List<String> SECTIONS = List.of("## Claim", "## Command", "## Environment", "## Runs", "## Log");
    private static final Pattern VERDICT = Pattern.compile(
            "\\*\\*(Holds|Holds on average|Does not hold)\\*\\*( \\(.+\\))?");
    private static final Pattern CLAIM_LIKE = Pattern.compile("^\\| `[^`]*` \\|.*");
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s#]+)(#[^)]*)?\\)");

    @Test
    void every_claim_has_the_form_a_verdict_and_an_evidence_readme_in_order() throws IOException {
        List<String> lines = Files.readAllLines(Claims.page());
        assertThat(Claims.parse(lines)).as("claims in docs/claims.md").isNotEmpty();
        assertThat(formProblems(lines, Claims.page().getParent())).isEmpty();
    }

    @Test
    void every_claim_is_named_by_a_test_that_reads_its_figure() throws IOException {
        assertThat(unnamed(Claims.all(), testSources())).as("claims no test names").isEmpty();
    }

    @Test
    void every_results_folder_is_linked_from_a_claim_or_its_evidence() throws IOException {
        Path results = Claims.page().getParent().resolve("results");
        assertThat(unlinkedFolders(Claims.page(), results)).as("folders of docs/results no claim reaches").isEmpty();
    }

    @Test
    void a_row_without_verdict_or_evidence_and_an_evidence_out_of_order_each_fail(@org.junit.jupiter.api.io.TempDir Path docs)
            throws IOException {
        Path evidence = Files.createDirectories(docs.resolve("results/a-run"));
        Files.writeString(evidence.resolve("README.md"), String.join("\n\n", "# A run", "## Claim",
                "[claims](../../claims.md)", "## Environment", "## Command", "## Runs", "## Log"));
        List<String> fixture = List.of(
                "| `good-form` | A figure of 12 ms | **Holds** | [a run](results/a-run/README.md) |",
                "| `no-verdict` | A figure of 12 ms | holds | [a run](results/a-run/README.md) |",
                "| `no-evidence` | A figure of 12 ms | **Does not hold** (11 ms) | [gone](results/gone/README.md) |",
                "| `Bad Id` | A figure | **Holds** | [a run](results/a-run/README.md) |");
        assertThat(formProblems(fixture, docs)).anyMatch(p -> p.contains("`no-verdict`") && p.contains("verdict"))
                .anyMatch(p -> p.contains("`no-evidence`") && p.contains("gone"))
                .anyMatch(p -> p.contains("a-run") && p.contains("order"))
                .anyMatch(p -> p.contains("Bad Id"));
    }

    @Test
    void a_claim_no_test_names_fails() {
        Map<String, Claims.Claim> claims = Claims.parse(List.of(
                "| `named-claim` | 1 s | **Holds** | [r](results/r/README.md) |",
                "| `orphan-claim` | 2 s | **Holds** | [r](results/r/README.md) |"));
        assertThat(unnamed(claims, "assertThat(Claims.statement(\"named-claim\")).contains(\"1 s\");"))
                .containsExactly("orphan-claim");
    }

    @Test
    void a_results_folder_nothing_links_fails(@org.junit.jupiter.api.io.TempDir Path docs) throws IOException {
        Files.createDirectories(docs.resolve("results/linked"));
        Files.createDirectories(docs.resolve("results/reached-from-evidence"));
        Files.createDirectories(docs.resolve("results/orphan"));
        Files.writeString(docs.resolve("results/linked/README.md"), "[more](../reached-from-evidence/data.json)");
        Files.writeString(docs.resolve("claims.md"),
                "| `a-claim` | 1 s | **Holds** | [r](results/linked/README.md) |\n");
        assertThat(unlinkedFolders(docs.resolve("claims.md"), docs.resolve("results"))).containsExactly("orphan");
    }

    /** What is wrong with the claims of these lines, each problem naming the claim; docs is the list's folder. */
    static List<String> formProblems(List<String> lines, Path docs) throws IOException {
        List<String> problems = new ArrayList<>();
        Map<String, Claims.Claim> claims = Claims.parse(lines);
        for (String line : lines) {
            if (CLAIM_LIKE.matcher(line.strip()).matches() && !Claims.ROW.matcher(line.strip()).matches()) {
                problems.add("not a claim row (| `id` | statement | verdict | evidence |, id in lower case): " + line);
            }
        }
        for (Claims.Claim claim : claims.values()) {
            String name = "`" + claim.id() + "`";
            if (!VERDICT.matcher(claim.verdict()).matches()) {
                problems.add(name + ": verdict '" + claim.verdict()
                        + "' is not **Holds**, **Holds on average** (spread) or **Does not hold** (figure)");
            }
            List<String> readmes = claim.evidence().stream().filter(l -> l.matches("results/.+/README\\.md")).toList();
            if (readmes.isEmpty()) {
                problems.add(name + ": no link to an evidence README (results/<folder>/README.md)");
            }
            for (String readme : readmes) {
                Path file = docs.resolve(readme);
                if (!Files.isRegularFile(file)) {
                    problems.add(name + ": its evidence " + readme + " does not exist");
                    continue;
                }
                problems.addAll(evidenceProblems(file, readme));
            }
        }
        return problems;
    }

    /** An evidence README has the five sections in order and links the claims list back. */
    static List<String> evidenceProblems(Path readme, String name) throws IOException {
        List<String> problems = new ArrayList<>();
        List<String> headings = Files.readAllLines(readme).stream().map(String::strip)
                .filter(SECTIONS::contains).toList();
        if (!headings.equals(SECTIONS)) {
            problems.add(name + ": sections " + headings + " are not " + SECTIONS + " in that order");
        }
        if (!Files.readString(readme).contains("claims.md")) {
            problems.add(name + ": does not link its claim back in claims.md");
        }
        return problems;
    }

    /** The ids of the claims no test source names as a string ("id"). */
    static List<String> unnamed(Map<String, Claims.Claim> claims, String testSources) {
        return claims.keySet().stream().filter(id -> !testSources.contains("\"" + id + "\"")).toList();
    }

    /** Every folder directly under results/ that neither the claims list nor an evidence README it links reaches. */
    static List<String> unlinkedFolders(Path claimsPage, Path results) throws IOException {
        Path docs = claimsPage.getParent();
        TreeSet<String> reached = new TreeSet<>();
        List<Path> pages = new ArrayList<>(List.of(claimsPage));
        for (Claims.Claim claim : Claims.parse(Files.readAllLines(claimsPage)).values()) {
            claim.evidence().forEach(l -> pages.add(docs.resolve(l).normalize()));
        }
        for (Path page : pages) {
            if (!Files.isRegularFile(page)) {
                continue;
            }
            Matcher link = LINK.matcher(Files.readString(page));
            while (link.find()) {
                Path target = page.getParent().resolve(link.group(1)).normalize();
                if (target.startsWith(results) && !target.equals(results)) {
                    reached.add(results.relativize(target).getName(0).toString());
                }
            }
            if (page.startsWith(results) && !page.getParent().equals(results)) {
                reached.add(results.relativize(page).getName(0).toString());
            }
        }
        try (Stream<Path> folders = Files.list(results)) {
            return folders.filter(Files::isDirectory).map(f -> f.getFileName().toString())
                    .filter(f -> !reached.contains(f)).sorted().toList();
        }
    }

    /** Every test source of the repository but this list's own checks, as one text. */
    private static String testSources() throws IOException {
        Path root = CommandChecks.root();
        StringBuilder text = new StringBuilder();
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(f -> f.toString().endsWith(".java"))
                    .filter(f -> f.toString().contains("/src/test/java/"))
                    .filter(f -> !f.toString().contains("/target/"))
                    .filter(f -> !f.getFileName().toString().equals("ClaimsListTest.java"))
                    .forEach(f -> {
                        try {
                            text.append(Files.readString(f)).append('\n');
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    });
        }
        return text.toString();
    }
}
